/// Turns UTF-8 bytes into tokens, one at a time, without allocating for ordinary input.
/// The rules are the normative ones of `grammar/rpn.ebnf`; `grammar/rpn.tmLanguage.json` is
/// tested against this lexer on the corpus.
///
/// The lexer borrows its bytes: build it inside `withUnsafeBufferPointer`.
public struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let base: Int
    var position = 0

    /// The offset where the next token is looked for.
    public var offset: Int { base + position }

    /// `base` is the global offset of `bytes[0]` (see `SourceSet`).
    public init(bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    /// All tokens of a source, comments included.
    public static func tokenize(_ source: SourceFile) -> [Token] {
        source.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(bytes: buffer, base: source.baseOffset)
            var tokens: [Token] = []
            while let token = lexer.next() { tokens.append(token) }
            return tokens
        }
    }

    @inline(__always)
    static func isSpace(_ b: UInt8) -> Bool { b <= 0x20 && (0x1_0000_3E00 as UInt64) &>> UInt64(b) & 1 != 0 }  // space, 09-0D

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    @inline(__always)
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

    /// Non-ASCII characters that are tokens by themselves (`→` starts a store).
    @inline(__always)
    static func glyph(_ scalar: Unicode.Scalar) -> BuiltinID? {
        switch scalar.value {
        case 0x00D7: .multiply
        case 0x00F7: .divide
        case 0x2212: .subtract
        case 0x221A: .sqrt
        case 0x03C0: .pi
        case 0x00B1: .negate
        case 0x2264: .lessEqual
        case 0x2265: .greaterEqual
        case 0x2260: .notEqual
        case 0x03A3: .sum  // Σ
        case 0x03A0: .prod  // Π
        // Issue 19: analysis over a free variable
        case 0x2202: .derivative  // ∂
        case 0x222B: .integrate  // ∫
        default: nil
        }
    }

    static let arrow: UInt32 = 0x2192

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(UInt8(scalar.value)) }
        if scalar.value == 0x03C0 || scalar.value == 0x03A3 || scalar.value == 0x03A0 { return false }  // π Σ Π are tokens of their own
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// Whether a token ends before `i`: whitespace, a comment, an operator character or `→`.
    @inline(__always)
    func isDelimiter(at i: Int) -> Bool {
        let b = bytes[i]
        if b < 0x80 {
            switch b {
            case 0x20, 0x09...0x0D, UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                 UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "^"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                 UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                 UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                 UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "'"): return true
            default: return false
            }
        }
        guard let scalar = UTF8Scanner.decode(bytes, at: i, limit: bytes.count).scalar else { return false }
        return Self.glyph(scalar) != nil || scalar.value == Self.arrow
    }

    @inline(__always)
    static func isBracket(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "{") || b == UInt8(ascii: "}") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "'")
    }

    /// End of the word starting at `i`: the maximal run of non-delimiters (at least one byte).
    /// The brackets and `'` end a valid token (`{1 2}`) but not an invalid word, which runs on
    /// through them: a pasted `ESC[2J` is one unknown token, not an unknown `ESC` and a quotation.
    func wordEnd(from i: Int, stoppingAtBrackets: Bool = false) -> Int {
        var j = i
        while j < bytes.count, !isDelimiter(at: j) || !stoppingAtBrackets && Self.isBracket(bytes[j]) {
            j += bytes[j] < 0x80 ? 1 : UTF8Scanner.decode(bytes, at: j, limit: bytes.count).length
        }
        return max(j, i + 1)
    }

    @inline(__always)
    func token(_ kind: TokenKind, _ start: Int, _ end: Int, builtin: BuiltinID? = nil) -> Token {
        Token(kind, (base + start)..<(base + end), builtin: builtin)
    }

    @inline(__always)
    public mutating func next() -> Token? {
        let count = bytes.count
        var i = position
        // A byte order mark at offset 0, the start of a text given whole (an editor's
        // document, whose positions count it), is skipped as a space.
        if i == 0, base == 0 { i = ByteOrderMark.length(at: bytes) }
        while i < count, Self.isSpace(bytes[i]) { i += 1 }
        guard i < count else { position = i; return nil }
        let start = i
        let b = bytes[i]
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // The common number in line: a few digits, then a space, a line break or the end
            // (`1 2 + 3 ×`); anything else (`0x1F`, `2.5`, `1e3`, `12ab`) out of line.
            var j = i
            var small: UInt64 = 0
            while j < count, j - i < 15, Self.isDigit(bytes[j]) {
                small = small &* 10 &+ UInt64(bytes[j] &- 0x30)
                j += 1
            }
            guard j == count || bytes[j] == 0x20 || bytes[j] == 0x0A else { return number(at: start, digitsAt: start) }
            position = j
            var token = token(.number, start, j)
            token.number = Double(small)
            return token
        case UInt8(ascii: "."):
            return number(at: start, digitsAt: start)
        case UInt8(ascii: "+"): position = i + 1; return token(.operator, start, i + 1, builtin: .add)
        case UInt8(ascii: "*"): position = i + 1; return token(.operator, start, i + 1, builtin: .multiply)
        case UInt8(ascii: "/"): position = i + 1; return token(.operator, start, i + 1, builtin: .divide)
        case UInt8(ascii: "^"): position = i + 1; return token(.operator, start, i + 1, builtin: .power)
        case UInt8(ascii: "&"): position = i + 1; return token(.operator, start, i + 1, builtin: .bitAnd)
        case UInt8(ascii: "|"): position = i + 1; return token(.operator, start, i + 1, builtin: .bitOr)
        case UInt8(ascii: "!"):
            if i + 1 < count, bytes[i + 1] == UInt8(ascii: "=") {  // "!=" is one token, not "!" and "="
                position = i + 2
                return token(.operator, start, i + 2, builtin: .notEqual)
            }
            position = i + 1
            return token(.function, start, i + 1, builtin: .factorial)
        case UInt8(ascii: "="):
            let length = i + 1 < count && bytes[i + 1] == UInt8(ascii: "=") ? 2 : 1  // "=" or "=="
            position = i + length
            return token(.operator, start, i + length, builtin: .equal)
        case UInt8(ascii: "~"): position = i + 1; return token(.function, start, i + 1, builtin: .bitNot)
        case UInt8(ascii: "%"):
            // "%ch" is one word when a delimiter follows it; otherwise "%" stands alone.
            if i + 2 < count, bytes[i + 1] | 0x20 == UInt8(ascii: "c"), bytes[i + 2] | 0x20 == UInt8(ascii: "h"),
               i + 3 == count || isDelimiter(at: i + 3) {
                position = i + 3
                return token(.function, start, i + 3, builtin: .percentChange)
            }
            position = i + 1
            return token(.operator, start, i + 1, builtin: .percent)
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            // "<<" ">>" (shifts), "<=" ">=", or "<" ">" alone: the longest of them.
            let less = b == UInt8(ascii: "<")
            let next = i + 1 < count ? bytes[i + 1] : 0
            if next == b {
                position = i + 2
                return token(.operator, start, i + 2, builtin: less ? .shiftLeft : .shiftRight)
            }
            if next == UInt8(ascii: "=") {
                position = i + 2
                return token(.operator, start, i + 2, builtin: less ? .lessEqual : .greaterEqual)
            }
            position = i + 1
            return token(.operator, start, i + 1, builtin: less ? .less : .greater)
        case UInt8(ascii: "-"):
            if i + 1 < count {
                let next = bytes[i + 1]
                if next == UInt8(ascii: ">") { return store(at: start, nameStart: i + 2) }
                let atWordStart = i == 0 || Self.isSpace(bytes[i - 1])
                if atWordStart, Self.isDigit(next)
                    || (next == UInt8(ascii: ".") && i + 2 < count && Self.isDigit(bytes[i + 2])) {
                    return number(at: start, digitsAt: i + 1)
                }
            }
            position = i + 1
            return token(.operator, start, i + 1, builtin: .subtract)
        case UInt8(ascii: "#"):
            while i < count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }  // LF, CRLF or a lone CR
            position = i
            return token(.comment, start, i)
        case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return identifier(at: start)
        // × (U+00D7 = C3 97), ÷ (C3 B7) and − (U+2212 = E2 88 92), the printer's own operators,
        // in line without decoding; every other glyph out of line.
        case 0xC3 where i + 1 < count && bytes[i + 1] | 0x20 == 0xB7:
            position = i + 2
            return token(.operator, start, i + 2, builtin: bytes[i + 1] == 0x97 ? .multiply : .divide)
        case 0xE2 where i + 2 < count && bytes[i + 1] == 0x88 && bytes[i + 2] == 0x92:
            position = i + 3
            return token(.operator, start, i + 3, builtin: .subtract)
        default:
            return otherWord(at: start)
        }
    }

    /// A token starting with any other byte: `:`, `;`, `(`, the Unicode glyphs, `→`, letters
    /// beyond ASCII, or an invalid word. Out of line, so that `next()` stays small enough to be inlined into the
    /// machine's loop with everything the common tokens need.
    @inline(never)
    mutating func otherWord(at start: Int) -> Token {
        let count = bytes.count
        let i = start
        let b = bytes[i]
        // The words of programs, here rather than in `next()`'s switch, which must stay small.
        switch b {
        case UInt8(ascii: ":"): position = i + 1; return token(.keyword, start, i + 1, builtin: .define)
        case UInt8(ascii: ";"): position = i + 1; return token(.keyword, start, i + 1, builtin: .endDefinition)
        // Issue 19: the brackets of lists and quotations, and `'` before a word's name.
        case UInt8(ascii: "{"): position = i + 1; return token(.keyword, start, i + 1, builtin: .listOpen)
        case UInt8(ascii: "}"): position = i + 1; return token(.keyword, start, i + 1, builtin: .listClose)
        case UInt8(ascii: "["): position = i + 1; return token(.keyword, start, i + 1, builtin: .quotationOpen)
        case UInt8(ascii: "]"): position = i + 1; return token(.keyword, start, i + 1, builtin: .quotationClose)
        case UInt8(ascii: "'"): position = i + 1; return token(.keyword, start, i + 1, builtin: .quote)
        case UInt8(ascii: "("): return stackEffect(at: start)
        case UInt8(ascii: "\""): if let path = pathAfterInclude(at: start) { return path }
        default: break
        }
        if b >= 0x80, let scalar = UTF8Scanner.decode(bytes, at: i, limit: count).scalar {
            let length = scalar.utf8.count
            if let builtin = Self.glyph(scalar) {
                position = i + length
                let kind: TokenKind = builtin == .pi ? .constant : builtin.isFunction ? .function : .operator
                return token(kind, start, i + length, builtin: builtin)
            }
            if scalar.value == Self.arrow { return store(at: start, nameStart: i + length) }
            if Self.isLetter(scalar) { return identifier(at: start) }
        }
        return invalidWord(at: start)
    }

    /// An invalid token from `start` to the end of the word that goes on at `wordFrom`
    /// (after a leading `-`, which alone would end the word).
    mutating func invalidWord(at start: Int, wordFrom: Int? = nil, problem: LexProblem? = nil) -> Token {
        let end = wordEnd(from: wordFrom ?? start)
        position = end
        var token = token(.invalid, start, end)
        token.problem = problem ?? classify(start..<end)
        return token
    }

    func classify(_ range: Range<Int>) -> LexProblem {
        var i = range.lowerBound
        var sawBadUTF8 = false
        while i < range.upperBound {
            if bytes[i] == 0 { return .nulByte }
            let (scalar, length) = UTF8Scanner.decode(bytes, at: i, limit: bytes.count)
            if scalar == nil { sawBadUTF8 = true }
            i += length
        }
        if sawBadUTF8 { return .invalidUTF8 }
        let first = bytes[range.lowerBound]
        let second = range.count > 1 ? bytes[range.lowerBound + 1] : 0
        if Self.isDigit(first) || (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) && Self.isDigit(second) {
            return .invalidNumber
        }
        return .unknownToken
    }

    /// Scans `identifier chars` from `i`; returns the end, or nil when a word character that
    /// cannot be in an identifier follows.
    func identifierEnd(from i: Int, to limit: Int) -> Int? {
        var j = i
        var first = true
        while j < limit {
            let b = bytes[j]
            if b < 0x80 {
                if Self.isASCIILetter(b) || b == UInt8(ascii: "_") || (!first && Self.isDigit(b)) {
                    j += 1; first = false; continue
                }
            } else {
                let (scalar, length) = UTF8Scanner.decode(bytes, at: j, limit: bytes.count)
                if let scalar, Self.isLetter(scalar) { j += length; first = false; continue }
            }
            break
        }
        if j == i { return nil }
        // A name may end in one "?" (predicates: `even?`), never begin or go on after it.
        if j < limit, bytes[j] == UInt8(ascii: "?") { j += 1 }
        return j == limit || isDelimiter(at: j) ? j : nil
    }

    mutating func identifier(at start: Int) -> Token {
        guard let end = identifierEnd(from: start, to: bytes.count) else {
            // `list→`: the arrow after `list` ends the name (it would begin a store).
            let nameEnd = wordEnd(from: start)
            if let arrowEnd = listArrowEnd(start, nameEnd), arrowEnd == bytes.count || isDelimiter(at: arrowEnd)
                || bytes[arrowEnd - 1] == UInt8(ascii: ">") {
                position = arrowEnd
                return token(.stackWord, start, arrowEnd, builtin: .fromList)
            }
            return invalidWord(at: start)
        }
        if let arrowEnd = listArrowEnd(start, end) {
            position = arrowEnd
            return token(.stackWord, start, arrowEnd, builtin: .fromList)
        }
        position = end
        // Built-in words are 5 letters at most but a few (`powmod`, `include`, `complex`…):
        // longer names whose length and first letter no word has skip the table (a lookup
        // costs a name hundreds of instructions).
        let length = end - start
        if length <= 5 || Builtin.mayBeLongWord(length: length, first: bytes[start]),
           let builtin = Builtin.lookup(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
            let kind: TokenKind = switch Builtin[builtin].kind {
            case .binaryOperator: .operator
            case .function: .function
            case .constant: .constant
            case .stackWord: .stackWord
            case .directive: .directive
            case .keyword: .keyword
            }
            return token(kind, start, end, builtin: builtin)
        }
        return token(.variable, start, end)
    }

    /// `( a b -- c )`: a `(` whose line has a `--` word before the next `)` is one token up
    /// to that `)` (a definition's stack effect, a comment elsewhere, as in Forth); without the
    /// `)` it is invalid to the end of the line. Any other `(` is an unknown word as before
    /// (infix typed by mistake, which the language server offers to rewrite in RPN).
    mutating func stackEffect(at start: Int) -> Token {
        var j = start + 1
        var sawSeparator = false
        while j < bytes.count, bytes[j] != UInt8(ascii: ")"), bytes[j] != 0x0A, bytes[j] != 0x0D {
            if bytes[j] == UInt8(ascii: "-"), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "-"),
               Self.isSpace(bytes[j - 1]) || bytes[j - 1] == UInt8(ascii: "("),
               j + 2 == bytes.count || Self.isSpace(bytes[j + 2]) || bytes[j + 2] == UInt8(ascii: ")") {
                sawSeparator = true
            }
            j += 1
        }
        guard sawSeparator else { return invalidWord(at: start) }
        guard j < bytes.count, bytes[j] == UInt8(ascii: ")") else {
            position = j
            var token = token(.invalid, start, j)
            token.problem = .unclosedStackEffect
            return token
        }
        position = j + 1
        return token(.stackEffect, start, j + 1)
    }

    /// `"lib.rpn"`: a `"` with only blanks between it and an `include` token before it on its
    /// line is one token up to the next `"` on the line, spaces and all (a file's name, no
    /// escapes); without that `"` it is invalid to the end of the line. Nil for a `"` anywhere
    /// else, which stays an unknown word: the language has no strings. Told by looking back
    /// (`followsInclude`), so that the lexer keeps no state: it stays small enough for the
    /// compiler's loop to inline its common tokens.
    mutating func pathAfterInclude(at start: Int) -> Token? {
        guard followsInclude(start) else { return nil }
        var j = start + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != 0x0A, bytes[j] != 0x0D { j += 1 }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") else {
            position = j
            var token = token(.invalid, start, j)
            token.problem = .unclosedPath
            return token
        }
        position = j + 1
        return token(.path, start, j + 1)
    }

    /// Whether the text before `start` is blanks (at least one, on this line) after the word
    /// `include` standing as a token of its own: at the start of the text, or after a blank or
    /// a delimiter that ends the token before it, but not after an arrow, which would make it a
    /// store's name (`→include`, `->include`).
    func followsInclude(_ start: Int) -> Bool {
        var i = start
        while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        guard i < start, i >= 7 else { return false }
        let word = i - 7
        for (k, letter) in "include".utf8.enumerated() where bytes[word + k] | 0x20 != letter { return false }
        guard word > 0 else { return true }
        let before = bytes[word - 1]
        if Self.isSpace(before) { return true }
        if before < 0x80 {
            if before == UInt8(ascii: ">"), word >= 2, bytes[word - 2] == UInt8(ascii: "-") { return false }  // ->include
            return isDelimiter(at: word - 1)
        }
        // A glyph ends the token before it (`×include`), the arrow begins a store.
        var glyph = word - 1
        while glyph > 0, word - glyph < 4, bytes[glyph] & 0xC0 == 0x80 { glyph -= 1 }
        guard let scalar = UTF8Scanner.decode(bytes, at: glyph, limit: word).scalar, glyph + scalar.utf8.count == word
        else { return false }
        return scalar.value != Self.arrow && Self.glyph(scalar) != nil
    }

    mutating func store(at start: Int, nameStart: Int) -> Token {
        guard nameStart < bytes.count, !isDelimiter(at: nameStart) else {
            position = nameStart
            var token = token(.invalid, start, nameStart)
            token.problem = .storeNeedsName
            return token
        }
        // A name ends at a bracket as a name does (`[ 3 →x]`); an invalid one runs on through it.
        let nameEnd = wordEnd(from: nameStart, stoppingAtBrackets: true)
        let valid = identifierEnd(from: nameStart, to: nameEnd) == nameEnd && !Self.isDigit(bytes[nameStart])
        let end = valid ? nameEnd : wordEnd(from: nameStart)
        position = end
        guard identifierEnd(from: nameStart, to: end) == end,
              !Self.isDigit(bytes[nameStart]) else {
            var token = token(.invalid, start, end)
            let problem = classify(nameStart..<end)
            token.problem = problem == .invalidUTF8 || problem == .nulByte ? problem : .invalidStoreName
            return token
        }
        if end - nameStart == 4, Self.isListName(bytes, nameStart) {
            return token(.stackWord, start, end, builtin: .toList)  // `→list`, HP's →LIST: not a store into `list`
        }
        return token(.store, start, end)
    }

    /// Whether the 4 bytes at `i` spell `list` in any ASCII case.
    static func isListName(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        bytes[i] | 0x20 == UInt8(ascii: "l") && bytes[i + 1] | 0x20 == UInt8(ascii: "i")
            && bytes[i + 2] | 0x20 == UInt8(ascii: "s") && bytes[i + 3] | 0x20 == UInt8(ascii: "t")
    }

    /// `list→` or `list->` (HP's LIST→) at `start`, whose name `list` ends at `end`: its end.
    func listArrowEnd(_ start: Int, _ end: Int) -> Int? {
        guard end - start == 4, Self.isListName(bytes, start), end < bytes.count else { return nil }
        if bytes[end] == UInt8(ascii: "-"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: ">") { return end + 2 }
        if bytes[end] >= 0x80, let scalar = UTF8Scanner.decode(bytes, at: end, limit: bytes.count).scalar,
           scalar.value == Self.arrow {
            return end + scalar.utf8.count
        }
        return nil
    }

    /// A number starting at `start` (which may be a `-`), its digits at `digitsAt`.
    @inline(__always)
    mutating func number(at start: Int, digitsAt: Int) -> Token {
        let count = bytes.count
        if bytes[digitsAt] == UInt8(ascii: "0"), digitsAt + 1 < count {
            switch bytes[digitsAt + 1] | 0x20 {
            case UInt8(ascii: "x"): return baseLiteral(at: start, digitsAt: digitsAt + 2, bitsPerDigit: 4)
            case UInt8(ascii: "o"): return baseLiteral(at: start, digitsAt: digitsAt + 2, bitsPerDigit: 3)
            case UInt8(ascii: "b"): return baseLiteral(at: start, digitsAt: digitsAt + 2, bitsPerDigit: 1)
            default: break
            }
        }
        // The common case first: a few digits, then a space, a line break or the end
        // (`1 2 + 3 ×`). Up to 15 digits are exact in a double.
        var j = digitsAt
        var small: UInt64 = 0
        while j < count, j - digitsAt < 15, Self.isDigit(bytes[j]) {
            small = small &* 10 &+ UInt64(bytes[j] &- 0x30)
            j += 1
        }
        if j > digitsAt, j == count || bytes[j] == 0x20 || bytes[j] == 0x0A {
            position = j
            var token = token(.number, start, j)
            token.number = digitsAt > start ? 0 - Double(small) : Double(small)  // "-0" is 0
            return token
        }
        j = digitsAt
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var sawDigit = false
        while j < count, Self.isDigit(bytes[j]) {
            if mantissa != 0 || bytes[j] != 0x30 { significant += 1 }
            if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- 0x30) } else { exponent += 1 }
            j += 1; sawDigit = true
        }
        if j < count, bytes[j] == UInt8(ascii: ".") {
            j += 1
            while j < count, Self.isDigit(bytes[j]) {
                if mantissa != 0 || bytes[j] != 0x30 { significant += 1 }
                if significant <= 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- 0x30); exponent -= 1 }
                j += 1; sawDigit = true
            }
        }
        guard sawDigit else { return invalidWord(at: start, wordFrom: digitsAt) }
        if j < count, bytes[j] | 0x20 == UInt8(ascii: "e") {
            var k = j + 1
            var negative = false
            if k < count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") {
                negative = bytes[k] == UInt8(ascii: "-"); k += 1
            }
            if k < count, Self.isDigit(bytes[k]) {
                var value = 0
                while k < count, Self.isDigit(bytes[k]) {
                    if value < 100_000 { value = value * 10 + Int(bytes[k] &- 0x30) }
                    k += 1
                }
                exponent += negative ? -value : value
                j = k
            }
        }
        if j < count, bytes[j] == UInt8(ascii: "i"), j + 1 == count || isDelimiter(at: j + 1) {
            // An imaginary literal (`2i`, `0.5i`, `1e3i`): a number token whose value is not a
            // double, so every reader of `number` takes the general path, which reads the text.
            position = j + 1
            var token = token(.number, start, j + 1)
            token.number = .nan
            return token
        }
        guard j == count || isDelimiter(at: j) else {
            return invalidWord(at: start, wordFrom: digitsAt, problem: .invalidNumber)
        }
        position = j
        var value: Double
        if significant <= 15, exponent == 0 {
            value = Double(mantissa)
        } else if significant <= 15, exponent >= -22, exponent <= 22 {
            // Exact: both the mantissa and the power of ten are representable (Clinger).
            value = Double(mantissa)
            var scale = 1.0
            for _ in 0..<(exponent < 0 ? -exponent : exponent) { scale *= 10 }
            value = exponent < 0 ? value / scale : value * scale
        } else {
            value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[digitsAt..<j]), as: UTF8.self)) ?? .nan
        }
        var token = token(.number, start, j)
        token.number = digitsAt > start ? 0 - value : value  // "-0" is 0: rpn has one zero (see Arithmetic)
        return token
    }
}

