import Foundation
import RPNCommandLine
import RPNTestSupport
import Testing
@testable import RPNShell

/// `:save FILE` and `:load FILE`: the name is read as a shell reads a word (quotes, backslash),
/// and `~` is the home directory handed in by `main`.
@Suite struct SaveLoadPathTests {
    @Test(arguments: [
        (#":save "my file.rpn""#, "save", "my file.rpn"),
        (":save 'my file.rpn'", "save", "my file.rpn"),
        (#":save my\ file.rpn"#, "save", "my file.rpn"),
        (#":save "a \"q\" \\ b""#, "save", #"a "q" \ b"#),
        (#":save 'no \escapes'"#, "save", #"no \escapes"#),
        (#":save 'it'"'"'s'"#, "save", "it's"),
        (":save   plain.rpn  ", "save", "plain.rpn"),
        (":save\tplain.rpn", "save", "plain.rpn"),
        (":save ~/f.rpn", "save", "~/f.rpn"),
        (":SAVE x", "save", "x"),
        (#":load "x y.rpn""#, "load", "x y.rpn"),
        (":load 'dir with spaces/f.rpn'", "load", "dir with spaces/f.rpn"),
        (":load é.rpn", "load", "é.rpn"),
    ])
    func namesAreReadAsAShellReadsAWord(line: String, command: String, path: String) {
        let files = FakeFiles(command == "load" ? [path: "6 7 ×"] : [:])
        let shell = Shell.inMemory(files: files)
        if command == "save" {
            _ = shell.type("1 2 +")
            #expect(shell.type(line) == "saved 1 line to \(path)\n")
            #expect(files.text(path) == "1 2 +\n")
        } else {
            #expect(shell.type(line).hasSuffix("6×7 = 42\n"))
        }
    }

    @Test(arguments: [
        (":save", "usage: :save FILE"),
        (":save   ", "usage: :save FILE"),
        (":save a b", #"usage: :save FILE (a name with spaces needs quotes: :save "my file.rpn")"#),
        (":load a b", #"usage: :load FILE (a name with spaces needs quotes: :load "my file.rpn")"#),
        (#":save "abc"#, #":save: the closing " is missing"#),
        (":save 'abc", ":save: the closing ' is missing"),
        (#":save abc\"#, #":save: nothing follows the last \"#),
        (#":save """#, ":save: the file name is empty"),
    ])
    func badNamesSayWhatIsWrong(line: String, message: String) {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files)
        _ = shell.type("1 2 +")
        #expect(shell.type(line) == "error: \(message)\n")
        #expect(files.contents.isEmpty)
    }

    @Test(arguments: [
        ("~", "/home/ada"), ("~/f.rpn", "/home/ada/f.rpn"), ("~/", "/home/ada/"), ("~/a/b", "/home/ada/a/b"),
        ("f.rpn", "f.rpn"), ("/abs/~/f", "/abs/~/f"), ("~ada/f", "~ada/f"), ("./~", "./~"), ("~~", "~~"),
    ])
    func theTildeIsTheHomeDirectory(path: String, expanded: String) throws {
        #expect(try ShellFiles(homeDirectory: "/home/ada").expanded(path) == expanded)
    }

    @Test func withoutAHomeDirectoryTheTildeIsAnError() {
        #expect(throws: InputError("cannot use '~/f.rpn': there is no home directory for ~ (HOME is not set)")) {
            try ShellFiles(homeDirectory: nil).expanded("~/f.rpn")
        }
        #expect(throws: InputError("cannot use '~/f.rpn': there is no home directory for ~ (HOME is not set)")) {
            try FileWriter.write("~/f.rpn", [])
        }
    }

    /// The whole way: typed in the shell, written and read back on disk.
    @Test func saveAndLoadWithTildeAndQuotes() throws {
        try withTemporaryDirectory { (home: String) throws in
            let files = ShellFiles(homeDirectory: home)
            let shell = Shell.inMemory(terminal: (80, 24), readFile: files.read, writeFile: files.write)
            _ = shell.type("7 M + √")
            #expect(shell.type(":save ~/f.rpn") == "saved 1 line to ~/f.rpn\n")
            #expect(bytes(at: home + "/f.rpn") == Array("7 M + √\n".utf8))
            #expect(mkdir(home + "/my dir", 0o700) == 0)
            #expect(shell.type(#":save "~/my dir/g h.rpn""#) == "saved 1 line to ~/my dir/g h.rpn\n")
            #expect(bytes(at: home + "/my dir/g h.rpn") == Array("7 M + √\n".utf8))
            #expect(shell.type(":save ~/missing/f.rpn") == "error: cannot write '\(home)/missing/f.rpn': No such file or directory\n")
            _ = shell.type(":clear")
            _ = shell.type("9 →M")
            #expect(shell.type(#":load '~/my dir/g h.rpn'"#).hasSuffix("√(7+M) = 4\n"))
            #expect(shell.type(":load ~/nope.rpn") == "error: cannot open '\(home)/nope.rpn': No such file or directory\n")
        }
    }
}
