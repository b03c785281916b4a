import RPNCommandLine

/// Writes a whole file for `:save` with the shared `AtomicWriter`, so a failed write never
/// leaves half a program (or a temporary file) behind, and the message names the file.
public enum FileWriter {
    public static func write(_ path: String, _ bytes: [UInt8]) throws(InputError) {
        try write(path, bytes, with: AtomicWriter())
    }

    static func write(_ path: String, _ bytes: [UInt8], with writer: AtomicWriter) throws(InputError) {
        do { try writer.write(bytes, to: path) } catch {
            throw InputError("cannot write '\(error.path)': \(error.reason)")
        }
    }
}
