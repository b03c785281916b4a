#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The arithmetic of every word, as pure functions that either give a finite number or say
/// why not. Operands are always finite: NaN ("no value") is handled by the caller.
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
                return .failure(.notFinite, "\(text(a))^\(text(b)) is not a real number")
            }
            if result.isInfinite, a == 0 {
                return .failure(.divisionByZero, "0 raised to a negative power is a division by zero")
            }
        }
        if !result.isFinite { return .failure(.notFinite, "result of \(Builtin[op].glyph) is too large") }
        return .value(result)
    }

    static func unary(_ op: BuiltinID, _ a: Double, angle: AngleUnit) -> Outcome {
        let result: Double
        switch op {
        case .sqrt:
            if a < 0 { return .failure(.sqrtOfNegative, "square root of negative number \(text(a))") }
            result = a.squareRoot()
        case .sin, .cos, .tan:
            result = angle == .degrees ? trigDegrees(op, a) : op == .sin ? sin(a) : op == .cos ? cos(a) : tan(a)
            if !result.isFinite { return .failure(.notFinite, "\(Builtin[op].glyph)(\(text(a))) is not finite") }
        case .asin, .acos:
            if a < -1 || a > 1 {
                return .failure(.outOfDomain, "\(Builtin[op].glyph) is defined on [-1, 1], got \(text(a))")
            }
            result = fromRadians(op == .asin ? asin(a) : acos(a), angle)
        case .atan: result = fromRadians(atan(a), angle)
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
        return .value(result)
    }

    /// Degrees: exact at the angles whose sine and cosine are rational, so `180 sin` is 0 and
    /// `90 tan` is an error rather than 1.6e16.
    static func trigDegrees(_ op: BuiltinID, _ degrees: Double) -> Double {
        var r = fmod(degrees, 360)
        if r < 0 { r += 360 }
        if r.truncatingRemainder(dividingBy: 30) == 0 || r.truncatingRemainder(dividingBy: 45) == 0 {
            let sines: [Double: Double] = [0: 0, 30: 0.5, 90: 1, 150: 0.5, 180: 0, 210: -0.5, 270: -1, 330: -0.5]
            let sine = sines[r]
            let cosine = sines[(r + 90).truncatingRemainder(dividingBy: 360)]
            switch op {
            case .sin: if let sine { return sine }
            case .cos: if let cosine { return cosine }
            default:
                if let sine, let cosine { return cosine == 0 ? .infinity : sine / cosine }
                if r.truncatingRemainder(dividingBy: 45) == 0 { return r == 45 || r == 225 ? 1 : -1 }
            }
        }
        let radians = degrees * Double.pi / 180
        return op == .sin ? sin(radians) : op == .cos ? cos(radians) : tan(radians)
    }

    static func fromRadians(_ radians: Double, _ angle: AngleUnit) -> Double {
        guard angle == .degrees else { return radians }
        let degrees = radians * 180 / Double.pi
        let rounded = degrees.rounded()
        return (degrees - rounded).magnitude < 1e-9 ? rounded : degrees
    }

    static func text(_ x: Double) -> String { NumberFormatting.ascii(x) }
}
