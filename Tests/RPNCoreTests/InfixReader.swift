import Foundation

/// An independent reader of descriptions with the conventional precedences (`^` right-
/// associative and tighter than prefix minus, which is tighter than `× ÷`, then `+ −`, then
/// C's `< > ≤ ≥`, `= ≠`, `and`, `or`). Comparisons do not chain: `a<b<c` is unreadable, as a
/// reader who takes it for a<b and b<c would misread it. If the printer dropped a parenthesis
/// it needed, reading its description back gives another value or nothing.
///
/// Values are complex (`ReadValue`). An imaginary literal is read as a mathematician reads
/// it, a number times i: `2i` is 2·i, so `2i^2` is 2·(i²) = −2 and `x÷2i` is (x÷2)·i. A
/// description that means (2i)² or x÷(2i) must say so with parentheses, which is what
/// this reading checks. Words of complex values (`re im conj arg`) are read; comparisons of
/// a value that is not real have no value (rpn's not-real).
///
/// Like rpn, it has no infinities: a result that is not finite is NaN ("no value") and stays
/// so. Test-only: recursive, for the small random programs of `RandomProgramTests`.
struct InfixReader {
    var scalars: [Unicode.Scalar]
    var i = 0
    var variables: [String: ReadValue]
    /// Set when a transcendental function (√, sin, cos, a non-integer power) met a value that
    /// is not real: MPC's work (`ComplexFunctions`), which may overflow where this reader's
    /// doubles do not.
    var usedComplexFunctions = false
    /// Set when a complex function met an argument whose phase doubles cannot resolve
    /// (5^(3e+21i) turns by 4.8e21 radians, known to ±5e5): MPC's value is right and this
    /// reader's is noise, so the two cannot be compared.
    var illConditioned = false

    init(_ text: String, variables: [String: ReadValue]) {
        scalars = Array(text.unicodeScalars)
        self.variables = variables
    }

    static func evaluate(_ text: String, variables: [String: ReadValue])
        -> (value: ReadValue, complexFunctions: Bool, illConditioned: Bool)? {
        var reader = InfixReader(text, variables: variables)
        guard let value = reader.logicalOr(), reader.i == reader.scalars.count else { return nil }
        return (value, reader.usedComplexFunctions, reader.illConditioned)
    }

    /// Past this a phase in doubles is off by more than the comparison allows.
    static let resolvablePhase = 1e6

    mutating func peek() -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

    /// Reads ` word ` (an infix word set off by spaces) if it comes next.
    mutating func infixWord(_ word: String) -> Bool {
        let spelled = Array(" \(word) ".unicodeScalars)
        guard i + spelled.count <= scalars.count, Array(scalars[i..<(i + spelled.count)]) == spelled else { return false }
        i += spelled.count
        return true
    }

    /// 1 or 0; no value (NaN) when an operand has none.
    static func truth(_ a: ReadValue, _ b: ReadValue, _ holds: Bool) -> ReadValue {
        a.isNaN || b.isNaN ? .nan : ReadValue(holds ? 1 : 0)
    }

    mutating func logicalOr() -> ReadValue? {
        guard var value = logicalAnd() else { return nil }
        while infixWord("or") {
            guard let rhs = logicalAnd() else { return nil }
            value = Self.truth(value, rhs, !value.isZero || !rhs.isZero)
        }
        return value
    }

    mutating func logicalAnd() -> ReadValue? {
        guard var value = equality() else { return nil }
        while infixWord("and") {
            guard let rhs = equality() else { return nil }
            value = Self.truth(value, rhs, !value.isZero && !rhs.isZero)
        }
        return value
    }

    mutating func equality() -> ReadValue? {
        guard let value = relational() else { return nil }
        guard let c = peek(), c == "=" || c == "≠" else { return value }
        i += 1
        guard let rhs = relational() else { return nil }
        if let next = peek(), next == "=" || next == "≠" { return nil }  // a chain
        return Self.truth(value, rhs, c == "=" ? value == rhs : value != rhs)
    }

