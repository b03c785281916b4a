import RPNCore

/// Plots as standalone SVG documents.
public enum SVGPlotRenderer {
    /// How many samples to take for a plot `width` pixels wide: about two per pixel column.
    public static func sampleCount(width: Int) -> Int { Swift.max(2, 2 * width) }

    /// A standalone SVG document (xmlns, viewBox, width/height) with axes, tick marks and labels,
    /// the title (and the plot's note, if any, as a caption under it and the document's `<desc>`),
    /// and the curve as one `<path>` whose subpaths break at gaps and discontinuities.
    /// The picture's size in pixels unless asked otherwise (`rpn plot --svg`, `:plot … svg`).
    public static let defaultSize: (width: Int, height: Int) = (640, 400)

    public static func render(_ plot: Plot, width: Int = defaultSize.width, height: Int = defaultSize.height) -> String {
        let width = Swift.max(width, 120), height = Swift.max(height, 100)
        let geometry = PlotGeometry(plot)
        let yTicks = geometry.yTicks(target: Swift.max(2, height / 60))
        let labelWidth = Double(yTicks.map(\.label.count).max() ?? 1) * 7
        // The plot area in pixels.
        let left = 12 + labelWidth + 6, right = Double(width) - 16
        // Below the plot area: the x tick labels, then the variable's name.
        let top = plot.note == nil ? 36.0 : 52.0, bottom = Double(height) - 46
        let xTicks = geometry.xTicks(target: Int(right - left) / 80, width: right - left, gap: 12) { Double($0.count) * 7 }
        func px(_ u: Double) -> Double { left + u * (right - left) }
        func py(_ v: Double) -> Double { bottom - v * (bottom - top) }

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <title>\(escaped(plot.title))</title>
            <rect width="100%" height="100%" fill="white"/>
            <defs><clipPath id="plot-area"><rect x="\(n(left))" y="\(n(top))" width="\(n(right - left))" \
            height="\(n(bottom - top))"/></clipPath></defs>
            <text x="\(n(Double(width) / 2))" y="22" text-anchor="middle" font-size="15" \
            font-weight="bold">\(escaped(plot.title))</text>

            """
        if let note = plot.note {
            svg += "<desc>\(escaped(note))</desc>\n<text x=\"\(n(Double(width) / 2))\" y=\"40\" text-anchor=\"middle\" "
                + "font-size=\"11\" fill=\"#666\">\(escaped(note))</text>\n"
        }
        // Axes, at 0 when visible, else along the left and bottom edges.
        let axisX = px(geometry.verticalAxis), axisY = py(geometry.horizontalAxis)
        svg += "<g stroke=\"#888\" stroke-width=\"1\" fill=\"none\">\n"
        svg += "<path d=\"M\(n(left)) \(n(axisY))H\(n(right))M\(n(axisX)) \(n(top))V\(n(bottom))\"/>\n"
        var marks = ""
        for tick in xTicks { marks += "M\(n(px(tick.position))) \(n(axisY))v4" }
        for tick in yTicks { marks += "M\(n(axisX)) \(n(py(tick.position)))h-4" }
        if !marks.isEmpty { svg += "<path d=\"\(marks)\"/>\n" }
        svg += "</g>\n<g fill=\"#333\">\n"
        for tick in xTicks {
            // Centered under the tick, but never past the document's edges (-1e+308 at the left end).
            let half = Double(tick.label.count) * 7 / 2
            let x = Swift.min(Swift.max(px(tick.position), half + 2), Double(width) - half - 2)
            svg += "<text x=\"\(n(x))\" y=\"\(n(bottom + 18))\" text-anchor=\"middle\">" + escaped(tick.label) + "</text>\n"
        }
        for tick in yTicks {
            svg += "<text x=\"\(n(left - 8))\" y=\"\(n(py(tick.position) + 4))\" text-anchor=\"end\">"
                + escaped(tick.label) + "</text>\n"
        }
        // The variable names the x axis below its tick labels, outside the plot area, where the
        // curve (clipped to that area) can never run through it.
        svg += "<text x=\"\(n((left + right) / 2))\" y=\"\(n(Double(height) - 10))\" text-anchor=\"middle\" "
            + "font-style=\"italic\">\(escaped(plot.variable))</text>\n"
        if !geometry.hasValues {
            svg += "<text x=\"\(n((left + right) / 2))\" y=\"\(n((top + bottom) / 2))\" text-anchor=\"middle\">"
                + "no values</text>\n"
        }
        svg += "</g>\n"
        // The curve: one path, a subpath per polyline; a lone point is a dot of zero length.
        var d = ""
        for line in geometry.polylines(plot.points) {
            d += "M\(n(px(line[0].u))) \(n(py(line[0].v)))"
            if line.count == 1 { d += "h0" }
            for point in line.dropFirst() { d += "L\(n(px(point.u))) \(n(py(point.v)))" }
        }
        if !d.isEmpty {
            svg += "<path d=\"\(d)\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" "
                + "stroke-linejoin=\"round\" stroke-linecap=\"round\" clip-path=\"url(#plot-area)\"/>\n"
        }
        // Issue 19: roots (hollow) and extrema (filled) as dots, each with its coordinates as a label.
        if !plot.marks.isEmpty {
            svg += "<g clip-path=\"url(#plot-area)\" stroke=\"#d62728\" stroke-width=\"1.5\">\n"
            let slack = geometry.ySpan.isFinite ? geometry.ySpan / 20 : 0
            for mark in plot.marks where geometry.xRange.contains(mark.x)
                && mark.y >= geometry.yRange.lowerBound - slack && mark.y <= geometry.yRange.upperBound + slack {
                let fill = mark.kind == .root ? "white" : "#d62728"
                svg += "<circle cx=\"\(n(px(geometry.u(mark.x))))\" cy=\"\(n(py(geometry.v(mark.y))))\" r=\"3.5\" fill=\"\(fill)\" "
                    + "aria-label=\"\(mark.kind.rawValue) (\(NumberFormatting.ascii(mark.x)), \(NumberFormatting.ascii(mark.y)))\"/>\n"
            }
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// A coordinate with at most two decimals.
    static func n(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return NumberFormatting.ascii(r == 0 ? 0 : r)
    }

    /// Text for XML content and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Control characters other than tab and newline are not allowed in XML 1.0.
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
