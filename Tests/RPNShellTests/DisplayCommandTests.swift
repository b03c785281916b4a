import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// The shell's number commands (`:fix 2`, `:hex`, `:float`, ...): what they set, and what the
/// stack display, `:vars` and `:save` show after them. Expected values worked out by hand.
@Suite struct DisplayCommandParsingTests {
    /// What a command sets, as the session holds it.
    enum Setting: Sendable {
        case mode(NumberFormat.Mode), exact(Bool), fractions, grouping, base(Int)
    }

    @Test(arguments: [
        (":std", Setting.mode(.standard)),
        (":fix 2", .mode(.fixed(2))),
        (":fix 0", .mode(.fixed(0))),
        (":sci 3", .mode(.scientific(3))),
        (":eng 3", .mode(.engineering(3))),
        (":FIX 4", .mode(.fixed(4))),
        ("  :fix\t5", .mode(.fixed(5))),
        (":fix 1000", .mode(.fixed(1000))),
        (":float", .exact(false)),
        (":exact", .exact(true)),
        (":frac", .fractions),
        (":fractions", .fractions),
        (":group", .grouping),
        (":hex", .base(16)),
        (":oct", .base(8)),
        (":bin", .base(2)),
        (":dec", .base(10)),
    ])
    func commandsSet(_ line: String, _ expected: Setting) {
        let shell = Shell.inMemory()
        // From the other setting, so that the command has something to change.
        switch expected {
        case .mode(.standard): _ = shell.type(":fix 7")
        case .exact(let exact): _ = shell.type(exact ? ":float" : ":exact")
        case .base(10): _ = shell.type(":hex")
        default: break
        }
        let shown = shell.type(line)
        #expect(!shown.contains("error"), "\(shown)")
        let format = shell.session.format
        switch expected {
        case .mode(let mode): #expect(format.mode == mode)
        case .exact(let exact): #expect(shell.session.isExact == exact)
        case .fractions: #expect(format.fractions)
        case .grouping: #expect(format.grouping)
        case .base(let base): #expect(format.base == base)
        }
    }

    @Test(arguments: [
        (":fix", "usage: :fix N, N from 0 to 1000"),
        (":fix x", "usage: :fix N, N from 0 to 1000"),
        (":fix -1", "usage: :fix N, N from 0 to 1000"),
        (":fix 1001", "usage: :fix N, N from 0 to 1000"),
        (":fix 2.5", "usage: :fix N, N from 0 to 1000"),
        (":fix 2 3", "usage: :fix N, N from 0 to 1000"),
        (":sci", "usage: :sci N, N from 0 to 1000"),
        (":eng two", "usage: :eng N, N from 0 to 1000"),
        (":std 2", "usage: :std"),
        (":hex 16", "usage: :hex"),
        (":float now", "usage: :float"),
        (":exact 1", "usage: :exact"),
        (":frac on", "usage: :frac"),
        (":group 3", "usage: :group"),
    ])
    func usageErrors(_ line: String, _ message: String) {
        #expect(Shell.inMemory().type(line) == "error: \(message)\n")
    }

    /// The shell says the same, as an error, and the display is untouched.
    @Test func aUsageErrorLeavesTheDisplayAsItWas() {
        let shell = Shell.inMemory()
        _ = shell.type("10 3 ÷")
        #expect(shell.type(":fix -1") == "error: usage: :fix N, N from 0 to 1000\n")
        #expect(shell.type("") .hasSuffix("= 3.333333333333333\n"))
    }

    @Test(arguments: ["fix", "sci", "eng", "std", "frac", "group", "hex", "oct", "bin", "dec", "float", "exact"])
    func everyCommandIsInTheCatalogue(_ name: String) {
        #expect(Shell.inMemory().commands.names.contains(name))
        #expect(Shell.inMemory().completions(for: ":" + name).contains(":" + name))
    }
}

