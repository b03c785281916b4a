// Issue 19: analysis over a free variable.
/// `solve`, `integrate` (`∫`), `∂` (`der`) and `taylor`: words of an expression and the
/// variable it is over, the variable named by leaving it on the stack (`x 2 ^ 2 - x 0 3 solve`).
/// They run as stack words (`Machine.stackWord`): they pop their operands and push a value
/// (solve, integrate) or a new tree (∂, taylor).
///
/// Exactness: where f is a polynomial with rational coefficients (read from the tree exactly,
/// `polynomial(of:in:)`), `solve` finds a rational root exactly and an irrational one as the
/// double nearest to it (bisection on exact rationals, each sign decided exactly), and
/// `integrate` integrates exactly. Other f are evaluated at points in doubles (the variable
/// bound to the point, then restored): `solve` bisects to two adjacent doubles where the
/// computed sign of f changes and answers the one where |f| is smaller; `integrate` is
/// adaptive Gauss–Kronrod (7–15 points) to an estimated error of 10^-15 of the result (or,
/// for an integral near 0, of the rounding of the sum itself). Under `digits N` only the
/// exact paths answer: a double is never passed off as N digits.
extension Machine {
    /// The largest degree `polynomial(of:in:)` builds, and `taylor`'s largest order.
    static let analysisDegreeLimit = 1000, taylorOrderLimit = 40
    static let integrationIntervalLimit = 2000

    @inline(never)
    mutating func analysis(_ op: BuiltinID, _ token: Token, _ buffer: UnsafeBufferPointer<UInt8>, _ base: Int) {
        let count = op == .derivative ? 2 : 4
        let n = stack.count
        willModify(from: n - count)
        let operands = Array(stack[(n - count)..<n])
        lastX = operands[count - 1]
        stack.removeLast(count)
        let word = text(token.range, buffer, base)
        guard !operands.contains(where: { StackSlot.isNone($0) }) else {
            stack.append(.nan)  // an operand without value was reported where it failed
            return
        }
        do {
            let result = try analysis(op, operands, word: word, token.range)
            stack.append(result)
        } catch {
            report(.error, error.code, "\(word): \(error.message)", token.range)
            stack.append(.nan)
        }
    }

    private mutating func analysis(_ op: BuiltinID, _ operands: [Double], word: String,
                                   _ range: Range<Int>) throws(AnalysisFailure) -> Double {
        let f = materialize(operands[0])
        let variable = try variableOperand(operands[1], word: word)
        switch op {
        case .derivative:
            return slot(of: try derivative(of: f, in: variable, range))
        case .taylor:
            return slot(of: try taylor(f, variable, around: operands[2], order: operands[3], word: word, range))
        case .solve:
            let (lo, hi) = (try bound(operands[2], "lo"), try bound(operands[3], "hi"))
            return pushValue(try solve(f, variable, lo, hi), range)
        default:
            let (a, b) = (try bound(operands[2], "a"), try bound(operands[3], "b"))
            return pushValue(try integrate(f, variable, a, b), range)
        }
    }

    /// A tree's slot: its value where it reads no variable and no trees are kept.
    private mutating func slot(of node: Int32) -> Double {
        if !options.keepTrees, nodes[Int(node)].dependencies == 0 { return nodes[Int(node)].value }
        return StackSlot.box(node)
    }

    private mutating func pushValue(_ value: Number, _ range: Range<Int>) -> Double {
        let encoded = encode(value)
        guard options.keepTrees else { return encoded }
        return append(Node(kind: .number, value: encoded, lhs: 10, token: range))
    }

    /// The variable named by an operand: a bare variable, else an error naming what was found.
    private func variableOperand(_ slot: Double, word: String) throws(AnalysisFailure) -> Int32 {
        if let node = StackSlot.node(slot), nodes[Int(node)].kind == .variable { return nodes[Int(node)].lhs }
        let found: String
        if let node = StackSlot.node(slot) {
            found = nodes[Int(node)].dependencies == 0 ? "the value \(description(of: node))"
                : "the expression \(description(of: node))"
        } else {
            found = number(slot).map { "the value \(Limit.numberText($0))" } ?? "no value"
        }
        throw AnalysisFailure(code: .needsVariable,
                              message: "the operand below the \(word == "∂" || word.lowercased() == "der" ? "top" : "bounds") "
                                  + "names the variable and must be one (such as x), found \(found)")
    }

