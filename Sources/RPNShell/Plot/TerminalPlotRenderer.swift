/// Plots for terminals: the curve in Unicode braille (2x4 dots per character cell) or quadrant
/// blocks (2x2), axes in box-drawing characters, tick labels on the left and at the bottom.
public enum TerminalPlotRenderer {
    /// The smallest picture worth drawing: below it labels crowd out the curve.
    public static let minimumWidth = 20, minimumHeight = 8

    /// A terminal too small for a plot, and what it would need.
    public struct TerminalTooSmall: Error, Equatable {
        public var columns: Int, rows: Int, neededColumns: Int, neededRows: Int
        public var message: String {
            "the terminal is \(columns) columns wide and \(rows) rows high; "
                + "a plot needs at least \(neededColumns) columns and \(neededRows) rows"
        }
    }

    /// The picture's size for a terminal of `columns` x `rows` that keeps `reservedRows` for
    /// other text (the prompt, the command line): all of it, or why it is too small. A picture
    /// wider than the terminal would wrap into garbage, so there is no drawing it anyway.
    public static func size(forTerminal columns: Int, _ rows: Int, reservedRows: Int)
        -> Result<(width: Int, height: Int), TerminalTooSmall> {
        guard columns >= minimumWidth, rows - reservedRows >= minimumHeight else {
            return .failure(TerminalTooSmall(columns: columns, rows: rows, neededColumns: minimumWidth,
                                             neededRows: minimumHeight + reservedRows))
        }
        return .success((columns, rows - reservedRows))
    }

    /// How many samples to take for a plot `width` cells wide: two per dot column, so that
    /// steep stretches are drawn from real values rather than long interpolated lines.
    public static func sampleCount(width: Int) -> Int { Swift.max(2, 2 * 2 * width) }

    /// The plot in Unicode braille (2x4 dots per cell; block characters when `braille` is false),
    /// `width` x `height` character cells in total including axes, tick labels and a title line.
    /// Axes at x=0 / y=0 when inside the range (else along the edges), a few tick labels on both
    /// axes, the title centered on the first line. Segments between consecutive samples are lines,
    /// except across a sample without a value and across a discontinuity (see
    /// `PlotGeometry.breaks`). Every line ends with a newline; trailing blanks are trimmed.
    public static func render(_ plot: Plot, width: Int, height: Int, braille: Bool = true,
                              colour: Bool = false) -> String {
        guard width > 0, height > 0 else { return "" }
        var lines: [String] = [paint(centered(plot.title, width: width), Style.title, colour)]
        let plotRows = height - 2
        guard plotRows >= 2, width >= 8 else {
            lines += Array(repeating: "", count: height - 1)
            return lines.map { $0 + "\n" }.joined()
        }
        var canvas = Canvas(plot: plot, width: width, rows: plotRows, braille: braille)
        canvas.draw()
        lines += canvas.rows(colour: colour)
        lines.append(canvas.xLabelLine())
        return lines.map { $0 + "\n" }.joined()
    }

    enum Style {
        static let title = "\u{1B}[1m"
        static let curve = "\u{1B}[36m"
        static let axis = "\u{1B}[2m"
        static let reset = "\u{1B}[0m"
    }

    static func paint(_ text: String, _ style: String, _ colour: Bool) -> String {
        colour && !text.isEmpty ? style + text + Style.reset : text
    }

    /// `text` centered in `width` columns (cut with an ellipsis when longer), without trailing blanks.
    static func centered(_ text: String, width: Int) -> String {
        let count = text.count
        guard count <= width else { return String(text.prefix(Swift.max(0, width - 1))) + "…" }
        return String(repeating: " ", count: (width - count) / 2) + text
    }
}

/// The character cells of the plot area and their margins, drawn in dots.
struct Canvas {
    let geometry: PlotGeometry
    let plot: Plot
    let braille: Bool
    let rows: Int
    let columns: Int
    /// Dots per cell across and down.
    let cellWidth = 2
    let cellHeight: Int
    /// The y tick labels' column width plus one blank (0 when they do not fit).
    let margin: Int
    let width: Int
    let yTicks: [PlotTick]
    let xTicks: [PlotTick]
    /// Dot bits per cell, row-major.
    var dots: [UInt8]
    /// Axis arms per cell (see `Arm`), row-major.
    var arms: [UInt8]

