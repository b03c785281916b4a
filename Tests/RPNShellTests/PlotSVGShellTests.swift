import RPNCore
import RPNTestSupport
import Testing
@testable import RPNShell

/// `:plot … svg FILE` in the shell: the picture `rpn plot --svg FILE` draws, written to a file
/// (what a terminal cannot show: a report, a web page), and Tab completing the file's name.
@Suite struct PlotSVGShellTests {
    @Test(arguments: [
        (["M M ×", ":plot 0 2 svg sq.svg"], "sq.svg", "wrote sq.svg: M×M for M from 0 to 2", "M×M"),
        (["x 1 -", ":plot x svg line.svg"], "line.svg", "wrote line.svg: x−1 for x from -10 to 10", "x−1"),
        ([":plot fav 1 svg fav.svg"], "fav.svg", "wrote fav.svg: 1÷M for M from -10 to 10", "1÷M"),
        // A variable may be named svg: with bounds after it, it is the variable.
        (["svg 2 ×", ":plot svg 0 1 svg v.svg"], "v.svg", "wrote v.svg: svg×2 for svg from 0 to 1", "svg×2"),
    ] as [([String], String, String, String)])
    func writesTheSVGFile(lines: [String], file: String, said: String, title: String) throws {
        let files = FakeFiles()
        let shell = Shell.inMemory(favorites: InMemoryFavoritesStore([Favorite(program: "1 M ÷", description: "1÷M")]),
                                   files: files)
        let shown = lines.map(shell.type).last ?? ""
        #expect(shown == said + "\n")
        let svg = try #require(files.text(file))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains(title))
        #expect(svg.contains("<path") || svg.contains("<polyline"))
    }

    /// The picture goes to the file, not to a terminal: it is written however small the
    /// terminal, and nothing of it is printed.
    @Test func aSmallTerminalDoesNotStopIt() throws {
        let files = FakeFiles()
        let shell = Shell.inMemory(files: files, terminal: (20, 5))
        _ = shell.type("M")
        #expect(shell.type(":plot svg m.svg") == "wrote m.svg: M for M from -10 to 10\n")
        #expect(files.text("m.svg") != nil)
    }

    @Test(arguments: [
        (":plot svg", "error: usage: "),
        (":plot 0 1 svg", "error: usage: "),
    ])
    func aMissingFileIsAUsageError(_ line: String, _ start: String) {
        let shell = Shell.inMemory()
        _ = shell.type("M")
        #expect(shell.type(line).hasPrefix(start))
    }

    @Test(arguments: [
        (":plot svg no", ["nope/", "notes.svg"]),
        (":plot x 0 1 svg no", ["nope/", "notes.svg"]),
        (":plot fav 2 svg ~/no", ["~/nope/", "~/notes.svg"]),
    ])
    func tabCompletesTheFileName(_ before: String, _ expected: [String]) {
        let listing = [".": ["nope/", "notes.svg", "other.rpn"], "/home/u/": ["nope/", "notes.svg"]]
        let shell = Shell.inMemory(directoryNames: { listing[$0] ?? [] },
                                   filePath: { $0.hasPrefix("~/") ? "/home/u/" + $0.dropFirst(2) : $0 })
        #expect(shell.completions(before: before).candidates == expected)
    }
}
