/// A JSON object: members in insertion order, so that serialized output is stable and
/// matches what was written.
///
/// Keys and values live in two parallel arrays; lookups are a linear scan, which is fastest
/// for the handful of members LSP objects have. Past `indexThreshold` members a key → position
/// dictionary is kept as well, so that a hostile or generated object with many keys does not
/// make parsing quadratic. Values are never hashed or copied by lookups, so a member holding
/// a multi-megabyte string costs nothing extra.
public struct JSONObject: Sendable, Sequence {
    public typealias Element = (key: String, value: JSONValue)

    /// The keys in order. Unique: setting an existing key replaces its value in place.
    public private(set) var keys: [String]
    /// `values[i]` belongs to `keys[i]`.
    private(set) var values: [JSONValue]
    /// Position of every key, once there are more than `indexThreshold` of them.
    private var index: [String: Int]?

    static let indexThreshold = 16

    public init() {
        keys = []
        values = []
        index = nil
    }

    /// A repeated key keeps its first position and its last value (RFC 8259 leaves duplicate
    /// names undefined; last-wins is what most parsers do).
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// Setting appends a new key at the end or replaces an existing key's value in place;
    /// setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![key] = keys.count - 1
                } else if keys.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.indexThreshold else {
            index = nil
            return
        }
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        self.index = index
    }

    public struct Iterator: IteratorProtocol {
        let keys: [String]
        let values: [JSONValue]
        var position = 0

        public mutating func next() -> Element? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (keys[position], values[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(keys: keys, values: values) }
    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: Equatable {
    /// JSON equality: the same members with equal values, in any order (RFC 8259 objects are
    /// unordered). Compare `keys` as well when the order matters.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Keeps the written order; see `init(_:)` for repeated keys.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
