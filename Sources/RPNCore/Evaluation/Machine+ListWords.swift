/// The words that take a list or a quotation whole (issue 19): `size`, `rev`, `sort`, `head`,
/// `tail`, `get`, `concat`, `seq`, `map`, `filter`, `put`, `fold`, the statistics
/// (Machine+Statistics), and the stack words `→list`, `list→`, `times`, `call`. Each is an
/// ordinary function of the machine (`combine` hands it here), so a list word on a list that
/// depends on a variable is a node valued when asked for, as any function's.
extension Machine {
    /// A list word of one operand on an encoded value.
    mutating func listWord(_ op: BuiltinID, _ x: Double) -> Arithmetic.Outcome {
        guard let a = number(x) else { return .value(.nan) }
        if op.isStatistic { return statistic(op, a) }
        guard case .list(let elements) = a else { return Self.needsList(op, a) }
        switch op {
        case .size: return .value(encode(Number(elements.count)))
        case .rev: return .value(encode(.list(elements.reversed())))
        case .head:
            guard let first = elements.first else { return .failure(.emptyList, "head of an empty list") }
            return .value(encode(first))
        case .tail:
            guard !elements.isEmpty else { return .failure(.emptyList, "tail of an empty list") }
            return .value(encode(.list(Array(elements.dropFirst()))))
        case .sort:
            if let bad = elements.first(where: { $0.isComplex || $0.isCollection }) {
                return .failure(bad.isComplex ? .notReal : .wrongKind,
                                "sort orders real values, and the list holds \(Self.shown(bad))")
            }
            // Stable: equal values (1 and 1.0) keep their order.
            let sorted = elements.enumerated().sorted { l, r in
                let c = Number.compare(l.element, r.element)
                return c != 0 ? c < 0 : l.offset < r.offset
            }
            return .value(encode(.list(sorted.map(\.element))))
        default:
            return .failure(.wrongKind, "\(Builtin[op].glyph) takes more operands")  // not reached: the table's arity
        }
    }

    /// A list word of two operands on encoded values.
    mutating func listWord(_ op: BuiltinID, _ x: Double, _ y: Double) -> Arithmetic.Outcome {
        guard let a = number(x), let b = number(y) else { return .value(.nan) }
        if op.isStatistic { return statistic(op, a, b) }
        switch op {
        case .seq: return sequence(a, b)
        case .concat:
            let joined = (a.listElements ?? [a]) + (b.listElements ?? [b])
            guard Number.list(joined).listNesting <= Self.listNestingLimit else {
                return .failure(.invalidList, "lists nest at most \(Self.listNestingLimit) deep")
            }
            return .value(encode(.list(joined)))
        case .get:
            guard case .list(let elements) = a else { return Self.needsList(op, a) }
            switch Self.index(b, in: elements, for: op) {
            case .success(let i): return .value(encode(elements[i]))
            case .failure(let failure): return .failure(failure.code, failure.message)
            }
        case .map, .filter:
            guard case .list(let elements) = a else { return Self.needsList(op, a) }
            guard case .quotation(let q) = b else { return Self.needsQuotation(op, b) }
            var runner = QuotationRunner(q, op: op, inputs: 1, outputs: 1)
            if let failure = runner.mismatch(in: self) { return .failure(failure.code, failure.message) }
            var results: [Number] = []
            for (i, element) in elements.enumerated() {
                switch runner.run([element], on: &self) {
                case .success(let outputs):
                    if op == .map {
                        results.append(outputs[0])
                    } else {
                        guard !outputs[0].isCollection, !outputs[0].isComplex else {
                            return .failure(.wrongKind, "filter's quotation must leave a flag (0 or not), "
                                + "and for element \(i + 1) it left \(Self.shown(outputs[0]))")
                        }
                        if !outputs[0].isZero { results.append(element) }
                    }
                case .failure(let failure):
                    return .failure(failure.code, Self.elementMessage(failure.message, i, elements.count))
                }
            }
            return .value(encode(.list(results)))
        default:
            return .failure(.wrongKind, "\(Builtin[op].glyph) takes other operands")  // not reached
        }
    }

