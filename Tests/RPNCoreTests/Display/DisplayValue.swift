import RPNCore
import Testing

/// A value for the display tables, written as text so that big and tiny exact values stay
/// readable: `.exact("-2^63")`, `.exact("1", "10^400")`, `.exact("2469135", "2")`.
enum DisplayValue: Sendable, CustomTestStringConvertible {
    /// numerator / denominator, each `-`? then digits or `base^exponent`.
    case exact(String, String = "1")
    /// An inexact value.
    case real(Double)

    var number: Number {
        switch self {
        case .exact(let n, let d): return Number.ratio(Self.integer(n), Self.integer(d))
        case .real(let x): return .real(x)
        }
    }

    var testDescription: String {
        switch self {
        case .exact(let n, "1"): return n
        case .exact(let n, let d): return "\(n)/\(d)"
        case .real(let x): return "real \(x)"
        }
    }

    /// Decimal digits (18 at a time) or a power, built with plain arithmetic.
    static func integer(_ text: String) -> ExactInteger {
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        var value: ExactInteger
        if let caret = body.firstIndex(of: "^") {
            value = ExactInteger(Int(body[..<caret])!).power(Int(body[body.index(after: caret)...])!)
        } else {
            value = .zero
            while !body.isEmpty {
                let chunk = body.prefix(18)
                body = body.dropFirst(chunk.count)
                var scale = 1
                for _ in chunk { scale *= 10 }
                value = value * ExactInteger(scale) + ExactInteger(Int(chunk)!)
            }
        }
        return negative ? -value : value
    }
}