    /// A bound: a real value (an expression over variables is valued now).
    private mutating func bound(_ slot: Double, _ name: String) throws(AnalysisFailure) -> Number {
        let encoded = constantValue(slot) ?? evaluate(StackSlot.node(slot)!)
        guard let value = number(encoded) else {
            throw AnalysisFailure(code: .outOfDomain, message: "the bound \(name) has no value")
        }
        if case .complex = value {
            throw AnalysisFailure(code: .notReal, message: "the bound \(name) must be real, got \(Limit.numberText(value))")
        }
        return value
    }

    // MARK: - Values of f at points

    /// The state `valueAt` changes, put back by `endPoints`.
    struct PointEvaluation {
        let variable: Int32
        let binding: Variables.Binding
        let mark: DiagnosticLog.Mark
        let reported: Set<Int32>
        let reportLogCount: Int
    }

    mutating func beginPoints(_ variable: Int32) -> PointEvaluation {
        PointEvaluation(variable: variable, binding: variables.bindings[Int(variable)], mark: log.mark,
                        reported: reportedNodes, reportLogCount: reportLog.count)
    }

    /// f with the variable bound to x; nil where it has no value, with the first reason.
    mutating func valueAt(_ f: Int32, _ x: Number, _ state: PointEvaluation) -> (Number?, String?) {
        variables.bind(state.variable, .value(x))
        touch(state.variable)
        let before = log.diagnostics.count, reportsBefore = log.count
        let slot = evaluate(f)
        let value = number(slot)
        // A reason already reported is not kept again (one diagnostic per cause): its message
        // is the log's last repeated one.
        let why = log.diagnostics.count > before ? log.diagnostics[before].message
            : log.count > reportsBefore ? log.lastRepeatedMessage : nil
        if why != nil {  // quiet: the word reports its own error
            log.rewind(to: state.mark)
            reportedNodes = state.reported
        }
        return (value, why)
    }

    mutating func endPoints(_ state: PointEvaluation) {
        variables.bind(state.variable, state.binding)
        touch(state.variable)
        log.rewind(to: state.mark)
        reportedNodes = state.reported
        if reportLog.count > state.reportLogCount { reportLog.removeLast(reportLog.count - state.reportLogCount) }
    }

    /// Ctrl-C (the shell's hooks) stops a long solve or integrate: the run stops at its next
    /// instruction, as an interrupted loop does.
    mutating func checkInterrupt() throws(AnalysisFailure) {
        pointsValued &+= 1
        guard pointsValued & 63 == 0, let hooks, let interrupted = hooks.interrupted, interrupted() else { return }
        hooks.wasInterrupted = true
        run.trapAt = 0
        throw AnalysisFailure(code: .outOfDomain, message: "interrupted")
    }

    /// f in doubles at x: its value, or an error saying why there is none.
    mutating func doubleAt(_ f: Int32, _ x: Double, _ state: PointEvaluation, _ what: String) throws(AnalysisFailure) -> Double {
        try checkInterrupt()
        let (value, why) = valueAt(f, .real(x), state)
        guard let value else {
            throw AnalysisFailure(code: .outOfDomain,
                                  message: "f has no value at \(variables.names[Int(state.variable)]) = \(NumberFormatting.ascii(x))"
                                      + (why.map { " (\($0))" } ?? "") + what)
        }
        if case .complex = value {
            throw AnalysisFailure(code: .notReal,
                                  message: "f is not real at \(variables.names[Int(state.variable)]) = \(NumberFormatting.ascii(x))")
        }
        return value.doubleValue
    }

    /// The variables other than `variable` that f reads and that have no value: none may be.
    mutating func checkOtherVariables(_ f: Int32, _ variable: Int32) throws(AnalysisFailure) {
        let saved = variables.bindings[Int(variable)]
        variables.bind(variable, .value(Number(0)))
        let unset = firstUnsetVariable(under: f)
        variables.bind(variable, saved)
        if let unset {
            let name = variables.names[Int(nodes[Int(unset)].lhs)]
            throw AnalysisFailure(code: .unsetVariable,
                                  message: "f reads \(TerminalText.quoted(name)), which has no value; only "
                                      + "\(TerminalText.quoted(variables.names[Int(variable)])) may be free")
        }
    }

    // MARK: - Polynomials with rational coefficients

