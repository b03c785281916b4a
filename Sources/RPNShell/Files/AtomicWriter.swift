import Platform

/// Replaces whole files so that readers see the old contents or the new, never a mix, and a
/// failure leaves the old file as it was and nothing else behind. The one writer of `:save`,
/// the favorites file and `rpn plot --svg`.
///
/// - The new contents go to a temporary file in the target's directory (so the rename stays
///   on one file system), created with `O_CREAT | O_EXCL | O_NOFOLLOW` under a random name: a
///   symbolic link planted at that name is never followed, and a name already taken (a
///   leftover from a crash, or someone else's file) is never reused; another name is tried.
/// - It gets the target's permission bits (and owner and group, where the system allows it);
///   a new file gets `newFileMode` less the umask. Then it is written, fsynced, closed and
///   renamed over the target, and the directory is fsynced.
/// - On any error the temporary file is removed, and the error names the target, never the
///   temporary file.
/// - A target that is a symbolic link is followed: the file it names is replaced and the link
///   stays (a favorites file linked from a dotfiles repository keeps working). A dangling link
///   creates the file it names, as a shell's `>` does.
/// - A directory is refused. A FIFO or a device (`/dev/null`, `/dev/stdout`) has nothing to
///   replace and is written in place; opening one without a reader fails instead of waiting.
struct AtomicWriter: Sendable {
    var system: SystemCalls = .live
    /// Permission bits of a file that does not exist yet, before the umask.
    var newFileMode: mode_t = 0o666
    /// The random part of temporary names.
    var randomSuffix: @Sendable () -> String = { String(UInt64.random(in: .min ... .max), radix: 36) }

    /// Why a file could not be written: the target's path and the system's words.
    struct Failure: Error, Equatable {
        var path: String
        var reason: String
    }

    /// How many names are tried before giving up with "File exists".
    static let attempts = 100
    /// How many symbolic links are followed before giving up (as the kernel does, ELOOP).
    static let linkLimit = 40

    func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        func failure(_ code: Int32) -> Failure { Failure(path: path, reason: SystemError(code: code).reason) }
        if let existing = system.status(path, true) {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw failure(EISDIR)
            default: return try writeInPlace(bytes, to: path)
            }
        } else if errno != ENOENT {
            throw failure(errno)
        }
        let target = try resolvingLinks(path)
        let (directory, name) = FileSystem.split(target)
        let existing = system.status(target, false)

        var temporary = "", descriptor: Int32 = -1
        for _ in 0..<Self.attempts {
            temporary = FileSystem.joined(directory, Self.temporaryName(for: name, suffix: randomSuffix()))
            descriptor = system.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                     existing == nil ? newFileMode : 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(errno) }

        func abandon(_ code: Int32, closing: Bool) -> Failure {
            if closing { _ = system.close(descriptor) }
            _ = system.unlink(temporary)
            return failure(code)
        }
        if let existing {
            // Giving a file away needs root: elsewhere the new file is the writer's, as any
            // editor's would be.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = system.fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            guard system.fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw abandon(errno, closing: true) }
        }
        if let code = writeAll(bytes, to: descriptor) { throw abandon(code, closing: true) }
        guard system.fsync(descriptor) == 0 else { throw abandon(errno, closing: true) }
        guard system.close(descriptor) == 0 else { throw abandon(errno, closing: false) }
        guard system.rename(temporary, target) == 0 else { throw abandon(errno, closing: false) }
        FileSystem.syncDirectory(directory)
    }

    /// The file a chain of symbolic links ends at (the path itself when it is no link, or
    /// does not exist). Relative links are relative to the link's directory.
    func resolvingLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<Self.linkLimit {
            guard let status = system.status(current, false), status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let link = system.readLink(current) else { throw Failure(path: path, reason: SystemError.last.reason) }
            current = link.hasPrefix("/") ? link : FileSystem.joined(FileSystem.split(current).directory, link)
        }
        throw Failure(path: path, reason: SystemError(code: ELOOP).reason)
    }

    /// `NAME.tmp-PID-SUFFIX`, with NAME cut (at a character) so that the whole stays within the
    /// 255 bytes a file name may have.
    static func temporaryName(for name: String, suffix: String) -> String {
        let tail = ".tmp-\(getpid())-\(suffix)"
        var base = Substring(name)
        while base.utf8.count + tail.utf8.count > 255, !base.isEmpty { base.removeLast() }
        return base + tail
    }

    /// A FIFO or a device: opened without creating or truncating anything, and without waiting
    /// for a reader (then blocking writes, so nothing is lost to a full pipe).
    private func writeInPlace(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = system.open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0)
        guard descriptor >= 0 else { throw Failure(path: path, reason: SystemError.last.reason) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        if let code = writeAll(bytes, to: descriptor) {
            _ = system.close(descriptor)
            throw Failure(path: path, reason: SystemError(code: code).reason)
        }
        guard system.close(descriptor) == 0 else { throw Failure(path: path, reason: SystemError.last.reason) }
    }

    /// Writes everything through `system.write`, resuming after interruptions and short
    /// writes; the errno on failure.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        do { try Retrying.writeAll(bytes, to: descriptor, using: system.write) } catch { return error.code }
        return nil
    }
}
