/// How descriptions are spelled.
public struct DescriptionStyle: Sendable {
    public enum Glyphs: Sendable { case unicode, ascii }
    public var glyphs: Glyphs
    /// Descriptions longer than this many bytes are cut and end in `…` (`dup` can double a
    /// tree's printed size with every token, so output is not bounded by the program's size).
    public var byteLimit: Int

    public init(glyphs: Glyphs = .unicode, byteLimit: Int = 1 << 28) {
        self.glyphs = glyphs
        self.byteLimit = byteLimit
    }
}

/// The civilized description: infix text with as few parentheses as keep it mathematically
/// correct. The rules are written down in `grammar/rpn.ebnf` ("Description rules").
///
/// Printing walks the trees with an explicit stack and writes into one buffer, so it is
/// O(output) at any depth.
public struct InfixPrinter {
    let nodes: [Node]
    /// The exact values nodes refer to (`Machine.store`).
    let store: ValueStore
    /// Variables' and words' names, spelled out as they are printed (a printer is made for
    /// every hover: converting every name of a long program first cost more than printing).
    let names: [String]
    let style: DescriptionStyle
    let glyphs: [[UInt8]]
    let minus: [UInt8]
    /// The operands of call and select nodes, and the words calls name.
    let links: [Int32]
    let words: [WordDefinition]

    /// Use `Machine.printer(style:)`: the nodes' values live in the machine's store.
    init(nodes: [Node], store: ValueStore, variableNames: [String], links: [Int32] = [], words: [WordDefinition] = [],
         style: DescriptionStyle = DescriptionStyle()) {
        self.nodes = nodes
        self.store = store
        self.links = links
        self.words = words
        self.names = variableNames
        self.style = style
        let ascii = style.glyphs == .ascii
        self.glyphs = ascii ? Self.asciiGlyphs : Self.unicodeGlyphs
        self.minus = Array((ascii ? "-" : "−").utf8)
    }

    /// Every word's glyph as descriptions write it, made once (a printer is made for every
    /// description: traces, hovers, the shell's stack). Infix words are set off by spaces:
    /// "a mod b", "a xor b".
    static let unicodeGlyphs = glyphTable(ascii: false)
    static let asciiGlyphs = glyphTable(ascii: true)

    static func glyphTable(ascii: Bool) -> [[UInt8]] {
        Builtin.all.map { word in
            let glyph = ascii ? word.asciiGlyph : word.glyph
            if case .infix = word.printForm, glyph.first?.isLetter == true { return Array(" \(glyph) ".utf8) }
            return Array(glyph.utf8)
        }
    }

    /// The value of a number node (nil: none).
    func literal(_ node: Node) -> Number? { store.number(node.value) }

    /// Appends a number node's text. Small decimal integers and doubles (nearly every literal)
    /// go straight into the buffer, as before exact numbers.
    @inline(__always)
    func appendLiteral(_ node: Node, to out: inout [UInt8]) {
        if node.literalRadix == 10 {
            if node.value.isFinite {
                NumberFormatting.append(node.value, minus: minus, to: &out)
                return
            }
            if let small = StackSlot.smallValue(node.value) {
                if small < 0 { out.append(contentsOf: minus) }
                NumberFormatting.append(Double(small.magnitude), minus: minus, to: &out)  // < 2^47: exact
                return
            }
        }
        out.append(contentsOf: literalText(node))
    }

    /// A number as descriptions print it: exact values in standard form, base literals in
    /// their base (`0x1F`), `?` for none.
    func literalText(_ node: Node) -> [UInt8] {
        guard let value = literal(node) else { return [UInt8(ascii: "?")] }
        var format = NumberFormat()
        format.minus = String(decoding: minus, as: UTF8.self)
        format.base = node.literalRadix
        format.listStyle = .description  // `{1, 2, 3}`
        var out: [UInt8] = []
        format.append(value, to: &out)
        if case .integer = value, node.literalRadix == 10 { Self.shortenTrailingZeros(&out) }
        if case .complex(let z) = value, z.re.isZero, case .integer = z.im {
            // `1e30i` describes as `1e+30i`, as `1e30` does as `1e+30`: its digits, shortened, then i.
            out.removeLast()
            Self.shortenTrailingZeros(&out)
            out.append(UInt8(ascii: "i"))
        }
        return out
    }

