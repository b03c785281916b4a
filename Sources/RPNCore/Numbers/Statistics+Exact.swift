extension Statistics {
    /// + − × ÷ of exact values for the statistics' formulas: the exact arithmetic of the
    /// words (`Number.exact(op:)`), its failures (the digit cap) thrown as `Failure`s.
    enum Exact {
        static func add(_ a: Number, _ b: Number) throws(Failure) -> Number { try step(.add, a, b) }
        static func subtract(_ a: Number, _ b: Number) throws(Failure) -> Number { try step(.subtract, a, b) }
        static func multiply(_ a: Number, _ b: Number) throws(Failure) -> Number { try step(.multiply, a, b) }
        static func divide(_ a: Number, _ b: Number) throws(Failure) -> Number { try step(.divide, a, b) }

        private static func step(_ op: BuiltinID, _ a: Number, _ b: Number) throws(Failure) -> Number {
            switch Number.exact(op: op, a, b) {
            case .value(let v): return v
            case .failure(let code, let message): throw Failure(code: code, message: message)
            case .inexact:  // unreachable: both operands are exact and real
                throw Failure(code: .notFinite, message: "\(Builtin[op].glyph) of \(text(a)) and \(text(b)) has no exact value")
            }
        }
    }
}
