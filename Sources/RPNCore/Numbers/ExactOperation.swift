/// The words that have an exact arithmetic (`Number.exact(op:…)`), named as their `BuiltinID`
/// cases are. Every other word (sin, ln, stack words…) has none: `.inexact`.
enum ExactOperation: String, CaseIterable {
    // Binary.
    case add, subtract, multiply, divide, power
    case mod, rem, idiv, gcd, lcm, comb, perm, root, min, max, percent, percentChange
    case bitAnd, bitOr, bitXor, shiftLeft, shiftRight
    case less, greater, lessEqual, greaterEqual, equal, notEqual, logicalAnd, logicalOr
    // Unary.
    case negate, abs, sqrt, factorial, floor, ceil, round, trunc, fp, sign, inv, sq, cbrt, bitNot
    case logicalNot

    /// The operation of a word, by its `BuiltinID` case name; nil for words without one.
    /// Matched by name so that words added to `BuiltinID` find their arithmetic here without
    /// a second list to keep in step; read from a table made once (`ExactOperation.table`).
    init?(_ id: BuiltinID) {
        let table = Self.table
        let index = Int(id.rawValue)
        guard index < table.count, let operation = table[index] else { return nil }
        self = operation
    }

    /// Indexed by `BuiltinID.rawValue`.
    static let table: [ExactOperation?] = {
        let ids = BuiltinID.allCases
        var table = [ExactOperation?](repeating: nil, count: Int(ids.map(\.rawValue).max() ?? 0) + 1)
        for id in ids { table[Int(id.rawValue)] = ExactOperation(rawValue: String(describing: id)) }
        return table
    }()

    /// The word's glyph, for messages (the operation's name where no word has it yet).
    var glyph: String {
        guard let index = Self.table.firstIndex(of: self), let id = BuiltinID(rawValue: UInt8(index)) else { return rawValue }
        return Builtin[id].glyph
    }
}
