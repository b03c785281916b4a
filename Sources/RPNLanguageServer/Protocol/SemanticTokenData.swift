import RPNJSON

/// The numbers of semantic tokens (five per token), kept as they go on the wire: a whole
/// document has millions of them, and building them apart and encoding them afterwards
/// would copy them all once more.
struct SemanticTokenData: JSONConvertible {
    private var numbers: [JSONValue] = []

    init(reservingCapacity capacity: Int = 0) { numbers.reserveCapacity(capacity) }

    var count: Int { numbers.count }
    var isEmpty: Bool { numbers.isEmpty }

    mutating func append(_ number: Int) { numbers.append(.int(number)) }

    var json: JSONValue { .array(numbers) }
}
