/// Values in and out of the 8-byte encoding (`StackSlot`), and the arithmetic of one word on
/// encoded values: exact where the operands are exact and the word has an exact answer
/// (`Number.exact`), in IEEE doubles otherwise (`Arithmetic`), everything in doubles with
/// `--float` (`EvaluationOptions.exact == false`).
extension Machine {
    /// The value an encoded entry holds (nil: none, or a node).
    @inline(__always)
    func number(_ slot: Double) -> Number? { store.number(slot) }

    /// π or e, encoded: a double, or with `--digits` an MPFR value of that many digits.
    mutating func constant(_ op: BuiltinID) -> Double {
        guard let digits = options.digits, options.exact else { return Arithmetic.constant(op) }
        if let known = op == .pi ? bigPi : bigE, known.digits == digits { return encode(.float(known)) }
        let value = BigFloat.constant(op, digits: digits)
        if op == .pi { bigPi = value } else { bigE = value }
        return encode(.float(value))
    }

    /// The encoding of a value: inline when it is a double or a small integer, else stored.
    @inline(__always)
    mutating func encode(_ value: Number) -> Double {
        guard options.exact else {
            if case .list(let elements) = value {
                // --float: a list's elements are doubles too.
                compactStoreIfNeeded()
                return store.store(.list(elements.map { $0.isCollection || $0.isComplex ? $0 : Number($0.doubleValue) }))
            }
            if case .quotation = value {
                compactStoreIfNeeded()
                return store.store(value)
            }
            if case .complex(let z) = value {
                // --float: a complex value's parts are doubles; boxed, as complex values are.
                let x = z.re.doubleValue, y = z.im.doubleValue
                guard x.isFinite, y.isFinite else { return .nan }
                compactStoreIfNeeded()
                return store.store(.complex(re: Number(x), im: Number(y)))
            }
            // --float: exact values given from outside (variables) become doubles.
            let d = value.doubleValue
            return d.isFinite ? (d == 0 ? 0 : d) : .nan
        }
        switch value {
        case .real(let d): return d == 0 ? 0 : d  // one zero
        case .integer(.small(let i)):
            if let slot = StackSlot.small(i) { return slot }
        default: break
        }
        compactStoreIfNeeded()  // before storing: the new value is referred to by nothing yet
        let slot = store.store(value)
        if hooks?.interrupted != nil, StackSlot.boxIndex(slot) != nil {
            // A big number can take milliseconds to make: Ctrl-C is asked at the next instruction.
            run.pollRequested = true
            run.trapAt = 0
        }
        return slot
    }

    /// A literal of at most 15 characters whose double is a nonzero integer below 2^47 is that
    /// integer exactly: with at most 15 significant digits, distinct decimals give distinct
    /// doubles (DBL_DIG), and the integer is one of them. Zero is left to `literalValue`
    /// (`1e-400` underflows to it). Base literals that short are below 2^52, so exact too.
    @inline(__always)
    static func exactShortInteger(_ token: Token) -> Double? {
        let value = token.number
        // Compared as a whole number without libm's trunc (a call per literal).
        guard token.range.count <= 15, value != 0, value.magnitude < Double(StackSlot.smallLimit),
              Double(Int(value)) == value else { return nil }
        return StackSlot.small(Int(value))
    }

