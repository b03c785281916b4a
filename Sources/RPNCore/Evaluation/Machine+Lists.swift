/// Lists and quotations in the machine (issue 19): `{ … }` made from the entries its code left,
/// `[ … ]` pushed as a value, arithmetic on lists element by element (broadcasting a single
/// value), and the words that take a list or a quotation whole (`size` … `fold`, and the stack
/// words `→list`, `list→`, `linreg`, `times`, `call`).
///
/// A list is a value like any other (`Number.list`, stored in the ValueStore): its elements are
/// values, never trees. Element by element, each element goes through `combine`, the one
/// dispatch of a word's arithmetic, so a list of exact values stays exact, a list at `--digits`
/// keeps its digits, and a complex element is complex.
extension Machine {
    /// Lists nest at most this deep: element-by-element arithmetic, printing and comparing
    /// walk a list's nesting, and none of them may recurse without bound.
    static let listNestingLimit = 256

    // MARK: - Making lists and quotations

    /// `}`: the top `count` entries (what the code inside the braces left) become one list.
    mutating func makeList(_ count: Int, at range: Range<Int>) {
        let n = stack.count
        guard n >= count else {  // not reached: the checker proved the count
            report(.error, .invalidList, "{ } expected \(count) entries, found \(n)", range)
            return
        }
        willModify(from: n - count)
        let slot = listSlot(from: n - count, at: range)
        stack.removeLast(count)
        pushConstant(slot, kind: .number, op: .add, token: range)
    }

    /// The list of the entries from `first` to the top, encoded; NaN (reported) when one has
    /// no value or depends on a variable.
    mutating func listSlot(from first: Int, at range: Range<Int>) -> Double {
        var elements: [Number] = []
        elements.reserveCapacity(stack.count - first)
        for i in first..<stack.count {
            guard let value = constantValue(stack[i]) else {
                report(.error, .wrongKind,
                       "a list holds values, and element \(i - first + 1) depends on a variable without value "
                           + "(store one first, or use --set)", range)
                return .nan
            }
            guard let element = number(value) else { return .nan }  // no value: reported where it failed
            elements.append(element)
        }
        return listValue(elements, at: range)
    }

    /// A list made into an entry, or NaN (reported) when it nests too deep.
    mutating func listValue(_ elements: [Number], at range: Range<Int>) -> Double {
        let list = Number.list(elements)
        guard list.listNesting <= Self.listNestingLimit else {
            report(.error, .invalidList, "lists nest at most \(Self.listNestingLimit) deep", range)
            return .nan
        }
        return encode(list)
    }

    /// `[ … ]`: the quotation compiled as body `index`.
    mutating func pushQuotation(body index: Int32, at range: Range<Int>) {
        pushConstant(encode(.quotation(Quotation(.body(index), text: compiler.quotations[Int(index)].name))), kind: .number,
                     op: .add, token: range)
    }

    /// `' NAME`: word `word` of one's own as a quotation.
    mutating func pushQuotation(word: Int32, at range: Range<Int>) {
        pushConstant(encode(.quotation(Quotation(.word(word), text: "' \(words[Int(word)].name)"))), kind: .number,
                     op: .add, token: range)
    }

    /// `' NAME`: a built-in word as a quotation.
    mutating func pushQuotation(builtin: BuiltinID, at range: Range<Int>) {
        pushConstant(encode(.quotation(Quotation(builtin: builtin))), kind: .number, op: .add, token: range)
    }

    // MARK: - Element by element