    /// `put` and `fold`, the list words of three operands.
    mutating func listWord(_ op: BuiltinID, _ x: Double, _ y: Double, _ z: Double) -> Arithmetic.Outcome {
        guard let a = number(x), let b = number(y), let c = number(z) else { return .value(.nan) }
        guard case .list(let elements) = a else { return Self.needsList(op, a) }
        if op == .put {
            switch Self.index(b, in: elements, for: op) {
            case .success(let i):
                var changed = elements
                changed[i] = c
                guard Number.list(changed).listNesting <= Self.listNestingLimit else {
                    return .failure(.invalidList, "lists nest at most \(Self.listNestingLimit) deep")
                }
                return .value(encode(.list(changed)))
            case .failure(let failure): return .failure(failure.code, failure.message)
            }
        }
        // fold ( l init q -- x ): the accumulator and each element, in order.
        guard case .quotation(let q) = c else { return Self.needsQuotation(op, c) }
        var runner = QuotationRunner(q, op: op, inputs: 2, outputs: 1)
        if let failure = runner.mismatch(in: self) { return .failure(failure.code, failure.message) }
        var accumulator = b
        for (i, element) in elements.enumerated() {
            switch runner.run([accumulator, element], on: &self) {
            case .success(let outputs): accumulator = outputs[0]
            case .failure(let failure): return .failure(failure.code, Self.elementMessage(failure.message, i, elements.count))
            }
        }
        return .value(encode(accumulator))
    }

    /// The longest list `seq` makes: 10^7 elements (80 MB of doubles at least).
    static let sequenceLimit = 10_000_000

    /// `from to seq`: the integers from `from` to `to`, upwards or downwards.
    private mutating func sequence(_ a: Number, _ b: Number) -> Arithmetic.Outcome {
        for v in [a, b] where v.isComplex || v.isCollection || !v.isInteger {
            return .failure(v.isComplex ? .notReal : .notInteger, "seq takes two integers, got \(Self.shown(v))")
        }
        guard let from = a.exactIntegerValue, let to = b.exactIntegerValue else {
            return .failure(.notInteger, "seq takes two integers")
        }
        let count = (to - from).magnitude + .one
        guard let n = count.smallValue, n <= Self.sequenceLimit else {
            return .failure(.listTooLong, "seq would make \(count) elements; a list holds at most \(Self.sequenceLimit)")
        }
        let step: ExactInteger = ExactInteger.compare(to, from) >= 0 ? .one : -.one
        var elements: [Number] = []
        elements.reserveCapacity(n)
        var v = from
        for _ in 0..<n {
            elements.append(a.isExact && b.isExact ? .integer(v) : Number(Number.integer(v).doubleValue))
            v = v + step
        }
        return .value(encode(.list(elements)))
    }

    /// A 1-based position in a list, as an index.
    static func index(_ k: Number, in elements: [Number], for op: BuiltinID) -> Result<Int, ListFailure> {
        guard !k.isCollection, !k.isComplex, k.isInteger, let i = k.exactIntegerValue?.smallValue else {
            return .failure(ListFailure(.notInteger, "\(Builtin[op].glyph) takes a position 1, 2, … in the list, got \(shown(k))"))
        }
        guard i >= 1, i <= elements.count else {
            return .failure(ListFailure(.indexOutOfRange, "\(Builtin[op].glyph): position \(i) is outside a list of "
                + "\(elements.count) element\(elements.count == 1 ? "" : "s")"))
        }
        return .success(i - 1)
    }

    static func elementMessage(_ message: String, _ i: Int, _ count: Int) -> String {
        count == 1 ? message : "element \(i + 1): \(message)"
    }

    static func needsList(_ op: BuiltinID, _ value: Number) -> Arithmetic.Outcome {
        .failure(.wrongKind, "\(Builtin[op].glyph) takes a list, got \(shown(value))")
    }

    static func needsQuotation(_ op: BuiltinID, _ value: Number) -> Arithmetic.Outcome {
        .failure(.wrongKind, "\(Builtin[op].glyph) takes a quotation [ … ] or ' WORD, got \(shown(value))")
    }

    /// A value as messages show it: short, whatever its size.
    static func shown(_ value: Number) -> String { NumberFormat().string(value, limit: 40) }
}

/// Why a list word failed: a code and a message, reported at the word.
struct ListFailure: Error {
    let code: DiagnosticCode
    let message: String

    init(_ code: DiagnosticCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension Number {
    /// An integral value as an exact integer (a double's exact value); nil for others.
    var exactIntegerValue: ExactInteger? {
        switch self {
        case .integer(let i): return i
        case .real, .float:
            guard isInteger, case .integer(let i) = Number.exactly(doubleValue) else { return nil }
            return i
        default: return nil
        }
    }
}
