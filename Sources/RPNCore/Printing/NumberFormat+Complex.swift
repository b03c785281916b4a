/// Complex values as text: `3+4i`, `-2.5i`, `1/10+7/10i` with fractions, each part as the mode
/// prints a real (the real part left out when it is zero); or in polar form, `5∠0.9272952180016122`,
/// when `polar` says so.
extension NumberFormat {
    func appendComplex(_ z: ComplexNumber, to out: inout [UInt8]) {
        if let unit = polar, appendPolar(z, unit, to: &out) { return }
        if !z.re.isZero {
            append(z.re, to: &out)
            if !z.im.isNegative { out.append(UInt8(ascii: "+")) }
        }
        append(z.im, to: &out)
        out.append(UInt8(ascii: "i"))
    }

    /// r∠θ: the modulus, `∠`, the argument in `unit` (with `°` in degrees); false when either
    /// has no value to print (past the doubles' range).
    private func appendPolar(_ z: ComplexNumber, _ unit: AngleUnit, to out: inout [UInt8]) -> Bool {
        let value = Number.complex(re: z.re, im: z.im)
        let digits: Int? = if case .float(let f) = z.re { f.digits } else { nil }
        guard case .value(let r) = ComplexArithmetic.unary(.abs, value, digits: digits, angle: unit),
              case .value(let theta) = ComplexArithmetic.unary(.arg, value, digits: digits, angle: unit) else { return false }
        var rectangular = self
        rectangular.polar = nil
        rectangular.append(r, to: &out)
        out.append(contentsOf: "∠".utf8)
        rectangular.append(theta, to: &out)
        if unit == .degrees { out.append(contentsOf: "°".utf8) }
        return true
    }
}
