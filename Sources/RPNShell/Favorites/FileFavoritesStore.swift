import Platform

/// Favorites in a JSON file (see `FavoritesFormat`), safe against crashes and against other
/// `rpn` processes changing the same file:
///
/// - every change takes an exclusive `flock` on `PATH.lock` (created beside the file and never
///   removed: removing a lock file lets two processes lock different files; never a symbolic
///   link, which could point anywhere), re-reads the file
///   inside the lock, changes the list and writes it back;
/// - writing is atomic (`AtomicWriter`: a temporary file beside it, fsynced and renamed over
///   it; the file's permissions kept, 0600 for a new one), so readers see the old list or the
///   new one, never half a file; `load` therefore takes no lock;
/// - a file that cannot be read or understood is never overwritten: every operation fails
///   with a message naming the file and the problem; a change first copies a corrupt file's
///   bytes to `PATH.corrupt-UNIXTIME` (once: an identical copy already there is reused).
public final class FileFavoritesStore: FavoritesStore, Sendable {
    public let path: String
    /// The system calls reading and writing go through (tests make them fail).
    let system: SystemCalls

    public convenience init(path: String) { self.init(path: path, system: .live) }

    init(path: String, system: SystemCalls) {
        self.path = path
        self.system = system
    }

    /// `$XDG_DATA_HOME/rpn/favorites.json`, or `$HOME/.local/share/rpn/favorites.json` when
    /// XDG_DATA_HOME is unset or empty (or relative, which the XDG specification says to
    /// ignore). Without HOME, the home directory of the user in the password database.
    public static func defaultPath(environment: [String: String]) -> String {
        defaultPath(environment: environment, accountHome: HomeDirectory.passwordDatabase)
    }

    static func defaultPath(environment: [String: String], accountHome: () -> String?) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return FileSystem.joined(data, ShellFileLocations.favorites)
        }
        let home = HomeDirectory.resolve(environment: environment, accountHome: accountHome) ?? "/"
        return FileSystem.joined(FileSystem.joined(home, ShellFileLocations.dataHomeDefault), ShellFileLocations.favorites)
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
    var directory: String { FileSystem.split(path).directory }

    /// Lock, re-read, change, write, unlock.
    func change(_ body: (inout [Favorite]) throws(FavoritesError) -> Void) throws(FavoritesError) -> [Favorite] {
        do { try FileSystem.makeDirectories(directory) } catch { throw FavoritesError(error.message) }
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
        let descriptor = system.open(path, O_RDONLY | O_CLOEXEC, 0)
        if descriptor < 0 {
            let error = SystemError.last
            if error.code == ENOENT { return nil }
            throw FavoritesError("cannot read favorites file '\(path)': \(error.reason)")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw FavoritesError("cannot read favorites file '\(path)': it is a directory")
        }
        do { return try Retrying.readAll(descriptor) } catch {
            throw FavoritesError("cannot read favorites file '\(path)': \(error.reason)")
        }
    }

    /// An open descriptor of the lock file holding an exclusive lock; closing it unlocks.
    func lockExclusively() throws(FavoritesError) -> Int32 {
        let descriptor = system.open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FavoritesError("cannot lock favorites file '\(path)': cannot open '\(lockPath)': \(SystemError.last.reason)")
        }
        if Retrying.flock(descriptor, LOCK_EX) != 0 {
            let error = SystemError.last
            close(descriptor)
            throw FavoritesError("cannot lock favorites file '\(path)': \(error.reason)")
        }
        return descriptor
    }

    /// Writes the file atomically (see `AtomicWriter`); a new file is private.
    func write(_ bytes: [UInt8]) throws(FavoritesError) {
        do { try AtomicWriter(system: system, newFileMode: 0o600).write(bytes, to: path) } catch {
            throw FavoritesError("cannot write favorites file '\(path)': \(error.reason)")
        }
    }

    /// Copies a corrupt file's bytes to `PATH.corrupt-UNIXTIME` (with `-2`, `-3`... when that
    /// name is taken), unless a copy with the same bytes is already there. Returns the copy's path.
    func keepCopy(of bytes: [UInt8]) -> Result<String, FavoritesError> {
        let (directory, name) = FileSystem.split(path)
        let prefix = name + ".corrupt-"
        for existing in FileSystem.names(in: directory) where existing.hasPrefix(prefix) {
            let copy = FileSystem.joined(directory, existing)
            let descriptor = open(copy, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            let same = (try? Retrying.readAll(descriptor)) == bytes
            close(descriptor)
            if same { return .success(copy) }
        }
        let base = path + ".corrupt-\(time(nil))"
        var attempt = 1
        while true {
            let copy = attempt == 1 ? base : base + "-\(attempt)"
            let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                let error = SystemError.last
                if error.code == EEXIST && attempt < 1000 { attempt += 1; continue }
                return .failure(FavoritesError("cannot create '\(copy)': \(error.reason)"))
            }
            do throws(SystemError) {
                try Retrying.writeAll(bytes, to: descriptor)
                guard fsync(descriptor) == 0 else { throw .last }
                close(descriptor)
            } catch {
                close(descriptor)
                unlink(copy)
                return .failure(FavoritesError("cannot write '\(copy)': \(error.reason)"))
            }
            FileSystem.syncDirectory(directory)
            return .success(copy)
        }
    }
}
