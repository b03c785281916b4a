import Foundation
import RPNCommandLine
import RPNTestSupport
import Testing
@testable import RPNShell

/// The three writers of whole files (`:save`, the favorites store, `rpn plot --svg`) share one
/// atomic writer; these tests go through each of them, on real files in a fresh directory.
@Suite struct SafeFileWritingTests {
    /// Ways to write a whole file, as the user reaches them; each throws a message on failure.
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case save, svg
        var testDescription: String { rawValue }

        /// Writes `text` (save) or a plot (svg) to `path`; the error message or nil.
        func write(_ text: String, to path: String) -> String? {
            switch self {
            case .save:
                do { try FileWriter.write(path, Array(text.utf8)) } catch { return error.message }
                return nil
            case .svg:
                let harness = Harness()
                var command = PlotCommand(program: "M")
                command.svgPath = path
                guard command.run(harness.io, terminalSize: nil) == 0 else { return harness.err }
                return nil
            }
        }

        /// What a failure to write `path` for `reason` says.
        func failure(_ path: String, _ reason: String) -> String {
            switch self {
            case .save: "cannot write '\(path)': \(reason)"
            case .svg: "rpn: error: cannot write \(path): \(reason)\n"
            }
        }
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// The process's umask, read without changing it (`umask(2)` can only set it).
    static func umaskValue() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test(arguments: Writer.allCases, [0o640, 0o600, 0o755, 0o604] as [mode_t])
    func anExistingFileKeepsItsPermissions(_ writer: Writer, _ mode: mode_t) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/out.txt"
            try write(Array("old\n".utf8), to: path)
            #expect(chmod(path, mode) == 0)
            #expect(writer.write("new\n", to: path) == nil)
            #expect(Self.mode(path) == mode)
            #expect(bytes(at: path) != Array("old\n".utf8))
            #expect(names(in: directory) == ["out.txt"])
        }
    }

    @Test(arguments: Writer.allCases)
    func aNewFileGetsTheDefaultModeLessTheUmask(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/new.txt"
            #expect(writer.write("text\n", to: path) == nil)
            #expect(Self.mode(path) == 0o666 & ~(try Self.umaskValue()))
            #expect(names(in: directory) == ["new.txt"])
        }
    }

    @Test func favoritesKeepTheirModeAndStartPrivate() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            let store = FileFavoritesStore(path: path)
            try store.add(Favorite("1", "1"))
            #expect(Self.mode(path) == 0o600 & ~(try Self.umaskValue()))
            #expect(chmod(path, 0o644) == 0)
            try store.add(Favorite("2", "2"))
            #expect(Self.mode(path) == 0o644)
            #expect(try store.load() == [Favorite("1", "1"), Favorite("2", "2")])
        }
    }

    /// The lock file beside the favorites is only ever a plain file of ours: a symbolic link
    /// planted there is refused, not followed to create or lock whatever it names.
    @Test func aSymbolicLinkAsTheFavoritesLockIsRefused() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            #expect(symlink(directory + "/elsewhere", path + ".lock") == 0)
            #expect(throws: FavoritesError("cannot lock favorites file '\(path)': cannot open '\(path).lock': "
                + "Too many levels of symbolic links")) {
                try FileFavoritesStore(path: path).add(Favorite("1", "1"))
            }
            #expect(names(in: directory) == ["favorites.json.lock"])
        }
    }

    @Test(arguments: Writer.allCases)
    func aSymbolicLinkAtTheOldTemporaryNameIsNotFollowed(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/out.txt", victim = directory + "/victim"
            try write(Array("precious\n".utf8), to: victim)
            #expect(symlink(victim, path + ".tmp-\(getpid())") == 0)
            #expect(writer.write("new\n", to: path) == nil)
            #expect(bytes(at: victim) == Array("precious\n".utf8))
            #expect(Self.isSymbolicLink(path + ".tmp-\(getpid())"), "someone else's file is left alone")
        }
    }

    @Test(arguments: Writer.allCases)
    func aDirectoryInPlaceOfTheFileIsReportedByItsName(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/out"
            #expect(mkdir(path, 0o700) == 0)
            #expect(writer.write("new\n", to: path) == writer.failure(path, "Is a directory"))
            #expect(names(in: directory) == ["out"])
            #expect(names(in: path) == [])
        }
    }

    @Test(arguments: Writer.allCases)
    func aMissingDirectoryIsReportedByTheFilesName(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/no/such/out.txt"
            #expect(writer.write("new\n", to: path) == writer.failure(path, "No such file or directory"))
            #expect(names(in: directory) == [])
        }
    }

    /// The target as a symbolic link: followed, so the link stays and the file it names gets
    /// the new contents (dotfiles kept in a repository and linked into place keep working).
    @Test(arguments: Writer.allCases, ["real/out.txt", "REAL"])
    func aSymbolicLinkAsTheTargetIsFollowed(_ writer: Writer, _ target: String) throws {
        try withTemporaryDirectory { (directory: String) throws in
            #expect(mkdir(directory + "/real", 0o700) == 0)
            let path = directory + "/link", real = target.hasPrefix("/") || target == "REAL"
                ? directory + "/real/out.txt" : directory + "/" + target
            try write(Array("old\n".utf8), to: real)
            #expect(chmod(real, 0o640) == 0)
            // Relative to the link's directory, or absolute.
            #expect(symlink(target == "REAL" ? real : target, path) == 0)
            #expect(writer.write("new\n", to: path) == nil)
            #expect(Self.isSymbolicLink(path))
            #expect(bytes(at: real) != Array("old\n".utf8))
            #expect(Self.mode(real) == 0o640)
            #expect(names(in: directory + "/real") == ["out.txt"])
            #expect(names(in: directory) == ["link", "real"])
        }
    }

    @Test(arguments: Writer.allCases)
    func aDanglingSymbolicLinkCreatesTheFileItNames(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            #expect(symlink("made.txt", directory + "/link") == 0)
            #expect(writer.write("new\n", to: directory + "/link") == nil)
            #expect(Self.isSymbolicLink(directory + "/link"))
            #expect(bytes(at: directory + "/made.txt") != nil)
            #expect(names(in: directory) == ["link", "made.txt"])
        }
    }

    @Test(arguments: Writer.allCases)
    func aSymbolicLinkLoopIsReported(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            #expect(symlink("b", directory + "/a") == 0)
            #expect(symlink("a", directory + "/b") == 0)
            #expect(writer.write("new\n", to: directory + "/a") == writer.failure(directory + "/a", "Too many levels of symbolic links"))
            #expect(names(in: directory) == ["a", "b"])
        }
    }

    @Test(arguments: Writer.allCases)
    func aNameAsLongAsTheSystemAllowsWorks(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let name = String(repeating: "é", count: 127) + "x"  // 255 bytes, the most a name may have
            #expect(writer.write("new\n", to: directory + "/" + name) == nil)
            #expect(names(in: directory) == [name])
        }
    }

    /// A FIFO (or a device such as /dev/null) is written in place: there is no replacing it.
    @Test(arguments: Writer.allCases)
    func aFIFOIsWrittenInPlace(_ writer: Writer) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/pipe"
            #expect(mkfifo(path, 0o600) == 0)
            let reader = open(path, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            #expect(writer.write("through the pipe\n", to: path) == nil)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(reader, &buffer, buffer.count)
            #expect(count > 0)
            var status = stat()
            #expect(lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
            #expect(names(in: directory) == ["pipe"])
        }
    }
}
