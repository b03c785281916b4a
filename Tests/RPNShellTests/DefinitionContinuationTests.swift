import RPNTestSupport
import Testing
@testable import RPNShell

/// Whether what was typed leaves a definition open, so the shell asks for more lines. Worked
/// out by hand from the grammar: `:` and `;` are tokens of their own wherever they appear,
/// except inside a `#` comment (to the end of its line) or a stack effect (a `( … )` with a
/// `--` word, closed on its line); a `(` without `--` is an unknown word, which hides nothing,
/// as `rpn -e` reads it; a line that starts with `:` and a character that is not a blank is a
/// shell command.
@Suite struct DefinitionContinuationTests {
    @Test(arguments: [
        // Opened and not closed.
        (": sq", true),
        (":", true),
        ("  : sq", true),
        ("\t:\tsq", true),
        (": sq dup", true),
        ("1 2 : add +", true),
        (": sq\ndup", true),
        (": sq\n", true),
        (": a ; : b", true),
        ("3 :sq", true),                  // `:` is self-delimiting past the line's start
        ("3 # c\n: sq", true),            // the comment ends with its line
        (": sq # ;", true),               // a `;` in a comment closes nothing
        (": sq ( x -- ; ) dup", true),    // nor one inside a stack effect
        (": sq ( x -- x )", true),
        (": sq\r\ndup", true),
        // Closed, or never opened.
        (": sq dup × ;", false),
        (": sq dup×;", false),            // `;` is self-delimiting
        (": sq\ndup × ;", false),
        (": sq\n\ndup\n;", false),
        ("1 2 : add + ;", false),
        (": a ; 3", false),
        (": a : b ;", false),             // nested definitions are the core's error; `;` ends the wait
        ("3 :sq dup ;", false),
        (": sq ( x\n;", false),           // a `(` without `)` on its line hides nothing
        (": f ( a -- b ) a ;", false),
        ("", false),
        ("3 4 +", false),
        ("; :", true),
        (";", false),
        ("# : only a comment", false),
        ("1 2 + # : sq", false),
        ("( : ) 3", true),                // no `--`: no stack effect, and `rpn -e` sees a `:` without `;`
        ("( -- : ) 3", false),            // a stack effect (a comment outside a definition)
        (": f ( ; ) dup", false),         // no stack effect: the `;` ends `f`, as `rpn -e` and editors read it
        (": f ( ;", false),
        (": f ( -- ; )", true),
        (": f ( -- ;", true),             // a stack effect left open on its line is invalid to its end: no `;`
        ("1 if : f", false),              // the `:` is inside a block (the core's nested-definition error)
        ("1 if then : f", true),
        ("unset : f", true),
        // Shell commands are not definitions.
        (":undo", false),
        (":sq", false),
        ("  :set x 2", false),
        (":?", false),
        (":fav add", false),
    ])
    func aDefinitionIsOpen(_ text: String, _ open: Bool) {
        #expect(DefinitionContinuation.isOpen(text) == open, "\(text.debugDescription)")
        // The shell judges a line at `...>` alone: line by line it must come to the same.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lineByLine = DefinitionContinuation.isOpen(lines[0])
        for line in lines.dropFirst() {
            guard lineByLine else { return }  // the shell would have run the text by now
            lineByLine = DefinitionContinuation.isOpen(line, continuing: true)
        }
        #expect(lineByLine == open, "\(text.debugDescription)")
    }

    /// Lines typed at `...>`, while a definition is open.
    @Test(arguments: [
        ("dup × ;", false),
        ("dup", true),
        ("", true),
        (";", false),
        ("# ;", true),
        ("( ; )", false),     // no `--`: no stack effect, the `;` ends the definition
        ("( -- ; )", true),
        (":undo", true),      // at `...>` a `:` is the definition's (the core reports the nesting)
        ("; : b", true),
        ("; 3 4 +", false),
    ])
    func aContinuationLine(_ line: String, _ open: Bool) {
        #expect(DefinitionContinuation.isOpen(line, continuing: true) == open, "\(line.debugDescription)")
    }
}

