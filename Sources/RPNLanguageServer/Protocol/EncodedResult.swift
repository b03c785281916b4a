import RPNJSON

/// A result encoded once and kept so: whole-document answers that clients ask for again and
/// again about the same version (code lenses, after every edit and scroll) are kept encoded
/// in the analysis's `memo`, since encoding them again would cost about as much as making
/// them.
struct EncodedResult<Value: JSONConvertible>: JSONConvertible {
    let json: JSONValue

    init(_ value: Value) { json = value.json }

    /// A result of this type encoded before (read back from a memo).
    init(encoded json: JSONValue) { self.json = json }
}
