import RPNCore

/// `rpn --trace`: a line for every token a run executes, with the stack after it, for people
/// learning the language or looking for a mistake:
///
///     1:1     : square ( x -- x )
///     1:18    3               1: 3
///     1:20    call square     1: 3
///     1:10    square: dup     2: 3  1: 3
///     1:14    square: ×       1: 3×3 = 9
///
/// The position (`line:col`, the source's name first when there are several), the token (in
/// a word's body, the word's name first; a call as `call NAME`, with the stack it starts
/// from), then the stack's top levels as the shell shows them: level numbers, each entry's
/// description and, when it says something more, its value. A definition gets a line with
/// its effect when it is made.
///
/// Every line is bounded, whatever the program: the top `levels` levels and a count of the
/// others, descriptions cut at `descriptionColumns`, values abbreviated to `valueCharacters`,
/// tokens cut to `tokenColumns`. So is the work for a line, or a long run would take time in
/// the square of its length: a description deeper than `describableHeight` is shown as `…`
/// (printing one starts at the bottom of its tree), and an entry that reads variables gets
/// its value only while the run has at most `evaluableNodes` nodes (it is evaluated on a copy
/// of the machine, whose trees are copied with the first value it caches). Constant entries
/// and variables themselves always show their values.
final class TraceWriter {
    static let levels = 4
    static let descriptionBytes = 30
    static let descriptionColumns = 32
    static let valueCharacters = 24
    static let tokenColumns = 24
    static let positionWidth = 8
    static let labelWidth = 16
    static let describableHeight = 1000
    static let evaluableNodes = 1 << 14

    /// The sources of the run, and the files included as it goes.
    private let includes: IncludeResolver
    private var sources: SourceSet { includes.sources }
    private let output: OutputSink
    private let style: DescriptionStyle
    private let format: NumberFormat
    /// Definitions already announced.
    private var wordsShown = 0
    /// Starts of the tokens that call a word (from `Machine.symbols`, read as they grow).
    private var callSites: Set<Int> = []
    private var symbolsSeen = 0
    /// Positions and labels by token start (tokens in loops come back).
    private var positions: [Int: String] = [:]
    private var labels: [Int: String] = [:]
    /// The height of every node's tree (a leaf: 0), measured as nodes appear.
    private var heights: [Int32] = []

    init(sources includes: IncludeResolver, output: OutputSink, glyphs: DescriptionStyle.Glyphs, format: NumberFormat) {
        self.includes = includes
        self.output = output
        self.style = DescriptionStyle(glyphs: glyphs, byteLimit: Self.descriptionBytes)
        self.format = format
    }

    /// Called by `Machine.run(_:trace:)` after each token (a call: before its body runs).
    func step(_ token: Token, _ machine: Machine) {
        guard token.kind != .comment, token.kind != .stackEffect else { return }
        noteCallSites(machine)
        announceDefinitions(machine)
        let start = token.range.lowerBound
        let context = word(containing: start, in: machine)
        var label = label(of: token.range, context: context, in: machine)
        if token.kind == .variable, callSites.contains(start) { label = callLabel(label, context: context, in: machine) }
        write(position(of: start), label, stack(of: machine))
    }

    /// After the run: the definitions made after the last token.
    func finish(_ machine: Machine) {
        announceDefinitions(machine)
    }

    // MARK: - Lines

    private func write(_ position: String, _ label: String, _ stack: String) {
        output.write(padded(position, to: Self.positionWidth) + padded(label, to: Self.labelWidth) + stack + "\n")
    }

