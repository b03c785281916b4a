import RPNCommandLine

/// Writes a whole file for `:save` with the shared `AtomicWriter`, so a failed write never
/// leaves half a program (or a temporary file) behind, and the message names the file.
public enum FileWriter {
    /// Without a home directory: `~/...` is an error that says so (`ShellFiles` has one).
    public static func write(_ path: String, _ bytes: [UInt8]) throws(InputError) {
        try ShellFiles(homeDirectory: nil).write(path, bytes)
    }

    static func write(_ path: String, _ bytes: [UInt8], with writer: AtomicWriter) throws(InputError) {
        do { try writer.write(bytes, to: path) } catch {
            throw InputError("cannot write '\(error.path)': \(error.reason)")
        }
    }
}
