import PlatformMath  // libm only: the core does no I/O
import CMPFR

/// Trigonometry in degrees, correctly rounded as radian trigonometry is (`CorrectRounding`).
///
/// The angle is reduced without error: `fmod` by 360 is exact for doubles, and so is
/// subtracting the nearest multiple of 90 from what is left (the difference is a multiple of
/// that value's ulp and, when anything is subtracted, below 64 while the value is at least 45,
/// so it needs no more bits than the value has). Only the reduced angle, at most 45° in
/// magnitude, is converted to radians, in extended precision, so `1e22 sin` is sin 280° to
/// the last digit and `1e-11 sin` does not lose the argument. The conversion's error (under
/// two units of the 64-bit last place) is well within the fast path's bound: the sine and
/// cosine of an angle of at most π/4 do not magnify a relative error of the angle, and the
/// tangent at most doubles it. Where the approximation does not decide the double, MPFR's
/// `sinu`, `cosu` and `tanu` (sin(2πx/360)) give it from the unreduced angle.
///
/// A rational number of degrees has a rational sine, cosine or tangent only where it is
/// 0, ±1/2 or ±1 (Niven's theorem): at multiples of 30° (sine, cosine) and 45° (tangent).
/// Those results are exact (`30 sin` is 0.5, `45 tan` is 1, `180 sin` is 0) and the tangent
/// at odd multiples of 90° is infinite, which the caller reports. The inverse functions are
/// exact for the same values (`0.5 asin` is 30) and otherwise correctly rounded the same way
/// (MPFR's `asinu`, `acosu`, `atanu`, `atan2u`); nothing is rounded to a nearby whole number.
enum Degrees {
    /// π/180 and 180/π in extended precision.
    static let radiansPerDegree: Float80 = 0.017453292519943295769236907684886127134
    static let degreesPerRadian: Float80 = 57.295779513082320876798154814105170332

    /// sin, cos or tan of an angle in degrees; ±infinity for tan at odd multiples of 90°.
    static func trigonometric(_ op: BuiltinID, _ degrees: Double) -> Double {
        let turn = fmod(degrees, 360)                 // (-360, 360), exact
        let quarters = (turn / 90).rounded()          // -4 ... 4
        let angle = turn - 90 * quarters              // [-45, 45] (one ulp more if turn/90 rounded up), exact
        let quadrant = (Int(quarters) % 4 + 4) % 4    // turn = angle + 90° × quadrant (mod 360°)
        let approximation: Approximation
        switch op {
        case .sin:
            switch quadrant {
            case 0: approximation = sine(angle)
            case 1: approximation = cosine(angle)
            case 2: approximation = sine(angle).negated
            default: approximation = cosine(angle).negated
            }
        case .cos:
            switch quadrant {
            case 0: approximation = cosine(angle)
            case 1: approximation = sine(angle).negated
            case 2: approximation = cosine(angle).negated
            default: approximation = sine(angle)
            }
        default:
            approximation = quadrant % 2 == 0 ? tangent(angle) : negativeCotangent(angle)
        }
        switch approximation {
        case .exact(let value): return value
        case .near(let y):
            if let decided = CorrectRounding.decided(y) { return decided }
            return MPFRDouble.unary(degrees) { z, x, rounding in
                switch op {
                case .sin: mpfr_sinu(z, x, 360, rounding)
                case .cos: mpfr_cosu(z, x, 360, rounding)
                default: mpfr_tanu(z, x, 360, rounding)
                }
            }
        }
    }

    /// A value known exactly, or an extended-precision approximation within the fast path's
    /// error bound.
    enum Approximation {
        case exact(Double)
        case near(Float80)

        var negated: Approximation {
            switch self {
            case .exact(let x): .exact(-x)
            case .near(let y): .near(-y)
            }
        }
    }

    /// asin, acos or atan in degrees. `x` is in the function's domain.
    static func inverse(_ op: BuiltinID, _ x: Double) -> Double {
        switch op {
        case .asin:
            if x == 0 { return x }
            if x.magnitude == 0.5 { return x < 0 ? -30 : 30 }
            if x.magnitude == 1 { return x < 0 ? -90 : 90 }
            return fromRadians(asinl(Float80(x)), x) { mpfr_asinu($0, $1, 360, $2) }
        case .acos:
            switch x {
            case 1: return 0
            case 0.5: return 60
            case 0: return 90
            case -0.5: return 120
            case -1: return 180
            default: return fromRadians(acosl(Float80(x)), x) { mpfr_acosu($0, $1, 360, $2) }
            }
        default:
            if x == 0 { return x }
            if x.magnitude == 1 { return x < 0 ? -45 : 45 }
            return fromRadians(atanl(Float80(x)), x) { mpfr_atanu($0, $1, 360, $2) }
        }
    }

    /// An angle in radians (extended precision) in degrees, correctly rounded: the product's
    /// error adds about one unit of the 64-bit last place, well within the bound; `exact`
    /// computes the function of `x` in degrees where the approximation does not decide.
    static func fromRadians(_ radians: Float80, _ x: Double, exact: MPFRDouble.Unary) -> Double {
        if let decided = CorrectRounding.decided(radians * degreesPerRadian) { return decided }
        return MPFRDouble.unary(x, exact)
    }

    // sin, cos and tan of a reduced angle in [-45°, 45°].

    static func sine(_ angle: Double) -> Approximation {
        if angle == 0 { return .exact(angle) }
        if angle.magnitude == 30 { return .exact(angle < 0 ? -0.5 : 0.5) }
        return .near(sinl(Float80(angle) * radiansPerDegree))
    }

    static func cosine(_ angle: Double) -> Approximation {
        if angle == 0 { return .exact(1) }
        return .near(cosl(Float80(angle) * radiansPerDegree))
    }

    static func tangent(_ angle: Double) -> Approximation {
        if angle == 0 { return .exact(angle) }
        if angle.magnitude == 45 { return .exact(angle < 0 ? -1 : 1) }
        return .near(tanl(Float80(angle) * radiansPerDegree))
    }

    /// tan(angle + 90°) = −1 / tan(angle): infinite at 0, exact at ±45°.
    static func negativeCotangent(_ angle: Double) -> Approximation {
        if angle == 0 { return .exact(-1 / angle) }
        if angle.magnitude == 45 { return .exact(angle < 0 ? 1 : -1) }
        return .near(-1 / tanl(Float80(angle) * radiansPerDegree))
    }
}

extension Degrees {
    /// The angle of the point (x, y) in degrees, in (−180, 180]: exact on the axes and the
    /// diagonals, elsewhere correctly rounded. (0, 0) gives 0, as libm and calculators do.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if y == 0 { return x < 0 ? 180 : 0 }
        if x == 0 { return y < 0 ? -90 : 90 }
        if y.magnitude == x.magnitude { return (x > 0 ? 45 : 135) * (y < 0 ? -1 : 1) }
        if let decided = CorrectRounding.decided(atan2l(Float80(y), Float80(x)) * degreesPerRadian) { return decided }
        return MPFRDouble.binary(y, x) { mpfr_atan2u($0, $1, $2, 360, $3) }
    }
}
