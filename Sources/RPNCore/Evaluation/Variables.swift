/// The variables of a machine: names interned to indices, each unset, bound to a number, or
/// failed (its store had an error, which was reported there, so uses stay quiet).
public struct Variables: Sendable {
    public enum Binding: Sendable, Equatable {
        case unset
        case value(Number)
        case failed
    }

    public private(set) var names: [String] = []
    private var indices: [String: Int32] = [:]
    /// Interning straight from source bytes, without making a String for every use.
    private var byHash: [UInt64: Int32] = [:]
    public private(set) var bindings: [Binding] = []

    public init() {}

    public mutating func intern(_ name: String) -> Int32 {
        if let index = indices[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        indices[name] = index
        bindings.append(.unset)
        return index
    }

    public func index(of name: String) -> Int32? { indices[name] }

    /// Forgets the variables interned after the first `count` (undoing a change).
    mutating func truncate(to count: Int) {
        while names.count > count {
            let name = names.removeLast()
            let index = Int32(names.count)
            indices[name] = nil
            let hash = Self.hash(name.utf8)
            if byHash[hash] == index { byHash[hash] = nil }
        }
        bindings.removeLast(bindings.count - count)
    }

    /// The index of the variable spelled by these UTF-8 bytes.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = Self.hash(bytes)
        if let index = byHash[hash], names[Int(index)].utf8.elementsEqual(bytes) { return index }
        let index = intern(String(decoding: bytes, as: UTF8.self))
        if byHash[hash] == nil { byHash[hash] = index }
        return index
    }

    /// FNV-1a of a name's UTF-8 bytes.
    @inline(__always)
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        return hash
    }

    public subscript(name: String) -> Binding {
        indices[name].map { bindings[Int($0)] } ?? .unset
    }

    mutating func bind(_ index: Int32, _ binding: Binding) { bindings[Int(index)] = binding }

    /// Names with a value, sorted, for `:vars` and JSON.
    public var bound: [(name: String, value: Number)] {
        names.indices.compactMap { i in
            if case .value(let v) = bindings[i] { (names[i], v) } else { nil }
        }.sorted { $0.name < $1.name }
    }
}
