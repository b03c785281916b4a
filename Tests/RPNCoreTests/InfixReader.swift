import Foundation

/// An independent reader of descriptions with the conventional precedences (`^` right-
/// associative and tighter than prefix minus, which is tighter than `× ÷`, then `+ −`, then
/// C's `< > ≤ ≥`, `= ≠`, `and`, `or`). Comparisons do not chain: `a<b<c` is unreadable, as a
/// reader who takes it for a<b and b<c would misread it. If the printer dropped a parenthesis
/// it needed, reading its description back gives another value or nothing.
/// Like rpn, it has no infinities: a result that is not finite is NaN ("no value") and stays
/// so. Test-only: recursive, for the small random programs of `RandomProgramTests`.
struct InfixReader {
    var scalars: [Unicode.Scalar]
    var i = 0
    var variables: [String: Double]

    init(_ text: String, variables: [String: Double]) {
        scalars = Array(text.unicodeScalars)
        self.variables = variables
    }

    static func evaluate(_ text: String, variables: [String: Double]) -> Double? {
        var reader = InfixReader(text, variables: variables)
        guard let value = reader.logicalOr(), reader.i == reader.scalars.count else { return nil }
        return value
    }

    mutating func peek() -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

    /// Reads ` word ` (an infix word set off by spaces) if it comes next.
    mutating func infixWord(_ word: String) -> Bool {
        let spelled = Array(" \(word) ".unicodeScalars)
        guard i + spelled.count <= scalars.count, Array(scalars[i..<(i + spelled.count)]) == spelled else { return false }
        i += spelled.count
        return true
    }

    /// 1 or 0; no value (NaN) when an operand has none.
    static func truth(_ a: Double, _ b: Double, _ holds: Bool) -> Double { a.isNaN || b.isNaN ? .nan : holds ? 1 : 0 }

    mutating func logicalOr() -> Double? {
        guard var value = logicalAnd() else { return nil }
        while infixWord("or") {
            guard let rhs = logicalAnd() else { return nil }
            value = Self.truth(value, rhs, value != 0 || rhs != 0)
        }
        return value
    }

    mutating func logicalAnd() -> Double? {
        guard var value = equality() else { return nil }
        while infixWord("and") {
            guard let rhs = equality() else { return nil }
            value = Self.truth(value, rhs, value != 0 && rhs != 0)
        }
        return value
    }

    mutating func equality() -> Double? {
        guard let value = relational() else { return nil }
        guard let c = peek(), c == "=" || c == "≠" else { return value }
        i += 1
        guard let rhs = relational() else { return nil }
        if let next = peek(), next == "=" || next == "≠" { return nil }  // a chain
        return Self.truth(value, rhs, c == "=" ? value == rhs : value != rhs)
    }

    mutating func relational() -> Double? {
        guard let value = sum() else { return nil }
        guard let c = peek(), "<>≤≥".unicodeScalars.contains(c) else { return value }
        i += 1
        guard let rhs = sum() else { return nil }
        if let next = peek(), "<>≤≥".unicodeScalars.contains(next) { return nil }  // a chain
        let holds = c == "<" ? value < rhs : c == ">" ? value > rhs : c == "≤" ? value <= rhs : value >= rhs
        return Self.truth(value, rhs, holds)
    }

    mutating func sum() -> Double? {
        guard var value = product() else { return nil }
        while let c = peek(), c == "+" || c == "−" {
            i += 1
            guard let rhs = product() else { return nil }
            value = Self.finite(c == "+" ? value + rhs : value - rhs)
        }
        return value
    }

    mutating func product() -> Double? {
        guard var value = prefix() else { return nil }
        while let c = peek(), c == "×" || c == "÷" {
            i += 1
            guard let rhs = prefix() else { return nil }
            value = Self.finite(c == "×" ? value * rhs : value / rhs)
        }
        return value
    }

    mutating func prefix() -> Double? {
        if peek() == "−" {
            i += 1
            return prefix().map { -$0 }
        }
        return power()
    }

    mutating func power() -> Double? {
        guard let base = atom() else { return nil }
        if peek() == "^" {
            i += 1
            guard let exponent = prefix() else { return nil }  // right-associative
            // No value stays no value, even where IEEE's pow(1, NaN) is 1.
            return base.isNaN || exponent.isNaN ? .nan : Self.finite(pow(base, exponent))
        }
        return base
    }

    mutating func atom() -> Double? {
        guard let c = peek() else { return nil }
        if c == "(" {
            i += 1
            let value = logicalOr()
            guard peek() == ")" else { return nil }
            i += 1
            return value
        }
        if c == "π" { i += 1; return Double.pi }
        if c == "√" { i += 1; return call().map { $0.squareRoot() } }
        var word = ""
        while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_"
                || (c == "+" && word.last == "e" && word.first!.isNumber)
                || (c == "-" && word.last == "e") {
            word.unicodeScalars.append(c)
            i += 1
        }
        if let number = Double(word) { return number }
        switch word {
        case "sin": return call().map(Foundation.sin)
        case "cos": return call().map(Foundation.cos)
        case "abs": return call().map(Swift.abs)
        case "not": return call().map { $0.isNaN ? .nan : $0 == 0 ? 1 : 0 }
        case "e": return M_E
        default: return variables[word]
        }
    }

    static func finite(_ x: Double) -> Double { x.isFinite ? x : .nan }

    mutating func call() -> Double? {
        guard peek() == "(" else { return nil }
        return atom()
    }
}
