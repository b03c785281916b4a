/// The variables of a machine: names interned to indices, each unset, bound to a number, or
/// failed (its store had an error, which was reported there, so uses stay quiet).
public struct Variables: Sendable {
    public enum Binding: Sendable, Equatable {
        case unset
        case value(Number)
        case failed

        var isUnset: Bool { if case .unset = self { true } else { false } }
    }

    public private(set) var names: [String] = []
    /// The names by their bytes: interning straight from source text makes no String for a
    /// name already known.
    private var table = NameTable()
    public private(set) var bindings: [Binding] = []
    /// Counts the times a variable got a value or lost it: what did-you-mean suggests among
    /// changes only then.
    public private(set) var boundChanges = 0

    public init() {}

    public mutating func intern(_ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { intern($0) }
    }

    public func index(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { table.index(of: $0) }
    }

    /// The index of the variable spelled by these UTF-8 bytes (a token's text), if it is one.
    @inline(__always)
    public func index(of name: UnsafeBufferPointer<UInt8>) -> Int32? { table.index(of: name) }

    /// Forgets the variables interned after the first `count` (undoing a change).
    mutating func truncate(to count: Int) {
        if bindings[min(count, bindings.count)...].contains(where: { !$0.isUnset }) { boundChanges += 1 }
        while names.count > count {
            names.removeLast()
            table.removeLast()
        }
        bindings.removeLast(bindings.count - count)
    }

    /// Sets the counter back to what it was at a checkpoint (`Machine.rewind`): bindings
    /// restored one by one count changes a fresh run up to there never made.
    mutating func restoreBoundChanges(_ count: Int) { boundChanges = count }

    /// The index of the variable spelled by these UTF-8 bytes.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let index = table.index(of: bytes) { return index }
        names.append(String(decoding: bytes, as: UTF8.self))
        bindings.append(.unset)
        return table.append(bytes)
    }

    public subscript(name: String) -> Binding {
        index(of: name).map { bindings[Int($0)] } ?? .unset
    }

    mutating func bind(_ index: Int32, _ binding: Binding) {
        if bindings[Int(index)].isUnset != binding.isUnset { boundChanges += 1 }
        bindings[Int(index)] = binding
    }

    /// Names with a value, sorted, for `:vars` and JSON.
    public var bound: [(name: String, value: Number)] {
        names.indices.compactMap { i in
            if case .value(let v) = bindings[i] { (names[i], v) } else { nil }
        }.sorted { $0.name < $1.name }
    }
}
