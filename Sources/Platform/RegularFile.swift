/// A regular file read whole, up to a limit: what `include` reads. Anything else is refused
/// before a byte is read: a directory, a device (`/dev/zero` never ends), a FIFO or socket
/// (opened without waiting for a writer, `O_NONBLOCK`), and a file bigger than the limit.
public enum RegularFile {
    public enum Failure: Error, Equatable {
        case system(SystemError)
        /// Not a regular file; what it is instead (`a directory`, `a character device`, ...).
        case notRegular(String)
        /// More than `limit` bytes (`size`: as many as were found, at least limit + 1).
        case tooBig(size: Int, limit: Int)

        /// What messages say after the file's name: `No such file or directory`, `it is a directory`.
        public var reason: String {
            switch self {
            case .system(let error): error.reason
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooBig(let size, let limit):
                "it has \(size) bytes, more than the \(limit >> 20) MiB allowed"
            }
        }
    }

    /// The one absolute name of the file at `path` (realpath(3): symbolic links, `.` and `..`
    /// resolved), or why there is none.
    public static func canonicalPath(_ path: String) -> Result<String, SystemError> {
        guard let resolved = realpath(path, nil) else { return .failure(.last) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.system(.last)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.system(.last)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notRegular("a directory"))
        case S_IFCHR: return .failure(.notRegular("a character device"))
        case S_IFBLK: return .failure(.notRegular("a block device"))
        case S_IFIFO: return .failure(.notRegular("a FIFO"))
        case S_IFSOCK: return .failure(.notRegular("a socket"))
        default: return .failure(.notRegular("no regular file"))
        }
        let size = Int(status.st_size)
        guard size <= limit else { return .failure(.tooBig(size: size, limit: limit)) }
        // The file may grow between fstat and the reads: never more than limit + 1 bytes.
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { raw in
                Retrying.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
            }
            if result < 0 { return .failure(.system(.last)) }
            if result == 0 { break }
            count += result
            if count == bytes.count, count <= limit { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count))) }
        }
        guard count <= limit else { return .failure(.tooBig(size: count, limit: limit)) }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }
}
