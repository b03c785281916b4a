/// A limit a program ran into, as data: what was limited, how much was asked for, and the
/// limit. `message` is the one wording of them all (issue 16, item 6), so that every figure
/// is the exact integer the user wrote or computed (never `9.223372036854776e+18` for a
/// count), an estimate says so, and no figure is contradicted by the limit it quotes.
public struct Limit: Sendable, Equatable {
    /// How much was asked for, as exact integer text.
    public enum Amount: Sendable, Equatable {
        /// Exactly this many.
        case exactly(String)
        /// An estimate that can be off by one either way (sizes foreseen before computing).
        case about(String)
        /// More than this many: a true lower bound, for sizes too large to estimate closer.
        case moreThan(String)

        var text: String {
            switch self {
            case .exactly(let n): n
            case .about(let n): "about \(n)"
            case .moreThan(let n): "more than \(n)"
            }
        }
    }

    public enum Kind: Sendable, Equatable {
        /// The decimal digits of an exact value (`Number.digitLimit`); `subject` is what would
        /// have them: `result of ^`, `number literal`.
        case digits(subject: String)
        /// The entries a stack word's count asks for below it (`pick`): the amount is the count
        /// as the program gave it, the limit the entries there are.
        case entries(word: String)
        /// The steps of a run; `advice` says how to raise the limit.
        case steps(advice: String)
        /// Calls nested in calls; `word` is the word whose call went past the limit.
        case callDepth(word: String)
        /// The stack's entries, pushed by a loop that changes the depth (issue 19).
        case stackDepth
    }

    public var kind: Kind
    public var asked: Amount
    public var limit: String

    public init(_ kind: Kind, asked: Amount, limit: String) {
        self.kind = kind
        self.asked = asked
        self.limit = limit
    }

    public init(_ kind: Kind, asked: Amount, limit: Int) {
        self.init(kind, asked: asked, limit: String(limit))
    }

    public var message: String {
        switch kind {
        case .digits(let subject):
            return "\(subject) would have \(asked.text) digits (the limit is \(limit))"
        case .entries(let word):
            // The count comes first as the program wrote it: `9223372036854775807 pick`.
            guard case .exactly(let count) = asked else {
                return "\(word) needs \(asked.text) entries below its count, found \(limit)"
            }
            return "\(count) \(word) needs \(count) entr\(count == "1" ? "y" : "ies") below its count, found \(limit)"
        case .steps(let advice):
            return "stopped after \(limit) steps, the step limit (\(advice))"
        case .callDepth(let word):
            return "calls nested \(limit) deep, the limit: \(TerminalText.quoted(word)) may call itself without end"
        case .stackDepth:
            return "a stack \(limit) entries deep, the limit: a loop that changes the depth may push without end"
        }
    }

    /// An exact integer in a message, all its digits up to `shownDigits`; past that its first
    /// digits and how many there are (a count computed as 10^999999 would fill a screen).
    public static func integerText(_ n: ExactInteger) -> String {
        let digits = n.decimalDigitEstimate
        guard digits > shownDigits else { return n.decimalString }
        let exact = n.decimalDigitCount
        guard exact > shownDigits else { return n.decimalString }
        let lead = n.magnitude.shiftedDecimal(keeping: 20)
        return (n.isNegative ? "-" : "") + "\(lead)… (\(exact) digits)"
    }

    static let shownDigits = 100

    /// A number in a message: an integer, or a whole double, as its exact integer; any other
    /// value as its shortest round-trip decimal, as messages print numbers elsewhere.
    public static func numberText(_ x: Number) -> String {
        switch x {
        case .integer(let i): return integerText(i)
        case .real(let d) where d == d.rounded(.towardZero) && d.isFinite:
            if case .integer(let i) = Number.exactly(d) { return integerText(i) }
            return NumberFormatting.ascii(d)
        case .complex(let z):
            let im = numberText(z.im) + "i"
            if z.re.isZero { return im }
            return numberText(z.re) + (z.im.isNegative ? "" : "+") + im
        default: return NumberFormatting.ascii(x.doubleValue)
        }
    }
}

extension ExactInteger {
    /// The first `count` decimal digits of a non-negative integer (for abbreviated messages).
    fileprivate func shiftedDecimal(keeping count: Int) -> String {
        let drop = decimalDigitCount - count
        guard drop > 0 else { return decimalString }
        return ExactInteger.divide(self, by: ExactInteger.powerOfTen(drop), rounding: .down).quotient.decimalString
    }
}
