import RPNCommandLine
import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// `:digits N` (issue 18): inexact values computed with N significant digits from now on, as
/// `rpn --digits N` and the directive `digits N`; `:digits` alone says what is in force,
/// `:digits off` goes back to IEEE doubles. One arithmetic at a time: `:float`, `:exact` and
/// `:digits N`, the last one winning. Values by mpmath: √2 to 30 digits
/// 1.41421356237309504880168872421, to 12 digits 1.41421356237, π to 20 3.1415926535897932385.
@Suite struct DigitsCommandTests {
    @Test func digitsComputesWithNDigitsAndOffGoesBack() {
        let shell = Shell.inMemory()
        #expect(shell.type("2 √").hasSuffix("= 1.4142135623730951\n"))
        #expect(shell.type(":digits 30").hasPrefix("digits 30: "))
        #expect(shell.session.digits == 30)
        #expect(shell.type("2 √").hasSuffix("= 1.41421356237309504880168872421\n"))
        #expect(shell.type(":digits off").hasPrefix("exact: "))
        #expect(shell.session.digits == nil)
        #expect(shell.session.isExact)
        #expect(shell.type("2 √").hasSuffix("= 1.4142135623730951\n"))
        // A value keeps the digits it was computed with.
        #expect(shell.session.entries.map { $0.value.map(NumberFormat().string) } ==
                ["1.4142135623730951", "1.41421356237309504880168872421", "1.4142135623730951"])
    }

    @Test(arguments: [
        ([String](), "digits off: √2, sin, ln... are IEEE doubles (:digits N computes them with N significant digits)\n"),
        ([":digits 30"], "digits 30: √2, sin, ln... have 30 significant digits (:digits off goes back to IEEE doubles)\n"),
        ([":float"], "digits off: float computes every value as an IEEE double (:digits N computes exactly, √2, sin, ln... with N digits)\n"),
        (["digits 12"], "digits 12: √2, sin, ln... have 12 significant digits (:digits off goes back to IEEE doubles)\n"),
    ])
    func digitsAloneSaysWhatIsInForce(_ before: [String], _ shown: String) {
        let shell = Shell.inMemory()
        for line in before { _ = shell.type(line) }
        #expect(shell.type(":digits") == shown)
    }

    @Test(arguments: [":digits 0", ":digits -1", ":digits 1000001", ":digits x", ":digits 2.5", ":digits 30 40", ":digits on"])
    func usageErrors(_ line: String) {
        let shell = Shell.inMemory()
        #expect(shell.type(line) == "error: usage: :digits N, N from 1 to 1000000, or :digits off\n")
        #expect(shell.session.digits == nil)
    }

    /// As the directives: `:float` after `:digits` is doubles throughout, `:digits` after
    /// `:float` exact again; `:exact` goes back to doubles for inexact values.
    @Test func oneArithmeticAtATime() {
        let shell = Shell.inMemory()
        _ = shell.type(":digits 30")
        _ = shell.type(":float")
        #expect(shell.session.digits == nil && !shell.session.isExact)
        #expect(shell.type("2 √").hasSuffix("= 1.4142135623730951\n"))
        _ = shell.type(":digits 12")
        #expect(shell.session.digits == 12 && shell.session.isExact)
        #expect(shell.type("0.1 0.2 +").hasSuffix("= 0.3\n"))
        #expect(shell.type("2 √").hasSuffix("= 1.41421356237\n"))
        _ = shell.type(":exact")
        #expect(shell.session.digits == nil && shell.session.isExact)
        // Off when already off changes nothing, and is no step to undo.
        _ = shell.type(":float")
        #expect(shell.type(":digits off").hasPrefix("digits off: "))
        #expect(!shell.session.isExact)
    }

    @Test func undoAndRedoTakeDigitsBackAndForth() {
        let shell = Shell.inMemory()
        _ = shell.type(":digits 30")
        _ = shell.type(":undo")
        #expect(shell.session.digits == nil)
        _ = shell.type(":redo")
        #expect(shell.session.digits == 30)
        _ = shell.type(":digits 20")
        _ = shell.type(":digits off")
        _ = shell.type(":undo")
        #expect(shell.session.digits == 20)
    }

    /// Typed as a directive, the shell says so as for `float`.
    @Test func typingTheDirectiveSaysSo() {
        let shell = Shell.inMemory()
        #expect(shell.type("digits 20 π").hasPrefix("digits 20: "))
        #expect(shell.session.digits == 20)
        #expect(shell.type("").hasSuffix("= 3.1415926535897932385\n"))
        #expect(shell.type("digits 0").contains("digits takes 1 to 1000000 digits, got 0"))
        #expect(shell.session.digits == 20)
    }

    @Test func savedAsTheDirectiveAndReplayed() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":digits 30")
        _ = shell.type("2 √")
        _ = shell.type(":digits off")
        _ = shell.type("2 √")
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "digits 30\n2 √\nexact\n2 √\n")
        let replayed = Shell.inMemory(files: files)
        _ = replayed.type(":load s.rpn")
        #expect(replayed.session.entries.map(\.value) == shell.session.entries.map(\.value))
    }

    /// `:clear` keeps the precision, as it keeps the angle unit and `float`.
    @Test func clearKeepsTheDigits() {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type(":digits 30")
        _ = shell.type(":clear")
        #expect(shell.session.digits == 30)
        #expect(shell.type("2 √").hasSuffix("= 1.41421356237309504880168872421\n"))
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "digits 30\n2 √\n")
    }

    @Test func inTheCatalogueHelpAndCompletion() {
        let shell = Shell.inMemory()
        #expect(shell.commands.names.contains("digits"))
        #expect(shell.completions(for: ":dig").contains(":digits"))
        #expect(shell.type(":help commands").contains(":digits N"))
        #expect(shell.completions(for: "dig") == ["digits"])
    }

    /// `rpn --digits 30` with no program: the shell starts at 30 digits, and its saved program
    /// says so.
    @Test func startedWithDigits() {
        let files = FakeFiles()
        let shell = Shell(session: Session(digits: 30), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { (60, 20) }, favorites: InMemoryFavoritesStore(),
            readFile: files.read, writeFile: files.write))
        #expect(shell.type("2 √").hasSuffix("= 1.41421356237309504880168872421\n"))
        _ = shell.type(":save s.rpn")
        #expect(files.text("s.rpn") == "digits 30\n2 √\n")
    }

    /// `:set` of an inexact value under digits is written between `float` and `digits N`, so
    /// that replaying it keeps the precision.
    @Test func anInexactValueSetUnderDigitsReplaysWithTheDigits() {
        #expect(Session.replayStore("x", .real(2.0.squareRoot()), exact: true, digits: 30)
                == "float 1.4142135623730951 →x digits 30")
        #expect(Session.replayStore("x", .real(0.5), exact: true, digits: nil) == "float 0.5 →x exact")
    }
}
