/// The usage lines of `rpn --help`, written once: the parser's help shows them, and the
/// commands' own usage errors quote them. They name every option (tests/cli holds them to
/// each command's option list).
public enum CommandLineUsage {
    /// The options of how values print, shared by the evaluator and the shell.
    static let numberOptions = "[--float | --digits N] [--complex] [--std | --fix N | --sci N | --eng N] [--fractions] [--group] [--base BASE] [--polar]"

    /// Lines after the first of a command are indented under it.
    static let continued = "\n    "

    public static let evaluation = "rpn [-e PROGRAM]... [FILE]... [-d] [--json] [--expand] [--trace] [--max-steps N] [--list]"
        + continued + "[--set NAME=VALUE]... [--ascii] [--degrees]" + continued + numberOptions
    public static let shell = "rpn [--fresh | --session NAME] [--set NAME=VALUE]... [--ascii] [--degrees]" + continued + numberOptions
        + continued + "(on a terminal, with no program: the rpn> shell)"
    public static let check = "rpn check [--json] [--degrees] [--max-steps N] FILE..."
    public static let tokens = "rpn tokens [--json] FILE"
    public static let lsp = "rpn lsp [--stdio]"
    public static let fav = "rpn fav list|add PROGRAM|rm N|show N [--json]"
    public static let plot = "rpn plot -e PROGRAM [--from XMIN] [--to XMAX] [--var NAME] [--svg FILE]"
        + continued + "[--set NAME=VALUE]... [--degrees] [--ascii] [--max-steps N]"

    /// Every line, for `rpn --help` (whose parser puts `USAGE: ` before the first; the others
    /// are indented under it).
    public static let all = [evaluation, shell, check, tokens, lsp, fav, plot]
        .map { $0.split(separator: "\n").joined(separator: "\n  ") }
        .joined(separator: "\n  ")
}
