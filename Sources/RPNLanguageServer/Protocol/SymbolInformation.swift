import RPNJSON

/// LSP `SymbolInformation`: a symbol of some file of the workspace, where it is.
struct SymbolInformation: JSONConvertible, Equatable {
    var name: String
    /// `SymbolKind`: 12 a function (a word of one's own), 13 a variable.
    var kind: Int
    var location: Location

    var json: JSONValue { ["name": .string(name), "kind": .int(kind), "location": location.json] }
}
