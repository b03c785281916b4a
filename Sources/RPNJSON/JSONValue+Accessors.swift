/// Optional-returning accessors, so that reading a message is a chain of lookups that ends
/// in `nil` at the first thing of the wrong shape instead of a cascade of `switch`es.
extension JSONValue {
    /// The member named `key`; `nil` unless this is an object with that key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index`; `nil` unless this is an array and `index` is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// An `.int`, or a `.double` that is integral and in `Int`'s range (some clients write
    /// `1.0` where the protocol says integer).
    public var intValue: Int? {
        switch self {
        case .int(let int): return int
        case .double(let double): return Int(exactly: double)
        default: return nil
        }
    }

    /// Any number; a large `.int` is rounded to the nearest `Double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }

    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    public var arrayValue: [JSONValue]? {
        guard case .array(let array) = self else { return nil }
        return array
    }

    public var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
