@testable import RPNCore
import Testing

/// Issue 18's number theory and conversions at the level of numbers. Expected values come
/// from scripts/number-theory-reference.py (pure Python: Miller–Rabin, pow, a Stern–Brocot
/// walk over the interval of reals that round to a double, π by Machin's formula), or from
/// checks written here independently of the words (trial division, repeated multiplication).
@Suite struct NumberTheoryTests {
    // MARK: - isprime

    /// Trial division: the reference for every n below 20000.
    static func isPrimeByTrialDivision(_ n: Int) -> Bool {
        guard n >= 2 else { return false }
        var d = 2
        while d * d <= n {
            if n % d == 0 { return false }
            d += 1
        }
        return true
    }

    @Test func isPrimeAgreesWithTrialDivisionBelow20000() {
        for n in -10..<20_000 {
            #expect(ExactInteger.small(n).isPrime == Self.isPrimeByTrialDivision(n), "\(n)")
        }
    }

    @Test func nextAndPreviousPrimeStepThroughThePrimesBelow20000() {
        let primes = (0..<20_100).filter(Self.isPrimeByTrialDivision)
        for (k, p) in primes.enumerated().dropLast() {
            #expect(ExactInteger.small(p).nextPrime == .small(primes[k + 1]))
            #expect(ExactInteger.small(primes[k + 1]).previousPrime == .small(p))
            // From every number in between.
            for n in p..<primes[k + 1] where n > p {
                #expect(ExactInteger.small(n).nextPrime == .small(primes[k + 1]))
                #expect(ExactInteger.small(n).previousPrime == .small(p))
            }
        }
        #expect(ExactInteger.small(2).previousPrime == nil)
    }

    /// Strong pseudoprimes (to base 2, and the least ones to the first k prime bases, ψk),
    /// Carmichael numbers, primes and composites near 2^32, 2^64 and 2^89, from the reference.
    static let primality: [(String, Bool)] = [
        ("2047", false), ("3277", false), ("4033", false), ("4681", false), ("8321", false),
        ("1373653", false), ("25326001", false), ("3215031751", false), ("2152302898747", false),
        ("3474749660383", false), ("341550071728321", false), ("3825123056546413051", false),
        ("318665857834031151167461", false), ("3317044064679887385961981", false),
        ("561", false), ("1105", false), ("1729", false), ("2465", false), ("2821", false), ("6601", false),
        ("41041", false), ("825265", false), ("321197185", false), ("5394826801", false),
        ("4294967291", true), ("4294967311", true), ("4294967297", false),
        ("18446744073709551557", true), ("18446744073709551533", true), ("18446744073709551615", false),
        ("18446744073709551629", true), ("18446744073709551617", false), ("18446744211148505343", false),
        ("618970019642690137449562111", true), ("618970019642690137449562113", false),
        ("170141183460469231731687303715884105727", true), ("170141183460469231731687303715884105729", false),
        ("-2", false), ("-3", false), ("0", false), ("1", false), ("2", true),
    ]

    @Test(arguments: primality)
    func isPrime(_ n: String, _ expected: Bool) {
        #expect(NumberText.integer(n).isPrime == expected)
        #expect(NumberText.text(Number.numberTheory(.isprime, NumberText.number(n), inexact: false)) == (expected ? "1" : "0"))
    }

    static let searches: [(String, String, String)] = [
        ("nextprime", "2147483647", "2147483659"),
        ("nextprime", "2305843009213693951", "2305843009213693967"),
        ("nextprime", "18446744073709551556", "18446744073709551557"),
        ("nextprime", "18446744073709551557", "18446744073709551629"),
        ("nextprime", "18446744073709551615", "18446744073709551629"),
        ("nextprime", "18446744073709551616", "18446744073709551629"),
        ("nextprime", "618970019642690137449562111", "618970019642690137449562141"),
        ("nextprime", "1000000000000000000000000000000", "1000000000000000000000000000057"),
        ("nextprime", "-5", "2"),
        ("prevprime", "2147483648", "2147483647"),
        ("prevprime", "2305843009213693951", "2305843009213693921"),
        ("prevprime", "18446744073709551557", "18446744073709551533"),
        ("prevprime", "18446744073709551629", "18446744073709551557"),
        ("prevprime", "18446744073709551616", "18446744073709551557"),
        ("prevprime", "618970019642690137449562111", "618970019642690137449562091"),
        ("prevprime", "1000000000000000000000000000000", "999999999999999999999999999989"),
        ("prevprime", "2", "out-of-domain"),
        ("prevprime", "-7", "out-of-domain"),
        ("nextprime", "5/2", "not-integer"),
    ]

