/// A file of the workspace as a feature across files sees it: an open document (its current
/// text and version) or a closed file (as last read from the disk, no version), its words,
/// and how its byte ranges are given to the client.
struct WorkspaceFile {
    let uri: String
    /// The open document's version; nil for a closed file.
    let version: Int?
    let words: FileWords
    /// The file's length in bytes (the top level of a call hierarchy is the whole file).
    let byteCount: Int
    /// A range of the file's bytes in the client's positions.
    let range: (Swift.Range<Int>) -> Range

    /// A file name to show in messages (`lib.rpn`).
    var name: String { (FileURI.path(uri) ?? uri).split(separator: "/").last.map(String.init) ?? uri }

    func location(_ bytes: Swift.Range<Int>) -> Location { Location(uri: uri, range: range(bytes)) }
}
