import RPNCommandLine
import RPNCore
import RPNJSON
import RPNTestSupport
import Testing

/// `rpn -e` with the number options (`--float`, `--fix N`, `--fractions`, `--base 16`, ...): what
/// `EvalCommand` prints with them. Expected values worked out by hand.
@Suite struct NumberOptionsTests {

    func run(_ program: String, exact: Bool = true, format: NumberFormat = NumberFormat(), json: Bool = false,
             set: [String] = []) -> (Int32, Harness) {
        var command = EvalCommand(inputs: [.expression(program, index: 1)])
        command.exact = exact
        command.format = format
        command.json = json
        command.assignments = set
        let harness = Harness()
        return (command.run(harness.io), harness)
    }

    /// (program, format, stdout).
    @Test(arguments: [
        ("10 3 ÷", NumberFormat(mode: .fixed(2)), "3.33\n"),
        // --fix shows every integer digit of an exact value, as printf's %.Nf and bc (Python's
        // fractions); SCI only where FIX shows no significant digit.
        ("10 39 ^ 1 3 ÷ +", NumberFormat(mode: .fixed(29)),
         "1000000000000000000000000000000000000000.33333333333333333333333333333\n"),
        ("1e21 2 100 ^", NumberFormat(mode: .fixed(2)), "1000000000000000000000.00\n1267650600228229401496703205376.00\n"),
        ("0.000123", NumberFormat(mode: .fixed(2)), "1.23e-4\n"),
        ("12345", NumberFormat(mode: .scientific(3)), "1.235e4\n"),
        ("0.000123", NumberFormat(mode: .scientific(2)), "1.23e-4\n"),
        ("12345", NumberFormat(mode: .engineering(3)), "12.35e3\n"),
        ("10 3 ÷", NumberFormat(), "3.333333333333333\n"),
        ("1 3 ÷ 0.75", NumberFormat(fractions: true), "1/3\n3/4\n"),
        ("1234567.5", NumberFormat(grouping: true), "1,234,567.5\n"),
        ("255 -16", NumberFormat(base: 16), "0xFF\n-0x10\n"),
        ("15", NumberFormat(base: 8), "0o17\n"),
        ("11", NumberFormat(base: 2), "0b1011\n"),
        ("0x1F 0o17 0b1011", NumberFormat(), "31\n15\n11\n"),
        ("2 100 ^", NumberFormat(), "1267650600228229401496703205376\n"),
        ("0.1 0.2 +", NumberFormat(), "0.3\n"),
    ] as [(String, NumberFormat, String)])
    func valuesPrintInTheFormat(_ program: String, _ format: NumberFormat, _ expected: String) {
        let (status, h) = run(program, format: format)
        #expect(status == 0)
        #expect(h.out == expected)
        #expect(h.err == "")
    }

    /// The display never invents digits (issue 18): a mode that asks for more digits than a
    /// double carries computes the values with as many (mpmath's digits, rounded half to even,
    /// by hand); where a value carries fewer than shown (`--float`, `--digits N`), it prints the
    /// digits it has and a note says how to get more. (program, format, float, digits, stdout,
    /// whether the note is on stderr.)
    @Test(arguments: [
        ("2 √", NumberFormat(mode: .fixed(30)), false, nil, "1.414213562373095048801688724210\n", false),
        ("π", NumberFormat(mode: .scientific(40)), false, nil, "3.1415926535897932384626433832795028841972e0\n", false),
        ("e 1000 ×", NumberFormat(mode: .fixed(20)), false, nil, "2718.28182845904523536029\n", false),
        ("2 √ 1e30 ×", NumberFormat(mode: .fixed(30)), false, nil, "1.414213562373095048801688724210e30\n", false),
        ("2 √", NumberFormat(mode: .fixed(14)), false, nil, "1.41421356237310\n", false),
        ("2 √", NumberFormat(mode: .fixed(30)), true, nil, "1.4142135623730951\n", true),
        ("0.1", NumberFormat(mode: .scientific(20)), true, nil, "1.0000000000000001e-1\n", true),
        ("1e22 3 ×", NumberFormat(mode: .fixed(2)), true, nil, "3.00e22\n", false),
        ("π", NumberFormat(mode: .fixed(30)), false, 10, "3.141592654\n", true),
        ("π", NumberFormat(mode: .fixed(5)), false, 10, "3.14159\n", false),
        ("1 3 ÷", NumberFormat(mode: .fixed(30)), false, nil, "0.333333333333333333333333333333\n", false),
    ] as [(String, NumberFormat, Bool, Int?, String, Bool)])
    func displayShowsOnlyDigitsValuesCarry(_ program: String, _ format: NumberFormat, _ float: Bool, _ digits: Int?,
                                          _ expected: String, _ noted: Bool) {
        var command = EvalCommand(inputs: [.expression(program, index: 1)])
        command.exact = !float
        command.format = format
        command.digits = digits
        let h = Harness()
        #expect(command.run(h.io) == 0)
        #expect(h.out == expected)
        #expect(h.err == (noted ? EvalCommand.digitsCutNote(exact: !float) : ""))
    }

    @Test(arguments: [
        ("0.1 0.2 +", "0.30000000000000004\n"),
        ("2 100 ^", "1.2676506002282294e+30\n"),
        ("1 3 ÷ 3 ×", "1\n"),
        ("4 √", "2\n"),
    ])
    func floatComputesInDoubles(_ program: String, _ expected: String) {
        let (status, h) = run(program, exact: false)
        #expect(status == 0)
        #expect(h.out == expected)
    }

    @Test func setValuesFollowFloat() {
        // --set x='1 3 ÷' under --float is the double nearest 1/3, whose triple is 1 in doubles
        // too; exact it is 1/3 and prints as a fraction.
        #expect(run("x", exact: false, format: NumberFormat(fractions: true), set: ["x=1 3 ÷"]).1.out == "0.3333333333333333\n")
        #expect(run("x", format: NumberFormat(fractions: true), set: ["x=1 3 ÷"]).1.out == "1/3\n")
        #expect(run("x 0.2 +", exact: false, set: ["x=0.1"]).1.out == "0.30000000000000004\n")
    }

    /// `--json` keeps `values` as JSON numbers and adds `exact` strings, whatever the display format.
    @Test func jsonHasExactStringsWhateverTheFormat() throws {
        let (status, h) = run("2 100 ^ 1 3 ÷ 0.5 2 √", format: NumberFormat(mode: .fixed(2), base: 16), json: true)
        #expect(status == 0)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["exact"] == ["1267650600228229401496703205376", "1/3", "1/2", "1.4142135623730951"])
        #expect(result["values"] == [.double(1.2676506002282294e30), .double(1.0 / 3), 0.5, .double(1.4142135623730951)])
    }

    @Test func jsonUnderFloat() throws {
        let (_, h) = run("0.1 0.2 +", exact: false, json: true)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["exact"] == ["0.30000000000000004"])
    }
}
