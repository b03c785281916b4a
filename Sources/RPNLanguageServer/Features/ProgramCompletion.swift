import RPNCore

/// What a program offers at the cursor besides built-in words and variables: the words of
/// one's own defined before it (the one whose body it is in too: a word may call itself), and
/// inside a definition or top-level block the parameters and the loop counters open there.
/// Read from the tokens before the cursor, so a body still being typed (no `;` yet, so no
/// definition for the core) offers its parameters as well.
struct ProgramCompletion {
    struct Word {
        var name: String
        /// Its index in the analysis' words (nil: a word still being typed, which the core
        /// has no definition of yet), for its effect and description.
        var index: Int?
        /// Where its name ends, to rank the nearest definitions first.
        var definedAt: Int
    }

    struct Local {
        var name: String
        /// `parameter of hyp`, `loop counter of lp`.
        var detail: String
        /// Where it is declared.
        var declaredAt: Int
    }

    private(set) var words: [Word] = []
    private(set) var locals: [Local] = []
    /// Parameters and loop counters declared before the cursor, in scope or not.
    private var declared: Set<String> = []

    /// Every name offered or declared as a local, to leave out of the variables (in a body
    /// still being typed the core has not told them apart yet).
    var names: Set<String> { declared.union(words.map(\.name)).union(locals.map(\.name)) }

    init() {}

    init(_ analysis: DocumentAnalysis, before cursor: Int) {
        // Words: the latest definition of each name whose name ends before the cursor (a word
        // of an included file: whose include does).
        var latest: [String: Int] = [:]
        var order: [String] = []
        for (index, word) in analysis.words.enumerated() where analysis.placeInDocument(word.nameRange.upperBound) <= cursor {
            if latest.updateValue(index, forKey: word.name) == nil { order.append(word.name) }
        }
        for name in order {
            let index = latest[name]!
            words.append(Word(name: name, index: index, definedAt: analysis.placeInDocument(analysis.words[index].nameRange.upperBound)))
        }
        guard let region = analysis.region(around: cursor), region.isComplete ? cursor < region.bytes.upperBound : true
        else { return }
        var owner: String?
        var index = region.tokens.lowerBound
        let tokens = analysis.tokens
        if region.kind == .definition, let nameToken = region.nameToken, tokens[nameToken].range.upperBound <= cursor,
           tokens[nameToken].kind == .variable {
            let name = analysis.text(of: tokens[nameToken])
            owner = name
            if latest[name] == nil || analysis.words[latest[name]!].range.lowerBound < region.bytes.lowerBound {
                // Being typed: the core has no definition of it yet.
                words.removeAll { $0.name == name }
                words.append(Word(name: name, index: nil, definedAt: tokens[nameToken].range.upperBound))
            }
            index = nameToken + 1
            while index < region.tokens.upperBound, tokens[index].kind == .comment { index += 1 }
            if index < region.tokens.upperBound, tokens[index].kind == .stackEffect, tokens[index].range.upperBound <= cursor {
                for input in Self.inputs(of: analysis.text(of: tokens[index])) where RPN.isVariableName(input) {
                    locals.append(Local(name: input, detail: "parameter of \(name)", declaredAt: tokens[index].range.lowerBound))
                    declared.insert(input)
                }
                index += 1
            }
        }
        // Loop counters: `for NAME` opens one, `next` or `step` closes the innermost.
        var open: [(name: String, declaredAt: Int)] = []
        var afterFor = false
        while index < region.tokens.upperBound, tokens[index].range.upperBound <= cursor {
            let token = tokens[index]
            index += 1
            if token.kind == .comment { continue }
            if afterFor, token.kind == .variable {
                open.append((analysis.text(of: token), token.range.lowerBound))
                declared.insert(open.last!.name)
            }
            afterFor = token.builtin == .for
            if token.builtin == .next || token.builtin == .step, !open.isEmpty { open.removeLast() }
        }
        let detail = "loop counter" + (owner.map { " of \($0)" } ?? "")
        for counter in open.reversed() where !locals.contains(where: { $0.name == counter.name }) {
            locals.append(Local(name: counter.name, detail: detail, declaredAt: counter.declaredAt))
        }
        // A local hides a word of its name.
        let localNames = Set(locals.map(\.name))
        words.removeAll { localNames.contains($0.name) }
    }

    /// The inputs of a stack effect's text, `( a b -- c )` ⇒ a, b (none without `--`).
    static func inputs(of effect: String) -> [String] {
        var body = Substring(effect).dropFirst()
        if body.last == ")" { body = body.dropLast() }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let separator = words.firstIndex(of: "--") else { return [] }
        return words[..<separator].map(String.init)
    }
}