    mutating func relational() -> ReadValue? {
        guard let value = sum() else { return nil }
        guard let c = peek(), "<>≤≥".unicodeScalars.contains(c) else { return value }
        i += 1
        guard let rhs = sum() else { return nil }
        if let next = peek(), "<>≤≥".unicodeScalars.contains(next) { return nil }  // a chain
        guard value.isReal, rhs.isReal else { return .nan }  // not-real
        let (a, b) = (value.re, rhs.re)
        let holds = c == "<" ? a < b : c == ">" ? a > b : c == "≤" ? a <= b : a >= b
        return Self.truth(value, rhs, holds)
    }

    mutating func sum() -> ReadValue? {
        guard var value = product() else { return nil }
        while let c = peek(), c == "+" || c == "−" {
            i += 1
            guard let rhs = product() else { return nil }
            value = c == "+" ? value + rhs : value - rhs
        }
        return value
    }

    mutating func product() -> ReadValue? {
        guard var value = factor() else { return nil }
        while let c = peek(), c == "×" || c == "÷" {
            i += 1
            guard let rhs = factor() else { return nil }
            value = c == "×" ? value * rhs : value / rhs
        }
        return value
    }

    /// A prefix operand, then any `i` written right after it: `2i` is 2×i at the level of ×.
    mutating func factor() -> ReadValue? {
        guard var value = prefix() else { return nil }
        while peek() == "i" {
            guard let unit = power() else { return nil }  // `i`, or `i^…`
            value = value * unit
        }
        return value
    }

    mutating func prefix() -> ReadValue? {
        if peek() == "−" {
            i += 1
            return prefix().map { -$0 }
        }
        return power()
    }

    mutating func power() -> ReadValue? {
        guard let base = atom() else { return nil }
        if peek() == "^" {
            i += 1
            guard let exponent = prefix() else { return nil }  // right-associative
            return raise(base, exponent)
        }
        return base
    }

    /// base^exponent: a real power of reals (no value for a negative base and a non-integer
    /// exponent, as in rpn's real mode), an integer power by products, else the principal
    /// value exp(w·ln z).
    mutating func raise(_ z: ReadValue, _ w: ReadValue) -> ReadValue {
        // No value stays no value, even where IEEE's pow(1, NaN) is 1.
        if z.isNaN || w.isNaN { return .nan }
        if z.isReal, w.isReal { return ReadValue(pow(z.re, w.re)).finite }
        if w.isReal, w.re == w.re.rounded(), abs(w.re) < 64 {
            var result = ReadValue(1)
            for _ in 0..<Int(abs(w.re)) { result = result * z }
            return w.re < 0 ? ReadValue(1) / result : result
        }
        usedComplexFunctions = true
        if z.isZero { return w.re > 0 ? ReadValue(0) : .nan }
        let exponent = w * z.log
        if abs(exponent.im) > Self.resolvablePhase { illConditioned = true }
        return exponent.exp
    }

    mutating func atom() -> ReadValue? {
        guard let c = peek() else { return nil }
        if c == "(" {
            i += 1
            let value = logicalOr()
            guard peek() == ")" else { return nil }
            i += 1
            return value
        }
        if c == "π" { i += 1; return ReadValue(Double.pi) }
        if c == "√" {
            i += 1
            return call().map { z in
                if z.isReal { return ReadValue(z.re.squareRoot()).finite }
                usedComplexFunctions = true
                return z.squareRoot
            }
        }
        var word = ""
        while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "_"
                || (c == "+" && word.last == "e" && word.first!.isNumber)
                || (c == "-" && word.last == "e") {
            if c == "i", let first = word.unicodeScalars.first, ("0"..."9").contains(first) || first == "." {
                break  // the i of an imaginary literal: a product, read by `factor`
            }
            word.unicodeScalars.append(c)
            i += 1
        }
        if let number = Double(word) { return ReadValue(number) }
        switch word {
        case "i": return ReadValue(0, 1)
        case "sin": return call().map { transcendental($0, Foundation.sin) { $0.sin } }
        case "cos": return call().map { transcendental($0, Foundation.cos) { $0.cos } }
        case "abs": return call().map { $0.isNaN ? .nan : ReadValue(hypot($0.re, $0.im)) }
        case "not": return call().map { $0.isNaN ? .nan : ReadValue($0.isZero ? 1 : 0) }
        case "re": return call().map { $0.isNaN ? .nan : ReadValue($0.re) }
        case "im": return call().map { $0.isNaN ? .nan : ReadValue($0.im) }
        case "conj": return call().map { ReadValue($0.re, -$0.im) }
        case "arg": return call().map { $0.isNaN || $0.isZero ? .nan : ReadValue(atan2($0.im, $0.re)) }
        case "e": return ReadValue(M_E)
        default: return variables[word]
        }
    }