/// The shell judges each `...>` line alone: a definition typed over 10^4 lines costs as much
/// as its lines, not the square of their number (judging the text so far would lex 5·10^7
/// tokens here).
@Suite struct LongDefinitionTests {
    @Test func aDefinitionOfTenThousandLinesTypedLineByLineStaysFast() {
        let shell = Shell.inMemory()
        let started = ContinuousClock.now
        #expect(shell.type(": many") == "")
        for _ in 0..<10_000 {
            #expect(shell.prompt == "...> ")
            _ = shell.type("1 2 + drop 3 4 × drop 5 6 − drop # ( ; ) is in a comment")
        }
        #expect(shell.prompt == "...> ")
        let judged = ContinuousClock.now - started
        _ = shell.type(";")
        #expect(shell.prompt == "rpn> ")
        #expect(shell.session.wordNames == ["many"])
        #expect(judged < .seconds(2), "\(judged)")
    }
}

/// The continuation prompt as the shell's loop shows it, lines as libedit hands them over.
@Suite struct ContinuationPromptTests {
    /// Runs the shell on `inputs` (then the end of input); the prompts it showed, and its output.
    func run(_ inputs: [LineInput], shell: Shell = Shell.inMemory()) -> (prompts: [String], output: String) {
        var inputs = inputs
        var prompts: [String] = []
        let output = shell.environment.output
        let before = output.captured.count
        _ = shell.run { prompt in
            prompts.append(prompt)
            return inputs.isEmpty ? .end : inputs.removeFirst()
        }
        return (prompts, String(decoding: output.captured[before...], as: UTF8.self))
    }

    @Test func anOpenDefinitionAsksForMoreLinesUntilItsSemicolon() {
        let (prompts, _) = run([.line(": sq"), .line(""), .line("dup ×"), .line(";"), .line("1")])
        #expect(prompts == ["rpn> ", "...> ", "...> ", "...> ", "rpn> ", "rpn> "])
    }

    @Test func aClosedDefinitionOnOneLineKeepsThePrompt() {
        let (prompts, _) = run([.line(": sq dup × ;"), .line("1")])
        #expect(prompts == ["rpn> ", "rpn> ", "rpn> "])
    }

    @Test func commandsAndCommentsDoNotOpenADefinition() {
        let (prompts, _) = run([.line(":undo"), .line("1 2 + # : sq"), .line(":vars")])
        #expect(prompts == ["rpn> ", "rpn> ", "rpn> ", "rpn> "])
    }

    /// Ctrl-C at `...>` drops what was typed since `rpn>`; the session is as it was.
    @Test func ctrlCAbandonsTheDefinition() {
        let shell = Shell.inMemory()
        _ = shell.type("7")
        let (prompts, output) = run([.line(": sqr"), .line("dup"), .interrupted, .line("1 +")], shell: shell)
        #expect(prompts == ["rpn> ", "...> ", "...> ", "rpn> ", "rpn> "])
        #expect(output.hasPrefix("definition abandoned; the stack is unchanged\n"), "\(output)")
        #expect(output.hasSuffix("7+1 = 8\n"), "\(output)")
        #expect(shell.session.program == "7\n1 +")
    }

    /// Ctrl-D at `...>` abandons the definition too, and does not leave the shell: only
    /// Ctrl-D at `rpn>` does.
    @Test func ctrlDAbandonsTheDefinitionWithoutLeaving() {
        let shell = Shell.inMemory()
        let (prompts, output) = run([.line(": sqr dup"), .end, .line("5")], shell: shell)
        #expect(prompts == ["rpn> ", "...> ", "rpn> ", "rpn> "])
        #expect(output.hasPrefix("definition abandoned; the stack is unchanged\n"), "\(output)")
        #expect(shell.session.program == "5")
        #expect(shell.finished)
    }

    /// Typed line by line as a test types: nothing runs, the prompt says more is expected.
    @Test func typingAnOpenLinePrintsNothingAndChangesThePrompt() {
        let shell = Shell.inMemory()
        #expect(shell.type(": sqr") == "")
        #expect(shell.prompt == "...> ")
        #expect(shell.session.program == "")
    }

    /// An entry typed over several lines gets its errors with their line and column (a caret
    /// under the last prompt would point into the wrong line), and no "Up recalls the line":
    /// Up brings back only its last line. Column 7 of `; 1 0 ÷` is the ÷.
    @Test func errorsInSeveralLinesNameTheirLine() {
        let shell = Shell.inMemory()
        _ = shell.type("7")
        #expect(shell.type(": f") == "")
        let shown = shell.type("; 1 0 ÷")
        #expect(shown.contains("line 2:2:7: error: division by zero\n; 1 0 ÷\n      ^\n"), "\(shown)")
        #expect(shown.hasSuffix("\nthe stack is unchanged\n"), "\(shown)")
        #expect(shell.session.program == "7")
        #expect(shell.prompt == "rpn> ")
    }
}
