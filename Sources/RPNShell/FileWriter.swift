#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import RPNCommandLine

/// Writes a whole file (`:save`), replacing it through a temporary file so a failed write never
/// leaves half a program behind.
public enum FileWriter {
    public static func write(_ path: String, _ bytes: [UInt8]) throws(InputError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputError("cannot write '\(path)': \(reason(errno))") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let problem = reason(errno)
                close(descriptor)
                unlink(temporary)
                throw InputError("cannot write '\(path)': \(problem)")
            }
            offset += written
        }
        fsync(descriptor)
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let problem = reason(errno)
            unlink(temporary)
            throw InputError("cannot write '\(path)': \(problem)")
        }
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
