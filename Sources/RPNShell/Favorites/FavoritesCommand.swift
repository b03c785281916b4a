import RPNCommandLine
import RPNCore
import RPNJSON

/// `rpn fav list|add PROGRAM|rm N|show N [--json]`: the favorites list from the command line
/// (and from the shell, which runs the same command against the same store).
public struct FavoritesCommand {
    public enum Action: Equatable, Sendable {
        case list
        case add(String)
        case remove(Int)
        case show(Int)
    }

    public var action: Action
    public var json = false
    /// The name diagnostics give the program of `add` (`<program>:1:5: error: ...`).
    public var programName = "<program>"
    /// Columns of the terminal standard output goes to (nil: not a terminal, print in full).
    public var terminalColumns: Int?
    let store: FavoritesStore

    public init(action: Action, store: FavoritesStore) {
        self.action = action
        self.store = store
    }

    public func run(_ io: CommandLineIO) -> Int32 {
        defer { io.standardOutput.flush(); io.standardError.flush() }
        do {
            switch action {
            case .list: try list(io)
            case .add(let program): return try add(program, io)
            case .remove(let number): try remove(number, io)
            case .show(let number): try show(number, io)
            }
            return ExitStatus.success
        } catch {
            fail(error.message, io)
            return ExitStatus.failure
        }
    }

    func list(_ io: CommandLineIO) throws(FavoritesError) {
        let favorites = try store.load()
        if json {
            let entries = favorites.enumerated().map { Self.entry(number: $0.offset + 1, $0.element) }
            io.standardOutput.write(JSONSerializer.serialize(.array(entries)) + [0x0A])
            return
        }
        let width = String(favorites.count).count
        var text = ""
        for (index, favorite) in favorites.enumerated() {
            text += Self.line(number: index + 1, width: width, favorite, columns: terminalColumns)
        }
        io.standardOutput.write(text)
    }

    func add(_ program: String, _ io: CommandLineIO) throws(FavoritesError) -> Int32 {
        var sources = SourceSet()
        let file = sources.add(name: programName, bytes: Array(program.utf8))
        let evaluation = RPN.evaluate([file], options: .favorite)
        io.standardError.write(DiagnosticRenderer(sources: sources, colour: io.stderrColour).render(all: evaluation.diagnostics))
        if evaluation.hasErrors { return ExitStatus.failure }
        if evaluation.values.isEmpty {
            io.failUsage("fav add: the program leaves nothing on the stack", command: "rpn fav")
            return ExitStatus.usage
        }
        let favorite = Favorite(program: program,
                                description: RPN.describe(program, style: DescriptionStyle(byteLimit: Favorite.descriptionBytes)))
        let favorites = try store.add(favorite)
        // Another process may have added at the same time: ours is the last one we wrote.
        let number = favorites.lastIndex(of: favorite).map { $0 + 1 } ?? favorites.count
        if json {
            io.standardOutput.write(JSONSerializer.serialize(Self.entry(number: number, favorite)) + [0x0A])
        } else {
            io.standardOutput.write("added " + Self.line(number: number, width: 0, favorite,
                                                        columns: terminalColumns.map { $0 - 6 }))
        }
        return ExitStatus.success
    }

    func remove(_ number: Int, _ io: CommandLineIO) throws(FavoritesError) {
        // The favorite removed is the one at `number` inside the store's lock; remember the
        // list just before, so the message can say which one it was.
        let before = try store.load()
        let after = try store.remove(number: number)
        let removed = Self.removed(before: before, after: after, number: number)
        if json {
            let entry = removed.map { Self.entry(number: number, $0) } ?? .object(["number": .int(number)])
            io.standardOutput.write(JSONSerializer.serialize(entry) + [0x0A])
        } else if let removed {
            io.standardOutput.write("removed " + Self.line(number: number, width: 0, removed,
                                                          columns: terminalColumns.map { $0 - 8 }))
        } else {
            io.standardOutput.write("removed \(number)\n")
        }
    }

    func show(_ number: Int, _ io: CommandLineIO) throws(FavoritesError) {
        let favorites = try store.load()
        guard let index = favorites.index(ofNumber: number) else { throw .noFavorite(number, count: favorites.count) }
        let favorite = favorites[index]
        if json {
            io.standardOutput.write(JSONSerializer.serialize(Self.entry(number: number, favorite)) + [0x0A])
        } else {
            // On a terminal a program's control characters (say, in a comment) are escaped; its
            // lines stay lines. Piped, the program is printed as it is, to be run again.
            let program = io.standardOutput.isTerminal
                ? favorite.program.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.shown)
                    .joined(separator: "\n")
                : favorite.program
            io.standardOutput.write(program + "\n" + TerminalText.shown(favorite.description) + "\n")
        }
    }

    /// Which favorite `remove(number:)` took out, found by comparing the lists before and
    /// after (another process may have changed the list between the two reads).
    static func removed(before: [Favorite], after: [Favorite], number: Int) -> Favorite? {
        // The usual case: nothing else changed, `after` is `before` without `index`.
        if let index = before.index(ofNumber: number), before.count == after.count + 1,
           Array(before[..<index]) == Array(after[..<index]),
           Array(before[(index + 1)...]) == Array(after[index...]) {
            return before[index]
        }
        return nil
    }

    /// `N  description`, the number right-aligned to `width` digits, cut with `…` to fit
    /// `columns` when given (a favorite of 10^6 tokens has a description of megabytes).
    static func line(number: Int, width: Int, _ favorite: Favorite, columns: Int? = nil) -> String {
        let digits = String(number)
        let head = String(repeating: " ", count: max(0, width - digits.count)) + digits + "  "
        let description = TerminalText.shown(favorite.description)
        return head + (columns.map { DisplayWidth.fitting(description, width: max(10, $0 - head.count - 1)) }
                       ?? description) + "\n"
    }

    static func entry(number: Int, _ favorite: Favorite) -> JSONValue {
        .object(["number": .int(number), "program": .string(favorite.program), "description": .string(favorite.description)])
    }

    func fail(_ message: String, _ io: CommandLineIO) { io.fail(message) }
}
