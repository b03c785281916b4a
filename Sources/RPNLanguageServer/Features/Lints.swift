import RPNCore
import RPNJSON

/// Lints: what is legal but probably not meant, published with the core's diagnostics.
///
/// - `unused-store` (hint, tagged `Unnecessary` where the client supports tags): a store whose
///   value nothing reads.
/// - `read-before-store` (warning): a read of a variable before its first store; it does not
///   see an earlier value, because there is none: it reads the value of the moment it is
///   evaluated.
///
/// Both follow the language's rule for reads (README): an entry reads a variable when it is
/// evaluated — by a store (`→N` evaluates what it stores), or at the end — with the value of
/// that moment. So in `1 →M M 2 →M M +` (which is 4) the first store is never read, and in
/// `x 2 × 7 →x` the store is read by the `x` before it. Free variables (never stored) are
/// neither. A variable read or stored in a word's body or a top-level block is read or stored
/// when that runs, maybe many times, which these lints do not follow: such a variable gets
/// neither (a lint must never call used what is unused, nor the other way round).
///
/// - `unused-word` (hint, `Unnecessary`): a word of one's own that nothing calls (a word
///   calling itself does not count); see UnusedWords.swift.
///
/// The codes live here and not in the core's `DiagnosticCode`: they are an editor's hints about
/// a program that runs fine, with a severity (hint) and tags that the core's `Diagnostic` has no
/// room for; `rpn check` and `rpn -e` report what is wrong, and their output does not change.
enum LintCode: String {
    case unusedStore = "unused-store"
    case readBeforeStore = "read-before-store"
    case unusedWord = "unused-word"
}

struct Lint {
    var code: LintCode
    var severity: Int
    var range: Swift.Range<Int>
    var message: String
}

extension LanguageServer {
    /// The lints of a document as LSP diagnostics.
    func lintDiagnostics(_ document: Document) -> [JSONValue] {
        let tags = clientCapabilities.unnecessaryTag
        let analysis = document.analysis
        var lints = analysis.lints(lines: document.lineIndex)
        let words = analysis.unusedWordLints()
        if !words.isEmpty {  // in source order, the first 200 of both
            lints = (lints + words).enumerated().sorted {
                ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
            }.prefix(200).map(\.element)
        }
        return lints.map { lint in
            var object: JSONObject = ["range": document.range(of: lint.range, encoding: encoding).json,
                                      "severity": .int(lint.severity), "code": .string(lint.code.rawValue),
                                      "source": "rpn", "message": .string(lint.message)]
            if lint.code != .readBeforeStore, tags { object["tags"] = [.int(DiagnosticTag.unnecessary)] }
            return .object(object)
        }
    }
}

extension DocumentAnalysis {
    /// A change of a variable's binding: a store, or `unset`.
    private struct Event {
        var variable: Int32
        var token: Int32
        /// The store's number among the stores (the time it evaluates what it pops), or -1 for
        /// an unset.
        var store: Int32
    }

    private struct Read {
        var variable: Int32
        var token: Int32
        var node: Int32
    }

    /// The times at which a node may be evaluated, from the first to the last, counted in
    /// stores: time j is the j-th store's (it evaluates the tree it pops, then binds), and the
    /// number of stores is the end (the final evaluation).
    private struct Interval {
        var first: Int32
        var last: Int32
    }

