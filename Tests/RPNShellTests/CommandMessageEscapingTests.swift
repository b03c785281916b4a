import RPNTestSupport
import Testing
@testable import RPNShell

/// What a command says back about what was typed shows control characters escaped, as the
/// core's messages do (`TerminalText`): an ESC pasted into a command must not drive the
/// terminal. `\u{1B}` is how TerminalText writes an ESC.
@Suite struct CommandMessageEscapingTests {
    static let esc = "\u{1B}[2J"
    static let shown = #"\u{1B}[2J"#

    /// (typed, what the message starts with); the rest is the core's, escaped already.
    @Test(arguments: [
        (":zz\(esc)", #"error: unknown command ':zz\u{1B}[2j'; :help lists them"# + "\n"),  // names are lowercased
        (":set x\(esc) 1", "error: 'x\(shown)' is not a variable name\n"),
        (":set x 1\(esc)", "error: 1\(shown): "),
        (":unset q\(esc)", "error: 'q\(shown)' has no value\n"),
        (":plot 1 \(esc)", "error: \(shown): unknown token '\(shown)'\n"),
        (":plot 1 2\(esc)", "error: 2\(shown): invalid number '2\(shown)'\n"),
        (":save f\(esc)", "saved 1 line to f\(shown)\n"),
    ])
    func typedTextIsEscapedInMessages(_ line: String, _ expected: String) {
        let shell = Shell.inMemory()
        _ = shell.type("1")
        let shown = shell.type(line)
        #expect(shown.hasPrefix(expected), "\(shown)")
        #expect(!shown.unicodeScalars.contains("\u{1B}"), "\(shown)")
    }
}