    /// A description is the program's text, not its value: an exact integer literal written
    /// `6.02e23` or `1e308` describes as `6.02e+23` and `1e+308` (the exponent form doubles
    /// print in), not as 24 or 309 digits. Only from 10^21 up (where doubles switch too), and
    /// only when that is shorter; it reads back as the same exact integer.
    static func shortenTrailingZeros(_ out: inout [UInt8]) {
        let signLength = out.prefix { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") }.count
        let digits = out.count - signLength
        guard digits >= 22 else { return }
        var significant = out.count
        while significant > signLength + 1, out[significant - 1] == UInt8(ascii: "0") { significant -= 1 }
        var short = Array(out[..<(signLength + 1)])
        if significant > signLength + 1 {
            short.append(UInt8(ascii: "."))
            short.append(contentsOf: out[(signLength + 1)..<significant])
        }
        short.append(contentsOf: "e+\(digits - 1)".utf8)
        if short.count < out.count { out = short }
    }

    /// The precedence level of a printed subtree (`Precedence`; see the grammar's description rules).
    func level(_ index: Int32) -> Int {
        let node = nodes[Int(index)]
        switch node.kind {
        case .number:
            if StackSlot.boxIndex(node.value) != nil, case .complex(let z)? = store.number(node.value) {
                // 3+4i is a sum ("(3+4i)×x"), 2i a product of 2 and i ("x÷(2i)", "(2i)^2").
                return z.re.isZero ? (z.im.isNegative ? Precedence.prefix : Precedence.product) : Precedence.sum
            }
            return store.isNegative(node.value) ? Precedence.prefix : Precedence.atom
        case .unary, .binary: return Self.level(of: node.op)
        case .constant, .variable, .missing, .call, .select, .ternary: return Precedence.atom
        }
    }

    /// The level of an operation written with `op`.
    static func level(of op: BuiltinID) -> Int {
        switch Builtin[op].printForm {
        case .infix(let level): level
        case .prefix: Precedence.prefix
        case .postfix: Precedence.postfix
        case .percent: Precedence.product
        case .call, .none: Precedence.atom
        }
    }

    /// Whether an operand of the infix (or percent) operation `parent` is parenthesized.
    func needsParentheses(_ child: Int32, under parent: BuiltinID, right: Bool) -> Bool {
        if parent == .power, nodes[Int(child)].kind == .number, literalText(nodes[Int(child)]).contains(UInt8(ascii: "e")) {
            return true  // "(1e-7)^2", "2^(1e+21)"
        }
        let c = level(child)
        if parent == .percent, right { return c < Precedence.atom }  // the operand of a postfix "%"
        let p = Self.level(of: parent)
        // Comparisons do not chain: "(a<b)<c", "(a=b)=c" (a<b<c would read as a<b and b<c).
        if !right { return c < p || (c == p && (parent == .power || parent.isComparison)) }
        if c == Precedence.prefix { return true }
        if c != p { return c < p }
        let childOp = nodes[Int(child)].op
        switch parent {
        case .add: return !(childOp == .add || childOp == .subtract)
        case .multiply: return !(childOp == .multiply || childOp == .divide || childOp == .percent)
        case .bitAnd, .bitOr, .bitXor, .logicalAnd, .logicalOr: return childOp != parent  // associative
        case .power: return false
        default: return true
        }
    }

    /// Whether the operand of a prefix (`−`, `~`) or postfix (`!`) operation is parenthesized:
    /// below the operator's level, or (being an operation of the same kind) ambiguous:
    /// "−(−a)", "~(−a)", "(5!)!" (5!! would read as a double factorial).
    func operandNeedsParentheses(_ child: Int32, postfix: Bool) -> Bool {
        let c = level(child)
        return postfix ? c < Precedence.atom : c <= Precedence.prefix
    }

    private struct Task {
        /// `rightOperand`: the operator's glyph, then its right operand (one task, not two, keeps
        /// the work stack of a left-deep tree at one entry per level).
        /// `glyph`: the glyph of the word `index` (a raw `BuiltinID`); `comma`: "," between a
        /// call's arguments.
        enum Kind: UInt8 { case node, parenthesizedNode, closeParen, rightOperand, glyph, comma, commaSpace }
        var kind: Kind
        var index: Int32
    }

    /// The description of the given roots, oldest first, separated by commas.
    public func describe(_ roots: [Int32]) -> (bytes: [UInt8], truncated: Bool) {
        var out: [UInt8] = []
        var work: [Task] = []
        for (k, root) in roots.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            work.append(Task(kind: .node, index: root))
            while let task = work.popLast() {
                if out.count > style.byteLimit {
                    out.append(contentsOf: "…".utf8)
                    return (out, true)
                }
                switch task.kind {
                case .closeParen: out.append(UInt8(ascii: ")")); continue
                case .comma: out.append(UInt8(ascii: ",")); continue
                case .commaSpace: out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]); continue
                case .glyph: out.append(contentsOf: glyphs[Int(task.index)]); continue
                case .rightOperand:
                    let node = nodes[Int(task.index)]
                    if node.op == .percent {  // y×x%
                        out.append(contentsOf: glyphs[Int(BuiltinID.multiply.rawValue)])
                        work.append(Task(kind: .glyph, index: Int32(BuiltinID.percent.rawValue)))
                    } else {
                        out.append(contentsOf: glyphs[Int(node.op.rawValue)])
                    }
                    let parens = needsParentheses(node.rhs, under: node.op, right: true)
                    work.append(Task(kind: parens ? .parenthesizedNode : .node, index: node.rhs))
                    continue
                case .parenthesizedNode:
                    out.append(UInt8(ascii: "("))
                    work.append(Task(kind: .closeParen, index: 0))
                case .node: break
                }
                guard task.index >= 0 else { out.append(UInt8(ascii: "?")); continue }  // a folded constant
                let node = nodes[Int(task.index)]
                switch node.kind {
                case .number:
                    appendLiteral(node, to: &out)
                case .constant: out.append(contentsOf: glyphs[Int(node.op.rawValue)])
                case .variable: out.append(contentsOf: names[Int(node.lhs)].utf8)
                case .missing: out.append(UInt8(ascii: "?"))
                case .call:  // hyp(3,4); a word of no inputs by its name alone
                    let start = Int(node.lhs)
                    out.append(contentsOf: words[Int(links[start])].name.utf8)
                    let count = Int(links[start + 1])
                    guard count > 0 else { continue }
                    out.append(UInt8(ascii: "("))
                    work.append(Task(kind: .closeParen, index: 0))
                    for k in stride(from: count - 1, through: 0, by: -1) {
                        work.append(Task(kind: .node, index: links[start + 2 + k]))
                        if k > 0 { work.append(Task(kind: .comma, index: 0)) }
                    }
                case .select:  // if(M<0, −M, M)
                    let start = Int(node.lhs)
                    out.append(contentsOf: "if(".utf8)
                    work.append(Task(kind: .closeParen, index: 0))
                    work.append(Task(kind: .node, index: links[start + 2]))
                    work.append(Task(kind: .commaSpace, index: 0))
                    work.append(Task(kind: .node, index: links[start + 1]))
                    work.append(Task(kind: .commaSpace, index: 0))
                    work.append(Task(kind: .node, index: links[start]))
                case .ternary:  // powmod(b,e,m)
                    let start = Int(node.lhs)
                    out.append(contentsOf: glyphs[Int(node.op.rawValue)])
                    out.append(UInt8(ascii: "("))
                    work.append(Task(kind: .closeParen, index: 0))
                    work.append(Task(kind: .node, index: links[start + 2]))
                    work.append(Task(kind: .comma, index: 0))
                    work.append(Task(kind: .node, index: links[start + 1]))
                    work.append(Task(kind: .comma, index: 0))
                    work.append(Task(kind: .node, index: links[start]))
                case .unary:
                    switch Builtin[node.op].printForm {
                    case .prefix:
                        out.append(contentsOf: node.op == .negate ? minus : glyphs[Int(node.op.rawValue)])
                        let parens = operandNeedsParentheses(node.lhs, postfix: false)
                        work.append(Task(kind: parens ? .parenthesizedNode : .node, index: node.lhs))
                    case .postfix:
                        work.append(Task(kind: .glyph, index: Int32(node.op.rawValue)))
                        let parens = operandNeedsParentheses(node.lhs, postfix: true)
                        work.append(Task(kind: parens ? .parenthesizedNode : .node, index: node.lhs))
                    default:
                        out.append(contentsOf: glyphs[Int(node.op.rawValue)])
                        out.append(UInt8(ascii: "("))
                        work.append(Task(kind: .closeParen, index: 0))
                        work.append(Task(kind: .node, index: node.lhs))
                    }
                case .binary:
                    if case .call = Builtin[node.op].printForm {  // gcd(a,b): no operand needs more
                        out.append(contentsOf: glyphs[Int(node.op.rawValue)])
                        out.append(UInt8(ascii: "("))
                        work.append(Task(kind: .closeParen, index: 0))
                        work.append(Task(kind: .node, index: node.rhs))
                        work.append(Task(kind: .comma, index: 0))
                        work.append(Task(kind: .node, index: node.lhs))
                        continue
                    }
                    let leftParens = needsParentheses(node.lhs, under: node.op, right: false)
                    work.append(Task(kind: .rightOperand, index: task.index))
                    work.append(Task(kind: leftParens ? .parenthesizedNode : .node, index: node.lhs))
                }
            }
        }
        return (out, false)
    }
}
