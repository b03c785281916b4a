import Platform

/// One named session's state file, `DIRECTORY/NAME.rpn` (`$XDG_STATE_HOME/rpn/sessions/`):
/// read once at start, replaced whole (`AtomicWriter`: a temporary file of this process's own,
/// fsynced, renamed over it, the directory fsynced) after every change, so `kill -9` at any
/// moment leaves the last accepted line's state or the one before, never half a file. Several
/// shells on one session each replace the whole file: the last to write (to leave) wins.
/// A file that cannot be replayed is never overwritten: `keepAside` moves it to a new name.
struct StateFile {
    var directory: String
    var name: String
    var system: SystemCalls = .live

    static let defaultName = "default"
    static let suffix = ShellFileLocations.sessionSuffix

    var path: String { FileSystem.joined(directory, name + Self.suffix) }

    /// `$XDG_STATE_HOME/rpn/sessions` (or `~/.local/state/rpn/sessions`).
    static func directory(stateDirectory: String) -> String { FileSystem.joined(stateDirectory, ShellFileLocations.sessionsName) }

    /// Whether `name` can name a session: a file name of letters, digits, `.`, `_` and `-`,
    /// not starting with `.`, at most 64 bytes.
    static func isSessionName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    /// The largest state file read: a session's every line, `:load`ed files included.
    static let sizeLimit = 1 << 30

    /// The file's bytes; nil when there is none; the reason when it cannot be read (not a
    /// regular file: a FIFO there would otherwise block the start).
    func read() -> Result<[UInt8]?, FileSystem.Failure> {
        switch RegularFile.read(path, limit: Self.sizeLimit) {
        case .success(let bytes): return .success(bytes)
        case .failure(.system(let error)) where error.code == ENOENT: return .success(nil)
        case .failure(let failure): return .failure(FileSystem.Failure("cannot read '\(path)': \(failure.reason)"))
        }
    }

    /// Replaces the file with `text`; nil, or why it could not.
    func write(_ text: String) -> String? {
        do { try FileSystem.makeDirectories(directory) } catch { return "cannot save the session: \(error.message)" }
        do { try AtomicWriter(system: system, newFileMode: 0o600).write(Array(text.utf8), to: path) } catch {
            return "cannot save the session to '\(error.path)': \(error.reason)"
        }
        return nil
    }

    /// Moves the file to `PATH.kept-UNIXTIME` (`-2`, `-3`... when taken): `link` never replaces
    /// a file, then the old name goes. The new name, or why the file stays where it is.
    func keepAside() -> Result<String, FileSystem.Failure> {
        let base = path + ".kept-\(time(nil))"
        for attempt in 1...1000 {
            let kept = attempt == 1 ? base : base + "-\(attempt)"
            if link(path, kept) == 0 {
                _ = system.unlink(path)
                FileSystem.syncDirectory(directory)
                return .success(kept)
            }
            let error = SystemError.last
            if error.code != EEXIST { return .failure(FileSystem.Failure("cannot keep '\(path)' aside: \(error.reason)")) }
        }
        return .failure(FileSystem.Failure("cannot keep '\(path)' aside: too many kept copies"))
    }

    /// The sessions saved in the directory, sorted.
    static func names(in directory: String) -> [String] {
        FileSystem.names(in: directory).filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
            .filter(isSessionName).sorted()
    }
}