    @Test(arguments: searches)
    func primeSearch(_ word: String, _ n: String, _ expected: String) {
        let op: BuiltinID = word == "nextprime" ? .nextprime : .prevprime
        #expect(NumberText.text(Number.numberTheory(op, NumberText.number(n), inexact: false)) == expected)
    }

    @Test func theSizeLimitsRefuseBeforeAnyWork() {
        let big = Number.integer(ExactInteger.small(10).power(1000))  // 1001 digits
        #expect(NumberText.text(Number.numberTheory(.nextprime, big, inexact: false)) == "number-too-large")
        #expect(NumberText.text(Number.numberTheory(.prevprime, big, inexact: false)) == "number-too-large")
        let fits = Number.integer(ExactInteger.small(10).power(999))  // 1000 digits
        #expect(NumberText.text(Number.numberTheory(.isprime, fits, inexact: false)) == "0")
        let huge = Number.integer(ExactInteger.small(10).power(10_000))  // 10001 digits
        #expect(NumberText.text(Number.numberTheory(.isprime, huge, inexact: false)) == "number-too-large")
        let e = Number.integer(ExactInteger.small(2).power(1_000_000)), m = Number.integer(ExactInteger.small(3).power(600_000))
        #expect(NumberText.text(Number.powmod(Number(3), e, m)) == "number-too-large")
    }

    // MARK: - powmod

    static let powmods: [(String, String, String, String)] = [
        ("3", "1000000000000000000", "1000000007", "246336683"),
        ("2", "10", "1000", "24"), ("0", "0", "7", "1"), ("5", "0", "1", "0"), ("5", "7", "-1", "0"),
        ("7", "3", "-5", "-2"), ("-2", "3", "5", "2"), ("2", "-1", "7", "4"), ("3", "-2", "11", "5"),
        ("-3", "-1", "7", "2"), ("5", "-1", "-7", "-4"), ("0", "5", "9", "0"), ("4", "1", "2", "0"),
        ("1267650600228229401496703205376", "42391158275216203514294433201", "618970019642690137449562111",
         "147573952589676412928"),
        ("3", "1180591620717411303424", "170141183460469231731687303715884105727",
         "32099834693693729214398355927024932142"),
        ("10", "1000000000000000000000000000000", "10000000000000000000000000000000000000007",
         "9993928371627938402037321775398432198222"),
        ("2", "-1", "4", "out-of-domain"), ("0", "-1", "5", "out-of-domain"), ("2", "10", "0", "division-by-zero"),
        ("5/2", "3", "5", "not-integer"), ("2", "1/2", "5", "not-integer"), ("2", "3", "7/3", "not-integer"),
    ]

    @Test(arguments: powmods)
    func powmod(_ b: String, _ e: String, _ m: String, _ expected: String) {
        let outcome = Number.powmod(NumberText.number(b), NumberText.number(e), NumberText.number(m))
        #expect(NumberText.text(outcome) == expected)
    }

    /// Every b in −12…12, e in 0…12, m in −12…12 (m ≠ 0) against repeated multiplication,
    /// reduced as mod reduces (the sign of m).
    @Test func powmodAgreesWithRepeatedMultiplication() {
        for b in -12...12 {
            for e in 0...12 {
                for m in -12...12 where m != 0 {
                    var r = 1
                    for _ in 0..<e { r = (r * b) % m }
                    r %= m
                    if r != 0, (r < 0) != (m < 0) { r += m }
                    #expect(NumberText.text(Number.powmod(Number(b), Number(e), Number(m))) == String(r), "\(b) \(e) \(m)")
                }
            }
        }
    }

    // MARK: - rat