    private func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(2, width - DisplayWidth.of(text)))
    }

    /// `: square ( x -- x )`, for each definition made since the last line.
    private func announceDefinitions(_ machine: Machine) {
        while wordsShown < machine.words.count {
            let definition = machine.words[wordsShown]
            wordsShown += 1
            let effect = definition.effect?.description ?? "(has errors)"
            output.write(padded(position(of: definition.range.lowerBound), to: Self.positionWidth)
                         + ": " + fitted(definition.name) + " " + effect + "\n")
        }
    }

    /// `call cube` for a call in a body: `square: call cube`.
    private func callLabel(_ label: String, context: Int?, in machine: Machine) -> String {
        guard let context else { return "call " + label }
        let prefix = fitted(machine.words[context].name) + ": "
        return prefix + "call " + label.dropFirst(prefix.count)
    }

    /// The top levels, oldest first: `… 2 more  4: 3  3: 4  2: 5  1: 3×3 = 9`.
    private func stack(of machine: Machine) -> String {
        let depth = machine.depth
        guard depth > 0 else { return "(empty)" }
        measureNewNodes(machine)
        let printer = machine.printer(style: style)
        // Evaluating caches values in the nodes: it runs on a copy, so the traced run is left
        // as it is. Constant entries (most) are read without writing, so the copy costs nothing.
        var evaluator = machine
        var parts: [String] = []
        let first = Swift.max(0, depth - Self.levels)
        if first > 0 { parts.append("… \(first) more") }
        for level in first..<depth {
            let node = machine.stackNode(level)
            var text = "?"
            if node >= 0 {
                let shallow = heights[Int(node)] <= Self.describableHeight
                // The printer stops at the byte limit between tokens; a long literal is cut here.
                let description = shallow
                    ? DisplayWidth.fitting(String(decoding: printer.describe([node]).bytes, as: UTF8.self),
                                           width: Self.descriptionColumns)
                    : "…"
                text = description
                if let value = value(of: node, in: machine, evaluator: &evaluator, shallow: shallow) {
                    let shown = format.string(value, limit: Self.valueCharacters)
                    if shown != description { text += " = " + shown }
                }
            }
            parts.append("\(depth - level): " + text)
        }
        return parts.joined(separator: "  ")
    }

    /// A node's value, where finding it is cheap (see the type's comment).
    private func value(of node: Int32, in machine: Machine, evaluator: inout Machine, shallow: Bool) -> Number? {
        let tree = machine.nodes[Int(node)]
        if tree.isConstant { return evaluator.value(of: node) }  // read, not computed: nothing is copied
        if tree.kind == .variable {
            if case .value(let value) = machine.variables.bindings[Int(tree.lhs)] { return value }
            return nil
        }
        guard shallow, machine.nodes.count <= Self.evaluableNodes else { return nil }
        return evaluator.value(of: node)
    }

    /// Heights of the nodes made since the last line (nodes are only appended; if a run took
    /// some back, they are measured again).
    private func measureNewNodes(_ machine: Machine) {
        let count = machine.nodes.count
        if count < heights.count { heights.removeAll(keepingCapacity: true) }
        while heights.count < count {
            var height: Int32 = 0
            for operand in machine.operands(of: Int32(heights.count)) where operand >= 0 {
                height = Swift.max(height, heights[Int(operand)] &+ 1)
            }
            heights.append(height)
        }
    }

    // MARK: - Positions and names

    /// `line:col`, with the source's name first when there are several.
    private func position(of offset: Int) -> String {
        if let known = positions[offset] { return known }
        var text = "?"
        if let (file, start, _) = SourceSpan.of(offset..<offset, in: sources) {
            text = (sources.files.count > 1 ? TerminalText.shown(file.name) + ":" : "") + "\(start.line):\(start.column)"
        }
        positions[offset] = text
        return text
    }

    /// The token as written, cut to fit, after the name of the word whose body it is in.
    private func label(of range: Range<Int>, context: Int?, in machine: Machine) -> String {
        if let known = labels[range.lowerBound] { return known }
        var text = "?"
        if let file = sources.file(containing: range.lowerBound) {
            // At most a few columns are shown: do not copy a token of a million digits whole.
            let end = Swift.min(range.upperBound, range.lowerBound + 4 * Self.tokenColumns)
            var token = file.text(of: range.lowerBound..<end)
            if end < range.upperBound { token += "…" }
            text = fitted(token)
        }
        if let context { text = fitted(machine.words[context].name) + ": " + text }
        labels[range.lowerBound] = text
        return text
    }

    private func fitted(_ text: String) -> String {
        DisplayWidth.fitting(TerminalText.shown(text), width: Self.tokenColumns)
    }

    /// The definition whose body holds `offset` (nil: the top level). Definitions are in
    /// source order and do not overlap.
    private func word(containing offset: Int, in machine: Machine) -> Int? {
        let words = machine.words
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0, words[low - 1].range.contains(offset) else { return nil }
        return low - 1
    }

    /// The tokens that call words, from the symbols found since the last line (a definition
    /// inserts its parameters' declarations before its uses, never before symbols seen).
    private func noteCallSites(_ machine: Machine) {
        let symbols = machine.symbols
        guard symbolsSeen < symbols.count else { return }
        for symbol in symbols[symbolsSeen...] where symbol.kind == .wordUse {
            callSites.insert(symbol.range.lowerBound)
        }
        symbolsSeen = symbols.count
    }
}