    /// `op` on two values one of which is a list or a quotation: element by element, a single
    /// value broadcast over a list's elements.
    mutating func elementwise(_ op: BuiltinID, _ a: Number, _ b: Number, angle: AngleUnit, mode: Bool?)
        -> Arithmetic.Outcome {
        if case .quotation = a { return Self.notANumber(op, a) }
        if case .quotation = b { return Self.notANumber(op, b) }
        let left = a.listElements, right = b.listElements
        if let left, let right, left.count != right.count {
            return .failure(.lengthMismatch, "\(Builtin[op].glyph) works element by element, and the lists have "
                + "\(left.count) and \(right.count) elements")
        }
        let count = left?.count ?? right!.count
        let threshold = suspendCompaction()
        defer { storeCompactionThreshold = threshold }
        var results: [Number] = []
        results.reserveCapacity(count)
        for i in 0..<count {
            let x = encode(left?[i] ?? a), y = encode(right?[i] ?? b)
            switch combine(op, x, y, angle: angle, complex: mode) {
            case .value(let slot):
                guard let value = number(slot) else { return .value(.nan) }
                results.append(value)
            case .failure(let code, let message):
                return .failure(code, count == 1 ? message : "element \(i + 1): \(message)")
            }
        }
        return .value(encode(.list(results)))
    }

    /// `op` of one operand on a list: on each element.
    mutating func elementwise(_ op: BuiltinID, _ a: Number, angle: AngleUnit, mode: Bool?) -> Arithmetic.Outcome {
        guard case .list(let elements) = a else { return Self.notANumber(op, a) }
        let threshold = suspendCompaction()
        defer { storeCompactionThreshold = threshold }
        var results: [Number] = []
        results.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            switch combine(op, encode(element), angle: angle, complex: mode) {
            case .value(let slot):
                guard let value = number(slot) else { return .value(.nan) }
                results.append(value)
            case .failure(let code, let message):
                return .failure(code, elements.count == 1 ? message : "element \(i + 1): \(message)")
            }
        }
        return .value(encode(.list(results)))
    }

    /// The elements' encodings are referred to by no root while they are combined: no
    /// compaction may move them meanwhile. Returns the threshold to put back.
    private mutating func suspendCompaction() -> Int {
        let threshold = storeCompactionThreshold
        storeCompactionThreshold = .max
        return threshold
    }

    static func notANumber(_ op: BuiltinID, _ value: Number) -> Arithmetic.Outcome {
        .failure(.wrongKind, "\(Builtin[op].glyph) takes numbers or lists, not the quotation \(value.quotationText ?? "")")
    }

    /// Whether an encoded value is a list or a quotation (boxed, never inline).
    @inline(__always)
    func isCollection(_ slot: Double) -> Bool {
        guard let index = StackSlot.boxIndex(slot) else { return false }
        switch store.boxes[index] {
        case .list, .quotation: return true
        default: return false
        }
    }
}

extension Number {
    /// A list's elements; nil for any other value.
    public var listElements: [Number]? {
        if case .list(let elements) = self { return elements }
        return nil
    }

    /// A quotation's text; nil for any other value.
    public var quotationText: String? {
        if case .quotation(let q) = self { return q.text }
        return nil
    }

    /// Whether the value is a list or a quotation: no arithmetic of its own.
    public var isCollection: Bool {
        switch self {
        case .list, .quotation: true
        default: false
        }
    }

    /// How deep lists nest in the value (0: not a list; `{ 1 }` 1; `{ { } }` 2), walked with
    /// an explicit stack.
    public var listNesting: Int {
        guard case .list(let top) = self else { return 0 }
        var deepest = 1
        var pending: [([Number], Int)] = [(top, 1)]
        while let (elements, level) = pending.popLast() {
            deepest = Swift.max(deepest, level)
            for case .list(let inner) in elements { pending.append((inner, level + 1)) }
        }
        return deepest
    }
}

extension Machine {
    // MARK: - The stack words of lists

