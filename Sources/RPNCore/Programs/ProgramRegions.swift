/// A definition (`: NAME … ;`) or a top-level block (`if … then`, `for … next`, `begin …
/// until`) of a source: the tokens the compiler gathers whole before it compiles them
/// (`Compiler.Gathering`). Their tokens do not run where they stand: a definition's run when
/// it is called, a block's once it is complete and checked.
public struct ProgramRegion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case definition, block

        /// The region a token of the top level opens: `:` a definition, `if`, `for`, `begin` a
        /// block; nil for any other token. Only keywords open one.
        @inline(__always)
        public init?(opening token: Token) {
            guard token.kind == .keyword, let word = token.builtin else { return nil }
            switch word {
            case .define: self = .definition
            case .if, .for, .begin, .listOpen, .quotationOpen: self = .block
            default: return nil
            }
        }
    }

    public var kind: Kind
    /// Token indices, from the `:` or opening keyword to the `;` or closing keyword.
    public var tokens: Range<Int>
    /// Bytes from the start of the first token to the end of the last; an incomplete region
    /// runs to the end of the text when the scanner was told where that is (`finish(at:)`).
    public var bytes: Range<Int>
    /// Whether the `;` or closing keyword came.
    public var isComplete: Bool
    /// A definition's name token: the first after `:` that is no comment (nil: none yet, or a
    /// block, or a definition continued from text the scanner did not see).
    public var nameToken: Int?

    public init(kind: Kind, tokens: Range<Int>, bytes: Range<Int>, isComplete: Bool, nameToken: Int? = nil) {
        self.kind = kind
        self.tokens = tokens
        self.bytes = bytes
        self.isComplete = isComplete
        self.nameToken = nameToken
    }
}

/// Where a region being gathered ends, the one rule the compiler gathers by and
/// `ProgramRegionScanner` follows: a definition at its first `;` (a `:` inside it is the
/// body's error, nested-definition, not a new region); a block when its closers (`then`,
/// `next`, `step`, `until`) bring the count of open `if`, `for`, `begin` back to zero.
struct RegionEnd: Sendable {
    let kind: ProgramRegion.Kind
    /// Open `if`/`for`/`begin` minus their closers, the opener's included; never below zero (a
    /// closer with nothing open in a definition is the body's error and opens nothing).
    private var open: Int

    init(_ kind: ProgramRegion.Kind) {
        self.kind = kind
        open = kind == .block ? 1 : 0
    }

    /// The constructs open inside the region and the region itself: a definition counts one
    /// more than the `if`, `for`, `begin` open in its body, a block as many as are open.
    var nesting: Int { kind == .definition ? open + 1 : open }

    /// Takes one more token of the region; true when it ends the region.
    @inline(__always)
    mutating func isReached(by token: Token) -> Bool {
        guard token.kind == .keyword, let word = token.builtin else { return false }
        switch word {
        case .endDefinition: return kind == .definition
        case .if, .for, .begin, .listOpen, .quotationOpen: open += 1
        case .then, .next, .step, .until, .listClose, .quotationClose:
            open = Swift.max(open - 1, 0)
            return kind == .block && open == 0
        default: break
        }
        return false
    }
}

/// Follows a source's top level token by token, as the compiler gathers it, and collects its
/// regions. Outside a region only keywords matter: a caller may skip other tokens while
/// `isGathering` is false (a document without keywords then costs one test per token).
public struct ProgramRegionScanner: Sendable {
    /// The regions so far, in order; the last is incomplete while `isGathering`.
    public private(set) var regions: [ProgramRegion] = []
    private var end: RegionEnd?
    /// The definition was opened before the first token taken (`continuingDefinition`).
    private var continuing: Bool
    /// The open definition's name is still to come.
    private var awaitsName = false

    /// `continuingDefinition`: the tokens to come continue a definition opened before them
    /// (the shell's `...>` lines, each judged alone): the first region is that definition, from
    /// the first token taken, with no name token.
    public init(continuingDefinition: Bool = false) {
        continuing = continuingDefinition
        if continuingDefinition { end = RegionEnd(.definition) }
    }

    /// Whether a definition or block is open: the next token belongs to it.
    public var isGathering: Bool { end != nil }

    /// Whether a definition is open (a block left open is not one: its `;` would not end it).
    public var isInDefinition: Bool { end?.kind == .definition }

    /// How deep the next token stands: 0 outside a region; inside one, the definition or block
    /// and each `if`, `for`, `begin` still open in it (`: f x if` leaves 2). The layout of
    /// `Formatter` indents by it, so it follows the compiler's rule of where regions end.
    public var nesting: Int { end?.nesting ?? 0 }

    /// Takes the token at `index` of the source's tokens (comments included).
    public mutating func take(_ token: Token, at index: Int) {
        if continuing {
            continuing = false
            regions.append(ProgramRegion(kind: .definition, tokens: index..<index,
                                         bytes: token.range.lowerBound..<token.range.lowerBound, isComplete: false))
        }
        guard end != nil else {
            guard let kind = ProgramRegion.Kind(opening: token) else { return }
            regions.append(ProgramRegion(kind: kind, tokens: index..<(index + 1), bytes: token.range, isComplete: false))
            end = RegionEnd(kind)
            awaitsName = kind == .definition
            return
        }
        let last = regions.count - 1
        regions[last].tokens = regions[last].tokens.lowerBound..<(index + 1)
        regions[last].bytes = regions[last].bytes.lowerBound..<token.range.upperBound
        if awaitsName, token.kind != .comment {
            regions[last].nameToken = index
            awaitsName = false
        }
        if end!.isReached(by: token) {
            regions[last].isComplete = true
            end = nil
        }
    }

    /// The text ends at byte offset `textEnd`: a region still open runs to it. Returns the
    /// regions.
    public mutating func finish(at textEnd: Int) -> [ProgramRegion] {
        if isGathering, let last = regions.indices.last {
            regions[last].bytes = regions[last].bytes.lowerBound..<Swift.max(regions[last].bytes.upperBound, textEnd)
        }
        return regions
    }
}

extension ProgramRegion {
    /// The regions of a source's tokens (all of them, comments included, in order), by the
    /// compiler's rules; `textEnd` is where the text ends, which a region left open runs to.
    public static func regions(of tokens: some Sequence<Token>, textEnd: Int,
                               continuingDefinition: Bool = false) -> [ProgramRegion] {
        var scanner = ProgramRegionScanner(continuingDefinition: continuingDefinition)
        for (index, token) in tokens.enumerated() { scanner.take(token, at: index) }
        return scanner.finish(at: textEnd)
    }
}
