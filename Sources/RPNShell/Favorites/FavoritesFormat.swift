import RPNJSON

/// The favorites file, version 1:
///
/// ```json
/// {
///   "version": 1,
///   "favorites": [
///     {"program": "1 M ÷ sin", "description": "sin(1÷M)"}
///   ]
/// }
/// ```
///
/// One favorite per line, keys always in this order, so the file diffs well and is easy to
/// edit by hand. Reading is strict: anything else (another version, a missing or extra key,
/// a value of the wrong type) is refused rather than guessed at, because a file we do not
/// understand must never be rewritten and lose what we did not understand.
enum FavoritesFormat {
    static let version = 1

    /// A file that could be read but not understood.
    struct Problem: Error, Equatable {
        var message: String
        /// True when the bytes are not a favorites file at all (bad JSON, wrong shape): the
        /// user's data is then copied aside before a change is refused. False for a file of a
        /// newer version, which is fine as it is, only not for us.
        var corrupt: Bool
    }

    static func encode(_ favorites: [Favorite]) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: "{\n  \"version\": \(version),\n  \"favorites\": [".utf8)
        for (index, favorite) in favorites.enumerated() {
            out.append(contentsOf: (index == 0 ? "\n    {\"program\": " : ",\n    {\"program\": ").utf8)
            out.append(contentsOf: JSONSerializer.serialize(.string(favorite.program)))
            out.append(contentsOf: ", \"description\": ".utf8)
            out.append(contentsOf: JSONSerializer.serialize(.string(favorite.description)))
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: (favorites.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8)
        return out
    }

    static func decode(_ bytes: [UInt8]) -> Result<[Favorite], Problem> {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch {
            return .failure(Problem(message: bytes.isEmpty ? "it is empty" : "it is not valid JSON (\(error.message))",
                                    corrupt: true))
        }
        func shape(_ message: String) -> Result<[Favorite], Problem> {
            .failure(Problem(message: "it is not a favorites file (\(message))", corrupt: true))
        }
        guard let object = root.objectValue else { return shape("expected an object at the top level") }
        guard let versionValue = object["version"] else { return shape("no \"version\"") }
        guard let version = versionValue.intValue else { return shape("\"version\" is not an integer") }
        guard version == Self.version else {
            return .failure(Problem(message: "it has version \(version); this rpn reads version \(Self.version)",
                                    corrupt: version < 1))
        }
        if let key = object.keys.first(where: { $0 != "version" && $0 != "favorites" }) {
            return shape("unexpected key \(JSONSerializer.string(.string(key))) at the top level")
        }
        guard let list = object["favorites"] else { return shape("no \"favorites\"") }
        guard let entries = list.arrayValue else { return shape("\"favorites\" is not an array") }
        var favorites: [Favorite] = []
        favorites.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let number = index + 1
            guard let fields = entry.objectValue else { return shape("favorite \(number) is not an object") }
            if let key = fields.keys.first(where: { $0 != "program" && $0 != "description" }) {
                return shape("unexpected key \(JSONSerializer.string(.string(key))) in favorite \(number)")
            }
            guard let program = fields["program"]?.stringValue else {
                return shape("favorite \(number) has no string \"program\"")
            }
            guard let description = fields["description"]?.stringValue else {
                return shape("favorite \(number) has no string \"description\"")
            }
            favorites.append(Favorite(program: program, description: description))
        }
        return .success(favorites)
    }
}
