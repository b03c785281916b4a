/// The words of issue 18 in the machine: `isprime`, `nextprime`, `prevprime`, `rat`, `torad`,
/// `todeg` on one encoded value (`combine` hands them here first), and `powmod`, the one word
/// of three operands, as a `.ternary` node. Their arithmetic is exact (ExactArithmetic+
/// NumberTheory): a double is read as the exact value it is, so `7.0 isprime` is 1 and
/// `0.1 rat` is 1/10, with `--float` as without.
extension Machine {
    /// A word of issue 18 on one encoded value (neither none nor a node).
    mutating func numberTheory(_ op: BuiltinID, _ x: Double) -> Arithmetic.Outcome {
        let inexact = x.isFinite
        guard let a = inexact ? Number.exactly(x) : number(x) else { return .value(.nan) }
        if case .complex(let z) = a {
            // rat takes each part to its simplest fraction (HP's →Q of a complex value);
            // the other words are of reals.
            guard op == .rat else { return encoded(ComplexArithmetic.notReal(op, a).outcome) }
            let parts = [z.re, z.im].map { Number.numberTheory(op, ComplexArithmetic.exact($0), inexact: !$0.isExact) }
            guard case .value(let re) = parts[0], case .value(let im) = parts[1] else { return encoded(parts[0]) }
            return encoded(.value(.complex(re: re, im: im)))
        }
        return encoded(Number.numberTheory(op, a, inexact: inexact))
    }

    /// `powmod` on three encoded values (none of them none or a node).
    mutating func combine(_ op: BuiltinID, _ x: Double, _ y: Double, _ z: Double) -> Arithmetic.Outcome {
        if op.isListWord { return listWord(op, x, y, z) }  // put, fold: Machine+ListWords
        for slot in [x, y, z] where isCollection(slot) {
            return .failure(.wrongKind, "\(Builtin[op].glyph) takes numbers, got \(Self.shown(number(slot)!))")
        }
        let values = [x, y, z].map { $0.isFinite ? Number.exactly($0) : number($0) }
        guard let a = values[0], let b = values[1], let c = values[2] else { return .value(.nan) }
        if let z = [a, b, c].first(where: \.isComplex) { return encoded(ComplexArithmetic.notReal(op, z).outcome) }
        return encoded(Number.powmod(a, b, c))
    }

    /// An exact operation's outcome, its value encoded: for the words whose every case answers
    /// (number theory, statistics), so `.inexact` is not reached.
    mutating func encoded(_ outcome: NumberOutcome) -> Arithmetic.Outcome {
        switch outcome {
        case .value(let result): return .value(encode(result))
        case .failure(let code, let message): return .failure(code, message)
        case .inexact: return .failure(.outOfDomain, "no value")  // not reached: every case answers
        }
    }

    /// A word of three operands (`b e m powmod`): its value when the operands are constant, a
    /// `.ternary` node over them when trees are kept or one depends on a variable; too few
    /// operands are reported, the missing ones `?`, as a binary operator's.
    @inline(never)
    mutating func ternary(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let n = stack.count
        guard n >= 3 else {
            willModify(from: 0)
            report(.error, .missingOperand,
                   "\(text(token.range, buffer, base)) needs 3 operands, found \(n)", token.range)
            var slot = Double.nan
            if options.keepTrees {
                var operands: [Int32] = []
                for _ in n..<3 { operands.append(missingNode(at: token.range)) }
                for i in 0..<n { operands.append(materialize(stack[i])) }
                slot = appendTernary(op, operands, value: .nan, dependencies: 0, token.range)
            }
            stack.removeAll(keepingCapacity: true)
            stack.append(slot)
            return
        }
        willModify(from: n - 3)
        let slots = [stack[n - 3], stack[n - 2], stack[n - 1]]
        lastX = slots[2]
        let constants = slots.compactMap(constantValue)
        if constants.count == 3 {
            var value = Double.nan
            if !constants.contains(where: StackSlot.isNone) {
                switch combine(op, constants[0], constants[1], constants[2]) {
                case .value(let v): value = v
                case .failure(let code, let message): report(.error, code, message, token.range)
                }
            }
            stack.removeLast(2)
            if options.keepTrees, let a = StackSlot.node(slots[0]), let b = StackSlot.node(slots[1]),
               let c = StackSlot.node(slots[2]) {
                stack[n - 3] = appendTernary(op, [a, b, c], value: value, dependencies: 0, token.range)
            } else {
                stack[n - 3] = value
            }
            return
        }
        let operands = slots.map { materialize($0) }
        let dependencies = operands.reduce(UInt32(0)) { $0 | nodes[Int($1)].dependencies }
        stack.removeLast(2)
        stack[n - 3] = appendTernary(op, operands, value: .nan, dependencies: dependencies, token.range)
    }

    private mutating func appendTernary(_ op: BuiltinID, _ operands: [Int32], value: Double, dependencies: UInt32,
                                        _ token: Range<Int>) -> Double {
        let start = Int32(links.count)
        links.append(contentsOf: operands)
        return append(Node(kind: .ternary, op: op, value: value, lhs: start, dependencies: dependencies, token: token))
    }
}