    /// The coefficients of f as a polynomial in the variable (constant term first), exactly;
    /// nil when f is not one with rational coefficients. Iterative, each shared node once.
    func polynomial(of root: Int32, in variable: Int32) -> [Number]? {
        var done: [Int32: [Number]] = [:]
        var work: [Int32] = [root]
        let zero = Number(0)
        func exact(_ op: BuiltinID, _ a: Number, _ b: Number) -> Number? {
            if case .value(let v) = Number.exact(op: op, a, b), v.isExact { return v }
            return nil
        }
        func trim(_ p: [Number]) -> [Number] {
            var p = p
            while p.count > 1, p.last!.isZero { p.removeLast() }
            return p
        }
        func product(_ p: [Number], _ q: [Number]) -> [Number]? {
            guard p.count + q.count - 1 <= Self.analysisDegreeLimit + 1 else { return nil }
            var r = [Number](repeating: zero, count: p.count + q.count - 1)
            for (i, a) in p.enumerated() where !a.isZero {
                for (j, b) in q.enumerated() where !b.isZero {
                    guard let t = exact(.multiply, a, b), let s = exact(.add, r[i + j], t) else { return nil }
                    r[i + j] = s
                }
            }
            return trim(r)
        }
        func sum(_ p: [Number], _ q: [Number], _ op: BuiltinID) -> [Number]? {
            var r = [Number](repeating: zero, count: max(p.count, q.count))
            for i in r.indices {
                guard let s = exact(op, i < p.count ? p[i] : zero, i < q.count ? q[i] : zero) else { return nil }
                r[i] = s
            }
            return trim(r)
        }
        while let index = work.last {
            if done[index] != nil { work.removeLast(); continue }
            let node = nodes[Int(index)]
            var result: [Number]
            if node.dependencies == 0 {
                guard let value = number(node.value), value.isExact, !value.isComplex else { return nil }
                result = [value]
            } else {
                switch node.kind {
                case .variable:
                    if node.lhs == variable {
                        result = [zero, Number(1)]
                    } else if case .value(let v) = variables.bindings[Int(node.lhs)], v.isExact, !v.isComplex {
                        result = [v]  // another variable: its value now
                    } else {
                        return nil
                    }
                case .unary:
                    guard let a = done[node.lhs] else { work.append(node.lhs); continue }
                    switch node.op {
                    case .negate: guard let r = sum([zero], a, .subtract) else { return nil }; result = r
                    case .sq: guard let r = product(a, a) else { return nil }; result = r
                    default: return nil
                    }
                case .binary:
                    guard let a = done[node.lhs] else { work.append(node.lhs); continue }
                    guard let b = done[node.rhs] else { work.append(node.rhs); continue }
                    switch node.op {
                    case .add, .subtract: guard let r = sum(a, b, node.op) else { return nil }; result = r
                    case .multiply: guard let r = product(a, b) else { return nil }; result = r
                    case .divide:
                        guard b.count == 1, !b[0].isZero else { return nil }
                        var r: [Number] = []
                        for c in a {
                            guard let q = exact(.divide, c, b[0]) else { return nil }
                            r.append(q)
                        }
                        result = r
                    case .power:
                        guard b.count == 1, let e = b[0].smallInteger, e >= 0,
                              (a.count - 1) * e <= Self.analysisDegreeLimit else { return nil }
                        var r: [Number] = [Number(1)], base = a, k = e
                        while k > 0 {
                            if k & 1 == 1 { guard let t = product(r, base) else { return nil }; r = t }
                            k >>= 1
                            if k > 0 { guard let t = product(base, base) else { return nil }; base = t }
                        }
                        result = r
                    default: return nil
                    }
                default: return nil
                }
            }
            done[index] = result
            work.removeLast()
        }
        return done[root]
    }

    /// p(x) exactly (Horner).
    static func evaluate(_ p: [Number], at x: Number) -> Number {
        var r = Number(0)
        for c in p.reversed() {
            guard case .value(let t) = Number.exact(op: .multiply, r, x), case .value(let s) = Number.exact(op: .add, t, c)
            else { return .real(.nan) }
            r = s
        }
        return r
    }

    /// The exact value of a bound: itself, or a double's exact value (nil under `digits N`
    /// for an inexact one).
    static func exactBound(_ x: Number) -> Number? {
        switch x {
        case .integer, .rational: x
        case .real(let d): Number.exactly(d)
        default: nil
        }
    }

