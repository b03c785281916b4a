@testable import RPNCore
import RPNTestSupport
import Testing

/// Identities of Gaussian rationals over random operands (a seeded generator, so a failure
/// names a reproducible case): whatever the exact arithmetic computes must satisfy the algebra,
/// with results compared as `Number`s, structurally, so a value that should have become real
/// (`1i 1i ×`) and stayed `.complex`, or a fraction not in lowest terms, fails too. The
/// identities are their own reference: no expected value comes from rpn.
@Suite struct ComplexArithmeticTests {
    typealias Op = (BuiltinID, Number, Number) throws -> Number

    static func binary(_ op: BuiltinID, _ a: Number, _ b: Number) throws -> Number {
        try ComplexArithmetic.binaryValue(op, a, b, digits: nil, angle: .radians)
    }

    static func unary(_ op: BuiltinID, _ a: Number) throws -> Number {
        try ComplexArithmetic.unaryValue(op, a, digits: nil, angle: .radians)
    }

    /// A random exact part: small fractions mostly, sometimes 0 (so that reals and pure
    /// imaginary values come up), sometimes a numerator past 2^64 (the GMP path).
    static func part(_ rng: inout SeededGenerator) -> Number {
        let n = Int.random(in: -40...40, using: &rng), d = Int.random(in: 1...12, using: &rng)
        let x = Number.ratio(.small(n), .small(d))
        guard Int.random(in: 0..<8, using: &rng) == 0 else { return x }
        return (try? ComplexArithmetic.parts(.multiply, x, big)) ?? x
    }

    /// 10^25 + 7, past 2^64.
    static let big: Number = {
        let ten25 = try! ComplexArithmetic.parts(.multiply, Number(10_000_000_000_000), Number(1_000_000_000_000))
        return try! ComplexArithmetic.parts(.add, ten25, Number(7))
    }()

    /// A random Gaussian rational (a real when its imaginary part came out 0).
    static func gaussian(_ rng: inout SeededGenerator) -> Number {
        Number.complex(re: part(&rng), im: part(&rng))
    }

    static let seeds: [UInt64] = [1, 2, 3, 42, 2026]

