import RPNJSON

/// The numbers of semantic tokens (five per token), kept as they go on the wire: a whole
/// document has millions of them, and building them apart and encoding them afterwards
/// would copy them all once more.
struct SemanticTokenData: JSONConvertible {
    private var numbers: [JSONValue] = []

    init(reservingCapacity capacity: Int = 0) { numbers.reserveCapacity(capacity) }

    var count: Int { numbers.count }
    var isEmpty: Bool { numbers.isEmpty }

    private init(_ numbers: ArraySlice<JSONValue>) { self.numbers = Array(numbers) }

    mutating func append(_ number: Int) { numbers.append(.int(number)) }

    /// The one edit (or none) that turns `old` into these numbers: what lies between their
    /// common start and common end.
    func edits(from old: SemanticTokenData) -> [SemanticTokensDelta.Edit] {
        let shorter = min(old.count, count)
        var prefix = 0, suffix = 0
        while prefix < shorter, old.numbers[prefix] == numbers[prefix] { prefix += 1 }
        while suffix < shorter - prefix, old.numbers[old.count - 1 - suffix] == numbers[count - 1 - suffix] { suffix += 1 }
        guard prefix + suffix < max(old.count, count) else { return [] }
        return [SemanticTokensDelta.Edit(start: prefix, deleteCount: old.count - prefix - suffix,
                                         data: SemanticTokenData(numbers[prefix..<(count - suffix)]))]
    }

    var json: JSONValue { .array(numbers) }
}
