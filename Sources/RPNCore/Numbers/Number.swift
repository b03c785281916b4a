/// A value of rpn: exact (an integer of any size, or a rational) or inexact (an IEEE double, or
/// an MPFR number with `--digits`), or a complex value whose parts are one of those.
///
/// Normalized, so equal values have equal representations among the exact ones: an integral
/// exact value is always `.integer`, never a `Rational` with denominator 1. `.real` is finite
/// and never −0 (rpn has one zero). `Hashable` is structural: `.real(1)` and `.integer(1)`
/// differ; `compare(_:_:)` compares numerically.
public enum Number: Sendable, Hashable {
    /// An exact integer.
    case integer(ExactInteger)
    /// An exact non-integer.
    case rational(Rational)
    /// An inexact value: finite, never −0.
    case real(Double)
    /// An inexact value of `--digits N`: finite, never −0.
    case float(BigFloat)
    /// A complex value with a nonzero imaginary part (`ComplexNumber`; made by
    /// `Number.complex(re:im:)`). Exact when its parts are.
    indirect case complex(ComplexNumber)
    /// A list of values (issue 19), `{ 1 2 3 }`: elements of any kind, lists too. Arithmetic
    /// on a list works element by element (`ListArithmetic`); the list words take it whole.
    indirect case list([Number])
    /// Code kept as a value, `[ dup × ]` or `' sq` (`Quotation`): what map, filter, fold,
    /// times and call run. Not a number: arithmetic on it is an error.
    case quotation(Quotation)

    /// An inexact value (−0 becomes 0).
    @inlinable
    public init(_ d: Double) { self = .real(d == 0 ? 0 : d) }

    @inlinable
    public init(_ i: Int) { self = .integer(.small(i)) }

    @inlinable public var isExact: Bool {
        switch self {
        case .integer, .rational: return true
        case .real, .float: return false
        case .complex(let z): return z.re.isExact
        case .list(let elements): return elements.allSatisfy(\.isExact)
        case .quotation: return true
        }
    }

    /// An exact integer, or a real with an integral value.
    @inlinable public var isInteger: Bool {
        switch self {
        case .integer: return true
        case .rational: return false
        case .real(let d): return d == d.rounded(.towardZero)
        case .float(let f): return f.isInteger
        case .complex, .list, .quotation: return false
        }
    }

    /// The value as an `Int` when it is an exact integer that fits.
    @inlinable public var smallInteger: Int? {
        if case .integer(.small(let x)) = self { return x }
        return nil
    }

    /// The exact value as numerator and denominator (denominator 1 for integers); nil for
    /// `.real`.
    @inlinable public var fraction: (numerator: ExactInteger, denominator: ExactInteger)? {
        switch self {
        case .integer(let i): return (i, .one)
        case .rational(let r): return (r.numerator, r.denominator)
        case .real, .float, .complex, .list, .quotation: return nil
        }
    }

    /// -1, 0 or 1; 1 for a complex value, which is never zero and has no sign (the words that
    /// ask for a sign take complex values apart before they ask).
    public var signum: Int {
        switch self {
        case .integer(let i): return i.signum
        case .rational(let r): return r.numerator.signum
        case .real(let d): return d < 0 ? -1 : d > 0 ? 1 : 0
        case .float(let f): return f.signum
        case .complex, .list, .quotation: return 1
        }
    }

    public var isZero: Bool { signum == 0 }
}
