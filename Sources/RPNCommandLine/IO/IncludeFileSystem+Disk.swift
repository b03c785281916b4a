import Platform
import RPNCore

extension IncludeFileSystem {
    /// The disk as `include` reads it, for the command line and the shell: real paths, and
    /// regular files only (`RegularFile`).
    public static var disk: IncludeFileSystem {
        IncludeFileSystem(
            canonicalPath: { path in RegularFile.canonicalPath(path).mapError { Diagnostic.Message($0.reason) } },
            read: { path, limit in RegularFile.read(path, limit: limit).mapError { Diagnostic.Message($0.reason) } })
    }
}