extension Lexer {
    /// `0x1F`, `0o17`, `0b1011` (after the optional `-`): digits of 2^`bitsPerDigit`, at least
    /// one, up to a delimiter; anything else makes the word an invalid number.
    ///
    /// The value is correctly rounded however many digits there are: the first 60-odd
    /// significant bits are kept, and any nonzero bit after them is folded into the last
    /// kept bit (a sticky bit), which is far below the rounding position of a double.
    mutating func baseLiteral(at start: Int, digitsAt: Int, bitsPerDigit: Int) -> Token {
        let count = bytes.count
        var j = digitsAt
        var mantissa: UInt64 = 0
        var droppedBits = 0
        var sticky = false
        let limit = UInt64(1) << UInt64(64 - bitsPerDigit)
        while j < count {
            let b = bytes[j]
            let digit: UInt8
            if Self.isDigit(b) { digit = b &- 0x30 } else if (b | 0x20) &- 0x61 < 6 { digit = (b | 0x20) &- 0x61 + 10 } else { break }
            guard digit >> bitsPerDigit == 0 else { break }
            if mantissa < limit {
                mantissa = mantissa << UInt64(bitsPerDigit) | UInt64(digit)
            } else {
                droppedBits += bitsPerDigit
                sticky = sticky || digit != 0
            }
            j += 1
        }
        guard j > digitsAt, j == count || isDelimiter(at: j) else {
            return invalidWord(at: start, wordFrom: digitsAt - 2, problem: .invalidNumber)
        }
        position = j
        // Past about 2^1024 the value is infinite, which the machine reports as too large.
        let magnitude = droppedBits > 1100 ? Double.infinity
            : Double(sign: .plus, exponent: droppedBits, significand: Double(sticky ? mantissa | 1 : mantissa))
        var token = token(.number, start, j)
        token.number = digitsAt - 2 > start ? 0 - magnitude : magnitude
        return token
    }
}

