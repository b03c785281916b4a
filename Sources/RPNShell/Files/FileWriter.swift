import RPNCommandLine

/// Writes a whole file for `:save`, atomically (see `FileSystem.writeAtomically`), so a failed
/// write never leaves half a program behind.
public enum FileWriter {
    public static func write(_ path: String, _ bytes: [UInt8]) throws(InputError) {
        do { try FileSystem.writeAtomically(bytes, to: path, mode: 0o644) } catch {
            throw InputError("cannot write '\(path)': \(error.message)")
        }
    }
}