    // MARK: - solve

    mutating func solve(_ f: Int32, _ variable: Int32, _ lo: Number, _ hi: Number) throws(AnalysisFailure) -> Number {
        try checkOtherVariables(f, variable)
        var (lo, hi) = (lo, hi)
        if Number.compare(lo, hi) > 0 { swap(&lo, &hi) }
        if let p = polynomial(of: f, in: variable), let a = Self.exactBound(lo), let b = Self.exactBound(hi) {
            return try solvePolynomial(p, a, b, digits: options.exact ? options.digits : nil)
        }
        guard options.digits == nil || !options.exact else {
            throw AnalysisFailure(code: .outOfDomain,
                                  message: "under digits N only polynomials with rational coefficients are solved (f is computed in doubles otherwise)")
        }
        let state = beginPoints(variable)
        defer { endPoints(state) }
        var a = lo.doubleValue, b = hi.doubleValue
        guard a.isFinite, b.isFinite else { throw AnalysisFailure(code: .notFinite, message: "the bounds must be finite") }
        var fa = try doubleAt(f, a, state, ""), fb = try doubleAt(f, b, state, "")
        if fa == 0 { return .real(a) }
        if fb == 0 { return .real(b) }
        guard (fa < 0) != (fb < 0) else {
            throw AnalysisFailure(code: .noSignChange,
                                  message: "no sign change in [\(NumberFormatting.ascii(a)), \(NumberFormatting.ascii(b))]: "
                                      + "f(\(NumberFormatting.ascii(a)))=\(NumberFormatting.ascii(fa)), "
                                      + "f(\(NumberFormatting.ascii(b)))=\(NumberFormatting.ascii(fb))")
        }
        let (lo0, hi0) = (a, b)
        let boundMagnitude = Swift.max(Swift.abs(fa), Swift.abs(fb))
        // Doubles first: the bracket narrows fast. A point where f computes to 0, or adjacent
        // doubles, ends it; the signs there are then decided again at 40 digits.
        while true {
            let m = Self.midpoint(a, b)
            if m == a || m == b { break }
            let fm = try doubleAt(f, m, state, " (between the bounds)")
            if fm == 0 { break }
            if (fm < 0) == (fa < 0) { (a, fa) = (m, fm) } else { (b, fb) = (m, fm) }
        }
        let negativeAtLow = fa < 0
        var sa = try preciseSign(f, Number.exactly(a), state), sb = try preciseSign(f, Number.exactly(b), state)
        if sa == 0 { return .real(a) }
        if sb == 0 { return .real(b) }
        if (sa < 0) != negativeAtLow || (sb < 0) == negativeAtLow {
            // Rounding in doubles misled the bracket: bisect the whole of it at 40 digits.
            (a, b) = (lo0, hi0)
            sa = negativeAtLow ? -1 : 1
            sb = -sa
        }
        while true {
            let m = Self.midpoint(a, b)
            if m == a || m == b { break }
            let sm = try preciseSign(f, Number.exactly(m), state)
            if sm == 0 { return .real(m) }
            if (sm < 0) == (sa < 0) { a = m } else { b = m }
        }
        // A sign change where |f| grew past its size at the bounds is no root: a pole (tan x in
        // [1, 2]) or a jump.
        let (ea, eb) = (try doubleAt(f, a, state, ""), try doubleAt(f, b, state, ""))
        if Swift.min(Swift.abs(ea), Swift.abs(eb)) > boundMagnitude || !ea.isFinite || !eb.isFinite {
            throw AnalysisFailure(code: .noSignChange,
                                  message: "f changes sign at \(variables.names[Int(variable)]) = \(NumberFormatting.ascii(a)) "
                                      + "without a root there (a pole or a jump: f is \(NumberFormatting.ascii(ea)) and \(NumberFormatting.ascii(eb)) on either side)")
        }
        // The root is between the adjacent doubles a and b: the sign at their exact middle says
        // which is nearer.
        guard case .value(let sum) = Number.exact(op: .add, Number.exactly(a), Number.exactly(b)),
              case .value(let middle) = Number.exact(op: .divide, sum, Number(2)) else { return .real(a) }
        let sm = try preciseSign(f, middle, state)
        if sm == 0 { return .real(a.bitPattern & 1 == 0 ? a : b) }  // a tie: to even, as rounding does
        return .real((sm < 0) == (sa < 0) ? b : a)
    }

