import RPNCore

/// Infix arithmetic and comparisons as people type them into other calculators (`sqrt(2+3)`,
/// `4+5`, `(1+2)*3`, `x+1>=2`) rewritten in RPN (`2 3 + sqrt`), for quick fixes.
/// Shunting-yard: iterative at any nesting. Numbers, names and operators keep their spelling; a minus before an operand is `neg`, or
/// joins a number (`-2`, except before `^`: `-2^2` is −(2^2)). `^` is right-associative, as in
/// the descriptions. A call's arguments, separated by commas, come in their order
/// (`root(8,3)` → `8 3 root`), as many as the function takes. Anything else gives nil: two
/// operands side by side (`2x`), a call with too few or too many arguments, a comma outside
/// a call, a word that is not a function before `(`, unbalanced parentheses.
/// The words are checked with the core's lexer, so the result is always valid RPN.
enum InfixToRPN {
    private enum Piece: Equatable {
        case number(String), operand(String), function(String), open, close, comma, op(String)
    }

    private enum Pending {
        case binary(String, precedence: Int, rightAssociative: Bool)
        case negate
        /// A parenthesis, and how many of its call's arguments are complete (one per comma).
        case open(commas: Int)
        /// A function and how many operands it takes.
        case function(String, arity: Int)
    }

    static let negatePrecedence = 4

    /// Comparisons below the arithmetic, and equality below order, as in C and in the
    /// descriptions (grammar/rpn.ebnf).
    static func precedence(_ op: String) -> (Int, Bool) {
        switch op {
        case "=", "==", "≠", "!=": (0, false)
        case "<", ">", "≤", "≥", "<=", ">=": (1, false)
        case "+", "-", "−": (2, false)
        case "*", "×", "/", "÷": (3, false)
        default: (5, true)  // ^
        }
    }

