import RPNCommandLine

/// Files in memory, for commands and the shell: reading a missing one fails as reading a
/// missing real file does; writing one keeps its bytes for the test to look at.
public final class FakeFiles {
    public var contents: [String: [UInt8]]

    public init(_ texts: [String: String] = [:]) { contents = texts.mapValues { Array($0.utf8) } }

    public func read(_ path: String) throws(InputError) -> [UInt8] {
        guard let bytes = contents[path] else { throw InputError("cannot open '\(path)': No such file or directory") }
        return bytes
    }

    public func write(_ path: String, _ bytes: [UInt8]) throws(InputError) { contents[path] = bytes }

    /// A file's contents as text (nil when it was never written).
    public func text(_ path: String) -> String? { contents[path].map { String(decoding: $0, as: UTF8.self) } }
}
