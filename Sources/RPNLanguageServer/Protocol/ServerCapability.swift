import RPNJSON

/// One entry of the `ServerCapabilities` object, at a path (`["semanticTokensProvider",
/// "range"]`): registering a handler adds its request's entry, and `initialize` answers with
/// all of them merged, so what is advertised is exactly what is handled.
struct ServerCapability: Sendable {
    var path: [String]
    var value: JSONValue
    /// Only adds to what another handler advertises at `path`, and nothing without it:
    /// prepareRename's `prepareProvider` goes into rename's `renameProvider`, the delta of
    /// semantic tokens into `full`.
    var refines: Bool
    /// What the client must have said it can do for this to be offered (nil: offered to any):
    /// `diagnosticProvider` only to clients that pull diagnostics, the others being pushed them.
    var clientSupport: (KeyPath<ClientCapabilities, Bool> & Sendable)?

    init(_ path: String..., value: JSONValue, refines: Bool = false,
         clientSupport: (KeyPath<ClientCapabilities, Bool> & Sendable)? = nil) {
        self.path = path
        self.value = value
        self.refines = refines
        self.clientSupport = clientSupport
    }

    func isOffered(to client: ClientCapabilities) -> Bool { clientSupport.map { client[keyPath: $0] } ?? true }

    /// The capabilities merged into one object, in the order given (refinements after the
    /// entries they refine). Values at the same path merge: objects key by key, arrays as
    /// the union of their elements (code action kinds, commands, trigger characters), and an
    /// options object wins over `true` (LSP's `boolean | Options`: options say it is
    /// provided, and how).
    static func merged(_ capabilities: some Sequence<ServerCapability>) -> JSONObject {
        var result = JSONObject()
        for capability in capabilities where !capability.refines {
            insert(capability.value, at: capability.path[...], into: &result)
        }
        for capability in capabilities where capability.refines && value(at: capability.path[...], in: result) != nil {
            insert(capability.value, at: capability.path[...], into: &result)
        }
        return result
    }

    private static func value(at path: ArraySlice<String>, in object: JSONObject) -> JSONValue? {
        guard let key = path.first, let member = object[key] else { return nil }
        if path.count == 1 { return member }
        return member.objectValue.flatMap { value(at: path.dropFirst(), in: $0) }
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = object[key].map { combine($0, value) } ?? value
        } else {
            var inner = object[key]?.objectValue ?? JSONObject()  // `true` becomes the options object
            insert(value, at: path.dropFirst(), into: &inner)
            object[key] = .object(inner)
        }
    }

    /// Two values advertised at the same place.
    private static func combine(_ old: JSONValue, _ new: JSONValue) -> JSONValue {
        switch (old, new) {
        case (.object(var merged), .object(let added)):
            for (key, value) in added { merged[key] = merged[key].map { combine($0, value) } ?? value }
            return .object(merged)
        case (.array(let first), .array(let second)):
            return .array(first + second.filter { !first.contains($0) })
        case (.object, .bool(true)):
            return old
        default:
            return new
        }
    }
}
