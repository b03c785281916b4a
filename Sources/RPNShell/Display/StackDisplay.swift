import RPNCore

/// How the shell shows the stack after each line, HP style: level numbers with the top at
/// level 1 on the last line, then the description of the stack and the top value, like the
/// calculator's display (`√(3+5) = 2.8284271247461903`).
public struct StackDisplay {
    public var colour: Bool
    /// Levels shown at most; deeper stacks show the top ones and a count.
    public var maximumLevels = 12
    /// Longest description shown in full.
    public var descriptionLimit = 200

    public init(colour: Bool) { self.colour = colour }

    public func render(_ entries: [Session.Entry], description: String) -> String {
        guard !entries.isEmpty else { return dim("  (empty stack)") + "\n" }
        var out = ""
        let shown = entries.suffix(maximumLevels)
        if entries.count > shown.count { out += dim("  … \(entries.count - shown.count) more") + "\n" }
        let width = String(entries.count).count
        for (offset, entry) in shown.enumerated() {
            let level = entries.count - (entries.count - shown.count) - offset
            let label = String(repeating: " ", count: width - String(level).count) + "\(level):"
            out += "  " + dim(label) + " " + (entry.value.map(NumberFormatting.ascii) ?? dim("?")) + "\n"
        }
        var text = description
        if text.count > descriptionLimit { text = String(text.prefix(descriptionLimit)) + "…" }
        let top = entries.last?.value.map(NumberFormatting.ascii) ?? "?"
        out += "  " + paint(text, "\u{1B}[36m") + " = " + paint(top, "\u{1B}[1m") + "\n"
        return out
    }

    func dim(_ text: String) -> String { paint(text, "\u{1B}[2m") }

    func paint(_ text: String, _ code: String) -> String { colour ? code + text + "\u{1B}[0m" : text }
}
