extension Builtin {
    /// The one table of built-in words, in `BuiltinID` order.
    public static let all: [Builtin] = [
        Builtin(id: .add, kind: .binaryOperator, spellings: ["+"], glyph: "+", asciiGlyph: "+",
                arity: 2, stackEffect: "( a b -- a+b )", summary: "Adds the top two values."),
        Builtin(id: .subtract, kind: .binaryOperator, spellings: ["-", "−"], glyph: "−", asciiGlyph: "-",
                arity: 2, stackEffect: "( a b -- a−b )", summary: "Subtracts the top value from the one below it."),
        Builtin(id: .multiply, kind: .binaryOperator, spellings: ["*", "×"], glyph: "×", asciiGlyph: "*",
                arity: 2, stackEffect: "( a b -- a×b )", summary: "Multiplies the top two values."),
        Builtin(id: .divide, kind: .binaryOperator, spellings: ["/", "÷"], glyph: "÷", asciiGlyph: "/",
                arity: 2, stackEffect: "( a b -- a÷b )", summary: "Divides the value below the top by the top value."),
        Builtin(id: .power, kind: .binaryOperator, spellings: ["^", "pow"], glyph: "^", asciiGlyph: "^",
                arity: 2, stackEffect: "( a b -- a^b )", summary: "Raises a to the power b (right-associative)."),
        Builtin(id: .sqrt, kind: .function, spellings: ["√", "sqrt"], glyph: "√", asciiGlyph: "sqrt",
                arity: 1, stackEffect: "( a -- √a )", summary: "Square root."),
        Builtin(id: .sin, kind: .function, spellings: ["sin"], glyph: "sin", asciiGlyph: "sin",
                arity: 1, stackEffect: "( a -- sin(a) )", summary: "Sine, in radians (in degrees after deg)."),
        Builtin(id: .cos, kind: .function, spellings: ["cos"], glyph: "cos", asciiGlyph: "cos",
                arity: 1, stackEffect: "( a -- cos(a) )", summary: "Cosine, in radians (in degrees after deg)."),
        Builtin(id: .tan, kind: .function, spellings: ["tan"], glyph: "tan", asciiGlyph: "tan",
                arity: 1, stackEffect: "( a -- tan(a) )", summary: "Tangent, in radians (in degrees after deg)."),
        Builtin(id: .asin, kind: .function, spellings: ["asin"], glyph: "asin", asciiGlyph: "asin",
                arity: 1, stackEffect: "( a -- asin(a) )", summary: "Arc sine, defined on [-1, 1]."),
        Builtin(id: .acos, kind: .function, spellings: ["acos"], glyph: "acos", asciiGlyph: "acos",
                arity: 1, stackEffect: "( a -- acos(a) )", summary: "Arc cosine, defined on [-1, 1]."),
        Builtin(id: .atan, kind: .function, spellings: ["atan"], glyph: "atan", asciiGlyph: "atan",
                arity: 1, stackEffect: "( a -- atan(a) )", summary: "Arc tangent."),
        Builtin(id: .ln, kind: .function, spellings: ["ln"], glyph: "ln", asciiGlyph: "ln",
                arity: 1, stackEffect: "( a -- ln(a) )", summary: "Natural logarithm, defined for a > 0."),
        Builtin(id: .log, kind: .function, spellings: ["log"], glyph: "log", asciiGlyph: "log",
                arity: 1, stackEffect: "( a -- log(a) )", summary: "Base-10 logarithm, defined for a > 0."),
        Builtin(id: .exp, kind: .function, spellings: ["exp"], glyph: "exp", asciiGlyph: "exp",
                arity: 1, stackEffect: "( a -- exp(a) )", summary: "e raised to the power a."),
        Builtin(id: .abs, kind: .function, spellings: ["abs"], glyph: "abs", asciiGlyph: "abs",
                arity: 1, stackEffect: "( a -- abs(a) )", summary: "Absolute value."),
        Builtin(id: .negate, kind: .function, spellings: ["neg", "±", "chs"], glyph: "−", asciiGlyph: "-",
                arity: 1, stackEffect: "( a -- −a )", summary: "Changes the sign."),
        Builtin(id: .pi, kind: .constant, spellings: ["π", "pi"], glyph: "π", asciiGlyph: "pi",
                arity: 0, stackEffect: "( -- π )", summary: "The constant π = 3.14159…"),
        Builtin(id: .e, kind: .constant, spellings: ["e"], glyph: "e", asciiGlyph: "e",
                arity: 0, stackEffect: "( -- e )", summary: "Euler's number e = 2.71828…"),
        Builtin(id: .dup, kind: .stackWord, spellings: ["dup"], glyph: "dup", asciiGlyph: "dup",
                arity: 1, stackEffect: "( a -- a a )", summary: "Duplicates the top entry."),
        Builtin(id: .drop, kind: .stackWord, spellings: ["drop"], glyph: "drop", asciiGlyph: "drop",
                arity: 1, stackEffect: "( a -- )", summary: "Removes the top entry."),
        Builtin(id: .swap, kind: .stackWord, spellings: ["swap"], glyph: "swap", asciiGlyph: "swap",
                arity: 2, stackEffect: "( a b -- b a )", summary: "Exchanges the top two entries."),
        Builtin(id: .over, kind: .stackWord, spellings: ["over"], glyph: "over", asciiGlyph: "over",
                arity: 2, stackEffect: "( a b -- a b a )", summary: "Copies the second entry to the top."),
        Builtin(id: .rot, kind: .stackWord, spellings: ["rot"], glyph: "rot", asciiGlyph: "rot",
                arity: 3, stackEffect: "( a b c -- b c a )", summary: "Rotates the third entry to the top."),
        Builtin(id: .clear, kind: .stackWord, spellings: ["clear"], glyph: "clear", asciiGlyph: "clear",
                arity: 0, stackEffect: "( ... -- )", summary: "Empties the stack."),
        Builtin(id: .deg, kind: .directive, spellings: ["deg"], glyph: "deg", asciiGlyph: "deg",
                arity: 0, stackEffect: "( -- )",
                summary: "The trigonometry that follows works in degrees (what the shell's :deg writes)."),
        Builtin(id: .rad, kind: .directive, spellings: ["rad"], glyph: "rad", asciiGlyph: "rad",
                arity: 0, stackEffect: "( -- )",
                summary: "The trigonometry that follows works in radians, the default."),
        Builtin(id: .unset, kind: .directive, spellings: ["unset"], glyph: "unset", asciiGlyph: "unset",
                arity: 0, stackEffect: "( -- )",
                summary: "unset NAME: NAME has no value from here on (what the shell's :unset writes)."),
    ]