@Suite struct DisplayCommandTests {
    /// (program, command, the value shown at level 1 and after `=`). Rounding half away from zero.
    @Test(arguments: [
        ("10 3 ÷", ":fix 2", "3.33"),
        ("2 3 ÷", ":fix 2", "0.67"),
        ("1 8 ÷", ":fix 2", "0.13"),          // 0.125, half away from zero
        ("-1 8 ÷", ":fix 2", "-0.13"),
        ("7", ":fix 3", "7.000"),
        ("2 √", ":fix 4", "1.4142"),          // inexact values too
        ("12345", ":sci 3", "1.235e4"),
        ("0.000123", ":sci 2", "1.23e-4"),
        ("12345", ":eng 3", "12.35e3"),
        ("1 3 ÷", ":frac", "1/3"),
        ("0.75", ":frac", "3/4"),
        ("-5 2 ÷", ":frac", "-5/2"),
        ("2 √", ":frac", "1.4142135623730951"),  // inexact: unchanged
        ("1234567.5", ":group", "1,234,567.5"),
        ("-1234567", ":group", "-1,234,567"),
        ("255", ":hex", "0xFF"),
        ("-16", ":hex", "-0x10"),
        ("15", ":oct", "0o17"),
        ("11", ":bin", "0b1011"),
        ("0xFF", ":dec", "255"),
        ("1 2 ÷", ":hex", "0.5"),             // non-integers stay decimal
    ])
    func theDisplayFollowsTheCommand(_ program: String, _ command: String, _ shown: String) {
        let shell = Shell.inMemory()
        _ = shell.type(program)
        let display = shell.type(command)
        #expect(display.contains("  1: \(shown)\n"), "\(display)")
        #expect(display.hasSuffix(" = \(shown)\n"), "\(display)")
        // and the next line is shown the same way
        #expect(shell.type("").hasSuffix(" = \(shown)\n"))
    }

    @Test func deeperLevelsFollowTheModeToo() {
        let shell = Shell.inMemory()
        _ = shell.type("1 3 ÷ 2 3 ÷")
        #expect(shell.type(":fix 3") == "  2: 0.333\n  1: 0.667\n  1÷3,2÷3 = 0.667\n")
    }

    @Test func stdGoesBack() {
        let shell = Shell.inMemory()
        _ = shell.type("10 3 ÷")
        _ = shell.type(":fix 2")
        #expect(shell.type(":std").hasSuffix("= 3.333333333333333\n"))
    }

    @Test func fracAndGroupToggle() {
        let shell = Shell.inMemory()
        _ = shell.type("1 4 ÷")
        #expect(shell.type(":frac").hasSuffix("= 1/4\n"))
        #expect(shell.type(":frac").hasSuffix("= 0.25\n"))
        _ = shell.type("1000000")
        #expect(shell.type(":group").hasSuffix("= 1,000,000\n"))
        #expect(shell.type(":group").hasSuffix("= 1000000\n"))
    }

    @Test func modesCombine() {
        let shell = Shell.inMemory()
        _ = shell.type("1234567 3 ÷")  // 411522.333...
        _ = shell.type(":group")
        #expect(shell.type(":fix 2").hasSuffix("= 411,522.33\n"))
        _ = shell.type("4096")
        #expect(shell.type(":hex").hasSuffix("  1: 0x1000\n  1234567÷3,4096 = 0x1000\n"))
    }

    @Test func varsAndSetFollowTheMode() {
        let shell = Shell.inMemory()
        #expect(shell.type(":set x 10 3 ÷").hasPrefix("  x = 3.333333333333333\n"))
        _ = shell.type(":set n 255")
        _ = shell.type(":fix 2")
        #expect(shell.type(":vars") == "  n = 255.00\n  x = 3.33\n")
        _ = shell.type(":std")
        _ = shell.type(":hex")
        #expect(shell.type(":vars") == "  n = 0xFF\n  x = 3.333333333333333\n")
        #expect(shell.type(":set m 2 8 ^").hasPrefix("  m = 0x100\n"))
        _ = shell.type(":dec")
        _ = shell.type(":frac")
        #expect(shell.type(":vars") == "  m = 256\n  n = 255\n  x = 10/3\n")
    }

