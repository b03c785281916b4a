// Issue 19: analysis over a free variable.
/// `∂` (`der`): the derivative of a tree in one variable, built as a tree of this machine and
/// simplified as it is built (`Machine.make…`: 0 and 1 identities, exact constants folded,
/// x^1 → x, c×(d×y) → (c·d)×y, constants first in products), so `x 3 ^ x ∂` describes as
/// `3×x^2` and `x sin x ∂` as `cos(x)`. Walks with an explicit stack (trees may be millions
/// deep); subtrees shared by `dup` are differentiated once.
extension Machine {
    /// Why an analysis word failed, reported at its token by `analysis`.
    struct AnalysisFailure: Error {
        let code: DiagnosticCode
        let message: String
    }

    // MARK: - Building simplified trees

    /// The value of a constant node as a number (nil: it reads variables, or has no value).
    func constantNumber(_ index: Int32) -> Number? {
        let node = nodes[Int(index)]
        guard node.dependencies == 0, !StackSlot.isNone(node.value) else { return nil }
        return number(node.value)
    }

    /// The exact value of a constant node (doubles too under `--float`, where every value is one).
    func foldable(_ index: Int32) -> Number? {
        guard let value = constantNumber(index), value.isExact || !options.exact else { return nil }
        if case .complex = value { return nil }
        return value
    }

    func isNumber(_ index: Int32, _ k: Int) -> Bool {
        guard let value = foldable(index) else { return false }
        return Number.compare(value, Number(k)) == 0
    }

    /// A number as a node: an integer (or double) a literal, a fraction p÷q.
    mutating func makeNumber(_ value: Number, _ range: Range<Int>) -> Int32 {
        if case .rational(let r) = value, options.exact {
            let p = makeNumber(.integer(r.numerator), range), q = makeNumber(.integer(r.denominator), range)
            nodes.append(Node(kind: .binary, op: .divide, value: encode(value), lhs: p, rhs: q, token: range))
            return Int32(nodes.count - 1)
        }
        nodes.append(Node(kind: .number, value: encode(value), lhs: 10, token: range))
        return Int32(nodes.count - 1)
    }

    mutating func makeConstant(_ op: BuiltinID, _ range: Range<Int>) -> Int32 {
        nodes.append(Node(kind: .constant, op: op, value: constant(op), token: range))
        return Int32(nodes.count - 1)
    }

    /// A unary node, folded when its operand is an exact constant with an exact result.
    mutating func makeUnary(_ op: BuiltinID, _ a: Int32, angle: AngleUnit = .radians, complex: Bool = false,
                            _ range: Range<Int>) -> Int32 {
        let operand = nodes[Int(a)]
        if op == .negate, operand.kind == .unary, operand.op == .negate { return operand.lhs }
        if let v = foldable(a), v.isExact, let special = Self.exactSpecialValue(op, v) { return makeNumber(special, range) }
        var value = Double.nan
        if operand.dependencies == 0 {
            if !StackSlot.isNone(operand.value),
               case .value(let v) = combine(op, operand.value, angle: angle, complex: complex) {
                value = v
                if foldable(a) != nil, let result = number(v), result.isExact || !options.exact {
                    if case .complex = result {} else { return makeNumber(result, range) }
                }
            }
        }
        nodes.append(Node(kind: .unary, op: op, value: value, lhs: a, angle: angle, complex: complex,
                          dependencies: operand.dependencies, token: range))
        return Int32(nodes.count - 1)
    }

    /// The exact values of the functions that are never exact elsewhere (`isInexactOnly`) at
    /// the points where they are: sin 0 = 0, cos 0 = 1, exp 0 = 1, ln 1 = 0… (degrees too: 0° is 0).
    static func exactSpecialValue(_ op: BuiltinID, _ v: Number) -> Number? {
        if v.isZero {
            switch op {
            case .sin, .tan, .asin, .atan, .sinh, .tanh, .asinh, .atanh: return Number(0)
            case .cos, .cosh, .exp: return Number(1)
            default: return nil
            }
        }
        if Number.compare(v, Number(1)) == 0 {
            switch op {
            case .ln, .log, .log2, .acos, .acosh: return Number(0)
            default: return nil
            }
        }
        return nil
    }

