#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Favorites in a JSON file (see `FavoritesFormat`), safe against crashes and against other
/// `rpn` processes changing the same file:
///
/// - every change takes an exclusive `flock` on `PATH.lock` (created beside the file and never
///   removed: removing a lock file lets two processes lock different files), re-reads the file
///   inside the lock, changes the list and writes it back;
/// - writing is atomic: `PATH.tmp-PID` is written and fsynced, renamed over `PATH`, and the
///   directory is fsynced, so readers see the old list or the new one, never half a file;
///   `load` therefore takes no lock;
/// - a file that cannot be read or understood is never overwritten: every operation fails
///   with a message naming the file and the problem; a change first copies a corrupt file's
///   bytes to `PATH.corrupt-UNIXTIME` (once: an identical copy already there is reused).
public final class FileFavoritesStore: FavoritesStore, Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_DATA_HOME/rpn/favorites.json`, or `$HOME/.local/share/rpn/favorites.json` when
    /// XDG_DATA_HOME is unset or empty (or relative, which the XDG specification says to
    /// ignore). Without HOME, the home directory of the user in the password database.
    public static func defaultPath(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "rpn/favorites.json")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordDatabaseHome() ?? "/"
        return joined(home, ".local/share/rpn/favorites.json")
    }

    public func load() throws(FavoritesError) -> [Favorite] {
        guard let bytes = try read() else { return [] }
        switch FavoritesFormat.decode(bytes) {
        case .success(let favorites): return favorites
        case .failure(let problem): throw FavoritesError("cannot use favorites file '\(path)': \(problem.message); fix or remove it")
        }
    }

    @discardableResult
    public func add(_ favorite: Favorite) throws(FavoritesError) -> [Favorite] {
        try change { (favorites: inout [Favorite]) throws(FavoritesError) in favorites.append(favorite) }
    }

    @discardableResult
    public func remove(number: Int) throws(FavoritesError) -> [Favorite] {
        try change { (favorites: inout [Favorite]) throws(FavoritesError) in
            guard let index = favorites.index(ofNumber: number) else { throw .noFavorite(number, count: favorites.count) }
            favorites.remove(at: index)
        }
    }

    // MARK: Read, change, write

    var lockPath: String { path + ".lock" }
    var directory: String { Self.split(path).directory }

    /// Lock, re-read, change, write, unlock.
    func change(_ body: (inout [Favorite]) throws(FavoritesError) -> Void) throws(FavoritesError) -> [Favorite] {
        try Self.makeDirectories(directory)
        let lock = try lockExclusively()
        defer { close(lock) }
        var favorites: [Favorite] = []
        if let bytes = try read() {
            switch FavoritesFormat.decode(bytes) {
            case .success(let list): favorites = list
            case .failure(let problem):
                var message = "cannot use favorites file '\(path)': \(problem.message); it was left as it is"
                if problem.corrupt {
                    switch keepCopy(of: bytes) {
                    case .success(let copy): message += " and a copy kept at '\(copy)'"
                    case .failure(let error): message += " (no copy kept: \(error.message))"
                    }
                }
                throw FavoritesError(message + "; fix or remove it")
            }
        }
        try body(&favorites)
        try write(FavoritesFormat.encode(favorites))
        return favorites
    }

    /// The file's bytes, or nil when there is no file.
    func read() throws(FavoritesError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw FavoritesError("cannot read favorites file '\(path)': \(Self.reason(code))")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw FavoritesError("cannot read favorites file '\(path)': it is a directory")
        }
        do { return try Self.readAll(descriptor) } catch {
            throw FavoritesError("cannot read favorites file '\(path)': \(Self.reason(error.code))")
        }
    }

    /// An open descriptor of the lock file holding an exclusive lock; closing it unlocks.
    func lockExclusively() throws(FavoritesError) -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FavoritesError("cannot lock favorites file '\(path)': cannot open '\(lockPath)': \(Self.reason(errno))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            throw FavoritesError("cannot lock favorites file '\(path)': \(Self.reason(code))")
        }
        return descriptor
    }

    /// Writes `PATH.tmp-PID`, fsyncs it, renames it over `PATH` and fsyncs the directory.
    func write(_ bytes: [UInt8]) throws(FavoritesError) {
        let temporary = path + ".tmp-\(getpid())"
        func fail(_ what: String, _ code: Int32) -> FavoritesError {
            unlink(temporary)
            return FavoritesError("cannot write favorites file '\(path)': \(what): \(Self.reason(code))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw fail("cannot create '\(temporary)'", errno) }
        do throws(SystemError) {
            try Self.writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw SystemError(code: errno) }
        } catch {
            close(descriptor)
            throw fail("cannot write '\(temporary)'", error.code)
        }
        guard close(descriptor) == 0 else { throw fail("cannot write '\(temporary)'", errno) }
        guard rename(temporary, path) == 0 else { throw fail("cannot rename '\(temporary)'", errno) }
        Self.syncDirectory(directory)
    }

    /// Copies a corrupt file's bytes to `PATH.corrupt-UNIXTIME` (with `-2`, `-3`... when that
    /// name is taken), unless a copy with the same bytes is already there. Returns the copy's path.
    func keepCopy(of bytes: [UInt8]) -> Result<String, FavoritesError> {
        let (directory, name) = Self.split(path)
        let prefix = name + ".corrupt-"
        for existing in Self.names(in: directory) where existing.hasPrefix(prefix) {
            let copy = Self.joined(directory, existing)
            let descriptor = open(copy, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            let same = (try? Self.readAll(descriptor)) == bytes
            close(descriptor)
            if same { return .success(copy) }
        }
        let base = path + ".corrupt-\(time(nil))"
        var attempt = 1
        while true {
            let copy = attempt == 1 ? base : base + "-\(attempt)"
            let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                let code = errno
                if code == EEXIST && attempt < 1000 { attempt += 1; continue }
                return .failure(FavoritesError("cannot create '\(copy)': \(Self.reason(code))"))
            }
            do throws(SystemError) {
                try Self.writeAll(bytes, to: descriptor)
                guard fsync(descriptor) == 0 else { throw SystemError(code: errno) }
                close(descriptor)
            } catch {
                close(descriptor)
                unlink(copy)
                return .failure(FavoritesError("cannot write '\(copy)': \(Self.reason(error.code))"))
            }
            Self.syncDirectory(directory)
            return .success(copy)
        }
    }

    // MARK: System calls

    struct SystemError: Error { var code: Int32 }

    static func readAll(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            offset += written
        }
    }

    /// Best effort: a rename is durable once its directory is synced, but a file system that
    /// cannot sync directories still has the new file.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// `mkdir -p` with mode 0700 for the directories it creates.
    static func makeDirectories(_ directory: String) throws(FavoritesError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FavoritesError("cannot create directory '\(directory)': it exists and is not a directory")
            }
            return
        }
        let parent = split(directory).directory
        if parent != directory { try makeDirectories(parent) }
        if mkdir(directory, 0o700) != 0 {
            let code = errno
            if code == EEXIST, stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return }
            throw FavoritesError("cannot create directory '\(directory)': \(reason(code))")
        }
    }

    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }

    /// The directory part (`.` when there is none) and the last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    static func joined(_ directory: String, _ rest: String) -> String {
        var directory = Substring(directory)
        while directory.hasSuffix("/") { directory.removeLast() }
        return directory + "/" + rest
    }

    static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>? = nil
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
              let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
