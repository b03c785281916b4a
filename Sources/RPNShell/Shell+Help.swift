import RPNCore

/// `:help`: what can be typed, wrapped to the terminal.
extension Shell {
    /// `:help`, wrapped to `width` columns: the words from the builtin table, the commands
    /// from the command table.
    func help(width: Int) -> String {
        var lines: [String] = []
        func paragraph(_ text: String) { lines += Self.wrap(text, width: width, indent: "") }
        func row(_ left: String, _ leftWidth: Int, _ right: String) {
            let indent = String(repeating: " ", count: leftWidth)
            if leftWidth + 20 > width {
                lines += Self.wrap(String(left.dropFirst(2)), width: width, indent: "  ")
                lines += Self.wrap(right, width: width, indent: "    ")
            } else if left.count >= leftWidth {
                // A long usage gets a line of its own, its summary aligned below.
                lines += Self.wrap(String(left.dropFirst(2)), width: width, indent: "  ")
                lines += Self.wrap(right, width: width, indent: indent)
            } else {
                var wrapped = Self.wrap(right, width: width - leftWidth, indent: "")
                lines.append(left.padding(to: leftWidth) + wrapped.removeFirst())
                lines += wrapped.map { indent + $0 }
            }
        }
        paragraph("Type RPN: numbers, operators and words act on the stack; the stack is shown after each line. "
                  + "Enter on an empty line duplicates the top entry, as ENTER does on an HP calculator.")
        lines.append("")
        let kinds: [(WordKind, String)] = [(.binaryOperator, "operators"), (.function, "functions"),
                                           (.constant, "constants"), (.stackWord, "stack words"),
                                           (.directive, "directives"), (.keyword, "definitions, branches and loops")]
        for (kind, title) in kinds {
            lines.append(title + ":")
            for word in Builtin.all where word.kind == kind {
                row("  " + word.spellings.joined(separator: " ").padding(to: 14) + word.stackEffect, 38, word.summary)
            }
        }
        lines.append("")
        paragraph("Variables: any other name (M, x, rate). →M or ->M stores the top of the stack in M. "
                  + "Variables are symbolic until the end: an entry that reads M uses M's latest value, so "
                  + "1 →M M 2 →M M + is 4 (dc and HP calculators give 3). An entry whose variables have no "
                  + "value shows ?; storing it is an error.")
        lines.append("")
        paragraph("Words of your own: : NAME BODY ; defines one (: square dup × ; then 3 square is 9), and "
                  + ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ; names its inputs. A definition may span lines: the "
                  + "prompt is ...> until its ;, and Ctrl-C or Ctrl-D there abandons it. A word that leaves "
                  + "one value shows as a call, hyp(3,4). Words stay for the session: :words lists them, "
                  + ":see NAME shows one, :undo takes one back, :save writes them, :clear keeps them, and "
                  + "a favorite keeps the ones it uses.")
        lines.append("")
        lines.append("commands:")
        for command in commands.commands {
            row("  " + command.usage, 46, command.summary)
        }
        lines.append("")
        paragraph("Tab completes words (yours and their parameters too), variables and commands; Up and Ctrl-R search the history; "
                  + "Ctrl-C abandons a line or stops a long computation; Ctrl-D leaves.")
        return lines.joined(separator: "\n")
    }

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        let width = max(width, 20)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(indent + line)
        return lines
    }
}
