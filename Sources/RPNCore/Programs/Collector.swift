/// The tokens of a definition or of a top-level block (`if`, `for`, `begin` at the top
/// level) gathered until it is complete, then compiled at once: whether a body names its
/// parameters is only known at its end.
struct Collector: Sendable {
    enum Kind: Sendable { case definition, block }
    let kind: Kind
    /// The `:` or the opening keyword.
    let opener: Token
    var tokens: [Token] = []
    /// Open `if`/`for`/`begin` minus their closers (a block ends when it is back at 0).
    var open = 0

    init(kind: Kind, opener: Token) {
        self.kind = kind
        self.opener = opener
        if kind == .block { open = 1 }
    }

    /// Takes one more token; true when the definition or block is complete.
    mutating func take(_ token: Token) -> Bool {
        tokens.append(token)
        guard token.kind == .keyword, let word = token.builtin else { return false }
        switch word {
        case .endDefinition: return kind == .definition
        case .if, .for, .begin: open += 1
        case .then, .next, .step, .until:
            open -= 1
            return kind == .block && open == 0
        default: break
        }
        return false
    }
}

/// Hooks of one run, set by the front end for its duration: Ctrl-C in the shell, `--trace`.
final class RunHooks: @unchecked Sendable {
    let interrupted: (() -> Bool)?
    let trace: ((Token, Machine) -> Void)?
    var wasInterrupted = false

    init(interrupted: (() -> Bool)? = nil, trace: ((Token, Machine) -> Void)? = nil) {
        self.interrupted = interrupted
        self.trace = trace
    }
}
