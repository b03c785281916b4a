@testable import RPNShell
import Testing

@Suite struct PlotSamplerTests {
    @Test(arguments: [
        (from: -10.0, to: 10.0, count: 5, xs: [-10.0, -5, 0, 5, 10]),
        (from: 0, to: 1, count: 2, xs: [0, 1]),
        (from: 0.1, to: 0.7, count: 7, xs: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]),
        (from: 3, to: 4, count: 1, xs: [3]),
        (from: 3, to: 4, count: 0, xs: []),
        (from: 3, to: 4, count: -2, xs: []),
    ])
    func endpointsAndCount(from: Double, to: Double, count: Int, xs: [Double]) {
        let points = PlotSampler.sample(from: from, to: to, count: count) { $0 * 2 }
        #expect(points.count == xs.count)
        for (point, x) in zip(points, xs) {
            #expect((point.x - x).magnitude < 1e-12)
            #expect(point.y == point.x * 2)
        }
        if count > 1 {
            #expect(points.first?.x == from)
            #expect(points.last?.x == to)  // exactly, not from + (count-1)·step
        }
    }

    @Test func nonFiniteAndMissingValuesBecomeNil() {
        let points = PlotSampler.sample(from: -2, to: 2, count: 5) { x -> Double? in
            switch x {
            case -2: .nan
            case -1: nil
            case 0: .infinity
            case 1: -.infinity
            default: x
            }
        }
        #expect(points.map(\.y) == [nil, nil, nil, nil, 2])
        #expect(points.map(\.x) == [-2, -1, 0, 1, 2])
    }

    @Test func aThousandSamplesStayEvenlySpaced() {
        let points = PlotSampler.sample(from: -1, to: 1, count: 1001) { $0 }
        for (a, b) in zip(points, points.dropFirst()) { #expect((b.x - a.x - 0.002).magnitude < 1e-12) }
    }
}

@Suite struct PlotRangeTests {
    static func plot(_ ys: [Double?]) -> Plot {
        Plot(title: "t", variable: "M", points: ys.enumerated().map { PlotPoint(x: Double($0.offset), y: $0.element) })
    }

    @Test(arguments: [
        ("M", -10.0, 10.0, -10.0...10.0),
        ("M M ×", -3, 3, 0...9),
        ("M exp", 0, 5, 0...148.4131591025766),  // 1 is within a 50th of the span from 0: the range reaches 0
        ("M exp", 2, 5, 7.38905609893065...148.4131591025766),
        ("M sin", -10, 10, -1...1),
    ])
    func tameDataShowsEverything(program: String, from: Double, to: Double, expected: ClosedRange<Double>) throws {
        let plot = PlotFixture.plot(program, from: from, to: to, count: 201)
        let range = try #require(plot.yRange)
        #expect((range.lowerBound - expected.lowerBound).magnitude < 1e-3)
        #expect((range.upperBound - expected.upperBound).magnitude < 1e-3)
        let ys = plot.points.compactMap(\.y)
        #expect(ys.allSatisfy(range.contains))
    }

    @Test(arguments: [("1 M ÷", -5.0, 5.0, 240), ("1 M ÷", -5, 5, 1000), ("M tan", -5, 5, 480), ("1 M M × ÷", -1, 1, 300)])
    func explodingDataGetsARobustRange(program: String, from: Double, to: Double, count: Int) throws {
        let plot = PlotFixture.plot(program, from: from, to: to, count: count)
        let range = try #require(plot.yRange)
        let ys = plot.points.compactMap(\.y)
        // Far narrower than the data, yet wide enough for the shape: most samples are visible.
        #expect(range.upperBound - range.lowerBound < (ys.max()! - ys.min()!) / 10)
        #expect(Double(ys.filter(range.contains).count) >= 0.85 * Double(ys.count))
    }

    @Test func oneOverMIsCenteredAndShowsTheBranches() throws {
        let range = try #require(PlotFixture.plot("1 M ÷", from: -5, to: 5, count: 240).yRange)
        #expect(range.lowerBound < -1 && range.lowerBound > -10)
        #expect(range.upperBound > 1 && range.upperBound < 10)
    }

    @Test func flatMissingAndSingleValues() {
        #expect(Self.plot([nil, nil]).yRange == nil)
        #expect(Self.plot([]).yRange == nil)
        #expect(Self.plot([3, 3, 3]).yRange == 2...4)
        #expect(Self.plot([nil, 50, nil]).yRange == 45...55)
        #expect(Self.plot([1, 2, nil, 4]).yRange == 1...4)
    }

    /// A tick is units·10^exponent; its label is that decimal, written out by hand here.
    @Test(arguments: [
        (5, -1, "0.5"), (-10, 0, "-10"), (-1, 1, "-10"), (0, 7, "0"), (1, 6, "1e+6"), (-2, 6, "-2e+6"),
        (3, -1, "0.3"), (25, -6, "2.5e-5"), (125, -2, "1.25"), (12345, 0, "12345"), (15, 4, "1.5e+5"),
        (1, -7, "1e-7"), (100, 0, "100"), (10, 1, "100"), (1, -4, "0.0001"), (-25, -5, "-0.00025"),
        (99999, 0, "99999"), (100000, 0, "1e+5"), (1, -5, "1e-5"), (15, 307, "1.5e+308"), (5, -324, "5e-324"),
        (10000000000000002, -16, "1.0000000000000002"),
    ])
    func tickLabelsAreExactDecimals(units: Int, exponent: Int, label: String) {
        #expect(PlotGeometry.label(units: units, exponent: exponent) == label)
    }

    @Test(arguments: [
        (-10.0...10.0, 4, ["-10", "-5", "0", "5", "10"]),
        (-1.0...1.0, 4, ["-1", "-0.5", "0", "0.5", "1"]),
        (0.0...9.0, 4, ["0", "2", "4", "6", "8"]),
        (0.1...0.35, 3, ["0.1", "0.2", "0.3"]),
        (0.0...3e6, 3, ["0", "1e+6", "2e+6", "3e+6"]),
        (0.7...1.3, 3, ["0.8", "1", "1.2"]),
        (-1e308...1e308, 4, ["-1e+308", "-5e+307", "0", "5e+307", "1e+308"]),
        (-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, 4, ["-1e+308", "0", "1e+308"]),
        (0...subnormal("1e-320"), 2, ["0", "5e-321"]),  // the double nearest 1e-320 is a little less than it
        (1...1.000000001, 2, ["1", "1.0000000005", "1.000000001"]),
    ])
    func ticksAreRound(range: ClosedRange<Double>, target: Int, labels: [String]) {
        #expect(PlotGeometry.ticks(in: range, target: target).map(\.label) == labels)
    }
}