    @Test func theDisplayModeIsNotPartOfTheProgram() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type("10 3 ÷")
        _ = shell.type(":fix 2")
        _ = shell.type(":hex")
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "10 3 ÷\n")
        // and :undo takes back the last change to the stack, not a display command
        #expect(shell.type(":undo") == "took back: 10 3 ÷\n  (empty stack)\n")
    }
}

@Suite struct FloatAndExactCommandTests {
    @Test func floatComputesInDoublesAndExactGoesBack() {
        let shell = Shell.inMemory()
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.3\n"))
        #expect(shell.type(":float").hasPrefix("float: "))
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.30000000000000004\n"))
        #expect(shell.type(":exact").hasPrefix("exact: "))
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.3\n"))
        #expect(shell.type(":describe") == "0.1+0.2,0.1+0.2,0.1+0.2\n")
        let threeTenths = Number.exact(op: .divide, .integer(.small(3)), .integer(.small(10)))
        guard case .value(let exact) = threeTenths else { Issue.record("3/10: \(threeTenths)"); return }
        #expect(shell.session.entries.map(\.value) == [exact, .real(0.1 + 0.2), exact])
    }

    @Test func floatMakesBigIntegersDoubles() {
        let shell = Shell.inMemory()
        #expect(shell.type("2 100 ^").hasSuffix("= 1267650600228229401496703205376\n"))
        _ = shell.type(":float")
        #expect(shell.type("2 100 ^").hasSuffix("= 1.2676506002282294e+30\n"))
    }

    @Test func undoTakesBackFloat() {
        let shell = Shell.inMemory()
        _ = shell.type(":float")
        #expect(!shell.session.isExact)
        _ = shell.type(":undo")
        #expect(shell.session.isExact)
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.3\n"))
        _ = shell.type(":undo")
        _ = shell.type(":redo")  // redoes the line, not :float
        #expect(shell.session.isExact)
        #expect(shell.type(":redo") == "error: nothing to redo\n")
    }

    @Test func redoBringsFloatBack() {
        let shell = Shell.inMemory()
        _ = shell.type(":float")
        _ = shell.type(":undo")
        _ = shell.type(":redo")
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.30000000000000004\n"))
    }

    @Test func clearKeepsTheArithmetic() {
        let shell = Shell.inMemory()
        _ = shell.type(":float")
        _ = shell.type(":clear")
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.30000000000000004\n"))
    }

    /// What `:save` writes replays to the values the session shows, `:float` and `:exact`
    /// included (as the directives `float` and `exact`).
    @Test(arguments: [
        ["0.1 0.2 +", ":float", "0.1 0.2 +", ":exact", "0.1 0.2 +"],
        [":float", "0.1 0.2 +", "1 3 ÷"],
        [":float", ":clear", "0.1 0.2 +"],
        ["M 0.1 +", ":float", ":set M 0.2", "M 0.2 +"],
        [":float", "M 0.1 +", ":exact", ":set M 0.2", "M 0.2 +"],
        [":set x 2 √", "x x ×"],
        [":float", ":set x 1 3 ÷", ":exact", "x 3 ×"],
        [":set x 0.1", ":float", "x 0.2 +"],
        [":deg", ":float", "30 sin", ":exact", "30 sin"],
    ])
    func saveReplaysToTheSameValues(_ lines: [String]) {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        for line in lines { _ = shell.type(line) }
        let shown = shell.session.entries.map(\.value)
        _ = shell.type(":save s.rpn")
        let replayed = Shell.inMemory(files: files)
        _ = replayed.type(":load s.rpn")
        #expect(replayed.session.entries.map(\.value) == shown, "\(files.text("s.rpn") ?? "")")
        // and so does `rpn s.rpn`
        let harness = Harness(files: ["s.rpn": files.text("s.rpn") ?? ""])
        var command = EvalCommand(inputs: ProgramInput.files(["s.rpn"]))
        command.format.fractions = true
        #expect(command.run(harness.io) == 0)
        var format = NumberFormat()
        format.fractions = true
        #expect(harness.out == shown.map { ($0.map(format.string) ?? "nan") + "\n" }.joined())
    }

