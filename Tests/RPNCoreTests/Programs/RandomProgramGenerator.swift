import RPNCore
import RPNTestSupport

/// A random program and how it was made: `seed` and `shape` make it again
/// (`RandomProgramGenerator.program(seed:shape:)`), so a failure names both.
struct RandomProgram: CustomStringConvertible, Sendable {
    let seed: Int
    let shape: ProgramShape
    let text: String
    /// Whether a deliberate error was planted (an unknown token, a token taken out, a stray
    /// keyword, a failing operation, a wrong declared effect).
    let plantedError: Bool

    var description: String { "[\(shape.name) seed \(seed)] \(text)" }
}

/// What the generator may put in a program.
struct ProgramShape: Sendable {
    var name: String
    /// Read `M` and `x`, which no program stores: free variables (undecided `if`s merging into
    /// `if(c,a,b)`, calls that stay `f(M)`), or given before the run with `setVariable`.
    var variables = true
    /// Store into `s` and `t` (at the top level, and in top-level loops outside any `if`), and
    /// read them afterwards.
    var stores = true
    /// Doubles: `2 √`, `π`, `1.5 ln`, loops stepping by `0.1`.
    var inexact = true
    /// Fractions of any denominator (`1 3 ÷`, `0.1`, `÷` by anything); the dyadic ones
    /// (`1 2 ÷`, `0.25`, `2 ÷`) are always there.
    var anyFractions = true
    /// Big integers: `2 70 ^`, `30 !`, `3 45 ^`.
    var bigIntegers = true
    /// One program in `errorRate` gets a deliberate error (0: none).
    var errorRate = 10
    /// Mixed into the seed: shapes with a salt of their own make programs unlike the others'
    /// (the shapes without one make programs alike in their structure: `constants` is
    /// `everything` without its variables).
    var salt: UInt64 = 0

    /// Everything: what most properties run.
    static let everything = ProgramShape(name: "everything")
    /// No variable at all: nothing is undecided, every value is known as it is made.
    static let constants = ProgramShape(name: "constants", variables: false)
    /// Integers and dyadic fractions of modest size only, no doubles, no stores, no errors: the
    /// programs whose `--float` run can be exact step by step (see `EngineAgreementTests`).
    static let dyadic = ProgramShape(name: "dyadic", variables: false, stores: false, inexact: false,
                                     anyFractions: false, bigIntegers: false, errorRate: 0)
    /// Variables that are read but never stored: the symbolic run, then `setVariable`.
    static let symbolic = ProgramShape(name: "symbolic", stores: true, errorRate: 0)
    /// Mostly broken programs: a planted error in every other one.
    static let broken = ProgramShape(name: "broken", errorRate: 2, salt: 0xB40C_E5)
}

/// A seeded generator of RPN programs (definitions with declared effects, named parameters and
/// Forth-style stack bodies, calls between words, recursion with a base case, `for` loops with
/// and without `step` (exact steps such as `1 2 ÷` too), `begin … until` loops that end, nested
/// `if`s, stack words, comparisons and logic, stores, `lastx`, `depth`), almost all of which
/// the checker accepts: it follows the stack depth as the checker does (the depth available,
/// and the lowest it went, for effects it infers) and balances both parts of every `if` and
/// every loop body. Loops run a few times, recursion goes a bounded depth (halving, or a
/// count clamped with `min`), so every program ends in a few thousand steps.
struct RandomProgramGenerator {
    static func program(seed: Int, shape: ProgramShape) -> RandomProgram {
        var generator = RandomProgramGenerator(seed: seed, shape: shape)
        return generator.make()
    }

    struct Word {
        var name: String
        var inputs: Int
        var outputs: Int
    }

    /// Where code is being written.
    struct Scope {
        /// Entries this code may take from the stack.
        var depth: Int
        /// The lowest `depth` went (how many inputs a definition without a declared effect has).
        var low: Int
        /// Parameters and loop counters readable here.
        var locals: [String] = []
        /// `if`s and loops around this code.
        var nesting = 0
        /// How many times this code may run (the product of the loops around it).
        var runs = 1
        /// Outside definitions and blocks: `clear`, definitions.
        var topLevel = false
        /// Stores are allowed: at the top level and in top-level loops, never in an `if` (an
        /// `if` on a variable is undecided, and a store there is an error) nor in a word.
        var stores = false
        /// Inside a definition.
        var inWord = false