    @Test(arguments: seeds)
    func productDividedByTheFactorIsTheOther(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let a = Self.gaussian(&rng), b = Self.gaussian(&rng)
            guard !b.isZero else { continue }
            let product = try Self.binary(.multiply, a, b)
            #expect(try Self.binary(.divide, product, b) == a, "(\(a)·\(b))/\(b)")
        }
    }

    @Test(arguments: seeds)
    func sumMinusTheTermIsTheOther(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let a = Self.gaussian(&rng), b = Self.gaussian(&rng)
            #expect(try Self.binary(.subtract, try Self.binary(.add, a, b), b) == a, "(\(a)+\(b))−\(b)")
        }
    }

    /// z·conj(z) is the real re² + im², and |z|² when the modulus is rational.
    @Test(arguments: seeds)
    func timesConjugateIsTheNorm(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let z = Self.gaussian(&rng)
            let norm = try ComplexArithmetic.parts(
                .add, try ComplexArithmetic.parts(.multiply, z.realPart, z.realPart),
                try ComplexArithmetic.parts(.multiply, z.imaginaryPart, z.imaginaryPart))
            let product = try Self.binary(.multiply, z, try Self.unary(.conj, z))
            #expect(product == norm, "\(z)·conj")
            #expect(!product.isComplex)
            let modulus = try Self.unary(.abs, z)
            if modulus.isExact { #expect(try Self.unary(.sq, modulus) == norm, "|\(z)|²") }
        }
    }

    /// Pythagorean moduli are exact: |(m²−n²) + 2mn·i| = m² + n².
    @Test func pythagoreanModuliAreExact() throws {
        for m in 1...12 {
            for n in 0..<m {
                let z = Number.complex(re: Number(m * m - n * n), im: Number(2 * m * n))
                #expect(try Self.unary(.abs, z) == Number(m * m + n * n), "|\(z)|")
            }
        }
    }

    @Test(arguments: seeds)
    func powersAdd(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<60 {
            let z = Self.gaussian(&rng)
            guard !z.isZero else { continue }
            let m = Int.random(in: -6...6, using: &rng), n = Int.random(in: -6...6, using: &rng)
            let product = try Self.binary(.multiply, try Self.binary(.power, z, Number(m)), try Self.binary(.power, z, Number(n)))
            #expect(product == (try Self.binary(.power, z, Number(m + n))), "\(z)^\(m)·\(z)^\(n)")
        }
    }

    /// A power by squaring agrees with the plain repeated product.
    @Test(arguments: seeds)
    func powerIsRepeatedProduct(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<60 {
            let z = Self.gaussian(&rng)
            var product = Number(1)
            for n in 0...13 {
                #expect(try Self.binary(.power, z, Number(n)) == product, "\(z)^\(n)")
                product = try Self.binary(.multiply, product, z)
            }
        }
    }

    @Test(arguments: seeds)
    func inverseTimesTheValueIsOne(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let z = Self.gaussian(&rng)
            guard !z.isZero else { continue }
            let inverse = try Self.unary(.inv, z)
            #expect(try Self.binary(.multiply, z, inverse) == Number(1), "\(z)·inv")
            #expect(try Self.binary(.power, z, Number(-1)) == inverse)
        }
    }

    /// The square of a Gaussian rational w has an exact root: ±w, the principal one (real
    /// part positive, or zero with the imaginary part non-negative), which squares back.
    @Test(arguments: seeds)
    func exactSquareRootsSquareBack(_ seed: UInt64) throws {
        var rng = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let w = Self.gaussian(&rng)
            let z = try Self.binary(.multiply, w, w)
            guard z.isComplex || z.isNegative else { continue }  // √ of a real ≥ 0 is the real word's
            let root = try Self.unary(.sqrt, z)
            #expect(root.isExact, "√\(z)")
            #expect(try Self.unary(.sq, root) == z, "√\(z)²")
            let minusW = try Self.unary(.negate, w)
            #expect(root == w || root == minusW, "√\(z) = ±\(w)")
            let re = root.realPart, im = root.imaginaryPart
            #expect(re.signum > 0 || re.isZero && im.signum >= 0, "√\(z) = \(root) is the principal root")
            #expect(try Self.binary(.power, z, Number.ratio(.small(1), .small(2))) == root, "\(z)^(1/2)")
        }
    }

    /// A zero imaginary part is a real, structurally: never `.complex` with im 0.
    @Test func zeroImaginaryPartIsReal() throws {
        let half = Number.ratio(.small(1), .small(2))
        let cases: [(Number, Number)] = [
            (Number.complex(re: Number(3), im: Number(0)), Number(3)),
            (Number.complex(re: half, im: Number(0)), half),
            (Number.complex(re: Number(2.5), im: Number(0)), Number(2.5)),
            (try Self.binary(.multiply, Number.complex(re: Number(0), im: Number(1)), Number.complex(re: Number(0), im: Number(1))),
             Number(-1)),
            (try Self.binary(.add, Number.complex(re: Number(1), im: Number(2)), Number.complex(re: Number(1), im: Number(-2))),
             Number(2)),
            (try Self.binary(.subtract, Number.complex(re: half, im: half), Number.complex(re: Number(0), im: half)), half),
            (try Self.unary(.sq, Number.complex(re: Number(0), im: Number(3))), Number(-9)),
            (try Self.unary(.conj, Number(7)), Number(7)),
            (try Self.binary(.cplx, Number(5), Number(0)), Number(5)),
        ]
        for (value, expected) in cases {
            #expect(value == expected)
            #expect(value.isComplex == expected.isComplex)
        }
    }

    /// An exact part beside an inexact one is made inexact: the parts are always of one kind.
    @Test func partsAreOfOneKind() {
        let z = Number.complex(re: Number.ratio(.small(1), .small(3)), im: Number(2.0))
        guard case .complex(let parts) = z else { Issue.record("not complex"); return }
        #expect(parts.re == Number(1.0 / 3.0))
        #expect(!parts.re.isExact && !parts.im.isExact)
    }
}