    /// The tree `root` with the variable replaced by the tree `value`, rebuilt simplified
    /// (constants folded: a derivative's value at a point, exact where it can be). Calls and
    /// selects are kept and valued as they are.
    mutating func substitute(_ root: Int32, _ variable: Int32, with value: Int32, _ range: Range<Int>) -> Int32 {
        let bucket = Self.bucket(variable)
        var done: [Int32: Int32] = [:]
        var work: [Int32] = [root]
        while let index = work.last {
            if done[index] != nil { work.removeLast(); continue }
            let node = nodes[Int(index)]
            var result = index
            if node.dependencies & bucket != 0 {
                switch node.kind {
                case .variable:
                    if node.lhs == variable { result = value }
                case .unary:
                    guard let a = done[node.lhs] else { work.append(node.lhs); continue }
                    result = makeUnary(node.op, a, angle: node.angleUnit, complex: node.complexMode, range)
                case .binary:
                    guard let a = done[node.lhs] else { work.append(node.lhs); continue }
                    guard let b = done[node.rhs] else { work.append(node.rhs); continue }
                    result = makeBinary(node.op, a, b, angle: node.angleUnit, complex: node.complexMode, range)
                default:
                    break  // calls, selects: evaluated with the variable bound (`taylor`)
                }
            }
            done[index] = result
            work.removeLast()
        }
        return done[root]!
    }

    /// Whether two trees are the same expression (variables by name, numbers by value),
    /// looking at no more than a few hundred nodes (else: not known to be, false).
    func sameTree(_ a: Int32, _ b: Int32) -> Bool {
        var work: [(Int32, Int32)] = [(a, b)]
        var budget = 256
        while let (x, y) = work.popLast() {
            if x == y { continue }
            budget -= 1
            guard budget > 0 else { return false }
            let p = nodes[Int(x)], q = nodes[Int(y)]
            guard p.kind == q.kind, p.dependencies == q.dependencies else { return false }
            switch p.kind {
            case .variable: guard p.lhs == q.lhs else { return false }
            case .number:
                guard let u = number(p.value), let v = number(q.value), u.isExact == v.isExact, Number.compare(u, v) == 0
                else { return false }
            case .constant: guard p.op == q.op else { return false }
            case .unary:
                guard p.op == q.op, p.angleUnit == q.angleUnit, p.complexMode == q.complexMode else { return false }
                work.append((p.lhs, q.lhs))
            case .binary:
                guard p.op == q.op, p.angleUnit == q.angleUnit, p.complexMode == q.complexMode else { return false }
                work.append((p.lhs, q.lhs))
                work.append((p.rhs, q.rhs))
            default: return false
            }
        }
        return true
    }