        init(depth: Int, topLevel: Bool = false) {
            self.depth = depth
            self.low = depth
            self.topLevel = topLevel
            self.stores = topLevel
        }

        /// The scope of a block's body (a part of an `if`, a loop's body).
        func inner(runs times: Int = 1, keepStores: Bool) -> Scope {
            var scope = self
            scope.nesting += 1
            scope.runs *= times
            scope.topLevel = false
            scope.stores = stores && keepStores
            return scope
        }
    }

    var rng: SeededGenerator
    let seed: Int
    let shape: ProgramShape
    var out: [String] = []
    var words: [Word] = []
    /// Variables stored so far at the top level (readable after).
    var stored: [String] = []
    /// The name of the word being defined: a word defined again must not call its old self
    /// (the name means the new definition in its own body: a recursion without declared effect).
    var defining: String?
    /// An operator or function was written at the top level (so `lastx` has something).
    var operated = false
    /// Debugging the generator: the depth it counts after every statement, as `{depth/low}`.
    var annotate = false

    init(seed: Int, shape: ProgramShape) {
        self.seed = seed
        self.shape = shape
        // Seeds one apart must not give streams one number apart (SplitMix64 steps its state by
        // a constant): the generator starts from the hash of the seed.
        var mixer = SeededGenerator(state: UInt64(bitPattern: Int64(seed)) ^ shape.salt)
        rng = SeededGenerator(state: mixer.next())
    }

    // MARK: - Randomness

