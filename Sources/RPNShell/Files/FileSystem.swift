import Platform

/// The few file-system operations the shell needs (favorites, `:save`, the history
/// directory), on plain system calls: no Foundation. Whole files are written by
/// `AtomicWriter`.
enum FileSystem {
    /// A failure described for people.
    struct Failure: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
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
    static func makeDirectories(_ directory: String) throws(FileSystem.Failure) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure("cannot create directory '\(directory)': it exists and is not a directory")
            }
            return
        }
        let parent = split(directory).directory
        if parent != directory { try makeDirectories(parent) }
        if mkdir(directory, 0o700) != 0 {
            let error = SystemError.last
            if error.code == EEXIST, stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return }
            throw Failure("cannot create directory '\(directory)': \(error.reason)")
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
}
