/// `torad` and `todeg` (issue 18): x·π/180 and x·180/π, correctly rounded to a double.
///
/// π is irrational, so neither has an exact answer but at 0 (which stays exact 0): an exact
/// operand gives the double nearest the true value (`180 torad` is π's double), and so does
/// a double, read as the exact value it is (`π todeg` is 180: π's double is 1.2·10^-16 below
/// π, and 180·(1 − 3.9·10^-17) is nearer to 180 than to the double below it).
///
/// How: π is bracketed in integers, π·2^P within ±1 (Machin's formula in fixed point, P bits
/// and guard bits); the answer's two ends are rounded to doubles; where they agree, that is
/// the correctly rounded answer; else P doubles (π·x/180 is never a double's halfway point,
/// π being irrational, so the loop ends; in practice 128 bits decide at once).
extension Number {
    /// x·π/180 (`toRadians`) or x·180/π of an exact x ≠ 0, rounded to the nearest double
    /// (±infinity past the range: the caller reports it).
    static func angleConversion(_ x: Number, toRadians: Bool) -> Double {
        guard let (n, d) = x.fraction else { return .nan }
        var bits = 128
        while true {
            let pi = piBracket(bits: bits)  // π·2^bits in [pi − 1, pi + 1]
            let ends = [pi - .one, pi + .one].map { p -> Double in
                // x·π/180 = n·p / (d·180·2^bits); x·180/π = n·180·2^bits / (d·p).
                let numerator = toRadians ? n * p : (n * .small(180)).shiftedLeft(bits)
                let denominator = toRadians ? (d * .small(180)).shiftedLeft(bits) : d * p
                return correctlyRounded(numerator, denominator)
            }
            if ends[0] == ends[1] || bits >= 1 << 14 { return ends[0] }
            bits *= 2
        }
    }

    /// ⌊π·2^bits⌋ within 1: 16·atan(1/5) − 4·atan(1/239) summed in fixed point with 32 guard
    /// bits (each of the few hundred terms truncated by less than a unit).
    static func piBracket(bits: Int) -> ExactInteger {
        let scale = bits + 32
        func arctanInverse(_ k: Int) -> ExactInteger {
            let kk = ExactInteger.small(k * k)
            var term = ExactInteger.divide(ExactInteger.one.shiftedLeft(scale), by: .small(k), rounding: .down).quotient
            var sum = ExactInteger.zero
            var n = 1
            var add = true
            while !term.isZero {
                let part = ExactInteger.divide(term, by: .small(n), rounding: .down).quotient
                sum = add ? sum + part : sum - part
                term = ExactInteger.divide(term, by: kk, rounding: .down).quotient
                n += 2
                add.toggle()
            }
            return sum
        }
        let pi = arctanInverse(5) * .small(16) - arctanInverse(239) * .small(4)
        return pi.shiftedRight(32)
    }
}