    /// Doubles and the simplest fraction that rounds to each, from the reference's Stern–Brocot walk.
    static let simplest: [(Double, String)] = [
        (0.3333333333333333, "1/3"), (3.141592653589793, "245850922/78256779"), (0.1, "1/10"),
        (1.4142135623730951, "131836323/93222358"), (2.718281828459045, "268876667/98914198"), (-0.75, "-3/4"),
        (0.14285714285714285, "1/7"), (0.30000000000000004, "415716888680356/1385722962267853"),
        (0.7999999999999999, "1310138073416875/1637672591771094"), (0.5000000000000001, "1501199875790166/3002399751580331"),
        (1.5, "3/2"), (1e-10, "1/10000000000"), (123.456, "15432/125"), (0.0001, "1/10000"), (2.5e-05, "1/40000"),
        (0.01020408163265306, "1/98"), (14.285714285714286, "100/7"), (1.0000000000000002e+16, "10000000000000002"),
        (4503599627370496.0, "4503599627370496"), (6.02214076e+23, "602214075999999987023872"), (0, "0"),
        (5e-324, "1/134934835538207078901663564479278204699704433176094745571267572018286893045330231261306922467624749663458051909544541274259872491590528984578008933293825673281011616184377574242977938494728810894159845118981830045708004988949795132412068903766106370893873371008239179701555609743487001688124218339097337508871805160728996523"),
    ]

    @Test(arguments: simplest)
    func rat(_ x: Double, _ expected: String) {
        let outcome = Number.numberTheory(.rat, Number.exactly(x), inexact: true)
        #expect(NumberText.text(outcome) == expected)
        if case .value(let r) = outcome { #expect(r.doubleValue == x, "the fraction rounds to the double") }
    }

    @Test func ratKeepsExactValuesThatAreSimpleEnough() {
        for text in ["1/3", "22/7", "-3/4", "355/113", "5", "-12345678901234567890123"] {
            #expect(NumberText.text(Number.numberTheory(.rat, NumberText.number(text), inexact: false)) == text)
        }
        // A longer decimal is read at a double's precision.
        #expect(NumberText.text(Number.numberTheory(.rat, NumberText.number("3333333333333333/10000000000000000"),
                                                    inexact: false)) == "1/3")
    }

    // MARK: - torad, todeg

    /// Correctly rounded x·π/180 and x·180/π, from the reference (Fraction arithmetic with π to
    /// 1400 bits, rounded by Fraction.__float__).
    static let angles: [(String, Double, Double?)] = [
        ("torad", 180, 3.141592653589793), ("torad", 90, 1.5707963267948966), ("torad", 1, 0.017453292519943295),
        ("torad", 45, 0.7853981633974483), ("torad", -30, -0.5235987755982989), ("torad", 360, 6.283185307179586),
        ("torad", 0.1, 0.0017453292519943296), ("torad", 1e300, 1.7453292519943297e+298),
        ("torad", 1e-300, 1.7453292519943295e-302), ("torad", 5e-324, 0),
        ("torad", 1.7976931348623157e+308, 3.137566414384587e+306), ("torad", 123.456, 2.1547136813421197),
        ("torad", 1e22, 1.7453292519943294e+20), ("torad", 3, 0.05235987755982989),
        ("todeg", 3.141592653589793, 180), ("todeg", 1, 57.29577951308232), ("todeg", 1.5707963267948966, 90),
        ("todeg", 0.7853981633974483, 45), ("todeg", 6.283185307179586, 360), ("todeg", -1, -57.29577951308232),
        ("todeg", 0.1, 5.729577951308232), ("todeg", 1e300, 5.729577951308232e+301),
        ("todeg", 1e-300, 5.729577951308232e-299), ("todeg", 5e-324, 2.8e-322),
        ("todeg", 1.7976931348623157e+308, nil), ("todeg", 123.456, 7073.507755567091),
        ("todeg", 1e22, 5.729577951308232e+23), ("todeg", 3, 171.88733853924697),
        ("todeg", 0.017453292519943295, 1),
    ]

    @Test(arguments: angles)
    func angle(_ word: String, _ x: Double, _ expected: Double?) {
        let op: BuiltinID = word == "torad" ? .torad : .todeg
        let outcome = Number.numberTheory(op, Number.exactly(x), inexact: true)
        if let expected {
            #expect(NumberText.text(outcome) == (x == 0 ? "0" : NumberText.text(Number(expected))))
        } else {
            #expect(NumberText.text(outcome) == "not-finite")
        }
    }

    @Test func exactOperandsOfTheAngleWords() {
        #expect(NumberText.text(Number.numberTheory(.torad, Number(0), inexact: false)) == "0")
        #expect(NumberText.text(Number.numberTheory(.todeg, Number(0), inexact: false)) == "0")
        #expect(NumberText.text(Number.numberTheory(.torad, NumberText.number("1/3"), inexact: false))
                == NumberText.text(Number(0.005817764173314432)))
        #expect(NumberText.text(Number.numberTheory(.todeg, NumberText.number("1/3"), inexact: false))
                == NumberText.text(Number(19.09859317102744)))
    }
}