    /// `list→`, `linreg`, `times`, `call`: words whose outputs are several entries (the stack
    /// words' path: the stack has the operands the table's arity asks, checked by `stackWord`).
    mutating func listStackWord(_ op: BuiltinID, at range: Range<Int>) {
        let arity = Builtin[op].arity
        var operands: [Number] = []
        for slot in stack[(stack.count - arity)...] {
            guard let value = constantValue(slot) else {
                report(.error, .wrongKind, "\(Builtin[op].glyph) needs values, and an operand depends on a variable "
                    + "without value", range)
                return dropOperands(arity)
            }
            guard let number = number(value) else { return dropOperands(arity) }  // no value: reported
            operands.append(number)
        }
        willModify(from: stack.count - arity)
        stack.removeLast(arity)
        switch op {
        case .fromList:
            guard case .list(let elements) = operands[0] else {
                return fail(Self.needsList(op, operands[0]), at: range)
            }
            for element in elements { pushConstant(encode(element), kind: .number, op: .add, token: range) }
            pushConstant(encode(Number(elements.count)), kind: .number, op: .add, token: range)
        case .linreg:
            let (slope, intercept) = linearRegression(operands[0], operands[1], at: range)
            pushConstant(slope, kind: .number, op: .add, token: range)
            pushConstant(intercept, kind: .number, op: .add, token: range)
        case .call:
            guard case .quotation(let q) = operands[0] else { return fail(Self.needsQuotation(op, operands[0]), at: range) }
            guard let effect = QuotationRunner.effect(of: q, in: self) else { return }  // its errors were reported
            run(q, op, effect, times: 1, at: range)
        default:  // times ( n q -- … )
            guard case .quotation(let q) = operands[1] else { return fail(Self.needsQuotation(op, operands[1]), at: range) }
            let n = operands[0]
            guard !n.isCollection, !n.isComplex, n.isInteger, let count = n.exactIntegerValue?.smallValue, count >= 0 else {
                report(.error, .notInteger, "times runs its quotation a whole number of times, 0 or more, got \(Self.shown(n))",
                       range)
                return
            }
            guard let effect = QuotationRunner.effect(of: q, in: self) else { return }
            guard effect.inputs == effect.outputs else {
                report(.error, .quotationEffect, "times runs its quotation again and again, so it must leave the stack as "
                    + "deep as it found it, and \(q.text) is \(StackEffect(inputs: effect.inputs, outputs: effect.outputs).description)",
                    range)
                return
            }
            run(q, op, effect, times: count, at: range)
        }
    }

    /// Runs `q` `times` times on the entries on top of the stack, each run's results in place
    /// of its arguments.
    private mutating func run(_ q: Quotation, _ op: BuiltinID, _ effect: (inputs: Int, outputs: Int), times: Int,
                              at range: Range<Int>) {
        var runner = QuotationRunner(q, op: op, inputs: effect.inputs, outputs: effect.outputs)
        for _ in 0..<times {
            guard stack.count >= effect.inputs else {
                report(.error, .missingOperand, "\(q.text) needs \(effect.inputs) operand\(effect.inputs == 1 ? "" : "s"), "
                    + "found \(stack.count)", range)
                return
            }
            var arguments: [Number] = []
            for slot in stack[(stack.count - effect.inputs)...] {
                guard let value = constantValue(slot), let number = number(value) else {
                    report(.error, .wrongKind, "\(Builtin[op].glyph) runs \(q.text) on values, and an entry has none", range)
                    return
                }
                arguments.append(number)
            }
            switch runner.run(arguments, on: &self) {
            case .success(let results):
                willModify(from: stack.count - effect.inputs)
                stack.removeLast(effect.inputs)
                for value in results { pushConstant(encode(value), kind: .number, op: .add, token: range) }
            case .failure(let failure):
                report(.error, failure.code, failure.message, range)
                return
            }
            if stepLimitReached { return }
        }
    }

    private mutating func dropOperands(_ count: Int) {
        willModify(from: stack.count - count)
        stack.removeLast(count)
    }

    private mutating func fail(_ outcome: Arithmetic.Outcome, at range: Range<Int>) {
        if case .failure(let code, let message) = outcome { report(.error, code, message, range) }
    }
}
