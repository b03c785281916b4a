import Platform
import Testing
@testable import RPNShell

/// A session's state file: written whole, read back, listed by name, and a file the shell
/// cannot replay moved aside under a new name, never overwritten.
@Suite struct StateFileTests {
    @Test func writtenReadListedAndKeptAsideUnderNewNames() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let sessions = directory + "/state/rpn/sessions"
            let file = StateFile(directory: sessions, name: "work")
            #expect(try file.read().get() == nil, "no file yet")
            #expect(file.write("# one\n") == nil)
            #expect(try file.read().get() == Array("# one\n".utf8))
            #expect(StateFile(directory: sessions, name: "default").write("# two\n") == nil)
            #expect(StateFile.names(in: sessions) == ["default", "work"])
            let first = try file.keepAside().get()
            #expect(try file.read().get() == nil, "the old name is free for a fresh state")
            #expect(file.write("# three\n") == nil)
            let second = try file.keepAside().get()
            #expect(first != second, "a kept file is never overwritten")
            #expect(first.hasPrefix(sessions + "/work.rpn.kept-") && second.hasPrefix(sessions + "/work.rpn.kept-"))
            #expect(StateFile.names(in: sessions) == ["default"], "kept files are no sessions")
        }
    }

    @Test(arguments: [("default", true), ("work-2.old_1", true), ("", false), (".hidden", false), ("a/b", false),
                      ("..", false), ("ü", false), ("a b", false), (String(repeating: "x", count: 65), false)])
    func sessionNames(name: String, valid: Bool) {
        #expect(StateFile.isSessionName(name) == valid)
    }

    /// Not regular files: refused before a byte is read (a FIFO would block the start).
    @Test(arguments: ["a directory", "a FIFO"])
    func somethingElseInThePlaceOfTheFileIsAReadError(kind: String) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let file = StateFile(directory: directory, name: "default")
            #expect((kind == "a FIFO" ? mkfifo(file.path, 0o600) : mkdir(file.path, 0o700)) == 0)
            guard case .failure(let failure) = file.read() else { Issue.record("read"); return }
            #expect(failure.message == "cannot read '\(file.path)': it is \(kind), not a regular file")
        }
    }
}
