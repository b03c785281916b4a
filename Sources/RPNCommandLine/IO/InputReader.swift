import Platform
import RPNCore

/// A file or stream that could not be read, with the reason in words.
public struct InputError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Reads whole inputs with plain system calls (no Foundation: start-up time matters).
public enum InputReader {
    public static func readFile(_ path: String) throws(InputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError("cannot open '\(TerminalText.shown(path))': \(SystemError.last.reason)") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw InputError("cannot read '\(TerminalText.shown(path))': it is a directory")
        }
        let sizeHint = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        return try readAll(descriptor, name: path, sizeHint: sizeHint)
    }

    public static func readStandardInput() throws(InputError) -> [UInt8] {
        try readAll(0, name: "standard input", sizeHint: 0)
    }

    static func readAll(_ descriptor: Int32, name: String, sizeHint: Int) throws(InputError) -> [UInt8] {
        do { return try Retrying.readAll(descriptor, sizeHint: sizeHint) } catch {
            throw InputError("cannot read '\(TerminalText.shown(name))': \(error.reason)")
        }
    }
}
