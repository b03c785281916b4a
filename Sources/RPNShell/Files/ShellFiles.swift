import Platform
import RPNCommandLine

/// `:save` and `:load` on real files. `~` and `~/...` mean the home directory handed in by
/// `main` (the library never reads the environment itself); writes go through the atomic
/// writer, reads through `InputReader` as `rpn FILE` reads them.
public struct ShellFiles: Sendable {
    public var homeDirectory: String?
    var writer = AtomicWriter()

    public init(homeDirectory: String?) { self.homeDirectory = homeDirectory }

    public func read(_ path: String) throws(InputError) -> [UInt8] {
        try InputReader.readFile(expanded(path))
    }

    public func write(_ path: String, _ bytes: [UInt8]) throws(InputError) {
        try FileWriter.write(expanded(path), bytes, with: writer)
    }

    /// The names in `directory` (`~` expanded already), a directory's ending in `/`: Tab's
    /// candidates after `:load` and `:save`. Nothing when it cannot be read.
    public func names(in directory: String) -> [String] {
        guard case .success(let entries) = Directory.entries(directory) else { return [] }
        return entries.map { $0.kind == .directory ? $0.name + "/" : $0.name }
    }

    /// The path with a leading `~` (alone or before `/`) replaced by the home directory.
    /// `~name` stays as it is: other users' homes are not looked up.
    func expanded(_ path: String) throws(InputError) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        guard let homeDirectory, !homeDirectory.isEmpty else {
            throw InputError("cannot use '\(path)': there is no home directory for ~ (HOME is not set)")
        }
        return homeDirectory + path.dropFirst()
    }
}
