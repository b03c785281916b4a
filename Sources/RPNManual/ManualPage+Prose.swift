import RPNShell

/// The page's prose: what no table holds. Paths and variables here are the ones the shell and
/// the command line read: the files' from `ShellFileLocations`, the environment's
/// (CommandLineIO.colourAllowed) written here.
extension ManualPage {
    func writeLanguage(into page: inout RoffWriter) {
        page.section("THE LANGUAGE")
        page.paragraphs("""
            A program is text: tokens separated by blanks, with # starting a comment that runs to \
            the end of the line. Numbers (42, 3.14, 6.02e23, 0x1F, 0b101, 2i) are pushed on the \
            stack; every other word takes its operands from the top of the stack and leaves its \
            results there, so 3 4 + 5 × is (3+4)×5. The operator characters need no blanks: 2π×, 2√.

            Integers and fractions are exact, at any size (1 3 ÷ is exactly one third); roots, logarithms, trigonometry, π and e are correctly rounded doubles, or \
            carry N digits with --digits N.

            Any other name is a variable: →x or ->x stores the top of the stack in x. \
            Expressions stay symbolic until the end, so an entry reads a variable's latest \
            value: 1 →M M 2 →M M + is 4, where dc and HP calculators give 3. An entry whose \
            variables have no value is described (rpn -d prints its infix form) rather than \
            valued.

            : NAME ( a b -- c ) BODY ; defines a word of one's own, its inputs named in the \
            stack effect (: hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;); : square dup × ; works on the \
            stack alone. Programs branch with COND if … else … then and loop with \
            FROM TO for I … next and begin … COND until. include "FILE" runs a file's \
            definitions and stores once.

            { 1 2 3 } is a list and [ dup × ] a quotation (code as a value); arithmetic on a \
            list works element by element, and the list words take one whole. The grammar is \
            grammar/rpn.ebnf in rpn's sources.
            """)
    }

    func writeShell(into page: inout RoffWriter) {
        page.section("THE SHELL")
        page.paragraphs("""
            With no program, standard input and output both a terminal, rpn starts the \
            interactive rpn> shell: one stack, variables and words for the session, the stack \
            shown after every line with its description. A line with an error is rejected whole, \
            with a caret under the token that failed, and Up brings it back to fix. A line that \
            opens a definition continues at a ...> prompt until its ;.

            Lines are edited with libedit (emacs keys, ~/.editrc): Up and Ctrl-R search the \
            history, Tab completes words, variables, commands and their arguments, Ctrl-C \
            abandons a line or stops a long computation, Ctrl-D leaves. Enter on an empty line \
            duplicates the top entry. Lines that start with : and a letter are commands:
            """)
        writeShellCommands(into: &page)
    }

    func writeFiles(into page: inout RoffWriter) {
        page.section("FILES")
        let history = ShellFileLocations.historyDocumented, session = ShellFileLocations.sessionDocumented
        let favorites = ShellFileLocations.favoritesDocumented
        page.item(Roff.italic(history.path), "The shell's line history (default \(history.default)).")
        page.item(Roff.italic(session.path), """
            The shell's saved state (stack, variables, words, modes and undo history), written \
            after every accepted line as a readable RPN program; NAME is \(InteractiveShell.defaultSessionName) unless \
            rpn --session NAME is given (default \(session.default)).
            """)
        page.item(Roff.italic(favorites.path), """
            The favorites, shared by the shell's :fav and rpn fav \
            (default \(favorites.default)).
            """)
        page.item(Roff.italic("~/.editrc"), "libedit's settings for the shell's line editing.")
    }

    func writeEnvironment(into page: inout RoffWriter) {
        page.section("ENVIRONMENT")
        page.item(Roff.bold("NO_COLOR"), """
            Set and not empty: no colour, in the shell or in messages. Colour is used only on a \
            terminal in any case.
            """)
        page.item(Roff.bold("PAGER"), """
            The program the shell's long help and listings go through at a terminal \
            (default less -R).
            """)
        page.item(Roff.bold("XDG_STATE_HOME"), """
            Where the shell keeps its history and saved state, under \(ShellFileLocations.stateFolder)/ \
            (default ~/\(ShellFileLocations.stateHomeDefault)).
            """)
        page.item(Roff.bold("XDG_DATA_HOME"), """
            Where the favorites are kept (default ~/\(ShellFileLocations.dataHomeDefault)); used only when \
            it is an absolute path.
            """)
        page.item(Roff.bold("HOME"), """
            The home directory: the defaults above, and ~ in the shell's file names \
            (the password database's entry when HOME is not set).
            """)
        page.item(Roff.bold("LANG") + ", " + Roff.bold("LC_ALL") + ", " + Roff.bold("LC_CTYPE"), """
            The shell's line editor shows and edits √, π and × as characters under a UTF-8 \
            locale. Programs and output are UTF-8 whatever the locale.
            """)
    }

    func writeExitStatus(into page: inout RoffWriter) {
        page.section("EXIT STATUS")
        page.item("0", "Success.")
        page.item("1", "An error in a program (rpn check: any error diagnostic), or a file that cannot be read.")
        page.item("64", "A usage error: an unknown option or a bad option value.")
    }

    func writeExamples(into page: inout RoffWriter) {
        page.section("EXAMPLES")
        page.text("Values, oldest first:")
        page.literal(["$ rpn -e '3 4 +' -e '2 √'", "7", "1.4142135623730951"])
        page.request("PP")
        page.text("More digits, and a description instead of a value:")
        page.literal(["$ rpn --digits 30 -e '2 √'", "1.41421356237309504880168872421",
                      "$ rpn -d -e '3 5 4 + ×'", "3×(5+4)"])
        page.request("PP")
        page.text("A word of one's own, from a file, and its diagnostics only:")
        page.literal(["$ echo ': hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; 3 4 hyp' > hyp.rpn",
                      "$ rpn hyp.rpn", "5", "$ rpn check hyp.rpn"])
        page.request("PP")
        page.text("Data on standard input, and a graph:")
        page.literal(["$ seq 1 100 | rpn --list -e mean", "50.5",
                      "$ rpn plot -e 'M sin' --from 'π neg' --to π --svg sine.svg"])
    }

    func writeSeeAlso(into page: inout RoffWriter) {
        page.section("SEE ALSO")
        page.raw(Roff.bold("dc") + "(1), " + Roff.bold("bc") + "(1), " + Roff.bold("editrc") + "(5)")
        page.request("PP")
        page.text("""
            README.md in rpn's sources: the language in full, the shell, the language server \
            (rpn lsp) and its editor set-ups.
            """)
    }
}