    /// A binary node, simplified: exact constants folded, 0 and 1 identities, x^1 → x,
    /// constants first in products and gathered (c×(d×y) → (c·d)×y), signs moved out.
    mutating func makeBinary(_ op: BuiltinID, _ a: Int32, _ b: Int32, angle: AngleUnit = .radians, complex: Bool = false,
                             _ range: Range<Int>) -> Int32 {
        let fa = foldable(a), fb = foldable(b)
        if let fa, let fb, case .value(let v) = combine(op, encode(fa), encode(fb), angle: angle, complex: complex),
           let result = number(v), result.isExact || !options.exact {
            if case .complex = result {} else { return makeNumber(result, range) }
        }
        func isNegated(_ i: Int32) -> Int32? {
            let node = nodes[Int(i)]
            return node.kind == .unary && node.op == .negate ? node.lhs : nil
        }
        func reciprocal(_ i: Int32) -> Int32? {
            let node = nodes[Int(i)]
            return node.kind == .binary && node.op == .divide && isNumber(node.lhs, 1) && node.dependencies != 0 ? node.rhs : nil
        }
        func negativeNumber(_ i: Int32) -> Number? {
            guard let value = foldable(i), value.signum < 0, case .value(let m) = Number.exact(op: .negate, value) else {
                if let value = foldable(i), value.signum < 0, case .real(let d) = value { return .real(-d) }
                return nil
            }
            return m
        }
        switch op {
        case .add:
            if nodes[Int(a)].dependencies != 0, sameTree(a, b) { return makeBinary(.multiply, makeNumber(Number(2), range), a, range) }
            if isNumber(a, 0) { return b }
            if isNumber(b, 0) { return a }
            if let u = isNegated(b) { return makeBinary(.subtract, a, u, range) }
            if let m = negativeNumber(b) { return makeBinary(.subtract, a, makeNumber(m, range), range) }
            if let u = isNegated(a) { return makeBinary(.subtract, b, u, range) }
        case .subtract:
            if sameTree(a, b) { return makeNumber(Number(0), range) }
            if isNumber(b, 0) { return a }
            if isNumber(a, 0) { return makeUnary(.negate, b, range) }
            if let u = isNegated(b) { return makeBinary(.add, a, u, range) }
            if let m = negativeNumber(b) { return makeBinary(.add, a, makeNumber(m, range), range) }
        case .multiply:
            if isNumber(a, 0) || isNumber(b, 0) { return makeNumber(Number(0), range) }
            if isNumber(a, 1) { return b }
            if isNumber(b, 1) { return a }
            if isNumber(a, -1) { return makeUnary(.negate, b, range) }
            if isNumber(b, -1) { return makeUnary(.negate, a, range) }
            if let u = isNegated(a) { return makeUnary(.negate, makeBinary(.multiply, u, b, range), range) }
            if let u = isNegated(b) { return makeUnary(.negate, makeBinary(.multiply, a, u, range), range) }
            if let d = reciprocal(b) { return makeBinary(.divide, a, d, range) }  // a×(1÷d) → a÷d
            if let d = reciprocal(a) { return makeBinary(.divide, b, d, range) }
            if fb != nil, fa == nil { return makeBinary(.multiply, b, a, range) }  // the constant first
            if let fa {
                let right = nodes[Int(b)]
                if right.kind == .binary, right.op == .multiply, let d = foldable(right.lhs),
                   case .value(let product) = Number.exact(op: .multiply, fa, d) {
                    return makeBinary(.multiply, makeNumber(product, range), right.rhs, range)
                }
                if right.kind == .binary, right.op == .divide, let d = foldable(right.rhs), !d.isZero,
                   case .value(let quotient) = Number.exact(op: .divide, fa, d) {
                    return makeBinary(.multiply, makeNumber(quotient, range), right.lhs, range)
                }
            }
        case .divide:
            if nodes[Int(a)].dependencies != 0, sameTree(a, b) { return makeNumber(Number(1), range) }
            if isNumber(b, 1) { return a }
            if isNumber(b, -1) { return makeUnary(.negate, a, range) }
            if isNumber(a, 0), fb.map({ !$0.isZero }) ?? true { return makeNumber(Number(0), range) }
            if let u = isNegated(a) { return makeUnary(.negate, makeBinary(.divide, u, b, range), range) }
        case .power:
            if isNumber(b, 1) { return a }
            if isNumber(b, 0) || isNumber(a, 1) { return makeNumber(Number(1), range) }
        default: break
        }
        let left = nodes[Int(a)], right = nodes[Int(b)]
        var value = Double.nan
        if left.dependencies | right.dependencies == 0, !StackSlot.isNone(left.value), !StackSlot.isNone(right.value),
           case .value(let v) = combine(op, left.value, right.value, angle: angle, complex: complex) {
            value = v
        }
        nodes.append(Node(kind: .binary, op: op, value: value, lhs: a, rhs: b, angle: angle, complex: complex,
                          dependencies: left.dependencies | right.dependencies, token: range))
        return Int32(nodes.count - 1)
    }

    // MARK: - The derivative

