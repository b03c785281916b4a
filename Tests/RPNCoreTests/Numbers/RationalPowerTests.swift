@testable import RPNCore
import Testing

/// Rational powers of rationals (`a p q ÷ ^`) and roots with a rational index (`y n root` is
/// y^(1/n)): exact exactly when the result is rational, that is when both parts of a ≥ 0 are
/// perfect q-th powers (q the exponent's denominator in lowest terms); otherwise `.inexact`, and
/// the caller computes in doubles. A negative base is left to the doubles too (their domain
/// error, as under `--float`). Expected values: Python's int and fractions alone (integer
/// Newton roots, `Fraction ** int`, digits by `len(str(…))`), scripted, not rpn's output.
@Suite struct RationalPowerTests {
    static let cases: [(String, String, String, String)] = [
        ("power", "8", "2/3", "4"),
        ("power", "27", "-1/3", "1/3"),
        ("power", "8/27", "1/3", "2/3"),
        ("power", "64", "5/6", "32"),
        ("power", "27", "2/3", "9"),
        ("power", "4/9", "3/2", "8/27"),
        ("power", "4/9", "-3/2", "27/8"),
        ("power", "16", "1/4", "2"),
        ("power", "100", "1/2", "10"),
        ("power", "1/100", "1/2", "1/10"),
        ("power", "36/25", "1/2", "6/5"),
        ("power", "8", "-2/3", "1/4"),
        ("power", "1/8", "-1/3", "2"),
        ("power", "32/243", "-3/5", "27/8"),
        ("power", "32/243", "3/5", "8/27"),
        ("power", "2037035976334486086268445688409378161051468393665936250636140449354381299763336706183397376", "1/3", "1267650600228229401496703205376"),
        ("power", "10000000000000000000000000000000000000000", "1/8", "100000"),
        ("power", "18446744073709551616", "1/64", "2"),
        ("power", "340282366920938463500268095579187314689", "1/2", "18446744073709551617"),
        ("power", "340282366920938463500268095579187314689", "-3/2", "1/6277101735386680764856636523970481806547819498980467802113"),
        ("power", "1322070819480806636890455259752144365965422032752148167664920368226828597346704899540778313850608061963909777696872582355950954582100618911865342725257953674027620225198320803878014774228964841274390400117588618041128947815623094438061566173054086674490506178125480344405547054397038895817465368254916136220830268563778582290228416398307887896918556404084898937609373242171846359938695516765018940588109060426089671438864102814350385648747165832010614366132173102768902855220001", "7/10", "9657802140591758043812442031522928437371194636776843099838260055342219733688083412928987321682880332396927287242805644548901834234972280564072880735127568242460394336247761481999342991210220561304479523441956128812808859393388776484808811910915541232693035534590226711458043242074211993816993921587180335757972232760635320184916654001"),
        ("power", "1/1606938044258990275541962092341162602522202993782792835301376", "3/4", "1/1427247692705959881058285969449495136382746624"),
        ("power", "42391158275216203514294433201/508021860739623365322188197652216501772434524836001", "-5/6", "1798465042647412146620280340569649349251249/717897987691852588770249"),
        ("power", "2", "1/3", "inexact"),
        ("power", "2", "1/2", "inexact"),
        ("power", "9", "1/4", "inexact"),
        ("power", "3/2", "1/2", "inexact"),
        ("power", "3/1267650600228229401496703205376", "1/2", "inexact"),
        ("power", "1267650600228229401496703205376/3", "1/2", "inexact"),
        ("power", "4", "1/3", "inexact"),
        ("power", "18446744073709551615", "1/2", "inexact"),
        ("power", "9223372036854775808", "1/63", "2"),
        ("power", "9223372036854775808", "2/63", "4"),
        ("power", "12157665459056928801", "1/40", "3"),
        ("power", "1", "1/3", "1"),
        ("power", "1", "-7/5", "1"),
        ("power", "1", "1/1000000000000000000000000000000", "1"),
        ("power", "1", "1000000000000000000000000000001/2", "1"),
        ("power", "0", "1/3", "0"),
        ("power", "0", "5/2", "0"),
        ("power", "0", "-1/3", "division-by-zero"),
        ("power", "0", "-1/1000000000000000000000000000000", "division-by-zero"),
        ("power", "-8", "1/3", "inexact"),
        ("power", "-8", "2/3", "inexact"),
        ("power", "-1", "1/3", "inexact"),
        ("power", "-1", "1/2", "inexact"),
        ("power", "-27/8", "-1/3", "inexact"),
        ("power", "-4", "1/2", "inexact"),
        ("power", "2", "1/1000000000000000000000000000000", "inexact"),
        ("power", "8", "1/1000000000000000000000000000000", "inexact"),
        ("power", "4", "1000000000000000000000000000001/2", "number-too-large"),
        ("power", "8", "1000000000000000000000000000000/3", "number-too-large"),
        ("power", "1/4", "-1000000000000000000000000000001/2", "number-too-large"),
        ("power", "4", "3321929/2", "number-too-large"),
        ("power", "4", "-3321929/2", "number-too-large"),
        ("power", "1/4", "3321927/2", "number-too-large"),
        ("power", "1/4", "-3321929/2", "number-too-large"),
        ("power", "8", "1/9223372036854775807", "inexact"),
        ("power", "2", "9223372036854775807/9223372036854775806", "inexact"),
        ("root", "8", "3/2", "4"),
        ("root", "27", "-3/2", "1/9"),
        ("root", "4/9", "1/2", "16/81"),
        ("root", "8", "1/2", "64"),
        ("root", "2", "1/3", "8"),
        ("root", "2/3", "-1/2", "9/4"),
        ("root", "64", "6/5", "32"),
        ("root", "64", "-6/5", "1/32"),
        ("root", "1", "2/3", "1"),
        ("root", "0", "2/3", "0"),
        ("root", "0", "-2/3", "inexact"),  // the doubles say: a negative root of 0 is a division by zero
        ("root", "2", "3/2", "inexact"),
        ("root", "-8", "1/3", "inexact"),
        ("root", "-8", "3/2", "inexact"),
        ("root", "-32", "5/3", "inexact"),
        ("root", "2037035976334486086268445688409378161051468393665936250636140449354381299763336706183397376", "3/2", "1606938044258990275541962092341162602522202993782792835301376"),
        ("root", "2", "1/1000000000000000000000000000000", "number-too-large"),
    ]

