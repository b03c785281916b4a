extension NumberFormat {
    /// An exact non-integer as a fraction in lowest terms: `1/3`, `-3/4` (the sign on the
    /// numerator). With grouping, each part is grouped (`1,234/5`).
    func appendFraction(_ r: Rational, to out: inout [UInt8]) {
        if Self.isNegative(r.numerator) { out.append(contentsOf: minusBytes) }
        let numeratorStart = out.count
        ExactMagnitude(r.numerator).appendIntegerDigits(to: &out)
        if grouping { Self.groupDigits(in: &out, from: numeratorStart) }
        out.append(UInt8(ascii: "/"))
        let denominatorStart = out.count
        ExactMagnitude(r.denominator).appendIntegerDigits(to: &out)
        if grouping { Self.groupDigits(in: &out, from: denominatorStart) }
    }
}
