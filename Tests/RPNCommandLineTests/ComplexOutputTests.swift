import RPNCommandLine
import RPNCore
import RPNJSON
import RPNTestSupport
import Testing

/// Complex values on the command line (issue 18): `--json` gives each one as `{"re", "im"}`
/// beside its exact text, `--polar` prints modulus∠argument.
@Suite struct ComplexOutputTests {

    func run(_ program: String, exact: Bool = true, complex: Bool = false, format: NumberFormat = NumberFormat(),
             json: Bool = false) -> (Int32, Harness) {
        var command = EvalCommand(inputs: [.expression(program, index: 1)])
        command.exact = exact
        command.complex = complex
        command.format = format
        command.json = json
        let harness = Harness()
        return (command.run(harness.io), harness)
    }

    /// (program, float, complex mode, values, exact, inexact, digits).
    @Test(arguments: [
        ("3 4i +", false, false, #"[{"re":3,"im":4}]"#, #"["3+4i"]"#, "[false]", "[null]"),
        ("0.5 2i -", false, false, #"[{"re":0.5,"im":-2}]"#, #"["1/2-2i"]"#, "[false]", "[null]"),
        ("-1 √", false, true, #"[{"re":0,"im":1}]"#, #"["1i"]"#, "[false]", "[null]"),
        ("3 4i + 1 2", true, false, #"[{"re":3,"im":4},1,2]"#, #"["3+4i","1","2"]"#, "[true,true,true]", "[17,17,17]"),
        ("1i 1i ×", false, false, "[-1]", #"["-1"]"#, "[false]", "[null]"),
    ])
    func jsonGivesComplexValuesTheirParts(_ program: String, _ float: Bool, _ complex: Bool, _ values: String,
                                          _ exact: String, _ inexact: String, _ digits: String) throws {
        let (status, h) = run(program, exact: !float, complex: complex, json: true)
        #expect(status == 0, "\(h.err)")
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["values"] == (try JSONParser.parse(values)))
        #expect(result["exact"] == (try JSONParser.parse(exact)))
        #expect(result["inexact"] == (try JSONParser.parse(inexact)))
        #expect(result["digits"] == (try JSONParser.parse(digits)))
    }

    @Test func jsonGivesAComplexVariableItsParts() throws {
        let (_, h) = run("3 4i + →z z conj", json: true)
        let result = try JSONParser.parse(Array(h.out.utf8))
        #expect(result["variables"] == (try JSONParser.parse(#"{"z":{"re":3,"im":4}}"#)))
        #expect(result["values"] == (try JSONParser.parse(#"[{"re":3,"im":-4}]"#)))
    }

    /// (program, --polar's unit, stdout).
    @Test(arguments: [
        ("3 4i +", AngleUnit.radians, "5∠0.9272952180016122\n"),
        ("3 4i +", .degrees, "5∠53.13010235415598°\n"),
        ("2 3", .radians, "2\n3\n"),
    ])
    func polarPrintsModulusAndArgument(_ program: String, _ unit: AngleUnit, _ out: String) {
        var format = NumberFormat()
        format.polar = unit
        let (status, h) = run(program, format: format)
        #expect(status == 0)
        #expect(h.out == out)
    }
}
