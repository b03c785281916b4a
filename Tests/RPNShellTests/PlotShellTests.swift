import RPNCore
import Testing
@testable import RPNShell

/// `:plot` in the shell: bounds in either order, any variable, favorites, and a clear message
/// whenever there is nothing sensible to draw.
@Suite struct PlotShellTests {
    /// Types the lines into a new shell; returns what the last one printed.
    static func type(_ lines: [String], favorites: [Favorite] = [], terminal: (columns: Int, rows: Int) = (60, 20)) -> String {
        let shell = Shell.inMemory(favorites: InMemoryFavoritesStore(favorites), terminal: terminal)
        return lines.map(shell.type).last ?? ""
    }

    /// A picture: its title and its x labels.
    static func picture(_ text: String) -> (title: String, xLabels: [Double])? {
        var lines = PlotFixture.lines(text)
        // Issue 19: the line of roots and extrema under the picture, when there is one.
        if let last = lines.last, ["root", "minim", "maxim"].contains(where: { last.hasPrefix($0) }) { lines.removeLast() }
        guard lines.count >= 8, lines.dropFirst().contains(where: { $0.contains { PlotFixture.isBraille($0) } }) else { return nil }
        return (lines[0].trimmingCharacters(in: .whitespaces), lines.last!.split(separator: " ").compactMap { Double($0) })
    }

    @Test(arguments: [
        (["M M ×", ":plot 5 -5"], "M×M", -5.0, 5.0),
        (["M M ×", ":plot -5 5"], "M×M", -5, 5),
        (["x x ×", ":plot x"], "x×x", -10, 10),
        (["x x ×", ":plot x 3 -3"], "x×x", -3, 3),
        (["rate 2 ×", ":plot rate 0 1"], "rate×2", 0, 1),
        (["M x +", "2 →x", ":plot"], "M+x", -10, 10),
        (["3 4 +", ":plot"], "3+4", -10, 10),
        (["M", ":plot 0 pi"], "M", 0, 3),
        ([":plot fav 1"], "1÷M", -10, 10),
        ([":plot fav 2 x -2 2"], "x−1", -2, 2),
        ([":plot fav 2 x 2 -2"], "x−1", -2, 2),
    ] as [([String], String, Double, Double)])
    func plots(lines: [String], title: String, first: Double, last: Double) throws {
        let favorites = [Favorite(program: "1 M ÷", description: "1÷M"), Favorite(program: "x 1 -", description: "x−1")]
        let text = Self.type(lines, favorites: favorites)
        let picture = try #require(Self.picture(text), "\(text)")
        #expect(picture.title == title)
        // The x labels run left to right from about `first` to about `last`.
        #expect(picture.xLabels == picture.xLabels.sorted() && picture.xLabels.count >= 3, "\(text)")
        #expect(picture.xLabels.first! >= first && picture.xLabels.first! < first + (last - first) / 4, "\(text)")
        #expect(picture.xLabels.last! <= last && picture.xLabels.last! > last - (last - first) / 4, "\(text)")
    }

    @Test(arguments: [
        (["x x ×", ":plot"], "error: x×x does not depend on M; it reads x: try :plot x [XMIN XMAX] "
            + "(rpn plot --var x from the command line)\n"),
        (["x y ×", ":plot -1 1"], "error: x×y does not depend on M; it reads x and y: try :plot x [XMIN XMAX] "
            + "(rpn plot --var x from the command line)\n"),
        (["a b c + +", ":plot"], "error: a+b+c does not depend on M; it reads a, b and c: try :plot a [XMIN XMAX] "
            + "(rpn plot --var a from the command line)\n"),
        (["M M ×", ":plot x"], "error: M×M does not depend on x; it reads M: try :plot M [XMIN XMAX] "
            + "(rpn plot --var M from the command line)\n"),
        (["M y +", ":plot"], "error: nothing to plot: M+y has no value on [-10, 10]; unset: 'y' (:set y VALUE gives it a value)\n"),
        (["M √", ":plot -5 -1"], "error: nothing to plot: √(M) has no value on [-5, -1]\n"),
        ([":plot"], "error: nothing to plot: the stack is empty\n"),
        (["M", ":plot 5 5"], "error: :plot needs two different bounds (both are 5)\n"),
        (["M", ":plot 1 1.0000000000000002"], "error: the range from 1 to 1.0000000000000002 is too narrow to plot: "
            + "it holds only 2 double-precision numbers, and a plot needs at least 1000\n"),
        (["M", ":plot 1 1e999"], "error: :plot needs finite bounds (1e999 is not)\n"),
        (["M", ":plot 1 3/"], "error: 3/: / needs 2 operands, found 1\n"),
        (["M", ":plot 1"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        (["M", ":plot x 1"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        (["M", ":plot 1 2 3"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        (["M", ":plot fav"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        (["M", ":plot 1 q"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        (["M", ":plot sin"], "error: usage: :plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]\n"),
        ([":plot fav 3"], "error: no favorite 3 (there are 2)\n"),
        ([":plot fav 2"], "error: x−1 does not depend on M; it reads x: try :plot fav 2 x [XMIN XMAX] "
            + "(rpn plot --var x from the command line)\n"),
    ] as [([String], String)])
    func saysWhyNot(lines: [String], message: String) {
        let favorites = [Favorite(program: "1 M ÷", description: "1÷M"), Favorite(program: "x 1 -", description: "x−1")]
        #expect(Self.type(lines, favorites: favorites) == message)
    }

    @Test(arguments: [(19, 40), (15, 20), (80, 10), (0, 0)])
    func terminalsTooSmallGetAMessage(columns: Int, rows: Int) {
        #expect(Self.type(["M M ×", ":plot"], terminal: (columns, rows))
            == "error: the terminal is \(columns) columns wide and \(rows) rows high; a plot needs at least 20 columns and 11 rows (:plot … svg FILE writes it to a file)\n")
    }

    @Test(arguments: [(20, 11), (21, 12), (300, 11)])
    func terminalsJustBigEnoughGetAPlotThatFits(columns: Int, rows: Int) {
        let text = Self.type(["M M ×", ":plot"], terminal: (columns, rows))
        let lines = PlotFixture.lines(text)
        #expect(lines.count == rows - 3)
        #expect(lines.allSatisfy { $0.count <= columns })
    }

    @Test func helpShowsTheVariableForm() {
        // The usage wraps at the terminal's 60 columns.
        let help = Self.type([":help commands"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains(":plot [VAR] [XMIN XMAX] [svg FILE] | :plot fav N [VAR] [XMIN XMAX] [svg FILE]"))
        #expect(help.contains("rpn plot --var"))
    }
}