    @Test(arguments: cases)
    func rationalPowers(_ op: String, _ a: String, _ b: String, _ expected: String) throws {
        let operation = try #require(ExactOperation(rawValue: op))
        #expect(NumberText.text(Number.exact(operation, NumberText.number(a), NumberText.number(b))) == expected)
    }

    /// Big bases: the root is found by GMP, and a base that is no perfect power is told apart
    /// quickly, whatever the index. 2^3000000 (903,090 digits) to the 1/1000000 is 8; 2^3321928
    /// (10^6 digits) to the 1/3321928 is 2; 2^3321928 + 1 is no perfect square, cube or 7th power.
    @Test(.timeLimit(.minutes(1))) func bigBasesAreCheckedCheaply() throws {
        guard case .value(let big) = Number.exact(.shiftLeft, Number(1), Number(3_000_000)),
              case .value(let cap) = Number.exact(.shiftLeft, Number(1), Number(3_321_928)),
              case .value(let capPlusOne) = Number.exact(op: .add, cap, Number(1)) else { Issue.record(); return }
        #expect(NumberText.text(Number.exact(.power, big, NumberText.number("1/1000000"))) == "8")
        #expect(NumberText.text(Number.exact(.power, big, NumberText.number("-1/1000000"))) == "1/8")
        #expect(NumberText.text(Number.exact(.power, cap, NumberText.number("1/3321928"))) == "2")
        #expect(NumberText.text(Number.exact(.root, cap, NumberText.number("3321928/5"))) == "32")
        // 2^1000000 has 301,030 digits (1000000·log10 2 = 301029.99…).
        guard case .value(let third) = Number.exact(.power, big, NumberText.number("1/3")) else { Issue.record(); return }
        #expect(third.exactDigitCount == 301_030)
        for q in ["1/2", "1/3", "2/7", "-1/2", "5/1000"] {
            #expect(NumberText.text(Number.exact(.power, capPlusOne, NumberText.number(q))) == "inexact")
        }
    }
}
