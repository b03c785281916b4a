import Platform

/// The system calls behind the shell's file work, as values: the real ones, or in tests ones
/// that fail on cue. Permissions cannot make a write fail when the tests run as root (CI does),
/// so a failing disk, a full one or a refused rename are injected here instead. Each closure
/// returns what its system call returns and leaves the reason in `errno`.
struct SystemCalls: Sendable {
    var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    var fsync: @Sendable (_ descriptor: Int32) -> Int32
    var fchmod: @Sendable (_ descriptor: Int32, _ mode: mode_t) -> Int32
    var fchown: @Sendable (_ descriptor: Int32, _ owner: uid_t, _ group: gid_t) -> Int32
    var close: @Sendable (_ descriptor: Int32) -> Int32
    var rename: @Sendable (_ from: String, _ to: String) -> Int32
    var unlink: @Sendable (_ path: String) -> Int32
    /// stat(2), or lstat(2) when `followLinks` is false; nil on failure.
    var status: @Sendable (_ path: String, _ followLinks: Bool) -> stat?
    /// readlink(2): what a symbolic link contains; nil on failure.
    var readLink: @Sendable (_ path: String) -> String?

    static let live = SystemCalls(
        open: { path, flags, mode in Platform.open(path, flags, mode) },
        write: { descriptor, bytes in Platform.write(descriptor, bytes.baseAddress, bytes.count) },
        fsync: { Platform.fsync($0) },
        fchmod: { Platform.fchmod($0, $1) },
        fchown: { Platform.fchown($0, $1, $2) },
        close: { Platform.close($0) },
        rename: { Platform.rename($0, $1) },
        unlink: { Platform.unlink($0) },
        status: { path, followLinks in
            var status = stat()
            let result = followLinks ? stat(path, &status) : lstat(path, &status)
            return result == 0 ? status : nil
        },
        readLink: { path in
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBytes { Platform.readlink(path, $0.baseAddress!, $0.count) }
            guard count >= 0 else { return nil }
            guard count < buffer.count else { errno = ENAMETOOLONG; return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    )
}
