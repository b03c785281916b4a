import PlatformMath  // libm only: the core does no I/O

/// The arithmetic of every word, as pure functions that either give a finite number or say
/// why not. Operands are always finite: NaN ("no value") is handled by the caller.
///
/// rpn has one zero: a zero result is +0, never IEEE −0 (`0 neg`, `0 -1 ×`, an underflow).
/// No word can tell the two apart, and front ends print through different formatters (JSON
/// keeps the sign), so the sign is dropped where results are made.
enum Arithmetic {
    enum Outcome {
        case value(Double)
        case failure(DiagnosticCode, String)
    }

    static func constant(_ op: BuiltinID) -> Double {
        op == .pi ? Double.pi : 2.718281828459045
    }

    static func binary(_ op: BuiltinID, _ a: Double, _ b: Double) -> Outcome {
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide:
            if b == 0 { return .failure(.divisionByZero, "division by zero") }
            result = a / b
        default:
            result = pow(a, b)
            if result.isNaN {
                return .failure(.notFinite, "\(powerOperand(a))^\(powerOperand(b)) is not a real number")
            }
            if result.isInfinite, a == 0 {
                return .failure(.divisionByZero, "0 raised to a negative power is a division by zero")
            }
        }
        if !result.isFinite { return .failure(.notFinite, "result of \(Builtin[op].glyph) is too large") }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    static func unary(_ op: BuiltinID, _ a: Double, angle: AngleUnit) -> Outcome {
        let result: Double
        switch op {
        case .sqrt:
            if a < 0 { return .failure(.sqrtOfNegative, "square root of negative number \(text(a))") }
            result = a.squareRoot()
        case .sin, .cos, .tan:
            result = angle == .degrees ? Degrees.trigonometric(op, a)
                : op == .sin ? sin(a) : op == .cos ? cos(a) : tan(a)
            if !result.isFinite { return .failure(.notFinite, "\(Builtin[op].glyph)(\(text(a))) is not finite") }
        case .asin, .acos:
            if a < -1 || a > 1 {
                return .failure(.outOfDomain, "\(Builtin[op].glyph) is defined on [-1, 1], got \(text(a))")
            }
            result = angle == .degrees ? Degrees.inverse(op, a) : op == .asin ? asin(a) : acos(a)
        case .atan: result = angle == .degrees ? Degrees.inverse(op, a) : atan(a)
        case .ln, .log:
            if a <= 0 {
                return .failure(.logOfNonPositive, "logarithm of non-positive number \(text(a))")
            }
            result = op == .ln ? log(a) : log10(a)
        case .exp:
            result = exp(a)
            if !result.isFinite { return .failure(.notFinite, "exp(\(text(a))) is too large") }
        case .abs: result = a.magnitude
        default: result = -a
        }
        return .value(result == 0 ? 0 : result)  // one zero
    }

    static func text(_ x: Double) -> String { NumberFormatting.ascii(x) }

    /// An operand of `^` in a message, parenthesized as descriptions do (grammar/rpn.ebnf):
    /// negative or in exponent form, so that `-8^0.5` is not read as −(8^0.5).
    static func powerOperand(_ x: Double) -> String {
        x < 0 || NumberFormatting.hasExponent(x) ? "(\(text(x)))" : text(x)
    }
}