    /// The derivative of the tree `root` in the variable `variable`, a new tree of this machine.
    mutating func derivative(of root: Int32, in variable: Int32, _ range: Range<Int>) throws(AnalysisFailure) -> Int32 {
        let bucket = Self.bucket(variable)
        var done: [Int32: Int32] = [:]
        var expansions: [Int32: Int32] = [:]
        let zero = makeNumber(Number(0), range), one = makeNumber(Number(1), range)
        var work: [Int32] = [root]
        func mul(_ a: Int32, _ b: Int32) -> (BuiltinID, Int32, Int32) { (.multiply, a, b) }
        while let index = work.last {
            if done[index] != nil { work.removeLast(); continue }
            let node = nodes[Int(index)]
            if node.dependencies & bucket == 0 {
                done[index] = zero
                work.removeLast()
                continue
            }
            let angle = node.angleUnit, complex = node.complexMode
            func make(_ op: BuiltinID, _ a: Int32, _ b: Int32) -> Int32 {
                makeBinary(op, a, b, complex: complex, range)
            }
            func unary(_ op: BuiltinID, _ a: Int32, trig: Bool = false) -> Int32 {
                makeUnary(op, a, angle: trig ? angle : .radians, complex: complex, range)
            }
            func number(_ k: Int) -> Int32 { makeNumber(Number(k), range) }
            /// π÷180 (derivative of a trigonometric function of degrees) or 180÷π (of an inverse one).
            func degreeFactor(inverse: Bool) -> Int32 {
                inverse ? make(.divide, number(180), makeConstant(.pi, range))
                    : make(.divide, makeConstant(.pi, range), number(180))
            }
            var result: Int32
            switch node.kind {
            case .variable:
                result = node.lhs == variable ? one : zero
            case .number, .constant:
                result = zero
            case .missing:
                throw AnalysisFailure(code: .missingOperand, message: "the expression has a missing operand")
            case .unary:
                guard let da = done[node.lhs] else { work.append(node.lhs); continue }
                let a = node.lhs
                let degrees = angle == .degrees
                // The derivative of op at a, to be multiplied by a'.
                let outer: Int32
                switch node.op {
                case .negate: outer = unary(.negate, one)
                case .sqrt: outer = make(.divide, one, make(.multiply, number(2), index))
                case .sin:
                    outer = unary(.cos, a, trig: true)
                case .cos:
                    outer = unary(.negate, unary(.sin, a, trig: true))
                case .tan:
                    outer = make(.divide, one, make(.power, unary(.cos, a, trig: true), number(2)))
                case .asin, .acos:
                    let root = unary(.sqrt, make(.subtract, one, make(.power, a, number(2))))
                    outer = make(.divide, node.op == .asin ? one : number(-1), root)
                case .atan:
                    outer = make(.divide, one, make(.add, one, make(.power, a, number(2))))
                case .ln: outer = make(.divide, one, a)
                case .log: outer = make(.divide, one, make(.multiply, a, unary(.ln, number(10))))
                case .log2: outer = make(.divide, one, make(.multiply, a, unary(.ln, number(2))))
                case .exp: outer = index
                case .exp10: outer = make(.multiply, unary(.ln, number(10)), index)
                case .sinh: outer = unary(.cosh, a)
                case .cosh: outer = unary(.sinh, a)
                case .tanh: outer = make(.divide, one, make(.power, unary(.cosh, a), number(2)))
                case .asinh: outer = make(.divide, one, unary(.sqrt, make(.add, make(.power, a, number(2)), one)))
                case .acosh: outer = make(.divide, one, unary(.sqrt, make(.subtract, make(.power, a, number(2)), one)))
                case .atanh: outer = make(.divide, one, make(.subtract, one, make(.power, a, number(2))))
                case .abs: outer = unary(.sign, a)
                case .sq: outer = make(.multiply, number(2), a)
                case .inv: outer = make(.divide, number(-1), make(.power, a, number(2)))
                case .cbrt: outer = make(.divide, one, make(.multiply, number(3), make(.power, index, number(2))))
                case .torad: outer = make(.divide, makeConstant(.pi, range), number(180))
                case .todeg: outer = make(.divide, number(180), makeConstant(.pi, range))
                default:
                    throw AnalysisFailure(code: .notDifferentiable,
                                          message: "\(Builtin[node.op].spellings[0]) has no derivative")
                }
                var factor = outer
                if degrees, [.sin, .cos, .tan].contains(node.op) {
                    factor = make(.multiply, degreeFactor(inverse: false), outer)
                } else if degrees, [.asin, .acos, .atan].contains(node.op) {
                    factor = make(.multiply, degreeFactor(inverse: true), outer)
                }
                result = make(.multiply, factor, da)
            case .binary:
                let a = node.lhs, b = node.rhs
                guard let da = done[a] else { work.append(a); continue }
                guard let db = done[b] else { work.append(b); continue }
                switch node.op {
                case .add: result = make(.add, da, db)
                case .subtract: result = make(.subtract, da, db)
                case .multiply: result = make(.add, make(.multiply, da, b), make(.multiply, a, db))
                case .divide:
                    if isNumber(db, 0) {
                        result = make(.divide, da, b)
                    } else {
                        result = make(.divide, make(.subtract, make(.multiply, da, b), make(.multiply, a, db)),
                                      make(.power, b, number(2)))
                    }
                case .power:
                    if isNumber(db, 0) {  // a^c: c×a^(c−1)×a'
                        result = make(.multiply, make(.multiply, b, make(.power, a, make(.subtract, b, one))), da)
                    } else if isNumber(da, 0) {  // c^b: c^b×ln(c)×b'
                        let ln = nodes[Int(a)].kind == .constant && nodes[Int(a)].op == .e ? one : unary(.ln, a)
                        result = make(.multiply, make(.multiply, index, ln), db)
                    } else {  // f^g × (g'×ln f + g×f'÷f)
                        result = make(.multiply, index, make(.add, make(.multiply, db, unary(.ln, a)),
                                                             make(.divide, make(.multiply, b, da), a)))
                    }
                case .root where isNumber(db, 0):  // root(a,n)' = root(a,n)÷(n×a)×a', for negative a too
                    result = make(.multiply, make(.divide, index, make(.multiply, b, a)), da)
                case .percent:  // y×x÷100
                    result = make(.divide, make(.add, make(.multiply, da, b), make(.multiply, a, db)), number(100))
                case .hypot:  // (a a' + b b') ÷ hypot(a,b)
                    result = make(.divide, make(.add, make(.multiply, a, da), make(.multiply, b, db)), index)
                case .atan2:  // atan2(y,x)' = (x y' − y x') ÷ (x²+y²), ×180÷π in degrees
                    let r = make(.divide, make(.subtract, make(.multiply, b, da), make(.multiply, a, db)),
                                 make(.add, make(.power, a, number(2)), make(.power, b, number(2))))
                    result = angle == .degrees ? make(.multiply, degreeFactor(inverse: true), r) : r
                default:
                    throw AnalysisFailure(code: .notDifferentiable,
                                          message: "\(Builtin[node.op].spellings[0]) has no derivative")
                }
            case .call:
                if let expanded = expansions[index] {
                    guard let d = done[expanded] else { work.append(expanded); continue }
                    result = d
                } else {
                    let expanded = try expandCall(index, range)
                    expansions[index] = expanded
                    work.append(expanded)
                    continue
                }
            case .select:
                let (condition, first, second) = selectOperands(node)
                guard let d1 = done[first] else { work.append(first); continue }
                guard let d2 = done[second] else { work.append(second); continue }
                let start = Int32(links.count)
                links.append(contentsOf: [condition, d1, d2])
                nodes.append(Node(kind: .select, lhs: start,
                                  dependencies: nodes[Int(condition)].dependencies | nodes[Int(d1)].dependencies
                                      | nodes[Int(d2)].dependencies,
                                  token: range))
                result = Int32(nodes.count - 1)
            case .ternary:
                throw AnalysisFailure(code: .notDifferentiable, message: "\(Builtin[node.op].spellings[0]) has no derivative")
            }
            done[index] = result
            work.removeLast()
        }
        return done[root]!
    }

