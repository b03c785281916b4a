/// The words' domain failures, worded once for doubles (`Arithmetic`) and `--digits` values
/// (`BigFloatArithmetic`); operands come as the text each path writes them in.
enum DomainMessage {
    static func sqrtOfNegative(_ x: String) -> String { "square root of negative number \(x)" }
    static func logOfNonPositive(_ x: String) -> String { "logarithm of non-positive number \(x)" }
    static func outsideUnitInterval(_ glyph: String, _ x: String) -> String { "\(glyph) is defined on [-1, 1], got \(x)" }
    static func acoshBelowOne(_ x: String) -> String { "acosh is defined for values ≥ 1, got \(x)" }
    static func atanhOutside(_ x: String) -> String { "atanh is defined on (-1, 1), got \(x)" }
    static let zeroToNegativePower = "0 raised to a negative power is a division by zero"
    static func powerNotReal(_ a: String, _ b: String) -> String { "\(a)^\(b) is not a real number" }
    static let zerothRoot = "the 0th root is not defined"
    static func rootNotReal(_ a: String, _ b: String) -> String { "root(\(a),\(b)) is not a real number" }
    static let negativeRootOfZero = "a negative root of 0 is a division by zero"
    static let percentChangeFromZero = "percent change from 0 is a division by zero"
    static func tooLarge(_ glyph: String) -> String { "result of \(glyph) is too large" }
}