    /// A literal's value: exact unless `--float`.
    mutating func literalValue(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Double {
        let bytes = UnsafeBufferPointer(rebasing: buffer[(token.range.lowerBound - base)..<(token.range.upperBound - base)])
        if !options.exact {
            let value = token.number
            if !value.isFinite, bytes.last == UInt8(ascii: "i"), case .value(let z) = Number.literal(bytes),
               z.imaginaryPart.doubleValue.isFinite {
                return encode(z)  // an imaginary literal: a complex value of doubles
            }
            if !value.isFinite {
                report(.error, .notFinite, "number \(text(token.range, buffer, base)) is too large", token.range)
                return .nan
            }
            return value
        }
        switch Number.literal(bytes) {
        case .value(let number): return encode(number)
        case .failure(let code, let message):
            report(.error, code, "number \(TerminalText.quoted(text(token.range, buffer, base))): \(message)", token.range)
            return .nan
        case .inexact:
            report(.error, .invalidNumber, "invalid number \(TerminalText.quoted(text(token.range, buffer, base)))",
                   token.range)
            return .nan
        }
    }

    /// The base of a literal written with a prefix (`0x1F`: 16), else 10.
    static func literalRadix(_ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) -> Int32 {
        var i = token.range.lowerBound - base
        let end = token.range.upperBound - base
        if i < end, buffer[i] == UInt8(ascii: "-") { i += 1 }
        guard end - i > 2, buffer[i] == UInt8(ascii: "0") else { return 10 }
        switch buffer[i + 1] | 0x20 {
        case UInt8(ascii: "x"): return 16
        case UInt8(ascii: "o"): return 8
        case UInt8(ascii: "b"): return 2
        default: return 10
        }
    }

    /// `op` on two encoded values (neither none nor a node); the result encoded, or why not.
    @inline(__always)
    /// `complex`: the complex mode where the word was written (a node evaluated later), else
    /// the run's.
    mutating func combine(_ op: BuiltinID, _ x: Double, _ y: Double, angle: AngleUnit, complex mode: Bool? = nil,
                          quickTried: Bool = false) -> Arithmetic.Outcome {
        // Small integers and doubles: the loop's quick case, the same code (`Machine.quick`),
        // unless the loop has just tried it.
        if !quickTried, let operation = QuickOperation(op), let result = Self.quick(operation, x, y, exact: options.exact) {
            return .value(result)
        }
        if _slowPath(op.isListWord) { return listWord(op, x, y) }  // Machine+ListWords
        if x.isFinite, y.isFinite {  // inexact, or --float
            if _slowPath(op.isComplexWord || (mode ?? options.complex)),
               let outcome = complex(op, .real(x), .real(y), angle: angle, mode: mode ?? options.complex) {
                return outcome
            }
            return exactTruth(op, Arithmetic.binary(op, x, y, angle: angle))
        }
        if op.rawValue <= BuiltinID.divide.rawValue, let (n1, d1) = store.smallFraction(x),
           let (n2, d2) = store.smallFraction(y) {
            // Fractions of machine words (`1 2 + 3 × 4 − 5 ÷ ...`): no `Number` is built.
            if op == .divide, n2 == 0 { return .failure(.divisionByZero, "division by zero") }
            if let (n, d) = Self.smallArithmetic(op, n1, d1, n2, d2) {
                if d == 1, let slot = StackSlot.small(n) { return .value(slot) }
                compactStoreIfNeeded()  // before storing: the new value is referred to by nothing yet
                return .value(d == 1 ? store.store(.integer(.small(n))) : store.storeFraction(n, d))
            }
        }
        let a = number(x)!, b = number(y)!
        if _slowPath(a.isCollection || b.isCollection) { return elementwise(op, a, b, angle: angle, mode: mode) }
        if let outcome = complex(op, a, b, angle: angle, mode: mode ?? options.complex) { return outcome }
        if a.isExact, b.isExact {
            switch Number.exact(op: op, a, b) {
            case .value(let result): return .value(encode(result))
            case .failure(let code, let message): return .failure(code, message)
            case .inexact: break
            }
        }
        if let digits = options.digits {
            switch BigFloatArithmetic.binary(op, a, b, digits: digits, angle: angle) {
            case .value(let result): return .value(encode(result))
            case .failure(let code, let message): return .failure(code, message)
            case .unsupported: break
            }
        }
        let da = a.doubleValue, db = b.doubleValue
        // A comparison with an exact value past the doubles' range compares with ±infinity.
        guard da.isFinite && db.isFinite || op.isPredicate else { return Self.tooLargeForFloat(op) }
        return exactTruth(op, Arithmetic.binary(op, da, db, angle: angle))
    }

    /// `op` on complex values (`ComplexArithmetic`): when an operand is complex, when the word
    /// is one of complex values (`re`, `cplx`…), or in complex mode when real operands have
    /// only a complex answer (`-1 √`). nil: the real arithmetic answers.
    @inline(never)
    mutating func complex(_ op: BuiltinID, _ a: Number, _ b: Number?, angle: AngleUnit, mode: Bool) -> Arithmetic.Outcome? {
        guard a.isComplex || b?.isComplex == true || op.isComplexWord || mode && ComplexArithmetic.extends(op, a, b) else {
            return nil
        }
        let digits = options.exact ? options.digits : nil
        let outcome = if let b { ComplexArithmetic.binary(op, a, b, digits: digits, angle: angle) }
            else { ComplexArithmetic.unary(op, a, digits: digits, angle: angle) }
        switch outcome {
        case .value(let v): return .value(encode(v))
        case .failure(let code, let message): return .failure(code, message)
        case .inexact: return nil
        }
    }

    /// The 1 or 0 of a comparison or of logic computed in doubles, made exact unless `--float`:
    /// an answer to a yes-or-no question is not a measurement, so inexact operands do not make
    /// it inexact (`2 √ 1 > 1 3 ÷ +` is exactly 4/3). Other words' outcomes pass unchanged.
    @inline(__always)
    func exactTruth(_ op: BuiltinID, _ outcome: Arithmetic.Outcome) -> Arithmetic.Outcome {
        guard op.isPredicate, options.exact, case .value(let v) = outcome else { return outcome }
        return Self.truth(v != 0)
    }

    /// Exactly 1 or 0, encoded.
    @inline(__always)
    static func truth(_ holds: Bool) -> Arithmetic.Outcome { .value(StackSlot.small(holds ? 1 : 0)!) }

    /// `op` on one encoded value (neither none nor a node).
    @inline(__always)
    mutating func combine(_ op: BuiltinID, _ x: Double, angle: AngleUnit, complex mode: Bool? = nil) -> Arithmetic.Outcome {
        if _slowPath(op.isListWord) { return listWord(op, x) }  // Machine+ListWords
        if _slowPath(isCollection(x)) { return elementwise(op, number(x)!, angle: angle, mode: mode) }
        if op.isNumberTheory { return numberTheory(op, x) }  // issue 18's words: Machine+NumberTheory
        if x.isFinite {  // inexact, or --float
            if _slowPath(op.isComplexWord || (mode ?? options.complex)),
               let outcome = complex(op, .real(x), nil, angle: angle, mode: mode ?? options.complex) {
                return outcome
            }
            return exactTruth(op, Arithmetic.unary(op, x, angle: angle))
        }
        if let a = StackSlot.smallValue(x), op == .negate || op == .abs {
            let result = op == .negate ? -a : Swift.abs(a)
            return .value(StackSlot.small(result) ?? encode(.integer(.small(result))))
        }
        let a = number(x)!
        if let outcome = complex(op, a, nil, angle: angle, mode: mode ?? options.complex) { return outcome }
        if !op.isInexactOnly {
            switch Number.exact(op: op, a) {
            case .value(let result): return .value(encode(result))
            case .failure(let code, let message): return .failure(code, message)
            case .inexact: break
            }
        }
        if let digits = options.digits {
            switch BigFloatArithmetic.unary(op, a, digits: digits, angle: angle) {
            case .value(let result): return .value(encode(result))
            case .failure(let code, let message): return .failure(code, message)
            case .unsupported: break
            }
        }
        let da = a.doubleValue
        guard da.isFinite else { return Self.tooLargeForFloat(op) }
        return exactTruth(op, Arithmetic.unary(op, da, angle: angle))
    }

    /// `op` on two finite doubles: the path of `--float` and of inexact values.
    @inline(__always)
    mutating func apply(_ op: BuiltinID, _ a: Double, _ b: Double, _ token: Range<Int>) -> Double {
        if _slowPath(op.isListWord) { return applyBinary(op, a, b, token) }  // `1 5 seq` with --float
        switch exactTruth(op, Arithmetic.binary(op, a, b, angle: options.angleUnit)) {
        case .value(let v): return v
        case .failure(let code, let message): report(.error, code, message, token); return .nan
        }
    }

    @inline(__always)
    mutating func applyBinary(_ op: BuiltinID, _ x: Double, _ y: Double, _ token: Range<Int>) -> Double {
        switch combine(op, x, y, angle: options.angleUnit) {
        case .value(let v): return v
        case .failure(let code, let message): report(.error, code, message, token); return .nan
        }
    }

    @inline(__always)
    mutating func applyUnary(_ op: BuiltinID, _ x: Double, angle: AngleUnit, _ token: Range<Int>) -> Double {
        switch combine(op, x, angle: angle) {
        case .value(let v): return v
        case .failure(let code, let message): report(.error, code, message, token); return .nan
        }
    }

    /// `+ − × ÷` of two fractions of machine words (integers as n/1) in lowest terms, or nil
    /// when a step would overflow (the general path then takes big integers). The divisor is
    /// not zero.
    @inline(__always)
    static func smallArithmetic(_ op: BuiltinID, _ n1: Int, _ d1: Int, _ n2: Int, _ d2: Int) -> (Int, Int)? {
        switch op {
        case .add: return Number.smallSumParts(n1, d1, n2, d2)
        case .subtract: return n2 == .min ? nil : Number.smallSumParts(n1, d1, -n2, d2)
        case .multiply: return Number.smallProductParts(n1, d1, n2, d2)
        default:  // divide: multiply by the reciprocal, sign on the numerator
            if n2 == .min { return nil }
            return Number.smallProductParts(n1, d1, n2 < 0 ? -d2 : d2, n2 < 0 ? -n2 : n2)
        }
    }

    /// An exact value beyond the doubles' range cannot be the operand of a word that works in
    /// doubles.
    static func tooLargeForFloat(_ op: BuiltinID) -> Arithmetic.Outcome {
        .failure(.notFinite,
                 "\(Builtin[op].glyph) works in floating point, and its operand is too large for it (over 1.8e308)")
    }

    /// Runs store a value for every big or fractional result and drop most of them a step
    /// later. When the store outgrows what can still be reachable, the live values are moved to
    /// a new one. Within a change (the shell's line), only the values the change made move: the
    /// ones before it are where older undo records expect them.
    @inline(__always)
    private mutating func compactStoreIfNeeded() {
        guard store.count >= storeCompactionThreshold else { return }
        compactStore(from: journal?.storeMark ?? storeFloor)
    }

    private mutating func compactStore(from mark: ValueStore.Mark) {
        var live = store.prefix(upTo: mark)
        // It grows back to about this size before the next compaction: room now, rather than
        // a dozen reallocations on the way.
        live.fractions.reserveCapacity(store.fractions.count)
        live.boxes.reserveCapacity(store.boxes.count)
        let old = store  // `keep` must not touch self: its argument is part of self
        // Where each entry after the mark went (-1: not yet), by its index: with trees every
        // node's value is a root, and a dictionary of them spent most of a description's time
        // hashing.
        var movedFractions = [Int32](repeating: -1, count: old.fractions.count - mark.fractions)
        var movedBoxes = [Int32](repeating: -1, count: old.boxes.count - mark.boxes)
        /// Where entry `index` of `from` went in `to` (moved there the first time it is met).
        func move<Entry>(_ index: Int, after mark: Int, _ moved: inout [Int32], _ from: [Entry],
                         _ to: inout [Entry]) -> Int {
            if moved[index - mark] < 0 {
                to.append(from[index])
                moved[index - mark] = Int32(to.count - 1)
            }
            return Int(moved[index - mark])
        }
        forEachRoot { slot in
            if let index = StackSlot.boxIndex(slot), index >= mark.boxes {
                slot = StackSlot.boxed(move(index, after: mark.boxes, &movedBoxes, old.boxes, &live.boxes))
            } else if let index = StackSlot.fractionIndex(slot), index >= mark.fractions {
                slot = StackSlot.fraction(move(index, after: mark.fractions, &movedFractions, old.fractions,
                                               &live.fractions))
            }
        }
        store = live
        storeCompactionThreshold = Swift.max(4096, 2 * store.count)
    }

    /// Every place that holds an encoded value the machine may still read: THE list of roots
    /// for anything that moves values (compaction). A new place that keeps slots must be
    /// named here, or its values are lost when the store is compacted.
    mutating func forEachRoot(_ visit: (inout Double) -> Void) {
        stack.makeUnique()
        for i in 0..<stack.count { visit(&stack.base[i]) }
        for i in nodes.indices { visit(&nodes[i].value) }
        // Parameters and loop counters of running words.
        for i in 0..<run.locals.count { visit(&run.locals.base[i]) }
        visit(&lastX)
        // The entries an undecided `if` keeps aside while its parts run.
        for i in run.undecidedIfs.indices {
            for j in run.undecidedIfs[i].stackAtIf.indices { visit(&run.undecidedIfs[i].stackAtIf[j]) }
            for j in run.undecidedIfs[i].firstPartStack.indices { visit(&run.undecidedIfs[i].firstPartStack[j]) }
        }
        // Entries a change in progress saved for undo.
        if journal != nil {
            for j in journal!.savedEntries.indices { visit(&journal!.savedEntries[j]) }
        }
    }
}

extension Number {
    /// The nearest double when it is finite (plots sample in doubles).
    public var finiteDouble: Double? {
        let d = doubleValue
        return d.isFinite ? d : nil
    }

    var isNegative: Bool {
        switch self {
        case .real(let d): d < 0
        case .integer(.small(let i)): i < 0
        default: Number.compare(self, .integer(.small(0))) < 0
        }
    }

    /// There is one zero: a -0 given from outside becomes 0.
    var normalizingZero: Number {
        if case .real(let d) = self, d == 0 { return .real(0) }
        return self
    }
}

extension BuiltinID {
    /// The words of complex values (`re`, `im`, `conj`, `arg`, `cplx`), which real arithmetic
    /// does not know: `ComplexArithmetic` answers them for reals too.
    @inline(__always)
    var isComplexWord: Bool { rawValue &- BuiltinID.re.rawValue <= BuiltinID.cplx.rawValue &- BuiltinID.re.rawValue }

    /// Words that never have an exact answer: no need to look at the operands' exactness.
    var isInexactOnly: Bool {
        switch self {
        case .sin, .cos, .tan, .asin, .acos, .atan, .ln, .log, .exp, .pi, .e: true
        default: false
        }
    }
}
