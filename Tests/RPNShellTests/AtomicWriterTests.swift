import Foundation
import RPNCommandLine
import RPNTestSupport
import Synchronization
import Testing
@testable import RPNShell

/// `AtomicWriter` with system calls that fail on cue (CI runs as root, where permissions make
/// nothing fail): whatever step fails, the old file is intact, no temporary file is left and
/// the message names the target; through each of its three users too.
@Suite struct AtomicWriterTests {
    /// The steps of a write that can fail, in order.
    enum Step: String, CaseIterable, CustomTestStringConvertible {
        case create, fchmod, write, fsync, close, rename
        var testDescription: String { rawValue }

        /// The errno each step fails with, and its words.
        var failure: (code: Int32, reason: String) {
            switch self {
            case .create: (EACCES, "Permission denied")
            case .fchmod: (EPERM, "Operation not permitted")
            case .write: (ENOSPC, "No space left on device")
            case .fsync: (EIO, "Input/output error")
            case .close: (EDQUOT, "Disk quota exceeded")
            case .rename: (EXDEV, "Invalid cross-device link")
            }
        }

        /// The real system calls, except this step's, which fails (a write after a first
        /// successful chunk, a close after really closing).
        var calls: SystemCalls {
            let code = failure.code
            var calls = SystemCalls.live
            switch self {
            case .create:
                calls.open = { path, flags, mode in
                    if flags & O_EXCL != 0 { errno = code; return -1 }
                    return SystemCalls.live.open(path, flags, mode)
                }
            case .fchmod: calls.fchmod = { _, _ in errno = code; return -1 }
            case .write:
                let calls = Atomic(0)
                return SystemCalls(open: SystemCalls.live.open, write: { descriptor, bytes in
                    if calls.add(1, ordering: .relaxed).newValue > 1 { errno = code; return -1 }
                    return SystemCalls.live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(3)))
                }, fsync: SystemCalls.live.fsync, fchmod: SystemCalls.live.fchmod, fchown: SystemCalls.live.fchown,
                   close: SystemCalls.live.close, rename: SystemCalls.live.rename, unlink: SystemCalls.live.unlink,
                   status: SystemCalls.live.status, readLink: SystemCalls.live.readLink)
            case .fsync: calls.fsync = { _ in errno = code; return -1 }
            case .close: calls.close = { descriptor in _ = SystemCalls.live.close(descriptor); errno = code; return -1 }
            case .rename: calls.rename = { _, _ in errno = code; return -1 }
            }
            return calls
        }
    }

    /// The writer's users: each writes `bytes` to `path` through `calls`; the message or nil.
    enum User: String, CaseIterable, CustomTestStringConvertible {
        case writer, save, svg, favorites
        var testDescription: String { rawValue }

        func write(to path: String, calls: SystemCalls) -> String? {
            let writer = AtomicWriter(system: calls)
            switch self {
            case .writer:
                do { try writer.write(Array("new contents\n".utf8), to: path) } catch { return "\(error.path): \(error.reason)" }
            case .save:
                do { try FileWriter.write(path, Array("new contents\n".utf8), with: writer) } catch { return error.message }
            case .svg:
                let harness = Harness()
                var command = PlotCommand(program: "M")
                command.svgPath = path
                command.fileWriter = writer
                if command.run(harness.io, terminalSize: nil) != 0 { return harness.err }
            case .favorites:
                do { try FileFavoritesStore(path: path, system: calls).add(Favorite("1", "1")) } catch { return error.message }
            }
            return nil
        }

        func message(_ path: String, _ reason: String) -> String {
            switch self {
            case .writer: "\(path): \(reason)"
            case .save: "cannot write '\(path)': \(reason)"
            case .svg: "rpn: error: cannot write \(path): \(reason)\n"
            case .favorites: "cannot write favorites file '\(path)': \(reason)"
            }
        }

        /// What the directory holds besides the file (the favorites' lock file).
        var companions: [String] { self == .favorites ? ["target.lock"] : [] }
    }

    static let oldFavorites = Array(#"{"version": 1, "favorites": []}"#.utf8)

    @Test(arguments: User.allCases, Step.allCases)
    func aFailureLeavesTheOldFileAndNoTemporaryFile(_ user: User, _ step: Step) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/target"
            try write(Self.oldFavorites, to: path)
            #expect(chmod(path, 0o640) == 0)
            #expect(user.write(to: path, calls: step.calls) == user.message(path, step.failure.reason))
            #expect(bytes(at: path) == Self.oldFavorites)
            #expect(names(in: directory) == (["target"] + user.companions).sorted())
            #expect(SafeFileWritingTests.mode(path) == 0o640)
        }
    }

    @Test(arguments: User.allCases, Step.allCases.filter { $0 != .fchmod })
    func aFailureCreatingAFileLeavesNothing(_ user: User, _ step: Step) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/target"
            #expect(user.write(to: path, calls: step.calls) == user.message(path, step.failure.reason))
            #expect(names(in: directory) == user.companions)
        }
    }

    @Test(arguments: User.allCases)
    func withoutFailuresEveryUserWrites(_ user: User) throws {
        try withTemporaryDirectory { (directory: String) throws in
            #expect(user.write(to: directory + "/target", calls: .live) == nil)
            #expect(names(in: directory) == (["target"] + user.companions).sorted())
        }
    }

    /// Temporary names that are taken (someone's symbolic link, a leftover file) are skipped,
    /// never followed, truncated or removed.
    @Test func takenTemporaryNamesAreSkippedAndLeftAlone() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/target", victim = directory + "/victim"
            try write(Array("precious\n".utf8), to: victim)
            let suffixes = Mutex(["a", "b", "c"])
            var writer = AtomicWriter()
            writer.randomSuffix = { suffixes.withLock { $0.removeFirst() } }
            let pid = getpid()
            #expect(symlink(victim, directory + "/target.tmp-\(pid)-a") == 0)
            try write(Array("leftover\n".utf8), to: directory + "/target.tmp-\(pid)-b")
            try writer.write(Array("new\n".utf8), to: path)
            #expect(bytes(at: path) == Array("new\n".utf8))
            #expect(bytes(at: victim) == Array("precious\n".utf8))
            #expect(SafeFileWritingTests.isSymbolicLink(directory + "/target.tmp-\(pid)-a"))
            #expect(bytes(at: directory + "/target.tmp-\(pid)-b") == Array("leftover\n".utf8))
            #expect(names(in: directory) == ["target", "target.tmp-\(pid)-a", "target.tmp-\(pid)-b", "victim"])
        }
    }

    @Test func whenEveryNameIsTakenTheWriteFailsNamingTheTarget() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/target"
            var writer = AtomicWriter()
            writer.randomSuffix = { "same" }
            try write(Array("leftover\n".utf8), to: directory + "/target.tmp-\(getpid())-same")
            #expect(throws: AtomicWriter.Failure(path: path, reason: "File exists")) {
                try writer.write(Array("new\n".utf8), to: path)
            }
            #expect(names(in: directory) == ["target.tmp-\(getpid())-same"])
        }
    }

    /// Short writes and interrupted ones are resumed: the file is whole.
    @Test func shortAndInterruptedWritesAreResumed() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let interrupted = Atomic(false)
            var calls = SystemCalls.live
            calls.write = { descriptor, bytes in
                if !interrupted.exchange(true, ordering: .relaxed) { errno = EINTR; return -1 }
                return SystemCalls.live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(7)))
            }
            let text = Array(String(repeating: "0123456789", count: 100).utf8)
            try AtomicWriter(system: calls).write(text, to: directory + "/target")
            #expect(bytes(at: directory + "/target") == text)
        }
    }

    /// Root can give the new file the old one's owner and group; nobody else can, and need not.
    @Test(.enabled(if: geteuid() == 0, "only root may give a file away"))
    func theOwnerIsKeptWhereTheSystemAllows() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/target"
            try write(Array("old\n".utf8), to: path)
            #expect(chown(path, 65534, 65534) == 0)
            try AtomicWriter().write(Array("new\n".utf8), to: path)
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_uid == 65534 && status.st_gid == 65534)
        }
    }

    @Test(arguments: [("short", "short.tmp-"), (String(repeating: "n", count: 255), String(repeating: "n", count: 200))])
    func temporaryNamesFitInAFileName(name: String, prefix: String) {
        let temporary = AtomicWriter.temporaryName(for: name, suffix: "zzzzzzzzzzzzz")
        #expect(temporary.utf8.count <= 255)
        #expect(temporary.hasPrefix(prefix))
        #expect(temporary.hasSuffix(".tmp-\(getpid())-zzzzzzzzzzzzz"))
    }
}