    @Test func floatIsWrittenAsTheDirective() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":float")
        _ = shell.type("0.1 0.2 +")
        _ = shell.type(":exact")
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "float\n0.1 0.2 +\nexact\n")
    }

    @Test func setKeepsTheTextTyped() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":set x 2 √")
        #expect(shell.type("x x ×").hasSuffix("= 2.0000000000000004\n"))  // √2 in doubles, squared
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "2 √ →x\nx x ×\n")
    }

    @Test func setUnderFloatComputesInDoubles() {
        let shell = Shell.inMemory()
        _ = shell.type(":float")
        #expect(shell.type(":set x 0.1 0.2 +").hasPrefix("  x = 0.30000000000000004\n"))
        _ = shell.type(":exact")
        #expect(shell.type(":set y 0.1 0.2 +").hasPrefix("  y = 0.3\n"))
    }
}

/// The shell as `rpn --float`, `rpn --fix 2`, `rpn --set` start it: a `Session` built with them.
@Suite struct ShellStartTests {
    func shell(_ session: Session, files: FakeFiles = FakeFiles()) -> Shell {
        Shell(session: session, environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (60, 20) }, favorites: InMemoryFavoritesStore(),
            readFile: files.read, writeFile: files.write))
    }

    @Test func startedWithFixTwo() {
        var format = NumberFormat()
        format.mode = .fixed(2)
        let shell = shell(Session(format: format))
        #expect(shell.type("10 3 ÷") == "  1: 3.33\n  10÷3 = 3.33\n")
    }

    @Test func startedWithFloat() {
        let files = FakeFiles()
        let shell = shell(Session(exact: false), files: files)
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.30000000000000004\n"))
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "float\n0.1 0.2 +\n")
    }

    /// `rpn --set x='2 √'` starts a session whose saved program gives x the same value back:
    /// the inexact √2, not the exact decimal 1.4142135623730951 (whose square is not
    /// 2.0000000000000004 but 2.00000000000000001448...).
    @Test(arguments: [
        (["x=2 √"], false),
        (["x=2 √"], true),
        (["x=1 3 ÷"], false),
        (["x=1 3 ÷"], true),
        (["x=2 100 ^"], false),
        (["x=10 300 ^ 2 √ ×"], false),
        (["a=2", "x=a √"], false),
        (["x=30 sin"], false),
    ])
    func setVariablesReplayToTheSameValues(_ assignments: [String], _ float: Bool) throws {
        let variables = try VariableAssignments.parse(assignments, angleUnit: .degrees, exact: !float).get()
        let files = FakeFiles()
        let shell = shell(Session(angleUnit: .degrees, variables: variables, exact: !float), files: files)
        _ = shell.type("x x ×")
        let shown = shell.session.entries.map(\.value)
        _ = shell.type(":save s.rpn")
        let replayed = self.shell(Session(), files: files)
        _ = replayed.type(":load s.rpn")
        #expect(replayed.session.entries.map(\.value) == shown, "\(files.text("s.rpn") ?? "")")
        #expect(replayed.session.variables.first { $0.name == "x" }?.value == variables.last?.value)
    }
}

extension String {
    var trimmingLeadingBlanks: String { String(drop { $0 == " " || $0 == "\t" }) }
}

