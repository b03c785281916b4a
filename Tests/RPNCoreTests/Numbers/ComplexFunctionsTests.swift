@testable import RPNCore
import CMPFR
import Testing

/// The complex elementary functions of doubles and of `--digits` values (ComplexFunctions,
/// through MPC). Every expected value comes from scripts/complex-reference.py: mpmath at 300
/// digits, each part rounded once to the nearest double; a value on a branch cut is taken on
/// the +0 side of it (C99 Annex G's reading of the one zero rpn has).
@Suite struct ComplexFunctionsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let op: BuiltinID
        let z: (re: Double, im: Double)
        let expected: (re: Double, im: Double)
        var testDescription: String { "\(op)(\(z.re), \(z.im)) = (\(expected.re), \(expected.im))" }
    }

    struct PairCase: Sendable, CustomTestStringConvertible {
        let z: (re: Double, im: Double)
        let w: (re: Double, im: Double)
        let expected: (re: Double, im: Double)
        var testDescription: String { "(\(z.re), \(z.im)), (\(w.re), \(w.im)) = (\(expected.re), \(expected.im))" }
    }

    /// The same double, and a zero is +0 (rpn has one zero).
    static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || a.isNaN && b.isNaN
    }

    // scripts/complex-reference.py cases
    static let unaryCases: [Case] = ([
        (.sqrt, -4, 0, 0.0, 2.0),
        (.sqrt, 0, 2, 1.0, 1.0),
        (.sqrt, 3, 4, 2.0, 1.0),
        (.sqrt, -3, -4, 1.0, -2.0),
        (.sqrt, Double(bitPattern: 0x000012688b70e62b), Double(bitPattern: 0x000012688b70e62b), 1.0986841134678082e-155, 4.5508986056222663e-156),
        (.cbrt, -8, 0, 1.0, 1.7320508075688772),
        (.cbrt, 0, 8, 1.7320508075688772, 1.0),
        (.cbrt, -2, 2, 1.0, 1.0),
        (.cbrt, 1, 1, 1.0842150814913512, 0.29051455550725147),
        (.cbrt, 0, -27, 2.598076211353316, -1.5),
        (.exp, 0, 3.141592653589793, -1.0, 1.2246467991473532e-16),
        (.exp, 1, 1, 1.4686939399158851, 2.2873552871788423),
        (.exp, -745, 1, 0.0, 0.0),
        (.exp, 710, 0.5, .infinity, 1.0710341440060488e+308),
        (.exp, 0, 1e-300, 1.0, 1e-300),
        (.exp10, 2, 0, 100.0, 0.0),
        (.exp10, 0, 1, -0.6682015101903129, 0.7439803369574932),
        (.exp10, -320, 1, Double(bitPattern: 0x8000000000000548), Double(bitPattern: 0x00000000000005e2)),
        (.exp10, 1, -1, -6.682015101903129, -7.439803369574932),
        (.ln, -1, 0, 0.0, 3.141592653589793),
        (.ln, 0, 1, 0.0, 1.5707963267948966),
        (.ln, 3, 4, 1.6094379124341003, 0.9272952180016122),
        (.ln, 1, 1e-300, 0.0, 1e-300),
        (.ln, 1e+308, 1e+308, 709.542782232446, 0.7853981633974483),
        (.log, -100, 0, 2.0, 1.3643763538418414),
        (.log, 0, 10, 1.0, 0.6821881769209207),
        (.log, 3, 4, 0.6989700043360189, 0.40271919627337316),
        (.log2, -1, 0, 0.0, 4.532360141827194),
        (.log2, 1, 1, 0.5, 1.1330900354567985),
        (.log2, 0, 8, 3.0, 2.266180070913597),
        (.log2, 3, 4, 2.321928094887362, 1.3378042124509761),
        (.log2, -0.5, 0.5, -0.5, 3.399270106370395),
        (.sin, 1, 1, 1.2984575814159773, 0.6349639147847361),
        (.sin, 0, 1, 0.0, 1.1752011936438014),
        (.sin, 3, -2, 0.5309210862485199, 3.59056458998578),
        (.cos, 1, 1, 0.833730025131149, -0.9888977057628651),
        (.cos, 0, 1, 1.5430806348152437, 0.0),
        (.cos, 3, -2, -3.7245455049153224, 0.5118225699873846),
        (.tan, 1, 1, 0.27175258531951174, 1.0839233273386946),
        (.tan, 0, 1, 0.0, 0.7615941559557649),
        (.tan, 1.5707963267948966, 1e-10, 6123.233995734469, 9999999999.99625),
        (.asin, 2, 0, 1.5707963267948966, 1.3169578969248168),
        (.asin, -2, 0, -1.5707963267948966, 1.3169578969248168),
        (.asin, 0.5, 0, 0.5235987755982989, 0.0),
        (.asin, 1, 1, 0.6662394324925153, 1.0612750619050357),
        (.asin, 0, 2, 0.0, 1.4436354751788103),
        (.acos, 2, 0, 0.0, -1.3169578969248168),
        (.acos, -2, 0, 3.141592653589793, -1.3169578969248168),
        (.acos, 1, 1, 0.9045568943023814, -1.0612750619050357),
        (.acos, 0, 2, 1.5707963267948966, -1.4436354751788103),
        (.atan, 0, 2, 1.5707963267948966, 0.5493061443340549),
        (.atan, 0, -2, 1.5707963267948966, -0.5493061443340549),
        (.atan, 1, 1, 1.0172219678978514, 0.40235947810852507),
        (.atan, 0, 0.5, 0.0, 0.5493061443340549),
        (.sinh, 1, 1, 0.6349639147847361, 1.2984575814159773),
        (.sinh, 0, 1, 0.0, 0.8414709848078965),
        (.sinh, -2, 3, 3.59056458998578, 0.5309210862485199),
        (.cosh, 1, 1, 0.833730025131149, 0.9888977057628651),
        (.cosh, 0, 1, 0.5403023058681398, 0.0),
        (.cosh, -2, 3, -3.7245455049153224, -0.5118225699873846),
        (.tanh, 1, 1, 1.0839233273386946, 0.27175258531951174),
        (.tanh, 0, 1, 0.0, 1.5574077246549023),
        (.tanh, -2, 3, -0.9653858790221331, -0.009884375038322494),
        // Far from the imaginary axis (MPC's own tanh takes seconds there): ±1, and an
        // imaginary part of 2e^(−2|x|)sin(2y). mpmath at 4000 bits.
        (.tanh, 60, 0.5, 1.0, 1.2904206751510443e-52),
        (.tanh, 1e6, 1, 1.0, 0.0),
        (.tanh, -1e6, 1, -1.0, 0.0),
        (.tanh, 1e300, 2, 1.0, 0.0),
        (.tan, 0.5, -60, 1.2904206751510443e-52, -1.0),
        (.tan, 1, 1e6, 0.0, 1.0),
        (.asinh, 0, 2, 1.3169578969248168, 1.5707963267948966),
        (.asinh, 0, -2, 1.3169578969248168, -1.5707963267948966),
        (.asinh, 1, 1, 1.0612750619050357, 0.6662394324925153),
        (.asinh, 0, 0.5, 0.0, 0.5235987755982989),
        (.acosh, 0.5, 0, 0.0, 1.0471975511965979),
        (.acosh, -2, 0, 1.3169578969248168, 3.141592653589793),
        (.acosh, 1, 1, 1.0612750619050357, 0.9045568943023814),
        (.acosh, 0, 1, 0.881373587019543, 1.5707963267948966),
        (.atanh, 2, 0, 0.5493061443340549, 1.5707963267948966),
        (.atanh, -2, 0, -0.5493061443340549, 1.5707963267948966),
        (.atanh, 1, 1, 0.40235947810852507, 1.0172219678978514),
        (.atanh, 0.5, 0, 0.5493061443340549, 0.0),
    ] as [(BuiltinID, Double, Double, Double, Double)]).map { Case(op: $0.0, z: ($0.1, $0.2), expected: ($0.3, $0.4)) }

    static let powerCases: [PairCase] = ([
        ((0, 1), (0, 1), (0.2078795763507619, 0.0)),
        ((-8, 0), (0.3333333333333333, 0), (1.0, 1.7320508075688772)),
        ((1, 1), (2, 0), (0.0, 2.0)),
        ((2, 3), (-1.5, 0.5), (0.060110285334702945, -0.06611759154630462)),
        ((-1, 0), (0.5, 0), (0.0, 1.0)),
        ((3, 4), (0, 0), (1.0, 0.0)),
        ((10, 0), (0, 1), (-0.6682015101903129, 0.7439803369574932)),
    ] as [((Double, Double), (Double, Double), (Double, Double))]).map { PairCase(z: $0.0, w: $0.1, expected: $0.2) }

    static let rootCases: [PairCase] = ([
        ((-8, 0), (3, 0), (1.0, 1.7320508075688772)),
        ((0, 8), (3, 0), (1.7320508075688772, 1.0)),
        ((-4, 0), (2, 0), (0.0, 2.0)),
        ((16, 0), (4, 0), (2.0, 0.0)),
        ((0, 1), (2, 0), (0.7071067811865476, 0.7071067811865476)),
        ((3, 4), (5, 0), (1.3560696537818153, 0.2544190103116233)),
        ((1, 1), (-2, 0), (0.7768869870150187, -0.3217971264527913)),
        ((2, 3), (1, 1), (3.069043209988921, -0.4633397632059554)),
        ((-1, 1), (1.5, 0), (0.0, 1.2599210498948732)),
        ((-1, 1), (0.75, 0), (-1.5874010519681996, 0.0)),
        ((-2, 2), (1.5, 0), (0.0, 2.0)),
        ((0, -64), (6, 0), (1.9318516525781366, -0.5176380902050415)),

    ] as [((Double, Double), (Double, Double), (Double, Double))]).map { PairCase(z: $0.0, w: $0.1, expected: $0.2) }

    @Test(arguments: unaryCases) func unaryIsCorrectlyRounded(_ c: Case) throws {
        let r = try #require(ComplexFunctions.unary(c.op, c.z.re, c.z.im))
        #expect(Self.same(r.re, c.expected.re) && Self.same(r.im, c.expected.im), "got (\(r.re), \(r.im))")
    }

    @Test(arguments: powerCases) func powerIsCorrectlyRounded(_ c: PairCase) throws {
        let r = try #require(ComplexFunctions.power(c.z, c.w))
        #expect(Self.same(r.re, c.expected.re) && Self.same(r.im, c.expected.im), "got (\(r.re), \(r.im))")
    }

    @Test(arguments: rootCases) func rootIsCorrectlyRounded(_ c: PairCase) throws {
        let r = try #require(ComplexFunctions.root(c.z, c.w))
        #expect(Self.same(r.re, c.expected.re) && Self.same(r.im, c.expected.im), "got (\(r.re), \(r.im))")
    }

    @Test func zeroToAPower() {
        #expect(ComplexFunctions.power((0, 0), (2, 1)).map { [$0.re, $0.im] } == [0, 0])
        #expect(ComplexFunctions.power((0, 0), (0, 0)).map { [$0.re, $0.im] } == [1, 0])
        #expect(ComplexFunctions.power((0, 0), (-1, 0)) == nil)
        #expect(ComplexFunctions.power((0, 0), (0, 1)) == nil)
        #expect(ComplexFunctions.root((0, 0), (3, 0)).map { [$0.re, $0.im] } == [0, 0])
        #expect(ComplexFunctions.root((0, 0), (-3, 0)) == nil)
        #expect(ComplexFunctions.root((2, 1), (0, 0)) == nil)
    }

    @Test func onlyTheElementaryFunctions() {
        for op in [BuiltinID.add, .abs, .sq, .inv, .floor, .atan2, .pi] {
            #expect(ComplexFunctions.unary(op, 1, 1) == nil, "\(op)")
        }
    }

    /// Poles give an infinite part (the caller reports them), as overflow does.
    @Test func polesAreInfinite() throws {
        let ln0 = try #require(ComplexFunctions.unary(.ln, 0, 0))
        #expect(ln0.re == -.infinity)
        let atanh1 = try #require(ComplexFunctions.unary(.atanh, 1, 0))
        #expect(atanh1.re == .infinity)
        let atanI = try #require(ComplexFunctions.unary(.atan, 0, 1))
        #expect(atanI.im == .infinity)
    }

    /// No result part is -0, whatever MPC's sign of a zero.
    @Test func zerosArePositive() throws {
        for (op, re, im) in [(BuiltinID.tan, -1.0, 0.0), (.sin, -2, 0), (.sqrt, 4, 0), (.atan, -0.5, 0), (.asinh, 0, -0.5),
                             (.exp, -800, -1), (.cosh, 0, -1), (.ln, 1, 0), (.log2, 1, 0), (.cbrt, -0.0, -8)] {
            let r = try #require(ComplexFunctions.unary(op, re, im))
            for part in [r.re, r.im] where part == 0 {
                #expect(part.sign == .plus, "\(op)(\(re), \(im)) = (\(r.re), \(r.im))")
            }
        }
    }

    /// 200 random operands per word (and for power and root), against mpmath: every part the
    /// correctly rounded double (Numbers/ComplexFunctionsReference.swift, generated).
    @Test func randomOperandsAreCorrectlyRounded() {
        let words = Dictionary(uniqueKeysWithValues: BuiltinID.allCases.map { ("\($0)", $0) })
        var checked = 0
        for line in complexFunctionsReference.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let x = fields.dropFirst().map { Double(bitPattern: UInt64($0, radix: 16)!) }
            let r: (re: Double, im: Double)?
            switch fields[0] {
            case "power": r = ComplexFunctions.power((x[0], x[1]), (x[2], x[3]))
            case "root": r = ComplexFunctions.root((x[0], x[1]), (x[2], x[3]))
            default: r = ComplexFunctions.unary(words[String(fields[0])]!, x[0], x[1])
            }
            let expected = (x[x.count - 2], x[x.count - 1])
            #expect(r.map { Self.same($0.re, expected.0) && Self.same($0.im, expected.1) } == true,
                    "\(line): got \(String(describing: r))")
            checked += 1
        }
        #expect(checked == 21 * 200)
    }

    // MARK: - --digits

    struct DigitCase: Sendable, CustomTestStringConvertible {
        let op: BuiltinID
        let z: (re: Double, im: Double)
        let w: (re: Double, im: Double)
        let expected: (re: (String, Int), im: (String, Int))
        var testDescription: String { "\(op)(\(z), \(w))" }
    }

    static func float(_ x: Double, digits: Int = 50) -> BigFloat {
        BigFloat(digits: digits) { mpfr_set_d($0, x, MPFR_RNDN) }
    }

    /// A value's 50 digits and exponent, as the script writes them (a leading "-" if negative).
    static func text(_ x: BigFloat) -> (String, Int) {
        let (digits, exponent) = x.significantDigits(50)
        return ((x.signum < 0 ? "-" : "") + String(decoding: digits, as: UTF8.self), exponent)
    }

    // scripts/complex-reference.py digits: (op, z, nothing) for the words, (.power or .root, z, w)
    static let digitCases: [DigitCase] = ([
        (.sqrt, -2, 0, ("0", 1), ("14142135623730950488016887242096980785696718753769", 1)),
        (.ln, -1, 0, ("0", 1), ("31415926535897932384626433832795028841971693993751", 1)),
        (.exp, 1, 1, ("14686939399158851571389675973266042613269567366290", 1), ("22873552871788423912081719067005018089555862566684", 1)),
        (.asin, 2, 0, ("15707963267948966192313216916397514420985846996876", 1), ("13169578969248167086250463473079684440269819714675", 1)),
        (.log2, 3, 4, ("23219280948873623478703194294893901758648313930246", 1), ("13378042124509761963512194620027085735778170528714", 1)),
        (.cbrt, 1, 1, ("10842150814913511818796660082610832038799929487881", 1), ("29051455550725144450381318862492907368424628483821", 0)),
        (.atanh, 2, 0, ("54930614433405484569762261846126285232374527891137", 0), ("15707963267948966192313216916397514420985846996876", 1)),
        (.acos, 2, 0, ("0", 1), ("-13169578969248167086250463473079684440269819714675", 1)),
        (.tanh, 1e6, 1, ("10000000000000000000000000000000000000000000000000", 1), ("19766485313666873766313288873295355059110804046059", -868588)),
        (.tan, 0.5, -60, ("12904206751510443332305687449457935983567064568418", -51), ("-10000000000000000000000000000000000000000000000000", 1)),
    ] as [(BuiltinID, Double, Double, (String, Int), (String, Int))]).map {
        DigitCase(op: $0.0, z: ($0.1, $0.2), w: (0, 0), expected: ($0.3, $0.4))
    } + ([
        ((2, 3), (-1.5, 0.5), ("60110285334702947438937750429955438264074851364504", -1), ("-66117591546304622111431399834715354059465441554781", -1)),
        ((-8, 0), (0.5, 0), ("0", 1), ("28284271247461900976033774484193961571393437507539", 1)),
    ] as [((Double, Double), (Double, Double), (String, Int), (String, Int))]).map {
        DigitCase(op: .power, z: $0.0, w: $0.1, expected: ($0.2, $0.3))
    } + ([
        ((0, 8), (3, 0), ("17320508075688772935274463415058723669428052538104", 1), ("10000000000000000000000000000000000000000000000000", 1)),
        ((3, 4), (5, 0), ("13560696537818153739168314749524561225694403980227", 1), ("25441901031162328348199515480736309783359655746663", 0)),
        ((-1, 1), (1.5, 0), ("0", 1), ("12599210498948731647672106072782283505702514647015", 1)),
        ((-2, 2), (1.5, 0), ("0", 1), ("20000000000000000000000000000000000000000000000000", 1)),
    ] as [((Double, Double), (Double, Double), (String, Int), (String, Int))]).map {
        DigitCase(op: .root, z: $0.0, w: $0.1, expected: ($0.2, $0.3))
    }

    @Test(arguments: digitCases) func fiftyDigits(_ c: DigitCase) throws {
        let z = (re: Self.float(c.z.re), im: Self.float(c.z.im)), w = (re: Self.float(c.w.re), im: Self.float(c.w.im))
        let r = try #require(
            c.op == .power ? ComplexFunctions.power(z, w, digits: 50)
                : c.op == .root ? ComplexFunctions.root(z, w, digits: 50)
                : ComplexFunctions.unary(c.op, z.re, z.im, digits: 50))
        #expect(r.re.digits == 50 && r.im.digits == 50)
        #expect(Self.text(r.re) == c.expected.re && Self.text(r.im) == c.expected.im,
                "got \(Self.text(r.re)), \(Self.text(r.im))")
    }
}