    enum Arm {
        static let up: UInt8 = 1, down: UInt8 = 2, left: UInt8 = 4, right: UInt8 = 8
    }

    init(plot: Plot, width: Int, rows: Int, braille: Bool) {
        self.plot = plot
        self.braille = braille
        self.rows = rows
        self.width = width
        geometry = PlotGeometry(plot)
        cellHeight = braille ? 4 : 2
        var yTicks = geometry.yTicks(target: Swift.max(2, rows / 3))
        var labelWidth = yTicks.map(\.label.count).max() ?? 0
        if labelWidth + 1 > width / 3 { labelWidth = 0; yTicks = yTicks.map { PlotTick(value: $0.value, position: $0.position, label: "") } }
        margin = labelWidth == 0 ? 0 : labelWidth + 1
        columns = width - margin
        self.yTicks = yTicks
        // Labels one blank apart at least, with a cell to spare for rounding to cells.
        xTicks = geometry.xTicks(target: columns / 10, width: Double(columns - 1), gap: 2) { Double($0.count) }
        dots = Array(repeating: 0, count: rows * columns)
        arms = Array(repeating: 0, count: rows * columns)
    }

    var dotColumns: Int { columns * cellWidth }
    var dotRows: Int { rows * cellHeight }

    /// The dot nearest a point in unit coordinates (the square's edges on the outermost dots).
    func dot(_ p: UnitPoint) -> (column: Int, row: Int) {
        (Int((p.u * Double(dotColumns - 1)).rounded()), Int(((1 - p.v) * Double(dotRows - 1)).rounded()))
    }

    func cellColumn(_ u: Double) -> Int { Swift.min(columns - 1, Swift.max(0, dot(UnitPoint(u: u, v: 0)).column / cellWidth)) }
    func cellRow(_ v: Double) -> Int { Swift.min(rows - 1, Swift.max(0, dot(UnitPoint(u: 0, v: v)).row / cellHeight)) }

    mutating func draw() {
        drawAxes()
        for line in geometry.polylines(plot.points) {
            var previous = dot(line[0])
            set(previous)
            for point in line.dropFirst() {
                let next = dot(point)
                segment(previous, next)
                previous = next
            }
        }
    }

    private mutating func drawAxes() {
        let axisColumn = cellColumn(geometry.verticalAxis)
        let axisRow = cellRow(geometry.horizontalAxis)
        for row in 0..<rows {
            arms[row * columns + axisColumn] |= (row > 0 ? Arm.up : 0) | (row < rows - 1 ? Arm.down : 0)
        }
        for column in 0..<columns {
            arms[axisRow * columns + column] |= (column > 0 ? Arm.left : 0) | (column < columns - 1 ? Arm.right : 0)
        }
        for tick in yTicks { arms[cellRow(tick.position) * columns + axisColumn] |= Arm.left }
        for tick in xTicks { arms[axisRow * columns + cellColumn(tick.position)] |= Arm.down }
    }

    private mutating func set(_ dot: (column: Int, row: Int)) {
        guard (0..<dotColumns).contains(dot.column), (0..<dotRows).contains(dot.row) else { return }
        let cell = (dot.row / cellHeight) * columns + dot.column / cellWidth
        let x = dot.column % cellWidth, y = dot.row % cellHeight
        if braille {
            // Braille dots 1-2-3-7 down the left column, 4-5-6-8 down the right.
            let bits: [UInt8] = x == 0 ? [0x01, 0x02, 0x04, 0x40] : [0x08, 0x10, 0x20, 0x80]
            dots[cell] |= bits[y]
        } else {
            dots[cell] |= 1 << UInt8(y * 2 + x)
        }
    }