    /// The lints in source order, at most `limit`: a hint on every line of a long tape of stores
    /// would bury the errors, and each costs the client and the wire on every keystroke.
    /// Linear: a pass over the tokens, then, when some variable is both stored and read, one
    /// over the nodes and one over the stores.
    func lints(lines: LineIndex, limit: Int = 200) -> [Lint] {
        let variables = self.variables
        let variableCount = variables.names.count
        guard variableCount > 0 else { return [] }
        // 1. Every store, unset and read, in source order; what each store evaluates; the
        //    nodes `dup` and `over` copy.
        var events: [Event] = [], reads: [Read] = []
        var popped: [Int32] = []  // by store: the node it evaluates
        var storeTokens: [Int32] = []
        var copied: [Int32] = []
        var unsetPending = false
        // Names by their bytes, as the compiler interned them: no String per token.
        func variable(_ range: Swift.Range<Int>, _ text: UnsafeBufferPointer<UInt8>) -> Int32? {
            variables.index(of: UnsafeBufferPointer(rebasing: text[(range.lowerBound - base)..<(range.upperBound - base)]))
        }
        // Locals, so the loop does not go through the class's properties on every token.
        let tokens = self.tokens, tops = self.tops, source = self.source, regions = self.regions
        let base = source.baseOffset
        // Variables read or stored in a definition or top-level block: no lint about them. Nor
        // about those an included file reads or stores: its reads and stores are not the
        // document's tokens.
        var inProgram = [Bool](repeating: false, count: variableCount)
        for name in includes?.variableNames ?? [] {
            if let variable = variables.index(of: name) { inProgram[Int(variable)] = true }
        }
        var region = 0
        var programSymbols = ProgramSymbolSweep(self)  // the tokens come in order
        source.bytes.withUnsafeBufferPointer { text in
            for index in tokens.indices {
                let token = tokens[index]
                if !regions.isEmpty {
                    while region < regions.count, regions[region].tokens.upperBound <= index { region += 1 }
                    if region < regions.count, regions[region].tokens.contains(index) {
                        let name = token.kind == .store ? token.storeNameRange(in: source)
                            : token.kind == .variable && !programSymbols.names(index, token) ? token.range : nil
                        if let name, let variable = variable(name, text) {
                            inProgram[Int(variable)] = true
                        }
                        unsetPending = false
                        continue
                    }
                    if token.kind == .variable, programSymbols.names(index, token) { continue }  // a call, not a read
                }
                let wasUnsetPending = unsetPending
                unsetPending = false
                switch token.kind {
                case .variable:
                    guard let variable = variable(token.range, text) else { continue }
                    if wasUnsetPending {  // `unset M`: M is a name here, not a read
                        events.append(Event(variable: variable, token: Int32(index), store: -1))
                    } else if tops[index] >= 0 {  // any other variable token pushes its node
                        reads.append(Read(variable: variable, token: Int32(index), node: tops[index]))
                    }
                case .store:
                    // A store with nothing to store is an error that binds nothing; so is a store
                    // into a built-in's name, which is never a variable (the lexer makes a word
                    // of it everywhere else), so the lookup by name finds nothing for it.
                    let range = token.storeNameRange(in: source)
                    guard index > 0, tops[index - 1] >= 0,
                          let variable = variable(range, text)
                    else { continue }
                    events.append(Event(variable: variable, token: Int32(index), store: Int32(popped.count)))
                    popped.append(tops[index - 1])
                    storeTokens.append(Int32(index))
                case .directive:
                    unsetPending = token.builtin == .unset
                case .stackWord where token.builtin?.copiesAnEntry == true:
                    if tops[index] >= 0 { copied.append(tops[index]) }
                default:
                    break
                }
            }
        }
        guard !popped.isEmpty else { return [] }  // no store: nothing to say
        var stored = [Bool](repeating: false, count: variableCount)
        var firstStore = [Int32](repeating: -1, count: variableCount)  // its event
        for (k, event) in events.enumerated() where event.store >= 0 && !stored[Int(event.variable)] {
            stored[Int(event.variable)] = true
            firstStore[Int(event.variable)] = Int32(k)
        }
        // 2. When each node is evaluated: a store evaluates the tree it pops; the final stack,
        //    copies made by dup, over, pick... (one copy may outlive the other) and trees nothing pops
        //    (dropped) are taken as evaluated at the end; children inherit their parents'
        //    times. An interval errs towards "read", never towards "unused".
        let end = Int32(popped.count)
        var times: [Interval] = []
        let relevant = reads.filter { stored[Int($0.variable)] }
        if !relevant.isEmpty {
            times = [Interval](repeating: Interval(first: .max, last: -1), count: nodes.count)
            for (store, node) in popped.enumerated() {
                times[Int(node)].first = min(times[Int(node)].first, Int32(store))
                times[Int(node)].last = max(times[Int(node)].last, Int32(store))
            }
            for node in finalStack + copied where node >= 0 {
                times[Int(node)].first = min(times[Int(node)].first, end)
                times[Int(node)].last = end
            }
            nodes.withUnsafeBufferPointer { nodes in
                times.withUnsafeMutableBufferPointer { times in
                    for index in stride(from: nodes.count - 1, through: 0, by: -1) {  // parents before children
                        let node = nodes[index]
                        guard !node.isConstant else { continue }  // no variable below
                        if times[index].last < 0 { times[index] = Interval(first: end, last: end) }  // nothing pops it
                        guard node.kind == .unary || node.kind == .binary else { continue }
                        let time = times[index]
                        let lhs = Int(node.lhs), rhs = Int(node.rhs)
                        times[lhs].first = min(times[lhs].first, time.first)
                        times[lhs].last = max(times[lhs].last, time.last)
                        if rhs >= 0 {
                            times[rhs].first = min(times[rhs].first, time.first)
                            times[rhs].last = max(times[rhs].last, time.last)
                        }
                    }
                }
            }
        }
        // 3. Which events' values are read. Each read is filed under the first time it is
        //    evaluated (and, if later, the last); then one sweep over the events in source
        //    order, keeping each variable's current event, visits each time just before its
        //    store binds (a store evaluates what it pops first), and the end after the last.
        var filed = [Int32](repeating: -1, count: Int(end) + 1)  // by time: its first read
        var nextFiled = [Int32](repeating: -1, count: relevant.count * 2)  // entry 2r: first, 2r+1: last
        for (r, read) in relevant.enumerated() {
            let time = times[Int(read.node)]
            nextFiled[2 * r] = filed[Int(time.first)]
            filed[Int(time.first)] = Int32(2 * r)
            if time.last != time.first {
                nextFiled[2 * r + 1] = filed[Int(time.last)]
                filed[Int(time.last)] = Int32(2 * r + 1)
            }
        }
        var used = [Bool](repeating: false, count: events.count)
        var current = [Int32](repeating: -1, count: variableCount)  // each variable's latest event
        var previous = [Int32](repeating: -1, count: events.count)  // the event before, of the same variable
        var seenFirst = [Int32](repeating: -1, count: relevant.count)  // for reads evaluated twice
        var evaluatedAt = [Int32](repeating: -1, count: relevant.count)  // the event a read first sees (-1: none yet)
        func visit(_ time: Int) {
            var entry = filed[time]
            while entry >= 0 {
                let r = Int(entry / 2), variable = Int(relevant[r].variable)
                let event = current[variable]
                if entry % 2 == 0 {
                    evaluatedAt[r] = event
                    if event >= 0 { used[Int(event)] = true }
                    seenFirst[r] = event
                } else {  // the last time: every event from the first time's on was current meanwhile
                    var k = event
                    while k >= 0, k != seenFirst[r] {
                        used[Int(k)] = true
                        k = previous[Int(k)]
                    }
                    if k >= 0 { used[Int(k)] = true }
                }
                entry = nextFiled[Int(entry)]
            }
        }
        for (k, event) in events.enumerated() {
            if event.store >= 0 { visit(Int(event.store)) }
            previous[k] = current[Int(event.variable)]
            current[Int(event.variable)] = Int32(k)
        }
        visit(Int(end))
        // 4. The first `limit` findings in source order (merging the early reads and the unused
        //    stores, both already in that order), then words for them.
        var following = [Int32](repeating: -1, count: events.count)  // the next event of the same variable
        for k in events.indices where previous[k] >= 0 { following[Int(previous[k])] = Int32(k) }
        var hasReads = [Bool](repeating: false, count: variableCount)
        for read in reads { hasReads[Int(read.variable)] = true }
        var findings: [Finding] = []
        var r = 0, k = 0
        while findings.count < limit {
            while r < relevant.count, inProgram[Int(relevant[r].variable)]
                || relevant[r].token >= events[Int(firstStore[Int(relevant[r].variable)])].token { r += 1 }
            while k < events.count, events[k].store < 0 || used[k] || inProgram[Int(events[k].variable)] { k += 1 }
            if r < relevant.count, k == events.count || relevant[r].token < events[k].token {
                let read = relevant[r], variable = Int(read.variable)
                let time = Int(times[Int(read.node)].first)
                findings.append(Finding(code: .readBeforeStore, variable: variable, token: Int(read.token),
                                        other: Int(events[Int(firstStore[variable])].token), otherIsStore: true,
                                        evaluatedAt: time == Int(end) ? -1 : Int(storeTokens[time]),
                                        beforeFirstStore: evaluatedAt[r] < firstStore[variable]))
                r += 1
            } else if k < events.count {
                let event = events[k], variable = Int(event.variable)
                let next = following[k] >= 0 ? events[Int(following[k])] : nil
                findings.append(Finding(code: .unusedStore, variable: variable, token: Int(event.token),
                                        other: next.map { Int($0.token) } ?? -1, otherIsStore: (next?.store ?? -1) >= 0,
                                        evaluatedAt: hasReads[variable] ? 0 : -1, beforeFirstStore: false))
                k += 1
            } else {
                break
            }
        }
        return findings.map { lint($0, lines: lines) }
    }

