import RPNCore

/// One accepted line of the session's program: its RPN text, and the source it ran as when
/// it was typed or loaded (a definition's range points into it). Lines that commands add
/// (`:set x 2` as `2 →x`, `:deg` as `deg`) have no source.
struct ProgramLine {
    var text: String
    var source: SourceFile?

    init(_ text: String, source: SourceFile? = nil) {
        self.text = text
        self.source = source
    }
}