    static func rewrite(_ text: String) -> String? {
        guard let pieces = pieces(of: text) else { return nil }
        var output: [String] = []
        var pending: [Pending] = []
        var expectOperand = true
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            switch piece {
            case .number(let word), .operand(let word):
                guard expectOperand else { return nil }
                output.append(word)
                expectOperand = false
            case .function(let name):
                guard expectOperand, index < pieces.count, pieces[index] == .open else { return nil }
                pending.append(.function(name, arity: Self.arity(of: name)))
            case .open:
                guard expectOperand else { return nil }
                pending.append(.open(commas: 0))
            case .close, .comma:
                guard !expectOperand else { return nil }
                while let top = pending.last {
                    if case .open = top { break }
                    guard let word = word(of: top) else { return nil }
                    output.append(word)
                    pending.removeLast()
                }
                guard case .open(let commas) = pending.popLast() else { return nil }
                let arguments = commas + 1
                let function: (name: String, arity: Int)? = if case .function(let name, let arity) = pending.last {
                    (name, arity)
                } else {
                    nil
                }
                if piece == .comma {
                    // Another argument follows: only inside a call, and no more than it takes.
                    guard let function, arguments < function.arity else { return nil }
                    pending.append(.open(commas: arguments))
                    expectOperand = true
                    continue
                }
                if let function {
                    guard arguments == function.arity else { return nil }
                    output.append(function.name)
                    pending.removeLast()
                } else {
                    guard arguments == 1 else { return nil }
                }
            case .op(let op):
                if expectOperand {
                    guard op == "-" || op == "−" else {
                        if op == "+" { continue }  // a unary plus changes nothing
                        return nil
                    }
                    if index < pieces.count, case .number(let number) = pieces[index],
                       !(index + 1 < pieces.count && pieces[index + 1] == .op("^")) {
                        output.append("-" + number)
                        index += 1
                        expectOperand = false
                    } else {
                        pending.append(.negate)
                    }
                    continue
                }
                let (precedence, right) = Self.precedence(op)
                while let top = pending.last {
                    let topPrecedence: Int
                    switch top {
                    case .binary(_, let p, _): topPrecedence = p
                    case .negate: topPrecedence = negatePrecedence
                    default: topPrecedence = -1
                    }
                    guard topPrecedence > precedence || (topPrecedence == precedence && !right) else { break }
                    output.append(word(of: top)!)
                    pending.removeLast()
                }
                pending.append(.binary(op, precedence: precedence, rightAssociative: right))
                expectOperand = true
            }
        }
        guard !expectOperand else { return nil }
        while let top = pending.popLast() {
            guard let word = word(of: top) else { return nil }  // an unclosed parenthesis
            output.append(word)
        }
        let result = output.joined(separator: " ")
        guard RPN.tokenize(result).allSatisfy({ $0.kind != .invalid }) else { return nil }
        return result
    }

    private static func word(of pending: Pending) -> String? {
        switch pending {
        case .binary(let op, _, _): op
        case .negate: "neg"
        case .open, .function: nil
        }
    }

    private static let operators: Set<Unicode.Scalar> = ["+", "-", "−", "*", "×", "/", "÷", "^", "<", ">", "=", "≤", "≥", "≠"]

    /// The infix text's pieces; nil for a character or word that has no place in one.
    private static func pieces(of text: String) -> [Piece]? {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var i = 0
        func isDigit(_ k: Int) -> Bool { k < scalars.count && ("0"..."9").contains(scalars[k]) }
        func isWordCharacter(_ k: Int) -> Bool {
            k < scalars.count && (scalars[k].properties.isAlphabetic || scalars[k] == "_" || isDigit(k))
                && scalars[k] != "π"
        }
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace {
                i += 1
            } else if c == "(" {
                pieces.append(.open)
                i += 1
            } else if c == ")" {
                pieces.append(.close)
                i += 1
            } else if c == "," {
                pieces.append(.comma)
                i += 1
            } else if "<>=!".unicodeScalars.contains(c), i + 1 < scalars.count, scalars[i + 1] == "=" {
                pieces.append(.op(String(c) + "="))  // <= >= == !=
                i += 2
            } else if operators.contains(c) {
                pieces.append(.op(String(c)))
                i += 1
            } else if c == "π" {
                pieces.append(.operand("π"))
                i += 1
            } else if c == "√" {
                pieces.append(.function("√"))
                i += 1
            } else if isDigit(i) || (c == "." && isDigit(i + 1)) {
                let start = i
                while isDigit(i) || (i < scalars.count && scalars[i] == ".") { i += 1 }
                if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
                    let sign = i + 1 < scalars.count && (scalars[i + 1] == "+" || scalars[i + 1] == "-") ? 1 : 0
                    if isDigit(i + 1 + sign) {
                        i += 1 + sign
                        while isDigit(i) { i += 1 }
                    }
                }
                let word = String(String.UnicodeScalarView(scalars[start..<i]))
                guard kind(of: word) == .number else { return nil }
                pieces.append(.number(word))
            } else if isWordCharacter(i) {
                let start = i
                while isWordCharacter(i) { i += 1 }
                let word = String(String.UnicodeScalarView(scalars[start..<i]))
                switch kind(of: word) {
                case .variable, .constant: pieces.append(.operand(word))
                case .function: pieces.append(.function(word))
                default: return nil
                }
            } else {
                return nil
            }
        }
        return pieces
    }

    /// How many operands a function word takes (`max`, `root`: two).
    private static func arity(of name: String) -> Int {
        RPN.tokenize(name).first?.builtin.map { $0.isBinary ? 2 : $0.isTernary ? 3 : 1 } ?? 1
    }

    /// The kind of a word that is exactly one token, else nil.
    private static func kind(of word: String) -> TokenKind? {
        let tokens = RPN.tokenize(word)
        guard tokens.count == 1, tokens[0].range == 0..<word.utf8.count else { return nil }
        return tokens[0].kind
    }
}