    public static subscript(id: BuiltinID) -> Builtin { all[Int(id.rawValue)] }

    /// Letter spellings (lowercase) to words; glyphs are recognised by the lexer directly.
    static let byName: [String: BuiltinID] = {
        var table: [String: BuiltinID] = [:]
        for builtin in all {
            for spelling in builtin.spellings where spelling.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
                table[spelling] = builtin.id
            }
        }
        return table
    }()

    /// The word spelled `name`, if any: words in any ASCII case (`SIN`, `Dup`), constants only
    /// as written (`pi`, `e`; `PI` and `E` are variables).
    public static func named(_ name: some StringProtocol) -> Builtin? {
        var lowered = ""
        for scalar in name.unicodeScalars {
            guard scalar.isASCII else { return nil }
            lowered.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first!)
        }
        guard let id = byName[lowered], ignoresCase(id) || lowered.elementsEqual(name) else { return nil }
        return self[id]
    }

    /// Whether a word's letter spellings match in any ASCII case. Constants' do not: `E` is a
    /// physicist's energy and `PI` a variable like any other, not e and π in disguise.
    @inline(__always)
    static func ignoresCase(_ id: BuiltinID) -> Bool { self[id].kind != .constant }

    /// Whether a letter spelling of this word completes what is typed: in any ASCII case,
    /// except constants, which only as written (the same rule as `named`), so completion in
    /// the shell and in editors offers `e` for `e` but not for `E`.
    public func spelling(_ spelling: String, completes typed: some StringProtocol) -> Bool {
        Self.ignoresCase(id) ? spelling.lowercased().hasPrefix(typed.lowercased()) : spelling.hasPrefix(typed)
    }

    /// Every letter spelling, sorted, for completion and did-you-mean.
    public static let wordNames: [String] = byName.keys.sorted()
}
