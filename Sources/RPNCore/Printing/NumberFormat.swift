/// How values print: one formatter for stdout, the shell, hover, inlay hints and JSON strings.
///
/// - `standard`: an exact integer prints all its digits; an exact value whose decimal
///   expansion ends within 34 significant digits prints exactly (`0.3`, `0.0009765625`); any
///   other exact value prints correctly rounded to 16 significant digits
///   (`0.3333333333333333`). Exact non-integers below 1e-4 or above 2^53 take the exponent
///   form of the inexact values (`1e-7`, `1.5e+20`). Inexact values print as
///   `NumberFormatting` prints doubles (shortest round trip).
/// - `fixed(n)`, `scientific(n)`, `engineering(n)`: the HP modes (n decimals; n + 1
///   significant digits in SCI and ENG, whose exponent is a multiple of 3), with a lowercase
///   `e` and no `+` (`3.33`, `1.235e4`, `12.35e3`). The exact value is rounded half away from
///   zero; an inexact value's exact binary value likewise. FIX shows every integer digit of an
///   exact value, however many (as printf's `%.nf` and bc do: `2 100 ^` in FIX 2 is
///   `1267650600228229401496703205376.00`). As HP's scientific models do, FIX shows a number
///   in SCI when FIX cannot show a significant digit of it (`0.001` in FIX 2 is `1.00e-3`), and
///   an inexact value when it has more than 21 integer digits (1e21, the limit of JavaScript's
///   `toFixed`: FIX prints no hundreds of invented digits for the double `1e300`).
/// - `fractions`: exact non-integers as `1/3`, `-3/4`.
/// - `grouping`: commas in the integer part (`1,234,567.5`), never in decimals or exponents.
/// - `base` 16, 8 or 2: exact integers with their prefix (`0xFF`, `-0x10`, `0o17`, `0b1011`,
///   uppercase hex digits); other bases print in decimal, as do non-integers and inexact values.
public struct NumberFormat: Sendable, Equatable {
    public enum Mode: Sendable, Equatable { case standard, fixed(Int), scientific(Int), engineering(Int) }

    /// The most digits a mode shows after the point (a larger count prints as this many): a
    /// formatter asked for `fix 1000000000` stays responsive.
    public static let maximumDigits = 1000

    public var mode: Mode = .standard
    /// Exact non-integers as fractions (`1/3`, `3/4`).
    public var fractions = false
    /// Commas between groups of three integer digits (`1,234,567.5`).
    public var grouping = false
    /// 16, 8, 2: exact integers as `0xFF`, `0o17`, `0b1011`; anything else is decimal.
    public var base = 10
    /// How lists print: `{ 1 2 3 }` (the stack, what one types back) or `{1, 2, 3}` (descriptions).
    public var listStyle: ListStyle = .stack
    /// Complex values in polar form, `5∠0.9272952180016122` (`∠53.13010235415598°` in
    /// degrees), the angle in this unit; nil: rectangular, `3+4i`. Reals print as reals.
    public var polar: AngleUnit?
    /// The sign of negative numbers: ASCII `-` for stdout, `−` where glyphs are wanted.
    public var minus: String = "-" { didSet { minusBytes = Array(minus.utf8) } }
    /// `minus` as UTF-8, kept so that printing a number builds no array for its sign.
    private(set) var minusBytes: [UInt8] = [UInt8(ascii: "-")]

    /// Text that loses nothing, for machine readers (`--json`'s and `rpn/evaluate`'s `exact`):
    /// an integer's every digit, a fraction as `1/3`, an inexact value's shortest round-trip
    /// digits.
    public static let exactText = NumberFormat(fractions: true)

    public init(mode: Mode = .standard, fractions: Bool = false, grouping: Bool = false, base: Int = 10,
                minus: String = "-") {
        self.mode = mode
        self.fractions = fractions
        self.grouping = grouping
        self.base = base
        self.minus = minus
        self.minusBytes = Array(minus.utf8)
    }

    public func string(_ n: Number) -> String {
        var out: [UInt8] = []
        append(n, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `n` as text. The common cases (a machine-sized integer or a double in the
    /// standard mode) write their bytes straight into `out`, building no String or array.
    public func append(_ n: Number, to out: inout [UInt8]) {
        if case .standard = mode, !grouping {
            switch n {
            case .integer(.small(let value)) where base == 10:
                appendSmallInteger(value, to: &out)
                return
            case .real(let value):
                NumberFormatting.append(value, minus: minusBytes, to: &out)
                return
            default:
                break
            }
        }
        switch n {
        case .integer(let value):
            if let radix = Radix(base) {
                appendInteger(value, radix: radix, to: &out)
                return
            }
            if Self.isNegative(value) { out.append(contentsOf: minusBytes) }
            let start = out.count
            if case .standard = mode {
                ExactMagnitude(value).appendIntegerDigits(to: &out)
            } else {
                appendInMode(ExactMagnitude(value), to: &out)
            }
            if grouping { Self.groupDigits(in: &out, from: start) }
        case .rational(let value):
            if fractions {
                appendFraction(value, to: &out)
                return
            }
            if Self.isNegative(value.numerator) { out.append(contentsOf: minusBytes) }
            let start = out.count
            let magnitude = ExactMagnitude(value)
            if case .standard = mode {
                appendStandard(magnitude, to: &out)
            } else {
                appendInMode(magnitude, to: &out)
            }
            if grouping { Self.groupDigits(in: &out, from: start) }
        case .real(let value):
            if value < 0 { out.append(contentsOf: minusBytes) }
            let start = out.count
            // Infinities and NaN are never values; inside messages they print as `inf`, `nan`.
            if mode == .standard || !value.isFinite {
                NumberFormatting.append(value.magnitude, minus: [], to: &out)
            } else {
                appendInMode(ExactMagnitude(value.magnitude), inexact: true, carries: BigFloat.doubleDigits, to: &out)
            }
            if grouping { Self.groupDigits(in: &out, from: start) }
        case .float(let value):
            if value.signum < 0 { out.append(contentsOf: minusBytes) }
            let start = out.count
            if mode == .standard {
                appendStandard(value, to: &out)
            } else {
                appendInMode(ExactMagnitude(value), inexact: true, carries: value.digits, to: &out)
            }
            if grouping { Self.groupDigits(in: &out, from: start) }
        case .complex(let z):
            appendComplex(z, to: &out)
        case .list:
            appendList(n, to: &out)
        case .quotation(let q):
            out.append(contentsOf: q.text.utf8)
        }
    }

    /// `value` in decimal, without a String: the digits are written backwards, then reversed.
    @inline(__always)
    func appendSmallInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(contentsOf: minusBytes) }
        Self.appendDigits(of: value.magnitude, to: &out)
    }

    @inline(__always)
    static func appendDigits(of magnitude: UInt, to out: inout [UInt8]) {
        if magnitude < 10 {
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var n = magnitude
        let first = out.count
        while n > 0 {
            let (q, r) = n.quotientAndRemainder(dividingBy: 10)
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: r))
            n = q
        }
        out[first...].reverse()
    }

    /// The number of decimals a mode shows: negative counts are 0, huge ones `maximumDigits`.
    static func clampedDigits(_ n: Int) -> Int { min(max(n, 0), maximumDigits) }
}