    /// A lint found, before it is put into words.
    private struct Finding {
        var code: LintCode
        var variable: Int
        /// The read, or the unused store.
        var token: Int
        /// For a read, the first store; for a store, the next store or unset (-1: none).
        var other: Int
        var otherIsStore: Bool
        /// For a read, the token of the store that first evaluates it (-1: the end); for a
        /// store, -1 when nothing reads the variable at all.
        var evaluatedAt: Int
        /// For a read: whether it is first evaluated while the variable has no value yet.
        var beforeFirstStore: Bool
    }

    private func lint(_ finding: Finding, lines: LineIndex) -> Lint {
        let name = variables.names[finding.variable]
        let range = tokens[finding.token].range
        func line(_ token: Int) -> Int { lines.line(containing: tokens[token].range.lowerBound) + 1 }
        let rule = "1 →M M 2 →M M + is 4"
        switch finding.code {
        case .readBeforeStore:
            let lead = "'\(name)' is read before it is first stored (\(text(of: tokens[finding.other])) on line \(line(finding.other))): "
            let message: String
            if finding.evaluatedAt < 0 {
                message = lead + "an entry reads a variable's latest value, so this reads the value \(name) has at the end, "
                    + "not an earlier one (\(rule))"
            } else {
                let at = "\(text(of: tokens[finding.evaluatedAt])) on line \(line(finding.evaluatedAt))"
                message = lead + (finding.beforeFirstStore
                    ? "\(at) evaluates it while \(name) has no value yet"
                    : "\(at) evaluates it with the value \(name) has then, as an entry reads a variable's latest value (\(rule))")
            }
            return Lint(code: .readBeforeStore, severity: DiagnosticSeverity.warning, range: range, message: message)
        case .unusedStore, .unusedWord:  // unused words are not found here (UnusedWords.swift)
            let message: String
            if finding.evaluatedAt < 0 {
                message = "'\(name)' is stored but never read"
            } else if finding.other >= 0 {
                message = "the value stored into '\(name)' here is never read: \(name) is "
                    + (finding.otherIsStore ? "stored again" : "unset")
                    + " on line \(line(finding.other)) before any entry reading it is evaluated"
                    + (finding.otherIsStore ? " (an entry reads a variable's latest value: \(rule))" : "")
            } else {
                message = "the value stored into '\(name)' here is never read: every entry reading \(name) is evaluated before this store"
            }
            return Lint(code: .unusedStore, severity: DiagnosticSeverity.hint, range: range, message: message)
        }
    }
}
