import CGMP

extension NumberFormat {
    /// A base other than ten that integers print in, with the prefix a literal in it takes.
    enum Radix {
        case hexadecimal, octal, binary

        /// 16, 8 or 2; nil for any other base (decimal).
        init?(_ base: Int) {
            switch base {
            case 16: self = .hexadecimal
            case 8: self = .octal
            case 2: self = .binary
            default: return nil
            }
        }

        var prefix: StaticString {
            switch self {
            case .hexadecimal: "0x"
            case .octal: "0o"
            case .binary: "0b"
            }
        }

        var bitsPerDigit: Int {
            switch self {
            case .hexadecimal: 4
            case .octal: 3
            case .binary: 1
            }
        }
    }

    /// An exact integer as the sign, the prefix and the digits: `0xFF`, `-0x10`, `0o17`,
    /// `0b1011`, `0x0`. Hexadecimal digits are uppercase; the prefix lowercase, as the
    /// literals are usually written.
    func appendInteger(_ n: ExactInteger, radix: Radix, to out: inout [UInt8]) {
        if Self.isNegative(n) { out.append(contentsOf: minusBytes) }
        radix.prefix.withUTF8Buffer { out.append(contentsOf: $0) }
        switch n {
        case .small(let v):
            var magnitude = v.magnitude
            let first = out.count
            let shift = UInt(radix.bitsPerDigit), mask = (UInt(1) << shift) - 1
            repeat {
                out.append(Self.uppercaseDigits[Int(magnitude & mask)])
                magnitude >>= shift
            } while magnitude > 0
            out[first...].reverse()
        case .big:
            // GMP's negative base -16 means uppercase letters.
            let gmpRadix: Int32 = switch radix {
            case .hexadecimal: -16
            case .octal: 8
            case .binary: 2
            }
            ExactMagnitude.withMagnitude(n) { Self.appendDigits(of: $0, radix: gmpRadix, to: &out) }
        }
    }

    static let uppercaseDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
