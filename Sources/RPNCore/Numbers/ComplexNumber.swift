/// A complex value re + im·i whose imaginary part is not zero (a zero imaginary part makes the
/// value the real `re`: `1i 1i ×` is -1). Built only through `Number.complex(re:im:)`, which
/// keeps the invariants:
///
/// - neither part is complex;
/// - the parts are of one kind: both exact (a Gaussian rational, `1/10+7/10i`), both doubles,
///   or both `--digits` values. An exact part beside an inexact one becomes inexact, as an
///   exact operand of an inexact one does in real arithmetic.
public struct ComplexNumber: Sendable, Hashable {
    public let re: Number
    public let im: Number

    fileprivate init(_ re: Number, _ im: Number) {
        self.re = re
        self.im = im
    }
}

extension Number {
    /// re + im·i of two reals, normalized (see `ComplexNumber`): a real when `im` is zero.
    /// (`cplx` refuses complex parts before it gets here.)
    public static func complex(re: Number, im: Number) -> Number {
        precondition(!re.isComplex && !im.isComplex, "the parts of a complex value are real")
        if im.isZero { return re }
        switch (re.isExact, im.isExact) {
        case (true, true): return .complex(ComplexNumber(re, im))
        case (false, false):
            if case .float(let x) = re, case .real(let y) = im {
                return .complex(ComplexNumber(re, .float(BigFloat.from(.real(y), digits: x.digits))))
            }
            if case .real(let x) = re, case .float(let y) = im {
                return .complex(ComplexNumber(.float(BigFloat.from(.real(x), digits: y.digits)), im))
            }
            return .complex(ComplexNumber(re, im))
        case (true, false): return .complex(ComplexNumber(inexact(re, like: im), im))
        case (false, true): return .complex(ComplexNumber(re, inexact(im, like: re)))
        }
    }

    /// An exact value as an inexact one of `other`'s kind: its nearest double, or at the
    /// digits `other` carries.
    static func inexact(_ x: Number, like other: Number) -> Number {
        if case .float(let f) = other { return .float(BigFloat.from(x, digits: f.digits)) }
        return .real(x.doubleValue)
    }

    public var isComplex: Bool {
        if case .complex = self { return true }
        return false
    }

    /// The real part (the value itself for a real).
    public var realPart: Number {
        if case .complex(let z) = self { return z.re }
        return self
    }

    /// The imaginary part (exact 0 for a real).
    public var imaginaryPart: Number {
        if case .complex(let z) = self { return z.im }
        return .integer(.zero)
    }
}
