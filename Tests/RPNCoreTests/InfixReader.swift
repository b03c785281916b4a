import Foundation

/// An independent reader of descriptions with the conventional precedences (`^` right-
/// associative and tighter than prefix minus, which is tighter than `× ÷`, then `+ −`). If the
/// printer dropped a parenthesis it needed, reading its description back gives another value.
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
        guard let value = reader.sum(), reader.i == reader.scalars.count else { return nil }
        return value
    }

    mutating func peek() -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

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
            return Self.finite(pow(base, exponent))
        }
        return base
    }

    mutating func atom() -> Double? {
        guard let c = peek() else { return nil }
        if c == "(" {
            i += 1
            let value = sum()
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
