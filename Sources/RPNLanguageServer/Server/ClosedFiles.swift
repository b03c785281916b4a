import RPNCore

/// The workspace's closed `*.rpn` files as last read from the disk, by path: what references,
/// rename and call hierarchy need of each (`FileWords`), without its analysis, which is let go
/// once read. An entry stands while the file's size and time, and what it includes (an open
/// document's version, another file's size and time), are as they were; a watched change,
/// a save or an edit of a file drops the entries it touches at once (`forget(affectedBy:)`).
struct ClosedFiles {
    /// What an entry's analysis read of a file it includes.
    enum Dependency: Equatable {
        case open(uri: String, version: Int)
        case disk(WorkspaceSymbols.Stamp)
        case missing
    }

    struct Entry {
        let stamp: WorkspaceSymbols.Stamp
        /// Whether the text holds `include` at all: a file without cannot see another's words,
        /// and is not analysed to find out (`LanguageServer.mentionsInclude`).
        let mentionsInclude: Bool
        /// The file read and its words, once asked for.
        var read: Read?
    }

    struct Read {
        let source: SourceFile
        let words: FileWords
        let dependencies: [String: Dependency]
    }

    var entries: [String: Entry] = [:]

    /// Drops the entry of the file at `path` and those of the files that include it.
    mutating func forget(affectedBy path: String) {
        entries = entries.filter { key, entry in
            key != path && entry.read.map { $0.words.file != path && $0.dependencies[path] == nil } ?? true
        }
    }

    /// Drops the entries of the files that include anything: a file created may be what one of
    /// them failed to include.
    mutating func forgetIncluders() {
        entries = entries.filter { !$0.value.mentionsInclude }
    }
}
