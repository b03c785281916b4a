/// The path and the name of a file an `include` names, from the name as written and the
/// including source: relative to the including file's folder (C's `#include "…"`, Forth's
/// `include`), to the working directory for text of no file. Pure text: the file system is
/// asked nothing here.
public struct IncludePath: Equatable {
    /// Where to read it: what the front end's file system is given.
    public let path: String
    /// What messages call it: the same join made on the including source's name, `.` and
    /// `a/..` taken out, so that `rpn dir/main.rpn` reports `dir/lib.rpn:2:3` for
    /// `include "lib.rpn"` and `lib.rpn:2:3` for `include "../lib.rpn"`. Only the name is
    /// tidied so: through a symbolic link, `a/..` is not where `a` is.
    public let name: String

    public init(_ written: String, includer: SourceFile) {
        guard let folderPath = includer.path.map(Self.folder), !written.hasPrefix("/") else {
            path = written
            name = written
            return
        }
        path = folderPath + written
        name = Self.tidied(Self.folder(of: includer.name) + written)
    }

    /// A path without its `.` parts and each `part/..`: `lib/../bad.rpn` is `bad.rpn`; a `..`
    /// with nothing before it to take out stays (`../x`).
    static func tidied(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let tidy = (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
        return tidy.isEmpty ? "." : tidy
    }

    /// The folder part of a path, with its `/` (`dir/`, `/`), or nothing for a bare name.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[...slash])
    }
}
