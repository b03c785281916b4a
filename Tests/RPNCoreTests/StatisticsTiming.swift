@testable import RPNCore
import Glibc
import Testing

/// The speed figures issue 19 asks for, printed, not asserted (a timed unit test fails on a
/// busy machine): run in a release build with RPN_STATISTICS_TIMING set,
/// `RPN_STATISTICS_TIMING=1 swift test -c release -Xswiftc -enable-testing --filter StatisticsTiming`.
@Suite struct StatisticsTiming {
    /// A fixed sequence of doubles in about [−1000, 1000) and of integers in [−1000, 1000).
    static func data(count: Int) -> (doubles: [Number], integers: [Number]) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var doubles = [Number](), integers = [Number]()
        doubles.reserveCapacity(count)
        integers.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 11
            doubles.append(Number(Double(bits) / Double(1 << 53) * 2000 - 1000))
            integers.append(Number(Int(bits % 2000) - 1000))
        }
        return (doubles, integers)
    }

    static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    @Test(.enabled(if: getenv("RPN_STATISTICS_TIMING") != nil, "set RPN_STATISTICS_TIMING to print the figures"))
    func millionValues() {
        let (doubles, integers) = Self.data(count: 1_000_000)
        for (name, values) in [("doubles", doubles), ("integers", integers)] {
            for s in [Statistics.Summary.standardDeviation, .mean, .sum, .median, .mode, .product] {
                var result = NumberOutcome.inexact
                let t = Self.seconds { result = Statistics.summary(s, of: values, digits: nil) }
                let shown = if case .value(let v) = result { NumberText.text(v).prefix(60) } else { "\(result)".prefix(60) }
                print("statistics timing: \(s.name) of 10^6 \(name): \(t) s (\(shown))")
            }
            var r = NumberOutcome.inexact
            let t = Self.seconds { r = Statistics.correlation(values, doubles, digits: nil) }
            print("statistics timing: corr of 10^6 \(name) with 10^6 doubles: \(t) s (\(r))")
        }
        let t = Self.seconds { _ = Statistics.summary(.standardDeviation, of: doubles, digits: 50) }
        print("statistics timing: sdev of 10^6 doubles at 50 digits: \(t) s")
    }
}