    /// The sign of f at x (exact), computed with 40 significant digits (f's constants as
    /// written: a double stays that double).
    mutating func preciseSign(_ f: Int32, _ x: Number, _ state: PointEvaluation) throws(AnalysisFailure) -> Int {
        try checkInterrupt()
        let saved = options
        options.exact = true
        options.digits = 40
        let (value, why) = valueAt(f, x, state)
        options = saved
        touch(state.variable)  // the values cached at 40 digits are not the run's
        guard let value, !value.isComplex else {
            throw AnalysisFailure(code: .outOfDomain,
                                  message: "f has no value at \(variables.names[Int(state.variable)]) = \(NumberFormatting.ascii(x.doubleValue))"
                                      + (why.map { " (\($0))" } ?? ""))
        }
        return value.signum
    }

    /// A point strictly between a < b when there is one (else a or b): 0 across zero, the
    /// middle of the bit patterns far from it (about 64 halvings from any bracket to adjacent
    /// doubles), the arithmetic middle within a factor of 2.
    static func midpoint(_ a: Double, _ b: Double) -> Double {
        if a < 0, b > 0 { return 0 }
        if b <= 0 { return -midpoint(-b, -a) }
        // 0 ≤ a < b
        if a > 0, b <= 2 * a { return a + (b - a) / 2 }
        return Double(bitPattern: a.bitPattern / 2 + b.bitPattern / 2 + (a.bitPattern & b.bitPattern & 1))
    }

    /// `digits`: under `digits N`, an irrational root is bisected until both ends round to the
    /// same N-digit value (with its guard bits), which is then the root's.
    private func solvePolynomial(_ p: [Number], _ lo: Number, _ hi: Number, digits: Int?) throws(AnalysisFailure) -> Number {
        if p.count == 1 {
            if p[0].isZero { return lo }
            throw AnalysisFailure(code: .noSignChange,
                                  message: "no sign change in [\(Limit.numberText(lo)), \(Limit.numberText(hi))]: f is the constant \(Limit.numberText(p[0]))")
        }
        var (a, b) = (lo, hi)
        let fa = Self.evaluate(p, at: a), fb = Self.evaluate(p, at: b)
        if fa.isZero { return a }
        if fb.isZero { return b }
        let negativeAtA = fa.signum < 0
        guard negativeAtA != (fb.signum < 0) else {
            throw AnalysisFailure(code: .noSignChange,
                                  message: "no sign change in [\(Limit.numberText(lo)), \(Limit.numberText(hi))]: "
                                      + "f(\(Limit.numberText(lo)))=\(Self.shortText(fa)), f(\(Limit.numberText(hi)))=\(Self.shortText(fb))")
        }
        let two = Number(2)
        let steps = 4000 + 4 * (digits.map { BigFloat.precision(digits: $0) } ?? 0)
        for _ in 0..<steps {
            // The simplest fraction in [a, b]: the root, once the bracket is narrower than
            // 1/q² for a rational root of denominator q.
            let s = Self.simplest(a, b)
            if Self.evaluate(p, at: s).isZero { return s }
            if let digits {
                let fa = BigFloat.from(a, digits: digits), fb = BigFloat.from(b, digits: digits)
                if fa.compare(fb) == 0 { return .float(fa) }  // every real in [a, b] rounds to it
            } else {
                let da = a.doubleValue, db = b.doubleValue
                if da == db { return .real(da) }  // every real in [a, b] rounds to it: the root's nearest double
            }
            guard case .value(let sum) = Number.exact(op: .add, a, b), case .value(let m) = Number.exact(op: .divide, sum, two)
            else { break }
            let fm = Self.evaluate(p, at: m)
            if fm.isZero { return m }
            if (fm.signum < 0) == negativeAtA { a = m } else { b = m }
        }
        throw AnalysisFailure(code: .didNotConverge, message: "the bisection did not converge")
    }

    static func shortText(_ x: Number) -> String {
        if case .integer = x { return Limit.numberText(x) }
        if case .rational(let r) = x, r.numerator.description.count + r.denominator.description.count < 30 {
            return "\(r.numerator)/\(r.denominator)"
        }
        return NumberFormatting.ascii(x.doubleValue)
    }