    mutating func roll(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
    mutating func chance(_ percent: Int) -> Bool { roll(100) < percent }
    mutating func one(_ choices: [String]) -> String { choices[roll(choices.count)] }
    mutating func emit(_ tokens: String) { out.append(tokens) }

    /// `inputs` entries taken, `outputs` pushed, as the checker counts them.
    func take(_ scope: inout Scope, _ inputs: Int, _ outputs: Int) {
        scope.depth -= inputs
        scope.low = Swift.min(scope.low, scope.depth)
        scope.depth += outputs
    }

    // MARK: - Programs

    mutating func make() -> RandomProgram {
        for _ in 0..<roll(4) { definition() }
        var scope = Scope(depth: 0, topLevel: true)
        code(&scope, 3 + roll(10))
        // Usually something to look at, and not a huge stack.
        while scope.depth > 4 { consume(&scope) }
        if scope.depth == 0 { push(&scope) }
        var planted = false
        if shape.errorRate > 0, roll(shape.errorRate) == 0 {
            plantError()
            planted = true
        }
        return RandomProgram(seed: seed, shape: shape, text: out.joined(separator: " "), plantedError: planted)
    }

    /// Some code: `count` statements.
    mutating func code(_ scope: inout Scope, _ count: Int) {
        for _ in 0..<count { statement(&scope) }
    }

    mutating func statement(_ scope: inout Scope) {
        statementBody(&scope)
        if annotate { out.append("{\(scope.depth)/\(scope.low)}") }
    }

    mutating func statementBody(_ scope: inout Scope) {
        let d = scope.depth
        let r = roll(100)
        if d > 5, r < 45 { return consume(&scope) }
        switch r {
        case 0..<22: push(&scope)
        case 22..<33: d >= 1 ? unary(&scope) : push(&scope)
        case 33..<48: d >= 2 ? binary(&scope) : push(&scope)
        case 48..<57: stackWord(&scope)
        case 57..<62: d >= 1 ? counted(&scope) : push(&scope)
        case 62..<70: call(&scope)
        case 70..<78: scope.nesting < 3 ? ifBlock(&scope) : push(&scope)
        case 78..<85: scope.nesting < 3 && scope.runs <= 8 ? forLoop(&scope) : unary(&scope)
        case 85..<88: scope.nesting < 3 && scope.runs <= 8 ? beginLoop(&scope) : push(&scope)
        case 88..<92: scope.stores && shape.stores && d >= 1 ? store(&scope) : push(&scope)
        case 92..<95:
            // `lastx` before any operation is an error (and pushes nothing, see
            // `EngineRegressionTests`): only once an operation has run at the top level.
            emit(operated && chance(70) ? "lastx" : "depth")
            take(&scope, 0, 1)
        case 95..<97 where scope.topLevel && d >= 1:
            if chance(30) {
                emit("clear")
                scope.depth = 0
            } else {
                unary(&scope)
            }
        case 97..<100 where scope.topLevel: definition()
        default: push(&scope)
        }
    }

    // MARK: - Values

    mutating func push(_ scope: inout Scope) {
        take(&scope, 0, 1)
        switch roll(24) {
        case 0..<7: emit("\(roll(13))")
        case 7: emit("-\(1 + roll(9))")
        case 8: emit(one(["0.25", "1.5", "0.5", "-0.75", "2.", ".5", "0x1F", "0b101"]))
        case 9: emit(one(["1 2 ÷", "3 4 ÷", "-5 8 /", "7 2 ÷"]))
        case 10 where shape.anyFractions: emit(one(["1 3 ÷", "0.1", "2 7 ÷", "1e-3", "-22 7 ÷", "5 6 /"]))
        case 11 where shape.bigIntegers: emit(one(["2 70 ^", "30 !", "3 45 ^", "2 64 ^ 1 -", "1e25", "-2 63 ^"]))
        case 12 where shape.inexact: emit(one(["2 √", "π", "e", "1.5 ln", "0.5 sin", "2 0.5 ^"]))
        case 13..<16 where shape.variables: emit(one(["M", "M", "x"]))
        case 13..<17 where !stored.isEmpty: emit(one(stored))
        case 16..<24 where !scope.locals.isEmpty: emit(one(scope.locals))
        default: emit("\(1 + roll(9))")
        }
    }

    /// One operation that keeps the depth: ( x -- y ).
    mutating func unary(_ scope: inout Scope) {
        guard scope.depth >= 1 else { return push(&scope) }
        take(&scope, 1, 1)
        if scope.topLevel { operated = true }
        var choices = ["neg", "abs", "sq", "floor", "ceil", "sign", "not", "2 ×", "3 +", "1 -", "2 ÷", "3 min",
                       "-2 max", "5 mod", "2 ^", "±", "1 +", "2 idiv", "fp", "ip", "round"]
        if shape.anyFractions { choices += ["inv", "3 ÷", "7 rem"] }
        if shape.inexact { choices += ["√", "cbrt", "0.5 ×", "exp", "sin"] }
        if shape.variables, chance(10) { choices = ["M +", "x ×", "M max"] }
        if !scope.locals.isEmpty, chance(30) {
            let local = one(scope.locals)
            choices = ["\(local) +", "\(local) ×", "\(local) -", "\(local) max"]
        }
        emit(one(choices))
    }

    /// One operation on two entries: ( x y -- z ).
    mutating func binary(_ scope: inout Scope) {
        guard scope.depth >= 2 else { return unary(&scope) }
        take(&scope, 2, 1)
        if scope.topLevel { operated = true }
        var choices = ["+", "+", "−", "-", "×", "*", "min", "max", "<", ">", "≤", "≥", "=", "≠", "and", "or",
                       "<=", "!=", "mod"]
        if chance(10) { choices = ["gcd", "lcm", "comb", "%", "^"] }
        if shape.anyFractions { choices += ["÷", "/", "idiv"] }
        if shape.inexact { choices += ["hypot", "atan2"] }
        emit(one(choices))
    }

    /// Brings the stack down by one entry.
    mutating func consume(_ scope: inout Scope) {
        if scope.depth >= 2, chance(60) { return binary(&scope) }
        if scope.depth >= 2, chance(30) {
            emit("nip")
            take(&scope, 2, 1)
        } else {
            emit("drop")
            take(&scope, 1, 0)
        }
    }

    mutating func stackWord(_ scope: inout Scope) {
        let d = scope.depth
        var choices: [(String, Int, Int)] = [("depth", 0, 1)]
        if d >= 1 { choices += [("dup", 1, 2), ("drop", 1, 0)] }
        if d >= 2 { choices += [("swap", 2, 2), ("over", 2, 3), ("nip", 2, 1), ("tuck", 2, 3), ("dup2", 2, 4),
                                ("drop2", 2, 0)] }
        if d >= 3 { choices += [("rot", 3, 3), ("rot", 3, 3)] }
        let (word, inputs, outputs) = choices[roll(choices.count)]
        emit(word)
        take(&scope, inputs, outputs)
    }

    /// `pick`, `roll`, `rolld`, `dupn`, `dropn` after a literal count.
    mutating func counted(_ scope: inout Scope) {
        let d = scope.depth
        guard d >= 1 else { return push(&scope) }
        let n = 1 + roll(Swift.min(d, 4))
        switch roll(6) {
        case 0, 1:
            emit("\(n) pick")
            take(&scope, n, n + 1)
        case 2, 3:
            emit("\(n) roll")
            take(&scope, n, n)
        case 4:
            emit("\(n) rolld")
            take(&scope, n, n)
        default:
            if chance(50), n <= 2 {
                emit("\(n) dupn")
                take(&scope, n, 2 * n)
            } else {
                emit("\(n) dropn")
                take(&scope, n, 0)
            }
        }
    }

    mutating func store(_ scope: inout Scope) {
        let name = one(["s", "t"])
        emit("→\(name)")
        take(&scope, 1, 0)
        if !stored.contains(name) { stored.append(name) }
    }

    mutating func call(_ scope: inout Scope) {
        let callable = words.filter { $0.inputs <= scope.depth && $0.name != defining }
        guard !callable.isEmpty else { return push(&scope) }
        let word = callable[roll(callable.count)]
        emit(word.name)
        take(&scope, word.inputs, word.outputs)
    }

    // MARK: - Blocks

    /// Leaves `scope.depth` at `target`, without going below it.
    mutating func settle(_ scope: inout Scope, to target: Int) {
        while scope.depth < target { push(&scope) }
        while scope.depth > target {
            if scope.depth >= 2, chance(50) {
                binary(&scope)
            } else {
                emit("drop")
                take(&scope, 1, 0)
            }
        }
    }

    /// Pushes a flag.
    mutating func condition(_ scope: inout Scope) {
        let d = scope.depth
        let comparison = one(["<", ">", "≤", "≥", "=", "≠", "<", ">"])
        switch roll(9) {
        case 0:
            emit(one(["1", "0", "-1", "0.5"]))
            take(&scope, 0, 1)
        case 1...2 where d >= 1:
            emit("dup \(roll(8) - 2) \(comparison)")
            take(&scope, 1, 2)
            take(&scope, 1, 1)
        case 3 where d >= 1:
            emit("\(roll(6)) \(comparison)")
            take(&scope, 1, 1)
        case 4 where !scope.locals.isEmpty:
            let local = one(scope.locals)
            emit(chance(50) ? "\(local) 2 mod 0 =" : "\(local) \(roll(5)) \(comparison)")
            take(&scope, 0, 1)
        case 5 where shape.variables:
            emit(one(["M 0 <", "x 1 >", "M 2 mod 0 =", "M x ≤", "M 3 > M 5 < and"]))
            take(&scope, 0, 1)
        case 6 where d >= 2:
            emit("over over \(comparison)")
            take(&scope, 2, 4)
            take(&scope, 2, 1)
        case 7 where d >= 1:
            emit("dup 0 > over 5 < \(one(["and", "or"]))")
            take(&scope, 1, 2)
            take(&scope, 2, 3)
            take(&scope, 2, 1)
        default:
            push(&scope)
            if chance(50) {
                push(&scope)
                emit(comparison)
                take(&scope, 2, 1)
            } else {
                emit("not")
            }
        }
    }

    /// `COND if A else B then`, or `COND if A then`.
    mutating func ifBlock(_ scope: inout Scope) {
        condition(&scope)
        emit("if")
        take(&scope, 1, 0)
        let start = scope.depth
        var first = scope.inner(keepStores: false)
        code(&first, 1 + roll(3))
        if chance(65) {
            emit("else")
            var second = scope.inner(keepStores: false)
            code(&second, 1 + roll(3))
            settle(&second, to: first.depth)
            scope.low = Swift.min(scope.low, first.low, second.low)
            scope.depth = first.depth
        } else {
            settle(&first, to: start)
            scope.low = Swift.min(scope.low, first.low)
        }
        emit("then")
    }

    /// `FROM TO for NAME … next`, `FROM TO STEP for NAME … step`: a few times.
    mutating func forLoop(_ scope: inout Scope) {
        var times: Int
        var stepped = false
        var bounds = true  // the bounds are pushed here
        switch roll(10) {
        case 0, 1, 2:
            times = roll(5)
            emit("1 \(times)")
        case 3:
            times = 1 + roll(4)
            emit("\(times) 1 -1")
            stepped = true
        case 4:
            times = 5
            emit(one(["0 2 1 2 ÷", "0 1 0.25", "-1 1 0.5"]))
            stepped = true
        case 5:
            times = 3
            emit(one(["1 0 -0.5", "3 4 ÷ 2 3 4 ÷", "2 70 ^ dup 2 +"]))
            stepped = !out.last!.hasPrefix("2 70")
            if !shape.bigIntegers, !stepped { out[out.count - 1] = "5 7" }
        case 6 where shape.anyFractions:
            times = 4
            emit(one(["0 1 1 3 ÷", "1 2 1 3 ÷"]))
            stepped = true
        case 7 where shape.inexact:
            times = 11
            emit(one(["0 1 0.1", "1 π 1"]))
            stepped = true
        case 8 where scope.depth >= 1:
            // The count from the stack (at most 3 times): `dup abs 3 min floor 1 swap`.
            times = 3
            emit("dup abs 3 min floor 1 swap")
            take(&scope, 1, 3)
            bounds = false
        default:
            times = 1 + roll(3)
            emit("\(roll(3)) \(times)")
            times = Swift.max(times, 3)
        }
        if bounds { take(&scope, 0, stepped ? 3 : 2) }
        take(&scope, stepped ? 3 : 2, 0)
        let names = ["i", "j", "k"]
        let name = chance(8) && !scope.locals.isEmpty ? scope.locals.last! : names[scope.nesting % 3]
        emit("for \(name)")
        let start = scope.depth
        var body = scope.inner(runs: Swift.max(times, 1), keepStores: true)
        body.locals.removeAll { $0 == name }
        body.locals.append(name)
        code(&body, 1 + roll(3))
        settle(&body, to: start)
        scope.low = Swift.min(scope.low, body.low)
        emit(stepped ? "step" : "next")
    }

    /// `N begin … 1 - dup 0 ≤ until drop`: a counter below nothing else of the body's.
    mutating func beginLoop(_ scope: inout Scope) {
        let times = 1 + roll(4)
        emit("\(times) begin")
        take(&scope, 0, 1)
        let below = scope.depth >= 2 && chance(60)
        if below {
            // The body works on the entry under the counter, and only on it.
            emit("swap")
            take(&scope, 2, 2)
        }
        var body = scope.inner(runs: times, keepStores: true)
        body.depth = below ? 1 : 0
        body.low = body.depth
        code(&body, 1 + roll(3))
        settle(&body, to: below ? 1 : 0)
        if below { emit("swap") }
        emit(chance(70) ? "1 - dup 0 ≤ until drop" : "1 - dup 1 < until drop")
        take(&scope, 1, 0)
    }

    // MARK: - Definitions

    mutating func definition() {
        // Sometimes a word again (a warning; later uses call the new one).
        let again = !words.isEmpty && chance(6)
        let index = again ? roll(words.count) : words.count
        let kind = roll(10)
        let prefix = ["f", "f", "f", "g", "g", "h", "h", "r", "r", "fib"][kind]
        let name = again ? words[index].name : "\(prefix)\(index)"
        var word: Word
        defining = name
        defer { defining = nil }
        switch kind {
        case 0, 1, 2: word = namedParameters(name)
        case 3, 4: word = declaredStack(name)
        case 5, 6: word = undeclared(name)
        case 7, 8: word = halving(name)
        default: word = fibLike(name)
        }
        word.name = name
        if again { words[index] = word } else { words.append(word) }
    }

    /// A scope for a word's body.
    func body(depth: Int, locals: [String]) -> Scope {
        var scope = Scope(depth: depth)
        scope.locals = locals
        scope.inWord = true
        return scope
    }

    /// `: f ( a b -- r ) … ;` whose body names its parameters (they are popped into locals).
    mutating func namedParameters(_ name: String) -> Word {
        let inputs = 1 + roll(3)
        let outputs = roll(10) < 7 ? 1 : roll(10) < 5 ? 2 : 0
        let parameters = Array(["a", "b", "c"].prefix(inputs))
        let results = Array(["r", "q"].prefix(outputs))
        emit(": \(name) ( \(parameters.joined(separator: " ")) -- \(results.joined(separator: " ")) )")
        var scope = body(depth: 0, locals: parameters)
        // A parameter first, so that the body surely names one.
        emit(one(parameters))
        take(&scope, 0, 1)
        code(&scope, 1 + roll(5))
        settle(&scope, to: outputs)
        emit(";")
        return Word(name: name, inputs: inputs, outputs: outputs)
    }

    /// `: g ( u v -- w ) … ;` whose body works on the stack (it names no parameter).
    mutating func declaredStack(_ name: String) -> Word {
        let inputs = roll(3)
        let outputs = roll(10) < 7 ? 1 : roll(3)
        emit(": \(name) ( \(Array(["u", "v"].prefix(inputs)).joined(separator: " ")) -- \(Array(["w", "z"].prefix(outputs)).joined(separator: " ")) )")
        var scope = body(depth: inputs, locals: [])
        code(&scope, 1 + roll(5))
        // The body must take all its declared inputs.
        while scope.low > 0 { consume(&scope) }
        settle(&scope, to: outputs)
        emit(";")
        return Word(name: name, inputs: inputs, outputs: outputs)
    }

    /// `: h … ;`: the effect is inferred.
    mutating func undeclared(_ name: String) -> Word {
        let available = roll(3)
        emit(": \(name)")
        var scope = body(depth: available, locals: [])
        code(&scope, 1 + roll(4))
        if scope.depth - scope.low > 3 { settle(&scope, to: scope.low + 1 + roll(2)) }
        emit(";")
        return Word(name: name, inputs: available - scope.low, outputs: scope.depth - scope.low)
    }

    /// `: r ( n -- r ) n 1 < if BASE else n 2 ÷ floor r COMBINE then ;`: as deep as n has bits.
    mutating func halving(_ name: String) -> Word {
        emit(": \(name) ( n -- r ) n 1 < if")
        var base = body(depth: 0, locals: ["n"])
        base.nesting = 1
        code(&base, roll(3))
        settle(&base, to: 1)
        emit(chance(50) ? "else n 2 ÷ floor \(name)" : "else n 1 - 2 idiv \(name)")
        var combine = body(depth: 1, locals: ["n"])
        combine.nesting = 1
        code(&combine, 1 + roll(3))
        settle(&combine, to: 1)
        emit("then ;")
        return Word(name: name, inputs: 1, outputs: 1)
    }

    /// `: fib ( n -- f ) n 2 < if BASE else n 1 - 5 min fib n 2 - 5 min fib COMBINE then ;`.
    mutating func fibLike(_ name: String) -> Word {
        emit(": \(name) ( n -- f ) n 2 < if")
        var base = body(depth: 0, locals: ["n"])
        base.nesting = 1
        code(&base, roll(2))
        settle(&base, to: 1)
        emit("else n 1 - 5 min \(name) n 2 - 5 min \(name)")
        var combine = body(depth: 2, locals: ["n"])
        combine.nesting = 1
        code(&combine, roll(3))
        settle(&combine, to: 1)
        emit("then ;")
        return Word(name: name, inputs: 1, outputs: 1)
    }

    // MARK: - Deliberate errors

    mutating func plantError() {
        var tokens = out.joined(separator: " ").split(separator: " ").map(String.init)
        let at = roll(tokens.count + 1)
        switch roll(8) {
        case 0: tokens.insert(one(["foo$", "3x", "@", "→", "0x", "1e", "sqr"]), at: at)
        case 1 where !tokens.isEmpty: tokens.remove(at: Swift.min(at, tokens.count - 1))
        case 2: tokens.insert(one(["then", ";", "else", "next", "until", "step", ":", "if", "for", "begin"]), at: at)
        case 3: tokens.insert(one(["1 0 ÷", "-1 √", "0 ln", "0 inv", "2 0.5 idiv", "1.5 !", "0 0 mod"]), at: at)
        case 4: tokens.insert(one(["+", "drop drop drop", "swap", "7 roll", "3 pick"]), at: 0)
        case 5:
            if let effect = tokens.firstIndex(of: "--") {
                tokens.insert(one(["extra", "-- y"]), at: effect + (chance(50) ? 1 : 0))
            } else {
                tokens.insert(": bad ( a -- b c ) a ; 1 bad", at: at)
            }
        // `unset` always with a name after it: a pending `unset` that reaches another compiled
        // program crashes today's engine (`EngineRegressionTests.pendingUnsetCrossesPrograms`).
        case 6: tokens.insert(one(["0 1 0 for i step", "M →M", "1 if 2 then", "begin 0 until", "unset q"]), at: at)
        default: tokens.insert(one(["lastx", "depth pick", "1 2 3 4 5 6 7 8 9 9 roll"]), at: at)
        }
        out = tokens
    }
}
