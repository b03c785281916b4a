import RPNJSON

/// What a completion item is, in its `data`, so that `completionItem/resolve` can document it
/// later: a built-in word by its spelling, or a word of one's own by its definition's index in
/// a document's analysis (with its name, to tell a definition that has moved since).
enum CompletionItemData: JSONConvertible, Equatable {
    case builtin(spelling: String)
    case word(uri: String, index: Int, name: String)

    /// Nil for data the server did not write (an item of another server, or none).
    init?(json: JSONValue?) {
        if let spelling = json?["builtin"]?.stringValue {
            self = .builtin(spelling: spelling)
        } else if let uri = json?["uri"]?.stringValue, let index = json?["word"]?.intValue, index >= 0,
                  let name = json?["name"]?.stringValue {
            self = .word(uri: uri, index: index, name: name)
        } else {
            return nil
        }
    }

    var json: JSONValue {
        switch self {
        case .builtin(let spelling): ["builtin": .string(spelling)]
        case .word(let uri, let index, let name): ["uri": .string(uri), "word": .int(index), "name": .string(name)]
        }
    }
}
