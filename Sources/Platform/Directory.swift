/// A folder's entries (readdir(3)), for the language server's walk over the workspace's files.
public enum Directory {
    public struct Entry: Equatable, Sendable {
        public enum Kind: Sendable { case file, directory, other }

        public var name: String
        /// What it is, links not followed: a symbolic link is `other`, so that a walk never
        /// loops through one.
        public var kind: Kind
    }

    /// The entries of the folder at `path` (not `.` and `..`), in no order; or why not.
    public static func entries(_ path: String) -> Result<[Entry], SystemError> {
        guard let stream = opendir(path) else { return .failure(.last) }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var kind: Entry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_UNKNOWN):  // file systems that do not say: ask lstat
                var status = stat()
                kind = .other
                if lstat(path + "/" + name, &status) == 0 {
                    if status.st_mode & S_IFMT == S_IFREG { kind = .file } else if status.st_mode & S_IFMT == S_IFDIR { kind = .directory }
                }
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return .success(entries)
    }

    /// A regular file's size and last modification (seconds and nanoseconds since the epoch),
    /// to tell whether a file read before has changed since.
    public static func stamp(_ path: String) -> (size: Int, modified: Int)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (Int(status.st_size), Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec))
    }
}
