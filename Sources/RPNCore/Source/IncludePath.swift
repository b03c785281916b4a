/// The path and the name of a file an `include` names, from the name as written and the
/// including source: relative to the including file's folder (C's `#include "…"`, Forth's
/// `include`), to the working directory for text of no file. Pure text: the file system is
/// asked nothing here.
struct IncludePath: Equatable {
    /// Where to read it: what the front end's file system is given.
    let path: String
    /// What messages call it: the same join made on the including source's name, so that
    /// `rpn dir/main.rpn` reports `dir/lib.rpn:2:3`, and an editor's `main.rpn` (named by the
    /// document's file name) reports `lib.rpn`.
    let name: String

    init(_ written: String, includer: SourceFile) {
        guard let folderPath = includer.path.map(Self.folder), !written.hasPrefix("/") else {
            path = written
            name = written
            return
        }
        path = folderPath + written
        name = Self.folder(of: includer.name) + written
    }

    /// The folder part of a path, with its `/` (`dir/`, `/`), or nothing for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[...slash])
    }
}