    /// A call of a word of one's own as the tree of its body over the call's arguments: the
    /// body run on its parameters (as `describe(word:)` does), its tree copied into this
    /// machine with each parameter replaced by the argument's tree.
    mutating func expandCall(_ index: Int32, _ range: Range<Int>) throws(AnalysisFailure) -> Int32 {
        let (word, arguments) = callOperands(nodes[Int(index)])
        let definition = words[Int(word)]
        guard let effect = definition.effect, effect.outputs.count == 1, effect.inputs.count == arguments.count else {
            throw AnalysisFailure(code: .notDifferentiable, message: "\(definition.name) has no formula to differentiate")
        }
        var inner = Machine(options: EvaluationOptions(angleUnit: options.angleUnit, keepTrees: true, freeVariables: true,
                                                       exact: options.exact))
        inner.options.digits = options.digits
        inner.options.maxSteps = 1_000_000
        inner.compiler = compiler
        inner.variables = variables
        var parameters: [Int32: Int32] = [:]  // the parameter's node in the inner machine → the argument
        for (name, argument) in zip(effect.inputs, arguments) {
            let variable = inner.variables.intern(name)
            inner.nodes.append(Node(kind: .variable, lhs: variable, dependencies: Self.bucket(variable),
                                    token: range.lowerBound..<range.lowerBound))
            parameters[Int32(inner.nodes.count - 1)] = argument
            inner.stack.append(StackSlot.box(Int32(inner.nodes.count - 1)))
        }
        for name in effect.inputs {
            if let variable = inner.variables.index(of: name) { inner.compiler.setWordName(variable, -1) }
        }
        _ = inner.interpret(definition.program, weight: 1, inputs: effect.inputs.count, outputs: 1)
        if let error = inner.diagnostics.first(where: { $0.severity == .error }) {
            throw AnalysisFailure(code: .notDifferentiable, message: "\(definition.name) has no formula to differentiate (\(error.message))")
        }
        guard inner.stack.count == 1 else {
            throw AnalysisFailure(code: .notDifferentiable, message: "\(definition.name) has no formula to differentiate")
        }
        let innerRoot = inner.materialize(inner.stack[0])
        // Copy the inner tree, children first, with an explicit stack.
        var copied: [Int32: Int32] = parameters
        var work: [Int32] = [innerRoot]
        while let i = work.last {
            if copied[i] != nil { work.removeLast(); continue }
            let node = inner.nodes[Int(i)]
            var result: Int32
            switch node.kind {
            case .number:
                guard let value = inner.number(node.value) else {
                    throw AnalysisFailure(code: .notDifferentiable, message: "\(definition.name) has no formula to differentiate")
                }
                nodes.append(Node(kind: .number, value: encode(value), lhs: node.lhs, token: range))
                result = Int32(nodes.count - 1)
            case .constant:
                result = makeConstant(node.op, range)
            case .variable:
                nodes.append(Node(kind: .variable, lhs: node.lhs, dependencies: node.dependencies, token: range))
                result = Int32(nodes.count - 1)
            case .unary:
                guard let a = copied[node.lhs] else { work.append(node.lhs); continue }
                result = makeUnary(node.op, a, angle: node.angleUnit, complex: node.complexMode, range)
            case .binary:
                guard let a = copied[node.lhs] else { work.append(node.lhs); continue }
                guard let b = copied[node.rhs] else { work.append(node.rhs); continue }
                result = makeBinary(node.op, a, b, angle: node.angleUnit, complex: node.complexMode, range)
            case .call:
                let (callee, innerArguments) = inner.callOperands(node)
                var outer: [Int32] = []
                for argument in innerArguments {
                    guard let a = copied[argument] else { work.append(argument); break }
                    outer.append(a)
                }
                guard outer.count == innerArguments.count else { continue }
                let start = Int32(links.count)
                links.append(callee)
                links.append(Int32(outer.count))
                links.append(contentsOf: outer)
                let dependencies = outer.reduce(UInt32(0)) { $0 | nodes[Int($1)].dependencies }
                nodes.append(Node(kind: .call, lhs: start, dependencies: dependencies, token: range))
                result = Int32(nodes.count - 1)
                if dependencies == 0 {
                    nodes[Int(result)].value = callValue(callee, outer.map { nodes[Int($0)].value }, reportingAt: result)
                }
            case .select, .ternary:
                let (x, y, z) = inner.selectOperands(node)
                guard let a = copied[x] else { work.append(x); continue }
                guard let b = copied[y] else { work.append(y); continue }
                guard let c = copied[z] else { work.append(z); continue }
                let start = Int32(links.count)
                links.append(contentsOf: [a, b, c])
                nodes.append(Node(kind: node.kind, op: node.op, lhs: start,
                                  dependencies: nodes[Int(a)].dependencies | nodes[Int(b)].dependencies | nodes[Int(c)].dependencies,
                                  token: range))
                result = Int32(nodes.count - 1)
                if nodes[Int(result)].dependencies == 0 { _ = evaluate(result) }
            case .missing:
                throw AnalysisFailure(code: .notDifferentiable, message: "\(definition.name) has no formula to differentiate")
            }
            copied[i] = result
            work.removeLast()
        }
        return copied[innerRoot]!
    }
}
