extension Builtin {
    /// The one table of built-in words, in `BuiltinID` order.
    public static let all: [Builtin] = [
        Builtin(id: .add, kind: .binaryOperator, spellings: ["+"], glyph: "+", asciiGlyph: "+",
                arity: 2, stackEffect: "( a b -- a+b )", summary: "Adds the top two values.", printForm: .infix(Precedence.sum)),
        Builtin(id: .subtract, kind: .binaryOperator, spellings: ["-", "−"], glyph: "−", asciiGlyph: "-",
                arity: 2, stackEffect: "( a b -- a−b )", summary: "Subtracts the top value from the one below it.", printForm: .infix(Precedence.sum)),
        Builtin(id: .multiply, kind: .binaryOperator, spellings: ["*", "×"], glyph: "×", asciiGlyph: "*",
                arity: 2, stackEffect: "( a b -- a×b )", summary: "Multiplies the top two values.", printForm: .infix(Precedence.product)),
        Builtin(id: .divide, kind: .binaryOperator, spellings: ["/", "÷"], glyph: "÷", asciiGlyph: "/",
                arity: 2, stackEffect: "( a b -- a÷b )", summary: "Divides the value below the top by the top value.", printForm: .infix(Precedence.product)),
        Builtin(id: .power, kind: .binaryOperator, spellings: ["^", "pow"], glyph: "^", asciiGlyph: "^",
                arity: 2, stackEffect: "( a b -- a^b )", summary: "Raises a to the power b (right-associative).", printForm: .infix(Precedence.power)),
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
                arity: 1, stackEffect: "( a -- −a )", summary: "Changes the sign.", printForm: .prefix),
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
        Builtin(id: .mod, kind: .binaryOperator, spellings: ["mod"], glyph: "mod", asciiGlyph: "mod",
                arity: 2, stackEffect: "( a b -- a mod b )",
                summary: "Remainder of a÷b, floored: it has the sign of b, as HP MOD (a−b×floor(a÷b)).", printForm: .infix(Precedence.product)),
        Builtin(id: .rem, kind: .binaryOperator, spellings: ["rem"], glyph: "rem", asciiGlyph: "rem",
                arity: 2, stackEffect: "( a b -- a rem b )",
                summary: "Remainder of a÷b, truncated: it has the sign of a (a−b×trunc(a÷b)).", printForm: .infix(Precedence.product)),
        Builtin(id: .idiv, kind: .function, spellings: ["idiv"], glyph: "idiv", asciiGlyph: "idiv",
                arity: 2, stackEffect: "( a b -- idiv(a,b) )",
                summary: "Quotient of a÷b rounded down (floor), the partner of mod."),
        Builtin(id: .gcd, kind: .function, spellings: ["gcd"], glyph: "gcd", asciiGlyph: "gcd",
                arity: 2, stackEffect: "( a b -- gcd(a,b) )",
                summary: "Greatest common divisor of two integers (never negative)."),
        Builtin(id: .lcm, kind: .function, spellings: ["lcm"], glyph: "lcm", asciiGlyph: "lcm",
                arity: 2, stackEffect: "( a b -- lcm(a,b) )",
                summary: "Least common multiple of two integers (never negative)."),
        Builtin(id: .comb, kind: .function, spellings: ["comb"], glyph: "comb", asciiGlyph: "comb",
                arity: 2, stackEffect: "( n k -- comb(n,k) )",
                summary: "Combinations: n choose k, n!÷(k!×(n−k)!); 0 when k > n."),
        Builtin(id: .perm, kind: .function, spellings: ["perm"], glyph: "perm", asciiGlyph: "perm",
                arity: 2, stackEffect: "( n k -- perm(n,k) )",
                summary: "Permutations (arrangements): n!÷(n−k)!; 0 when k > n."),
        Builtin(id: .root, kind: .function, spellings: ["root"], glyph: "root", asciiGlyph: "root",
                arity: 2, stackEffect: "( y n -- root(y,n) )",
                summary: "The n-th root of y, y^(1÷n); real for odd n and negative y."),
        Builtin(id: .hypot, kind: .function, spellings: ["hypot"], glyph: "hypot", asciiGlyph: "hypot",
                arity: 2, stackEffect: "( a b -- hypot(a,b) )",
                summary: "√(a²+b²), without overflow in between."),
        Builtin(id: .atan2, kind: .function, spellings: ["atan2"], glyph: "atan2", asciiGlyph: "atan2",
                arity: 2, stackEffect: "( y x -- atan2(y,x) )",
                summary: "The angle of the point (x, y) from the x axis, in (−π, π] (degrees after deg)."),
        Builtin(id: .min, kind: .function, spellings: ["min"], glyph: "min", asciiGlyph: "min",
                arity: 2, stackEffect: "( a b -- min(a,b) )",
                summary: "The smaller of two values."),
        Builtin(id: .max, kind: .function, spellings: ["max"], glyph: "max", asciiGlyph: "max",
                arity: 2, stackEffect: "( a b -- max(a,b) )",
                summary: "The larger of two values."),
        Builtin(id: .percent, kind: .binaryOperator, spellings: ["%"], glyph: "%", asciiGlyph: "%",
                arity: 2, stackEffect: "( y x -- y×x% )",
                summary: "x percent of y: y×x÷100 (HP %); y stays readable for the next step in a description.", printForm: .percent),
        Builtin(id: .percentChange, kind: .function, spellings: ["%ch"], glyph: "%ch", asciiGlyph: "%ch",
                arity: 2, stackEffect: "( y x -- %ch(y,x) )",
                summary: "Percent change from y to x: (x−y)÷y×100."),
        Builtin(id: .bitAnd, kind: .binaryOperator, spellings: ["&"], glyph: "&", asciiGlyph: "&",
                arity: 2, stackEffect: "( a b -- a&b )",
                summary: "Bitwise and of two integers (two's complement: negative integers have infinitely many leading ones).", printForm: .infix(Precedence.bitAnd)),
        Builtin(id: .bitOr, kind: .binaryOperator, spellings: ["|"], glyph: "|", asciiGlyph: "|",
                arity: 2, stackEffect: "( a b -- a|b )",
                summary: "Bitwise or of two integers (two's complement).", printForm: .infix(Precedence.bitOr)),
        Builtin(id: .bitXor, kind: .binaryOperator, spellings: ["xor"], glyph: "xor", asciiGlyph: "xor",
                arity: 2, stackEffect: "( a b -- a xor b )",
                summary: "Bitwise exclusive or of two integers (two's complement).", printForm: .infix(Precedence.bitXor)),
        Builtin(id: .shiftLeft, kind: .binaryOperator, spellings: ["<<"], glyph: "<<", asciiGlyph: "<<",
                arity: 2, stackEffect: "( a n -- a<<n )",
                summary: "a×2^n for integers a and n (a negative n shifts right).", printForm: .infix(Precedence.shift)),
        Builtin(id: .shiftRight, kind: .binaryOperator, spellings: [">>"], glyph: ">>", asciiGlyph: ">>",
                arity: 2, stackEffect: "( a n -- a>>n )",
                summary: "a÷2^n rounded down for integers a and n: an arithmetic shift (a negative n shifts left).", printForm: .infix(Precedence.shift)),
        Builtin(id: .factorial, kind: .function, spellings: ["!", "fact"], glyph: "!", asciiGlyph: "!",
                arity: 1, stackEffect: "( n -- n! )",
                summary: "Factorial: 1×2×…×n for integers n ≥ 0; Γ(n+1) for other reals (HP !).", printForm: .postfix),
        Builtin(id: .floor, kind: .function, spellings: ["floor"], glyph: "floor", asciiGlyph: "floor",
                arity: 1, stackEffect: "( a -- floor(a) )",
                summary: "The largest integer ≤ a."),
        Builtin(id: .ceil, kind: .function, spellings: ["ceil"], glyph: "ceil", asciiGlyph: "ceil",
                arity: 1, stackEffect: "( a -- ceil(a) )",
                summary: "The smallest integer ≥ a."),
        Builtin(id: .round, kind: .function, spellings: ["round"], glyph: "round", asciiGlyph: "round",
                arity: 1, stackEffect: "( a -- round(a) )",
                summary: "The nearest integer, halves away from zero (2.5 is 3, −2.5 is −3)."),
        Builtin(id: .trunc, kind: .function, spellings: ["trunc", "ip"], glyph: "trunc", asciiGlyph: "trunc",
                arity: 1, stackEffect: "( a -- trunc(a) )",
                summary: "The integer part: a rounded toward zero."),
        Builtin(id: .fp, kind: .function, spellings: ["fp"], glyph: "fp", asciiGlyph: "fp",
                arity: 1, stackEffect: "( a -- fp(a) )",
                summary: "The fractional part: a−trunc(a), with the sign of a."),
        Builtin(id: .sign, kind: .function, spellings: ["sign"], glyph: "sign", asciiGlyph: "sign",
                arity: 1, stackEffect: "( a -- sign(a) )",
                summary: "−1, 0 or 1 as a is negative, zero or positive."),
        Builtin(id: .inv, kind: .function, spellings: ["inv"], glyph: "inv", asciiGlyph: "inv",
                arity: 1, stackEffect: "( a -- inv(a) )",
                summary: "The reciprocal 1÷a."),
        Builtin(id: .sq, kind: .function, spellings: ["sq"], glyph: "sq", asciiGlyph: "sq",
                arity: 1, stackEffect: "( a -- sq(a) )",
                summary: "The square a×a."),
        Builtin(id: .cbrt, kind: .function, spellings: ["cbrt"], glyph: "cbrt", asciiGlyph: "cbrt",
                arity: 1, stackEffect: "( a -- cbrt(a) )",
                summary: "The real cube root (negative for negative a)."),
        Builtin(id: .exp10, kind: .function, spellings: ["exp10"], glyph: "exp10", asciiGlyph: "exp10",
                arity: 1, stackEffect: "( a -- exp10(a) )",
                summary: "10 raised to the power a."),
        Builtin(id: .log2, kind: .function, spellings: ["log2"], glyph: "log2", asciiGlyph: "log2",
                arity: 1, stackEffect: "( a -- log2(a) )",
                summary: "Base-2 logarithm, defined for a > 0."),
        Builtin(id: .sinh, kind: .function, spellings: ["sinh"], glyph: "sinh", asciiGlyph: "sinh",
                arity: 1, stackEffect: "( a -- sinh(a) )",
                summary: "Hyperbolic sine."),
        Builtin(id: .cosh, kind: .function, spellings: ["cosh"], glyph: "cosh", asciiGlyph: "cosh",
                arity: 1, stackEffect: "( a -- cosh(a) )",
                summary: "Hyperbolic cosine."),
        Builtin(id: .tanh, kind: .function, spellings: ["tanh"], glyph: "tanh", asciiGlyph: "tanh",
                arity: 1, stackEffect: "( a -- tanh(a) )",
                summary: "Hyperbolic tangent."),
        Builtin(id: .asinh, kind: .function, spellings: ["asinh"], glyph: "asinh", asciiGlyph: "asinh",
                arity: 1, stackEffect: "( a -- asinh(a) )",
                summary: "Inverse hyperbolic sine."),
        Builtin(id: .acosh, kind: .function, spellings: ["acosh"], glyph: "acosh", asciiGlyph: "acosh",
                arity: 1, stackEffect: "( a -- acosh(a) )",
                summary: "Inverse hyperbolic cosine, defined for a ≥ 1."),
        Builtin(id: .atanh, kind: .function, spellings: ["atanh"], glyph: "atanh", asciiGlyph: "atanh",
                arity: 1, stackEffect: "( a -- atanh(a) )",
                summary: "Inverse hyperbolic tangent, defined on (−1, 1)."),
        Builtin(id: .bitNot, kind: .function, spellings: ["~"], glyph: "~", asciiGlyph: "~",
                arity: 1, stackEffect: "( a -- ~a )",
                summary: "Bitwise not of an integer: −a−1 (two's complement of any width).", printForm: .prefix),
        Builtin(id: .depth, kind: .stackWord, spellings: ["depth"], glyph: "depth", asciiGlyph: "depth",
                arity: 0, stackEffect: "( -- n )",
                summary: "Pushes the number of entries on the stack."),
        Builtin(id: .pick, kind: .stackWord, spellings: ["pick"], glyph: "pick", asciiGlyph: "pick",
                arity: 1, stackEffect: "( … n -- … x )",
                summary: "Copies level n to the top, counting levels from 1 below the count (1 pick is dup, 2 pick is over)."),
        Builtin(id: .roll, kind: .stackWord, spellings: ["roll"], glyph: "roll", asciiGlyph: "roll",
                arity: 1, stackEffect: "( … n -- … )",
                summary: "Moves level n to level 1, counted below the count (2 roll is swap, 3 roll is rot)."),
        Builtin(id: .rolld, kind: .stackWord, spellings: ["rolld"], glyph: "rolld", asciiGlyph: "rolld",
                arity: 1, stackEffect: "( … n -- … )",
                summary: "Moves level 1 to level n, counted below the count (2 rolld is swap); undoes n roll."),
        Builtin(id: .nip, kind: .stackWord, spellings: ["nip"], glyph: "nip", asciiGlyph: "nip",
                arity: 2, stackEffect: "( a b -- b )",
                summary: "Removes the second entry."),
        Builtin(id: .tuck, kind: .stackWord, spellings: ["tuck"], glyph: "tuck", asciiGlyph: "tuck",
                arity: 2, stackEffect: "( a b -- b a b )",
                summary: "Copies the top entry below the second."),
        Builtin(id: .dup2, kind: .stackWord, spellings: ["dup2"], glyph: "dup2", asciiGlyph: "dup2",
                arity: 2, stackEffect: "( a b -- a b a b )",
                summary: "Duplicates the top two entries."),
        Builtin(id: .drop2, kind: .stackWord, spellings: ["drop2"], glyph: "drop2", asciiGlyph: "drop2",
                arity: 2, stackEffect: "( a b -- )",
                summary: "Removes the top two entries."),
        Builtin(id: .dupn, kind: .stackWord, spellings: ["dupn"], glyph: "dupn", asciiGlyph: "dupn",
                arity: 1, stackEffect: "( … n -- … … )",
                summary: "Duplicates the top n entries below the count (2 dupn is dup2)."),
        Builtin(id: .dropn, kind: .stackWord, spellings: ["dropn"], glyph: "dropn", asciiGlyph: "dropn",
                arity: 1, stackEffect: "( … n -- )",
                summary: "Removes the top n entries below the count."),
        Builtin(id: .lastx, kind: .stackWord, spellings: ["last", "lastx"], glyph: "last", asciiGlyph: "last",
                arity: 0, stackEffect: "( -- x )",
                summary: "Pushes the x operand (level 1) of the most recent operator or function (HP LASTX)."),
        Builtin(id: .float, kind: .directive, spellings: ["float"], glyph: "float", asciiGlyph: "float",
                arity: 0, stackEffect: "( -- )",
                summary: "What follows computes in IEEE doubles, as --float does, and ends digits N (what the shell's :float writes)."),
        Builtin(id: .exact, kind: .directive, spellings: ["exact"], glyph: "exact", asciiGlyph: "exact",
                arity: 0, stackEffect: "( -- )",
                summary: "What follows computes exactly (integers and fractions), inexact values in IEEE doubles: the default, and the way back from digits N (the shell's :exact)."),
        Builtin(id: .digits, kind: .directive, spellings: ["digits"], glyph: "digits", asciiGlyph: "digits",
                arity: 0, stackEffect: "( -- )",
                summary: "digits N: what follows computes exactly, inexact values (√, ln, sin, π…) with N significant digits, N from 1 to 1000000, as --digits N does; exact goes back to doubles (the shell's :digits N)."),
        Builtin(id: .less, kind: .binaryOperator, spellings: ["<"], glyph: "<", asciiGlyph: "<",
                arity: 2, stackEffect: "( a b -- a<b )",
                summary: "1 if a is less than b, else 0 (exactly, when both are exact).", printForm: .infix(Precedence.relational)),
        Builtin(id: .greater, kind: .binaryOperator, spellings: [">"], glyph: ">", asciiGlyph: ">",
                arity: 2, stackEffect: "( a b -- a>b )",
                summary: "1 if a is greater than b, else 0.", printForm: .infix(Precedence.relational)),
        Builtin(id: .lessEqual, kind: .binaryOperator, spellings: ["<=", "≤"], glyph: "≤", asciiGlyph: "<=",
                arity: 2, stackEffect: "( a b -- a≤b )",
                summary: "1 if a is less than or equal to b, else 0.", printForm: .infix(Precedence.relational)),
        Builtin(id: .greaterEqual, kind: .binaryOperator, spellings: [">=", "≥"], glyph: "≥", asciiGlyph: ">=",
                arity: 2, stackEffect: "( a b -- a≥b )",
                summary: "1 if a is greater than or equal to b, else 0.", printForm: .infix(Precedence.relational)),
        Builtin(id: .equal, kind: .binaryOperator, spellings: ["=", "=="], glyph: "=", asciiGlyph: "=",
                arity: 2, stackEffect: "( a b -- a=b )",
                summary: "1 if a equals b, else 0: exact values compare exactly (0.1 0.2 + 0.3 = is 1), doubles as IEEE says.",
                printForm: .infix(Precedence.equality)),
        Builtin(id: .notEqual, kind: .binaryOperator, spellings: ["!=", "≠"], glyph: "≠", asciiGlyph: "!=",
                arity: 2, stackEffect: "( a b -- a≠b )",
                summary: "1 if a differs from b, else 0.", printForm: .infix(Precedence.equality)),
        Builtin(id: .logicalAnd, kind: .binaryOperator, spellings: ["and"], glyph: "and", asciiGlyph: "and",
                arity: 2, stackEffect: "( a b -- a and b )",
                summary: "1 if both a and b are non-zero, else 0.", printForm: .infix(Precedence.logicalAnd)),
        Builtin(id: .logicalOr, kind: .binaryOperator, spellings: ["or"], glyph: "or", asciiGlyph: "or",
                arity: 2, stackEffect: "( a b -- a or b )",
                summary: "1 if a or b (or both) is non-zero, else 0.", printForm: .infix(Precedence.logicalOr)),
        Builtin(id: .logicalNot, kind: .function, spellings: ["not"], glyph: "not", asciiGlyph: "not",
                arity: 1, stackEffect: "( a -- not(a) )",
                summary: "1 if a is 0, else 0."),
        Builtin(id: .define, kind: .keyword, spellings: [":"], glyph: ":", asciiGlyph: ":",
                arity: 0, stackEffect: ": NAME ( a b -- c ) … ;",
                summary: "Starts a definition: `: square dup × ;` makes square a word of its own (a built-in name such as sq cannot be redefined). Top level only."),
        Builtin(id: .endDefinition, kind: .keyword, spellings: [";"], glyph: ";", asciiGlyph: ";",
                arity: 0, stackEffect: ": NAME … ;", summary: "Ends a definition."),
        Builtin(id: .if, kind: .keyword, spellings: ["if"], glyph: "if", asciiGlyph: "if",
                arity: 1, stackEffect: "( flag -- )",
                summary: "Runs what follows up to else (or then) when the flag is non-zero, else the part after else."),
        Builtin(id: .else, kind: .keyword, spellings: ["else"], glyph: "else", asciiGlyph: "else",
                arity: 0, stackEffect: "if … else … then", summary: "Starts the part of an if that runs when its flag is 0."),
        Builtin(id: .then, kind: .keyword, spellings: ["then"], glyph: "then", asciiGlyph: "then",
                arity: 0, stackEffect: "if … then", summary: "Ends an if (Forth's word order)."),
        Builtin(id: .for, kind: .keyword, spellings: ["for"], glyph: "for", asciiGlyph: "for",
                arity: 2, stackEffect: "( from to -- ) for NAME … next",
                summary: "Repeats up to next with NAME from `from` to `to` inclusive, by 1 (by a step with `from to step for NAME … step`)."),
        Builtin(id: .next, kind: .keyword, spellings: ["next"], glyph: "next", asciiGlyph: "next",
                arity: 0, stackEffect: "for NAME … next", summary: "Ends a for loop that counts by 1."),
        Builtin(id: .step, kind: .keyword, spellings: ["step"], glyph: "step", asciiGlyph: "step",
                arity: 0, stackEffect: "( from to step -- ) for NAME … step",
                summary: "Ends a for loop that counts by the step given before for."),
        Builtin(id: .begin, kind: .keyword, spellings: ["begin"], glyph: "begin", asciiGlyph: "begin",
                arity: 0, stackEffect: "begin … flag until", summary: "Starts a loop that repeats until its flag is non-zero."),
        Builtin(id: .until, kind: .keyword, spellings: ["until"], glyph: "until", asciiGlyph: "until",
                arity: 1, stackEffect: "( flag -- )", summary: "Ends a begin loop: repeats from begin while the flag is 0."),
        Builtin(id: .include, kind: .keyword, spellings: ["include"], glyph: "include", asciiGlyph: "include",
                arity: 0, stackEffect: "include \"FILE\"",
                summary: "Runs the file's text here, as if it were written in its place: its definitions and stores join the program. "
                    + "The name is relative to the including file (to the working directory in -e, standard input and the shell); "
                    + "a file included twice, directly or through another, runs once. Top level only."),
        Builtin(id: .powmod, kind: .function, spellings: ["powmod"], glyph: "powmod", asciiGlyph: "powmod",
                arity: 3, stackEffect: "( b e m -- powmod(b,e,m) )",
                summary: "b^e mod m, exactly, for integers of any size, with the sign of m as mod has it. "
                    + "A negative e raises the inverse of b modulo m (an error where gcd(b, m) ≠ 1); m = 0 is a division by zero."),
        Builtin(id: .isprime, kind: .function, spellings: ["isprime"], glyph: "isprime", asciiGlyph: "isprime",
                arity: 1, stackEffect: "( n -- isprime(n) )",
                summary: "1 if the integer n is prime, else 0: proven below 2^64 (Miller–Rabin, 12 bases), "
                    + "past it by the Baillie–PSW test (no counterexample known). Up to 10000 digits."),
        Builtin(id: .nextprime, kind: .function, spellings: ["nextprime"], glyph: "nextprime", asciiGlyph: "nextprime",
                arity: 1, stackEffect: "( n -- nextprime(n) )",
                summary: "The least prime greater than the integer n (isprime's test). Up to 1000 digits."),
        Builtin(id: .prevprime, kind: .function, spellings: ["prevprime"], glyph: "prevprime", asciiGlyph: "prevprime",
                arity: 1, stackEffect: "( n -- prevprime(n) )",
                summary: "The greatest prime less than the integer n; an error for n ≤ 2. Up to 1000 digits."),
        Builtin(id: .rat, kind: .function, spellings: ["rat"], glyph: "rat", asciiGlyph: "rat",
                arity: 1, stackEffect: "( x -- rat(x) )",
                summary: "The simplest fraction that rounds to the double x, as HP's →Q (0.1 is 1/10, π is 245850922/78256779); "
                    + "an exact value stays itself."),
        Builtin(id: .torad, kind: .function, spellings: ["torad"], glyph: "torad", asciiGlyph: "torad",
                arity: 1, stackEffect: "( deg -- torad(deg) )",
                summary: "Degrees to radians, deg×π÷180, correctly rounded (0 stays exact 0), whatever deg or rad says."),
        Builtin(id: .todeg, kind: .function, spellings: ["todeg"], glyph: "todeg", asciiGlyph: "todeg",
                arity: 1, stackEffect: "( rad -- todeg(rad) )",
                summary: "Radians to degrees, rad×180÷π, correctly rounded (0 stays exact 0; π todeg is 180)."),
        Builtin(id: .re, kind: .function, spellings: ["re"], glyph: "re", asciiGlyph: "re",
                arity: 1, stackEffect: "( z -- re(z) )", summary: "The real part of z (a real is its own real part)."),
        Builtin(id: .im, kind: .function, spellings: ["im"], glyph: "im", asciiGlyph: "im",
                arity: 1, stackEffect: "( z -- im(z) )", summary: "The imaginary part of z (0 for a real): 3 4i + im is 4."),
        Builtin(id: .conj, kind: .function, spellings: ["conj"], glyph: "conj", asciiGlyph: "conj",
                arity: 1, stackEffect: "( z -- conj(z) )", summary: "The complex conjugate: 3 4i + conj is 3-4i."),
        Builtin(id: .arg, kind: .function, spellings: ["arg"], glyph: "arg", asciiGlyph: "arg",
                arity: 1, stackEffect: "( z -- arg(z) )",
                summary: "The argument of z, atan2(im, re) in (-π, π], in degrees after deg; exactly 0 for a positive real."),
        Builtin(id: .cplx, kind: .function, spellings: ["cplx"], glyph: "cplx", asciiGlyph: "cplx",
                arity: 2, stackEffect: "( re im -- z )", summary: "The complex value re + im·i of two reals: 3 4 cplx is 3+4i."),
        Builtin(id: .reim, kind: .function, spellings: ["reim"], glyph: "reim", asciiGlyph: "reim",
                arity: 1, stackEffect: "( z -- re im )", summary: "Takes z apart: its real part, then its imaginary part on top."),
        Builtin(id: .complex, kind: .directive, spellings: ["complex"], glyph: "complex", asciiGlyph: "complex",
                arity: 0, stackEffect: "( -- )",
                summary: "What follows gives complex answers where a real has none: -1 √ is 1i, -8 1 3 ÷ ^ the principal root "
                    + "1+1.7320508075688772i (as --complex; the shell's :complex)."),
        Builtin(id: .real, kind: .directive, spellings: ["real"], glyph: "real", asciiGlyph: "real",
                arity: 0, stackEffect: "( -- )",
                summary: "What follows answers only in reals again: -1 √ is an error (the default; the shell's :real)."),
        // Issue 19: analysis over a free variable
        Builtin(id: .solve, kind: .function, spellings: ["solve"], glyph: "solve", asciiGlyph: "solve",
                arity: 4, stackEffect: "( f x lo hi -- r )",
                summary: "A root of the expression f in the variable x between lo and hi, where f changes sign: "
                    + "x 2 ^ 2 - x 0 3 solve is 1.4142135623730951. Exact when f is a polynomial with rational coefficients "
                    + "and the root is rational (x 3 × 1 - x 0 1 solve is 1/3), else bisected to the nearest double; "
                    + "no sign change between lo and hi is an error."),
        Builtin(id: .integrate, kind: .function, spellings: ["integrate", "∫"], glyph: "∫", asciiGlyph: "integrate",
                arity: 4, stackEffect: "( f x a b -- v )",
                summary: "The integral of f over x from a to b: exact for a polynomial with rational coefficients "
                    + "(x 2 ^ x 0 3 integrate is 9), else adaptive Gauss–Kronrod (7–15 points) in doubles to an "
                    + "estimated relative error of 10^-15, or an error saying it did not converge."),
        Builtin(id: .derivative, kind: .function, spellings: ["∂", "der"], glyph: "∂", asciiGlyph: "der",
                arity: 2, stackEffect: "( f x -- f' )",
                summary: "The derivative of f in the variable x, an expression simplified (x 3 ^ x ∂ is 3×x^2, x sin x ∂ is "
                    + "cos(x)); through words of one's own; an error at words with no derivative (floor, mod…)."),
        Builtin(id: .taylor, kind: .function, spellings: ["taylor"], glyph: "taylor", asciiGlyph: "taylor",
                arity: 4, stackEffect: "( f x a n -- p )",
                summary: "The Taylor polynomial of f in x about a to degree n, Σ f⁽ᵏ⁾(a)÷k!×(x−a)^k: "
                    + "x exp x 0 3 taylor is 1+x+x^2÷2+x^3÷6 (exact where the derivatives at a are)."),
    ]

    public static subscript(id: BuiltinID) -> Builtin { all[Int(id.rawValue)] }

    /// Letter spellings (lowercase) to words; glyphs are recognised by the lexer directly.
    static let byName: [String: BuiltinID] = {
        var table: [String: BuiltinID] = [:]
        for builtin in all {
            // Words of letters, and digits after the first (`atan2`, `log2`); the lexer
            // recognises the other spellings (`+`, `%ch`) itself.
            for spelling in builtin.spellings where spelling.utf8.first.map({ $0 &- 0x61 < 26 }) == true
                && spelling.utf8.allSatisfy({ $0 &- 0x61 < 26 || $0 &- 0x30 < 10 }) {
                table[spelling] = builtin.id
            }
        }
        return table
    }()

    /// The word spelled `name`, if any: words in any ASCII case (`SIN`, `Dup`), constants only
    /// as written (`pi`, `e`; `PI` and `E` are variables).
    public static func named(_ name: some StringProtocol) -> Builtin? {
        // Every store and every `:set` asks, so: bytes lowered in place, no Unicode tables.
        let count = name.utf8.count
        guard count <= longestName else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer -> Builtin? in
            var i = 0
            for b in name.utf8 {
                guard b < 0x80 else { return nil }
                buffer[i] = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
                i += 1
            }
            let lowered = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<i]), as: UTF8.self)
            guard let id = byName[lowered], ignoresCase(id) || lowered.elementsEqual(name) else { return nil }
            return self[id]
        }
    }

    /// The longest letter spelling, in bytes: longer names are no word.
    static let longestName = byName.keys.map(\.utf8.count).max() ?? 0

    /// For each length over 5, the first letters of the spellings of that length, as bits
    /// (a = bit 0): the lexer's test before it looks a long name up.
    static let longWordStarts: [UInt32] = {
        var starts = [UInt32](repeating: 0, count: longestName + 1)
        for name in byName.keys where name.utf8.count > 5 {
            starts[name.utf8.count] |= 1 << UInt32(name.utf8.first! &- UInt8(ascii: "a"))
        }
        return starts
    }()

    /// Whether a name of `length` bytes (over 5) starting with `first` may be a word.
    @inline(__always)
    static func mayBeLongWord(length: Int, first: UInt8) -> Bool {
        let letter = (first | 0x20) &- UInt8(ascii: "a")
        let starts = longWordStarts
        return length < starts.count && letter < 26 && starts[length] & (1 << UInt32(letter)) != 0
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