    /// The fraction of least denominator in [a, b] (exact, a < b).
    static func simplest(_ a: Number, _ b: Number) -> Number {
        if a.signum <= 0, b.signum >= 0 { return Number(0) }
        let negative = b.signum < 0
        let (lo, hi) = negative ? (Self.negated(b), Self.negated(a)) : (a, b)
        guard let l = lo.fraction, let h = hi.fraction else { return a }
        let (p, q) = Rational.simplestBetween((l.numerator, l.denominator), (h.numerator, h.denominator), closed: true)
        return Number.ratio(negative ? -p : p, q)
    }

    // MARK: - integrate

    mutating func integrate(_ f: Int32, _ variable: Int32, _ a: Number, _ b: Number) throws(AnalysisFailure) -> Number {
        try checkOtherVariables(f, variable)
        if let p = polynomial(of: f, in: variable), let ea = Self.exactBound(a), let eb = Self.exactBound(b) {
            // The antiderivative Σ c_k x^(k+1)/(k+1), exactly.
            var antiderivative: [Number] = [Number(0)]
            for (k, c) in p.enumerated() {
                guard case .value(let q) = Number.exact(op: .divide, c, Number(k + 1)) else { break }
                antiderivative.append(q)
            }
            let value = Number.exact(op: .subtract, Self.evaluate(antiderivative, at: eb), Self.evaluate(antiderivative, at: ea))
            guard case .value(let v) = value else {
                throw AnalysisFailure(code: .didNotConverge, message: "the exact integral failed")
            }
            if !a.isExact || !b.isExact { return Number(v.doubleValue) }
            return v
        }
        guard options.digits == nil || !options.exact else {
            throw AnalysisFailure(code: .outOfDomain,
                                  message: "under digits N only polynomials with rational coefficients are integrated (f is computed in doubles otherwise)")
        }
        let lo = a.doubleValue, hi = b.doubleValue
        guard lo.isFinite, hi.isFinite else {
            throw AnalysisFailure(code: .notFinite, message: "the bounds must be finite")
        }
        if lo == hi { return Number(0) }
        let state = beginPoints(variable)
        defer { endPoints(state) }
        let name = variables.names[Int(variable)]
        struct Piece { var a: Double, b: Double, value: Double, error: Double, absolute: Double }
        func piece(_ x0: Double, _ x1: Double) throws(AnalysisFailure) -> Piece {
            let (value, error, absolute) = try Self.gaussKronrod(x0, x1) { (x: Double) throws(AnalysisFailure) -> Double in
                let y = try doubleAt(f, x, state, "")
                guard y.isFinite else {
                    throw AnalysisFailure(code: .notFinite, message: "f is infinite at \(name) = \(NumberFormatting.ascii(x))")
                }
                return y
            }
            return Piece(a: x0, b: x1, value: value, error: error, absolute: absolute)
        }
        var pieces = [try piece(lo, hi)]
        while true {
            var total = 0.0, compensation = 0.0, error = 0.0, absolute = 0.0
            var worst = 0
            for (i, p) in pieces.enumerated() {
                let y = p.value - compensation
                let t = total + y
                compensation = (t - total) - y
                total = t
                error += p.error
                absolute += p.absolute
                if p.error > pieces[worst].error { worst = i }
            }
            let tolerance = Swift.max(1e-15 * Swift.abs(total), 20 * Double.ulpOfOne * absolute)
            if error <= tolerance { return Number(total) }
            guard pieces.count < Self.integrationIntervalLimit, error.isFinite else {
                throw AnalysisFailure(code: .didNotConverge,
                                      message: "did not converge: estimated error \(NumberFormatting.ascii(error)) "
                                          + "of \(NumberFormatting.ascii(total)) after \(pieces.count) subintervals")
            }
            let p = pieces[worst]
            let mid = p.a + (p.b - p.a) / 2
            guard mid != p.a, mid != p.b else {
                throw AnalysisFailure(code: .didNotConverge,
                                      message: "did not converge: f is too rough near \(name) = \(NumberFormatting.ascii(mid))")
            }
            pieces[worst] = try piece(p.a, mid)
            pieces.append(try piece(mid, p.b))
        }
    }

