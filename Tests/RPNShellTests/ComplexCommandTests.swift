import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// Complex values in the shell (issue 18): `:complex` and `:real` write the directives into the
/// session's program, as `:float` and `:exact` do, so undo, `:save` and `:clear` keep them;
/// `:polar` and `:rect` change the display only, as `:fix` does. 3+4i has modulus 5 and
/// argument atan2(4, 3) = 0.9272952180016122 rad = 53.13010235415598° (Python's math.atan2).
@Suite struct ComplexCommandTests {
    @Test func complexTurnsComplexAnswersOnAndRealOff() {
        let shell = Shell.inMemory()
        #expect(shell.type("-4 √").contains("error"))
        #expect(shell.type(":complex").hasPrefix("complex: "))
        #expect(shell.session.isComplex)
        #expect(shell.type("-4 √").hasSuffix("= 2i\n"))
        #expect(shell.type(":real").hasPrefix("real: "))
        #expect(!shell.session.isComplex)
        #expect(shell.type("-9 √").contains("error"))
        #expect(shell.type("3 4i +").hasSuffix("= 3+4i\n"))  // complex values stay complex
        _ = shell.type(":undo")
        _ = shell.type(":undo")
        #expect(shell.session.isComplex)
        _ = shell.type(":redo")
        #expect(!shell.session.isComplex)
    }

    /// Typed as a directive, the shell says so as for `float`.
    @Test func typingTheDirectiveSaysSo() {
        let shell = Shell.inMemory()
        #expect(shell.type("complex -1 √").hasPrefix("complex: "))
        #expect(shell.session.isComplex)
        #expect(shell.type("real").hasPrefix("real: "))
    }

    @Test func savedAsTheDirectivesAndReplayed() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":complex")
        _ = shell.type("-4 √")
        _ = shell.type(":real")
        _ = shell.type("1 2i +")
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "complex\n-4 √\nreal\n1 2i +\n")
        let replayed = Shell.inMemory(files: files)
        _ = replayed.type(":load s.rpn")
        #expect(replayed.session.entries.map(\.value) == shell.session.entries.map(\.value))
    }

    @Test func clearKeepsComplexMode() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":complex")
        _ = shell.type(":clear")
        #expect(shell.session.isComplex)
        #expect(shell.type("-1 √").hasSuffix("= 1i\n"))
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "complex\n-1 √\n")
    }

    /// (commands typed, what the top value shows as after them).
    @Test(arguments: [
        ([":polar"], "5∠0.9272952180016122"),
        ([":polar", ":deg"], "5∠53.13010235415598°"),
        ([":deg", ":polar"], "5∠53.13010235415598°"),
        ([":polar", "deg"], "5∠53.13010235415598°"),  // the directive typed changes the unit too
        ([":polar", ":rect"], "3+4i"),
        ([":polar", ":fix 2"], "5.00∠0.93"),
        ([":frac"], "3+4i"),
    ])
    func polarAndRectChangeTheDisplay(_ commands: [String], _ shown: String) {
        let shell = Shell.inMemory()
        _ = shell.type("3 4i +")
        var last = ""
        for command in commands { last = shell.type(command) }
        #expect(last.hasSuffix("= \(shown)\n"), "\(last)")
    }

    @Test func polarIsNotAStepToUndo() {
        let shell = Shell.inMemory()
        _ = shell.type("3 4i +")
        _ = shell.type(":polar")
        _ = shell.type(":undo")
        #expect(shell.session.entries.isEmpty)
        #expect(shell.type("3 4i +").hasSuffix("= 5∠0.9272952180016122\n"))
    }

    @Test func inTheCatalogueHelpAndCompletion() {
        let shell = Shell.inMemory()
        for name in ["complex", "real", "polar", "rect"] {
            #expect(shell.commands.names.contains(name))
            #expect(shell.completions(for: ":\(name.prefix(3))").contains(":\(name)"))
        }
        let help = shell.type(":help commands")
        for name in [":complex", ":real", ":polar", ":rect"] { #expect(help.contains(name)) }
    }

    /// `rpn --complex --polar` with no program: the shell starts in complex mode, showing
    /// complex values in polar form, and its saved program says so.
    @Test func startedWithComplexAndPolar() {
        let files = FakeFiles()
        var format = NumberFormat()
        format.polar = .radians
        let shell = Shell(session: Session(complex: true, format: format), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (60, 20) }, favorites: InMemoryFavoritesStore(),
            readFile: files.read, writeFile: files.write))
        #expect(shell.type("-9 √ 4 +").hasSuffix("= 5∠0.6435011087932844\n"))
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "complex\n-9 √ 4 +\n")
    }

    /// A complex value stored replays as its parts and `cplx`, and reads back equal.
    @Test(arguments: [
        (Number.complex(re: .integer(.small(3)), im: .integer(.small(4))), true, "3 4 cplx →z"),
        (Number.complex(re: .integer(.small(0)), im: .integer(.small(-1))), true, "0 -1 cplx →z"),
        (Number.complex(re: try! RPN.number("1 3 ÷").get(), im: .integer(.small(2))), true, "1 3 ÷ 2 cplx →z"),
        (Number.complex(re: .real(0.1), im: .real(2.0.squareRoot())), true, "float 0.1 1.4142135623730951 cplx →z exact"),
        (Number.complex(re: .real(0.1), im: .real(-2.5)), false, "0.1 -2.5 cplx →z"),
    ] as [(Number, Bool, String)])
    func aComplexValueReplays(_ value: Number, _ exact: Bool, _ text: String) throws {
        #expect(Session.replayStore("z", value, exact: exact) == text)
        let session = Session(exact: exact)
        guard case .accepted = session.enter(text + " z") else {
            Issue.record("\(text) was rejected")
            return
        }
        #expect(session.entries.last?.value == value)
    }

    /// `:set z VALUE` and `rpn --set z=VALUE` take a complex value.
    @Test func setTakesAComplexValue() throws {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":set z 3 4i +")
        #expect(shell.type("z conj").hasSuffix("= 3-4i\n"))
        let assigned = try VariableAssignments.parse(["z=3 4i +", "w=-4 √"], angleUnit: .radians, complex: true).get()
        #expect(assigned.map(\.value) == [.complex(re: .integer(.small(3)), im: .integer(.small(4))), .complex(re: .integer(.small(0)), im: .integer(.small(2)))])
        let session = Session(variables: assigned)
        _ = session.enter("z w +")
        #expect(session.entries.last?.value == .complex(re: .integer(.small(3)), im: .integer(.small(6))))
    }
}