    private mutating func segment(_ a: (column: Int, row: Int), _ b: (column: Int, row: Int)) {
        let dc = b.column - a.column, dr = b.row - a.row
        let steps = Swift.max(dc.magnitude, dr.magnitude)
        guard steps > 0 else { set(a); return }
        // Ties round toward the lower end of the segment (the larger row), a rule a mirror image
        // keeps, so that symmetric curves come out symmetric.
        let lower = b.row >= a.row ? b : a
        func round(_ x: Double, _ start: Int, toward end: Int) -> Int {
            let r = x.rounded(.down)
            guard x - r == 0.5 else { return start + Int(x.rounded()) }
            return start + Int(end > start + Int(r) ? r + 1 : r)
        }
        for s in 0...Int(steps) {
            let t = Double(s) / Double(steps)
            set((round(Double(dc) * t, a.column, toward: lower.column), round(Double(dr) * t, a.row, toward: lower.row)))
        }
    }

    static let quadrants: [Character] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    func glyph(dots bits: UInt8) -> Character {
        braille ? Character(Unicode.Scalar(0x2800 + UInt32(bits))!) : Self.quadrants[Int(bits)]
    }

    static func glyph(arms: UInt8) -> Character {
        let vertical = arms & (Arm.up | Arm.down) != 0, horizontal = arms & (Arm.left | Arm.right) != 0
        switch arms {
        case Arm.up | Arm.down | Arm.left | Arm.right: return "┼"
        case Arm.up | Arm.down | Arm.left: return "┤"
        case Arm.up | Arm.down | Arm.right: return "├"
        case Arm.left | Arm.right | Arm.down: return "┬"
        case Arm.left | Arm.right | Arm.up: return "┴"
        case Arm.up | Arm.right: return "└"
        case Arm.down | Arm.right: return "┌"
        case Arm.up | Arm.left: return "┘"
        case Arm.down | Arm.left: return "┐"
        default: return vertical && !horizontal ? "│" : horizontal ? "─" : " "
        }
    }

    /// The plot rows with their y labels, trailing blanks trimmed.
    func rows(colour: Bool) -> [String] {
        var labels = Array(repeating: "", count: rows)
        for tick in yTicks { labels[cellRow(tick.position)] = tick.label }
        var notice: (row: Int, start: Int, text: [Character])?
        if !geometry.hasValues {
            let text = Array("no values")
            if text.count <= columns { notice = (rows / 2, (columns - text.count) / 2, text) }
        }
        return (0..<rows).map { row in
            var line = ""
            if margin > 0 {
                let label = labels[row]
                line += String(repeating: " ", count: margin - 1 - label.count) + label + " "
            }
            // Runs of one style, so that colour costs two escapes per run, not per cell.
            var run = "", runStyle = ""
            func flush() {
                line += colour && !runStyle.isEmpty ? TerminalPlotRenderer.paint(run, runStyle, true) : run
                run = ""
            }
            for column in 0..<columns {
                let cell = row * columns + column
                var character: Character = " ", style = ""
                if let notice, notice.row == row, (notice.start..<(notice.start + notice.text.count)).contains(column) {
                    character = notice.text[column - notice.start]
                } else if dots[cell] != 0 {
                    character = glyph(dots: dots[cell]); style = TerminalPlotRenderer.Style.curve
                } else if arms[cell] != 0 {
                    character = Self.glyph(arms: arms[cell]); style = TerminalPlotRenderer.Style.axis
                }
                if style != runStyle && character != " " { flush(); runStyle = style }
                run.append(character)
            }
            flush()
            return Self.trimmed(line)
        }
    }

    /// The x tick labels, each centered under its tick unless it would touch its neighbour.
    func xLabelLine() -> String {
        var line = Array(repeating: Character(" "), count: width)
        var end = 0
        for tick in xTicks {
            let label = Array(tick.label)
            guard label.count <= width else { continue }
            var start = margin + cellColumn(tick.position) - (label.count - 1) / 2
            start = Swift.min(Swift.max(start, 0), width - label.count)
            guard start > end || (end == 0 && start == 0) else { continue }
            line.replaceSubrange(start..<(start + label.count), with: label)
            end = start + label.count
        }
        return Self.trimmed(String(line))
    }

    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