    /// QUADPACK's QK15: the 15-point Kronrod value on [a, b], its error estimate (the
    /// 7-point Gauss value's difference, scaled as QUADPACK scales it), and ∫|f|.
    static func gaussKronrod(_ a: Double, _ b: Double, _ f: (Double) throws(AnalysisFailure) -> Double) throws(AnalysisFailure)
        -> (value: Double, error: Double, absolute: Double) {
        let xgk: [Double] = [0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                             0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                             0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                             0.207784955007898467600689403773245, 0.0]
        let wgk: [Double] = [0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                             0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                             0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                             0.204432940075298892414161999234649, 0.209482141084727828012999174891714]
        let wg: [Double] = [0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                            0.381830050505118944950369775488975, 0.417959183673469387755102040816327]
        let center = a / 2 + b / 2, half = b / 2 - a / 2
        let fc = try f(center)
        var kronrod = fc * wgk[7], gauss = fc * wg[3], absolute = Swift.abs(kronrod)
        var values = [Double](repeating: 0, count: 14)
        for j in 0..<7 {
            let dx = half * xgk[j]
            let f1 = try f(center - dx), f2 = try f(center + dx)
            values[2 * j] = f1
            values[2 * j + 1] = f2
            kronrod += wgk[j] * (f1 + f2)
            absolute += wgk[j] * (Swift.abs(f1) + Swift.abs(f2))
            if j & 1 == 1 { gauss += wg[j / 2] * (f1 + f2) }
        }
        let mean = kronrod / 2
        var asc = wgk[7] * Swift.abs(fc - mean)
        for j in 0..<7 { asc += wgk[j] * (Swift.abs(values[2 * j] - mean) + Swift.abs(values[2 * j + 1] - mean)) }
        let scale = Swift.abs(half)
        var error = Swift.abs((kronrod - gauss) * half)
        let resasc = asc * scale
        if resasc != 0, error != 0 { error = resasc * Swift.min(1, Self.power15(200 * error / resasc)) }
        return (kronrod * half, error, absolute * scale)
    }

    // MARK: - taylor

    mutating func taylor(_ f: Int32, _ variable: Int32, around aSlot: Double, order nSlot: Double, word: String,
                         _ range: Range<Int>) throws(AnalysisFailure) -> Int32 {
        let orderValue = constantValue(nSlot).flatMap({ number($0) }).map { $0.isInteger && !$0.isComplex ? $0.doubleValue : -1 } ?? -1
        guard orderValue >= 0, orderValue <= Double(Self.taylorOrderLimit) else {
            throw AnalysisFailure(code: .outOfDomain, message: "the order n must be a whole number from 0 to \(Self.taylorOrderLimit)")
        }
        guard let aValue = constantValue(aSlot).flatMap({ number($0) }) else {
            throw AnalysisFailure(code: .outOfDomain, message: "the point a must be a value")
        }
        let order = Int(orderValue)
        try checkOtherVariables(f, variable)
        let aNode = materialize(aSlot)
        // The variable's node: x itself where a = 0, else x − a.
        nodes.append(Node(kind: .variable, lhs: variable, dependencies: Self.bucket(variable), token: range))
        let x = Int32(nodes.count - 1)
        let base = aValue.isZero ? x : makeBinary(.subtract, x, aNode, range)
        var derivatives = [f]
        var coefficients: [Number] = []
        var factorial = Number(1)
        let state = beginPoints(variable)
        for k in 0...order {
            if k > 0 {
                endPoints(state)
                derivatives.append(try derivative(of: derivatives[k - 1], in: variable, range))
                guard case .value(let next) = Number.exact(op: .multiply, factorial, Number(k)) else { break }
                factorial = next
            }
            let substituted = substitute(derivatives[k], variable, with: aNode, range)
            let (computed, why) = foldable(substituted).map { ($0, nil) } ?? valueAt(derivatives[k], aValue, state)
            let value = computed.flatMap { v -> Number? in if case .complex = v { nil } else { v } }
            guard let value else {
                endPoints(state)
                throw AnalysisFailure(code: .outOfDomain,
                                      message: "the \(k == 0 ? "value" : "derivative \(k)") of f has no value at \(Limit.numberText(aValue))"
                                          + (why.map { " (\($0))" } ?? ""))
            }
            switch Number.exact(op: .divide, value, factorial) {
            case .value(let c) where value.isExact: coefficients.append(c)
            default:  // inexact: divided as the run divides (doubles, or N digits)
                if case .value(let q) = combine(.divide, encode(value), encode(factorial), angle: .radians),
                   let c = number(q) {
                    coefficients.append(c)
                } else {
                    coefficients.append(Number(value.doubleValue / factorial.doubleValue))
                }
            }
        }
        endPoints(state)
        var sum: Int32? = nil
        for (k, c) in coefficients.enumerated() where !c.isZero {
            let magnitude = c.signum < 0 ? Self.negated(c) : c
            let power = k == 0 ? nil : makeBinary(.power, base, makeNumber(Number(k), range), range)
            var term: Int32
            if let power {
                if let (p, q) = magnitude.fraction {
                    term = p == .one ? power : makeBinary(.multiply, makeNumber(.integer(p), range), power, range)
                    if q != .one { term = makeBinary(.divide, term, makeNumber(.integer(q), range), range) }
                } else {
                    term = makeBinary(.multiply, makeNumber(magnitude, range), power, range)
                }
            } else {
                term = makeNumber(magnitude, range)
            }
            if let s = sum {
                sum = makeBinary(c.signum < 0 ? .subtract : .add, s, term, range)
            } else {
                sum = c.signum < 0 ? makeUnary(.negate, term, range) : term
            }
        }
        return sum ?? makeNumber(Number(0), range)
    }
}

