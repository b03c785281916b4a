import PlatformMath  // libm only: the core does no I/O

/// Trigonometry in degrees, as accurate as radian trigonometry of the exactly reduced angle.
///
/// The angle is reduced without error: `fmod` by 360 is exact for doubles, and so is
/// subtracting the nearest multiple of 90 from what is left (the difference is a multiple of
/// that value's ulp and, when anything is subtracted, below 64 while the value is at least 45,
/// so it needs no more bits than the value has). Only the reduced angle, at most
/// 45° in magnitude, is converted to radians, with π/180 carried in two doubles, so `1e22 sin`
/// is sin 280° to the last digit and `1e-11 sin` does not lose the argument.
///
/// A rational number of degrees has a rational sine, cosine or tangent only where it is
/// 0, ±1/2 or ±1 (Niven's theorem): at multiples of 30° (sine, cosine) and 45° (tangent).
/// Those results are exact (`30 sin` is 0.5, `45 tan` is 1, `180 sin` is 0) and the tangent
/// at odd multiples of 90° is infinite, which the caller reports. The inverse functions are
/// exact for the same values (`0.5 asin` is 30) and otherwise convert the radian result with
/// 180/π in two doubles; nothing is rounded to a nearby whole number.
enum Degrees {
    /// π/180 = `hi + lo` and 180/π = `hi + lo`, each `lo` being the rounding error of `hi`.
    static let radiansPerDegree = (hi: 0.017453292519943295, lo: 2.9486522708701687e-19)
    static let degreesPerRadian = (hi: 57.29577951308232, lo: -1.9878495670576283e-15)

    /// sin, cos or tan of an angle in degrees; ±infinity for tan at odd multiples of 90°.
    static func trigonometric(_ op: BuiltinID, _ degrees: Double) -> Double {
        let turn = fmod(degrees, 360)                 // (-360, 360), exact
        let quarters = (turn / 90).rounded()          // -4 ... 4
        let angle = turn - 90 * quarters              // [-45, 45] (one ulp more if turn/90 rounded up), exact
        let quadrant = (Int(quarters) % 4 + 4) % 4    // turn = angle + 90° × quadrant (mod 360°)
        switch op {
        case .sin:
            switch quadrant {
            case 0: return sine(angle)
            case 1: return cosine(angle)
            case 2: return -sine(angle)
            default: return -cosine(angle)
            }
        case .cos:
            switch quadrant {
            case 0: return cosine(angle)
            case 1: return -sine(angle)
            case 2: return -cosine(angle)
            default: return sine(angle)
            }
        default:
            return quadrant % 2 == 0 ? tangent(angle) : negativeCotangent(angle)
        }
    }

    /// asin, acos or atan in degrees. `x` is in the function's domain.
    static func inverse(_ op: BuiltinID, _ x: Double) -> Double {
        switch op {
        case .asin:
            if x == 0 { return x }
            if x.magnitude == 0.5 { return x < 0 ? -30 : 30 }
            if x.magnitude == 1 { return x < 0 ? -90 : 90 }
            return fromRadians(asin(x))
        case .acos:
            switch x {
            case 1: return 0
            case 0.5: return 60
            case 0: return 90
            case -0.5: return 120
            case -1: return 180
            default: return fromRadians(acos(x))
            }
        default:
            if x == 0 { return x }
            if x.magnitude == 1 { return x < 0 ? -45 : 45 }
            return fromRadians(atan(x))
        }
    }

    /// `radians` × 180/π with one rounding at the end.
    static func fromRadians(_ radians: Double) -> Double {
        let product = radians * degreesPerRadian.hi
        let error = (-product).addingProduct(radians, degreesPerRadian.hi)  // exact (fused)
        return product + (error + radians * degreesPerRadian.lo)
    }

    /// `degrees` (at most 45 in magnitude) in radians, as `hi + lo` with |lo| ≤ ulp(hi)/2.
    static func toRadians(_ degrees: Double) -> (hi: Double, lo: Double) {
        let product = degrees * radiansPerDegree.hi
        let error = (-product).addingProduct(degrees, radiansPerDegree.hi)  // exact (fused)
        let low = error + degrees * radiansPerDegree.lo
        let hi = product + low
        return (hi, low - (hi - product))
    }

    // sin, cos and tan of a reduced angle in [-45°, 45°], to first order in the low part of
    // the radian angle (its square is below the last bit).

    static func sine(_ angle: Double) -> Double {
        if angle == 0 { return angle }
        if angle.magnitude == 30 { return angle < 0 ? -0.5 : 0.5 }
        let z = toRadians(angle)
        return sin(z.hi) + cos(z.hi) * z.lo
    }

    static func cosine(_ angle: Double) -> Double {
        if angle == 0 { return 1 }
        let z = toRadians(angle)
        return cos(z.hi) - sin(z.hi) * z.lo
    }

    static func tangent(_ angle: Double) -> Double {
        if angle == 0 { return angle }
        if angle.magnitude == 45 { return angle < 0 ? -1 : 1 }
        let t = tangentParts(angle)
        return t.hi + t.lo
    }

    /// tan(angle + 90°) = −1 / tan(angle): infinite at 0, exact at ±45°. The reciprocal is
    /// taken of the unrounded `hi + lo`, so it adds one rounding, not two.
    static func negativeCotangent(_ angle: Double) -> Double {
        if angle == 0 { return -1 / angle }
        if angle.magnitude == 45 { return angle < 0 ? 1 : -1 }
        let t = tangentParts(angle)
        let q = 1 / t.hi
        let residual = (1 as Double).addingProduct(-q, t.hi)  // 1 − q × hi, exact (fused)
        // 1 / (hi + lo) = q × (1 + residual − q × lo) to first order.
        return -(q + q * (residual - q * t.lo))
    }

    /// tan of the angle as `hi + lo`: libm's tangent of the radian angle's high part, and the
    /// first-order correction for its low part.
    static func tangentParts(_ angle: Double) -> (hi: Double, lo: Double) {
        let z = toRadians(angle)
        let t = tan(z.hi)
        return (t, (1 + t * t) * z.lo)
    }
}

extension Degrees {
    /// The angle of the point (x, y) in degrees, in (−180, 180]: exact on the axes and the
    /// diagonals, elsewhere libm's radians converted with 180/π in two doubles. (0, 0) gives 0,
    /// as libm and calculators do.
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if y == 0 { return x < 0 ? 180 : 0 }
        if x == 0 { return y < 0 ? -90 : 90 }
        if y.magnitude == x.magnitude { return (x > 0 ? 45 : 135) * (y < 0 ? -1 : 1) }
        return fromRadians(PlatformMath.atan2(y, x))
    }
}