extension BuiltinID {
    var isFunction: Bool { Builtin[self].kind == .function }
}

extension Builtin {
    /// The word spelled by these bytes without making a String: up to 8 bytes, the lowercased
    /// bytes packed into an integer, binary-searched in a sorted table; the few longer words
    /// (`nextprime`) compared in turn. Words match in any ASCII case, constants only as
    /// written (see `Builtin.ignoresCase`).
    @inline(__always)
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> BuiltinID? {
        guard bytes.count <= 8 else { return bytes.count <= longestName ? lookupLong(bytes) : nil }
        var key: UInt64 = 0
        var sawUppercase = false
        for b in bytes {
            guard b < 0x80 else { return nil }
            let upper = b &- 0x41 < 26
            sawUppercase = sawUppercase || upper
            key = key << 8 | UInt64(upper ? b | 0x20 : b)
        }
        let table = packedNames
        var low = 0, high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid].key < key { low = mid + 1 } else { high = mid }
        }
        guard low < table.count, table[low].key == key else { return nil }
        let id = table[low].id
        return !sawUppercase || ignoresCase(id) ? id : nil
    }

    /// A word of more than 8 bytes (none is a constant, so case never matters).
    @inline(never)
    static func lookupLong(_ bytes: UnsafeBufferPointer<UInt8>) -> BuiltinID? {
        names: for (name, id) in longNames where name.count == bytes.count {
            for (b, n) in zip(bytes, name) where (b &- 0x41 < 26 ? b | 0x20 : b) != n { continue names }
            return id
        }
        return nil
    }

    static let longNames: [(name: [UInt8], id: BuiltinID)] = byName.filter { $0.key.utf8.count > 8 }
        .map { (Array($0.key.utf8), $0.value) }.sorted { $0.name.lexicographicallyPrecedes($1.name) }

    static let packedNames: [(key: UInt64, id: BuiltinID)] = byName.filter { $0.key.utf8.count <= 8 }.map { name, id in
        (name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }, id)
    }.sorted { $0.key < $1.key }
}