extension Machine {
    /// x^1.5.
    static func power15(_ x: Double) -> Double { x * x.squareRoot() }
}

extension Machine {
    static func negated(_ x: Number) -> Number {
        if case .value(let v) = Number.exact(op: .negate, x) { return v }
        return Number(-x.doubleValue)
    }
}

// MARK: - Features for plots

/// A point a plot marks (issue 19): a root of the function, or a local minimum or maximum (a
/// root of its derivative where the derivative changes sign).
public struct FeaturePoint: Sendable, Equatable {
    public enum Kind: String, Sendable { case root, minimum, maximum }
    public let kind: Kind
    public let x: Double
    public let y: Double

    public init(kind: Kind, x: Double, y: Double) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

extension Machine {
    /// The roots and extrema of the tree `node` over the variable `name`, found between the
    /// plot's samples (xs in increasing order, ys nil where there is no value): each sign change
    /// of f, and of its derivative, refined by `solve`. At most `limit` of each kind; none where
    /// the derivative cannot be taken. Nothing is reported; the variable keeps its binding.
    public mutating func features(of node: Int32, variable name: String, samples: [(x: Double, y: Double?)],
                                  limit: Int = 12) -> [FeaturePoint] {
        guard let variable = variables.index(of: name) else { return [] }
        let mark = log.mark
        let reported = reportedNodes
        defer {
            log.rewind(to: mark)
            reportedNodes = reported
        }
        var found: [FeaturePoint] = []
        func value(_ f: Int32, _ x: Double) -> Double? {
            let state = beginPoints(variable)
            defer { endPoints(state) }
            let (v, _) = valueAt(f, .real(x), state)
            guard let v, !v.isComplex else { return nil }
            let d = v.doubleValue
            return d.isFinite ? d : nil
        }
        /// Where f changes sign between samples (refined by solve), and whether it rises there.
        func roots(_ f: Int32, _ ys: [Double?]) -> [(x: Double, rising: Bool)] {
            var xs: [(x: Double, rising: Bool)] = []
            var i = 0
            while i < samples.count - 1, xs.count < limit {
                defer { i += 1 }
                guard let y0 = ys[i], y0 != 0 else { continue }
                // The next sample with a value and not 0 past any zeros: a sign change between.
                var k = i + 1
                while k < samples.count, ys[k] == 0 { k += 1 }
                guard k < samples.count, let yk = ys[k], (y0 < 0) != (yk < 0) else { continue }
                if k > i + 1 {
                    xs.append((samples[i + 1].x, yk > 0))  // a sample at 0 exactly
                } else if let r = (try? solve(f, variable, .real(samples[i].x), .real(samples[k].x)))?.doubleValue,
                          r.isFinite {
                    xs.append((r, yk > 0))
                }
            }
            return xs
        }
        for root in roots(node, samples.map(\.y)) { found.append(FeaturePoint(kind: .root, x: root.x, y: 0)) }
        if let derivative = try? derivative(of: node, in: variable, 0..<0) {
            let slopes = samples.map { value(derivative, $0.x) }
            for turn in roots(derivative, slopes) {
                guard let y = value(node, turn.x) else { continue }
                found.append(FeaturePoint(kind: turn.rising ? .minimum : .maximum, x: turn.x, y: y))
            }
        }
        return found
    }
}