    mutating func transcendental(_ z: ReadValue, _ real: (Double) -> Double, _ complex: (ReadValue) -> ReadValue) -> ReadValue {
        if z.isReal { return ReadValue(real(z.re)).finite }
        usedComplexFunctions = true
        if abs(z.re) > Self.resolvablePhase { illConditioned = true }
        return complex(z)
    }

    mutating func call() -> ReadValue? {
        guard peek() == "(" else { return nil }
        return atom()
    }
}

/// A complex value of doubles for `InfixReader`; NaN parts: no value.
struct ReadValue: Equatable {
    var re: Double
    var im: Double

    init(_ re: Double, _ im: Double = 0) {
        // One zero: a −0 imaginary part would put arg of a negative real at −π.
        (self.re, self.im) = re.isNaN || im.isNaN ? (.nan, .nan) : (re, im == 0 ? 0 : im)
    }

    static let nan = ReadValue(.nan)

    var isNaN: Bool { re.isNaN }
    var isReal: Bool { im == 0 }
    var isZero: Bool { re == 0 && im == 0 }
    /// Not finite is no value, as in rpn.
    var finite: ReadValue { re.isFinite && im.isFinite ? self : .nan }

    static func + (a: ReadValue, b: ReadValue) -> ReadValue { ReadValue(a.re + b.re, a.im + b.im).finite }
    static func - (a: ReadValue, b: ReadValue) -> ReadValue { ReadValue(a.re - b.re, a.im - b.im).finite }
    static prefix func - (a: ReadValue) -> ReadValue { ReadValue(-a.re, -a.im) }
    static func * (a: ReadValue, b: ReadValue) -> ReadValue {
        if a.isReal, b.isReal { return ReadValue(a.re * b.re).finite }
        return ReadValue(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re).finite
    }
    static func / (a: ReadValue, b: ReadValue) -> ReadValue {
        if a.isReal, b.isReal { return ReadValue(a.re / b.re).finite }
        let n = b.re * b.re + b.im * b.im
        return ReadValue((a.re * b.re + a.im * b.im) / n, (a.im * b.re - a.re * b.im) / n).finite
    }

    var log: ReadValue { ReadValue(Foundation.log(hypot(re, im)), atan2(im, re)) }
    var exp: ReadValue { ReadValue(Foundation.exp(re) * Foundation.cos(im), Foundation.exp(re) * Foundation.sin(im)).finite }
    var sin: ReadValue { ReadValue(Foundation.sin(re) * cosh(im), Foundation.cos(re) * sinh(im)).finite }
    var cos: ReadValue { ReadValue(Foundation.cos(re) * cosh(im), -Foundation.sin(re) * sinh(im)).finite }
    /// The principal root (real part ≥ 0).
    var squareRoot: ReadValue {
        let m = hypot(re, im)
        let p = ((m + re) / 2).squareRoot(), q = ((m - re) / 2).squareRoot()
        return ReadValue(p, im < 0 ? -q : q).finite
    }

    /// Within a relative 1e-9 of `other` (as a complex distance).
    func isClose(to other: ReadValue) -> Bool {
        hypot(re - other.re, im - other.im) <= 1e-9 * max(1, hypot(re, im), hypot(other.re, other.im))
    }
}
