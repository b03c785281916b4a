import RPNCore

/// How the shell shows the stack after each line, HP style: level numbers with the top at
/// level 1 on the last line, then the description of the stack and the top value, like the
/// calculator's display (`√(3+5) = 2.8284271247461903`).
public struct StackDisplay {
    public var colour: Bool
    public var format = NumberFormat()
    /// The terminal's width: a value longer than its line is shown abbreviated.
    public var columns = 80
    /// Levels shown at most; deeper stacks show the top ones and a count.
    public static let levels = 12

    public init(colour: Bool) { self.colour = colour }

    public func render(_ display: Session.Display) -> String {
        guard display.depth > 0 else { return dim("  (empty stack)") + "\n" }
        var out = ""
        let hidden = display.depth - display.entries.count
        if hidden > 0 { out += dim("  … \(hidden) more") + "\n" }
        let width = String(display.depth).count
        for (offset, entry) in display.entries.enumerated() {
            let level = display.entries.count - offset
            let label = String(repeating: " ", count: width - String(level).count) + "\(level):"
            let room = Swift.max(24, columns - label.count - 4)
            out += "  " + dim(label) + " " + (entry.value.map { format.string($0, limit: room) } ?? dim("?")) + "\n"
        }
        // As wide as the level lines: what level 1 shows in full, the summary line shows too.
        let top = display.entries.last?.value.map { format.string($0, limit: Swift.max(24, columns - 8)) } ?? "?"
        out += "  " + paint(display.description, "\u{1B}[36m") + " = " + paint(top, "\u{1B}[1m") + "\n"
        if display.entries.contains(where: { $0.value.map(format.cutsDigits) == true }) {
            out += dim("  (a value carries fewer digits than the display shows: :digits N computes N)") + "\n"
        }
        return out
    }

    func dim(_ text: String) -> String { paint(text, "\u{1B}[2m") }

    func paint(_ text: String, _ code: String) -> String { colour ? code + text + "\u{1B}[0m" : text }
}
