/// The file system as `include` sees it, handed in by a front end: the core reads no file
/// itself. The command line and the shell read the disk; the language server the disk, or
/// the text of a document the client has open.
public struct IncludeFileSystem {
    /// The one name of the file a path leads to, however the path spells it (symbolic links,
    /// `.` and `..` resolved): a file reached by two spellings is included once. Or why the
    /// path leads nowhere (`No such file or directory`).
    public var canonicalPath: (String) -> Result<String, Diagnostic.Message>
    /// The text of the file at a canonical path, if it is a regular file of at most `limit`
    /// bytes; else why not. A directory, a device (`/dev/zero` never ends), a FIFO (whose
    /// open waits for a writer) and a bigger file are refused without being read.
    public var read: (_ path: String, _ limit: Int) -> Result<[UInt8], Diagnostic.Message>

    public init(canonicalPath: @escaping (String) -> Result<String, Diagnostic.Message>,
                read: @escaping (_ path: String, _ limit: Int) -> Result<[UInt8], Diagnostic.Message>) {
        self.canonicalPath = canonicalPath
        self.read = read
    }
}