@Suite struct SetOptionReplayTextTests {
    /// (--set, exact, the line `:save` writes for it): an inexact value in an exact session
    /// between `float` and `exact`; the shortest digits of √2 = 1.4142135623730951 (by hand).
    @Test(arguments: [
        ("x=2 √", true, "float 1.4142135623730951 →x exact"),
        ("x=2 √", false, "float\n1.4142135623730951 →x"),
        ("x=1 3 ÷", true, "1 3 ÷ →x"),
        ("x=0.5", true, "1 2 ÷ →x"),
        ("x=7", false, "float\n7 →x"),
    ])
    func theSavedLine(_ assignment: String, _ exact: Bool, _ program: String) throws {
        let variables = try VariableAssignments.parse([assignment], angleUnit: .radians, exact: exact).get()
        #expect(Session(variables: variables, exact: exact).program == program)
    }
}

/// The directives typed in a line (or loaded from a file, or a favorite) change the arithmetic
/// as `:float` and `:exact` do, and the shell says so as it does for `deg`.
@Suite struct DirectiveLineTests {
    @Test func typingFloatSaysSo() {
        let shell = Shell.inMemory()
        #expect(shell.type("float").hasPrefix("float: every value an IEEE double"))
        #expect(!shell.session.isExact)
        #expect(shell.type("exact 0.1 0.2 +").hasPrefix("exact: integers and fractions stay exact"))
        #expect(shell.type("1 2 +").contains("float") == false)  // said once, when it changes
    }

    @Test func loadingAFloatProgramSaysSo() {
        let files = FakeFiles()
        try! files.write("f.rpn", Array("float\n0.1 0.2 +\n".utf8))
        let shell = Shell.inMemory(files: files)
        let shown = shell.type(":load f.rpn")
        #expect(shown.hasPrefix("float: "))
        #expect(shown.hasSuffix("= 0.30000000000000004\n"))
    }
}

/// A value longer than the terminal's line is shown abbreviated on the stack, on the summary
/// line and in `:vars`; `rpn -e` and `:describe` still give every digit. 2^200 has 61 digits:
/// 1606938044258990275541962092341162602522202993782792835301376.
@Suite struct LongValueDisplayTests {
    @Test func longValuesFitTheTerminal() {
        let shell = Shell.inMemory(terminal: (columns: 40, rows: 20))
        let shown = shell.type("2 200 ^")
        // Level lines: 40 − "1:" − 4 = 34 characters: 17 digits, "…", "1376", " (61 digits)".
        #expect(shown.hasPrefix("  1: 16069380442589902…1376 (61 digits)\n"))
        // The summary line: 40 − 8 = 32 characters: 15 digits.
        #expect(shown.hasSuffix("2^200 = 160693804425899…1376 (61 digits)\n"))
        _ = shell.type("→x")
        // :vars: 40 − "x" − 6 = 33 characters: 16 digits.
        #expect(shell.type(":vars") == "  x = 1606938044258990…1376 (61 digits)\n")
    }
}

/// The display never invents digits (issue 18): a value that carries fewer digits than the
/// mode asks for shows the digits it has, and the shell says how to get more.
@Suite struct DisplayDigitsTests {
    static let note = "(a value carries fewer digits than the display shows: :digits N computes N)"

    @Test func aDoubleUnderFixThirtyShowsItsSeventeenDigitsAndANote() {
        let shell = Shell.inMemory()
        _ = shell.type(":fix 30")
        let shown = shell.type("2 √")
        #expect(shown.contains("= 1.4142135623730951\n"), "\(shown)")
        #expect(shown.contains(Self.note), "\(shown)")
    }

    @Test func valuesWithTheDigitsTheDisplayAsksForNeedNoNote() {
        let shell = Shell.inMemory()
        _ = shell.type(":fix 30")
        _ = shell.type(":digits 40")
        let shown = shell.type("2 √")
        // √2 to 30 decimals (mpmath: 1.41421356237309504880168872420969807...).
        #expect(shown.contains("= 1.414213562373095048801688724210\n"), "\(shown)")
        #expect(!shown.contains(Self.note), "\(shown)")
        #expect(!shell.type("1 3 ÷").contains(Self.note))
    }
}
