import RPNCore
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

extension FakeFiles {
    /// The working directory relative paths are read from.
    public static let workingDirectory = "/fake"

    /// The files as `include` sees them: a relative path is in `workingDirectory`, `.` and `..`
    /// are resolved by their text (there are no links), and a folder is there when some file's
    /// path goes on below it. Failures say what `RegularFile` says of real files.
    public var includeFileSystem: IncludeFileSystem {
        IncludeFileSystem(
            canonicalPath: { [self] path in
                let canonical = Self.canonical(path)
                guard file(canonical) != nil || isFolder(canonical) else {
                    return .failure(Diagnostic.Message("No such file or directory"))
                }
                return .success(canonical)
            },
            read: { [self] path, limit in
                guard let bytes = file(path) else {
                    return .failure(Diagnostic.Message(isFolder(path) ? "it is a directory, not a regular file"
                                                           : "No such file or directory"))
                }
                guard bytes.count <= limit else {
                    return .failure(Diagnostic.Message("it has \(bytes.count) bytes, more than the \(limit >> 20) MiB allowed"))
                }
                return .success(bytes)
            })
    }

    /// The absolute path a path names: `workingDirectory` in front of a relative one, `.` and
    /// `..` taken out.
    public static func canonical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : workingDirectory + "/") + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private func file(_ canonical: String) -> [UInt8]? {
        contents.first { Self.canonical($0.key) == canonical }?.value
    }

    private func isFolder(_ canonical: String) -> Bool {
        contents.keys.contains { Self.canonical($0).hasPrefix(canonical == "/" ? "/" : canonical + "/") }
    }
}
