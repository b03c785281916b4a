extension Statistics {
    /// How often a value occurs, and where it first does.
    struct Occurrences {
        var count: Int
        var first: Int
    }

    /// The most frequent value; a tie goes to the value that occurs first in the list (as
    /// Python's `statistics.mode`). Values are one value when they are numerically equal (1
    /// and 1.0, as Python's 1 == 1.0); the result is the first occurrence, in the list's
    /// kind. Complex values count too.
    static func mode(_ values: [Number], digits: Int?) throws(Failure) -> Number {
        let winner: Int
        if let doubles = machineDoubles(values) {
            winner = mostFrequentBySorting(doubles)
        } else if let integers = machineIntegers(values) {
            winner = mostFrequentBySorting(integers)
        } else {
            winner = mostFrequent(values.map(exactValue))
        }
        let kind = resultKind(values, digits: digits)
        let value = exactValue(values[winner])
        guard kind != .exact else { return values[winner] }
        if value.isComplex {
            do { return try ComplexArithmetic.rounded(value.realPart, value.imaginaryPart, kind) } catch {
                throw Failure(code: error.code, message: error.message)
            }
        }
        return try rounded(value, kind, "mode")
    }

    /// The values as doubles when they all are.
    static func machineDoubles(_ values: [Number]) -> [Double]? {
        var doubles = [Double]()
        doubles.reserveCapacity(values.count)
        for x in values {
            guard case .real(let d) = x else { return nil }
            doubles.append(d)
        }
        return doubles
    }

    /// The values as machine integers when they all are.
    static func machineIntegers(_ values: [Number]) -> [Int]? {
        var integers = [Int]()
        integers.reserveCapacity(values.count)
        for x in values {
            guard case .integer(.small(let i)) = x else { return nil }
            integers.append(i)
        }
        return integers
    }

    /// `mostFrequent` of machine values by sorting (key, index) pairs and counting runs: a
    /// million distinct doubles sort faster than they hash into a table. Within a run of
    /// equal keys the first pair has the key's first index.
    static func mostFrequentBySorting<Key: Comparable>(_ keys: [Key]) -> Int {
        var pairs = keys.enumerated().map { ($0.element, $0.offset) }
        pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var best = Occurrences(count: 0, first: 0)
        var start = 0
        while start < pairs.count {
            var end = start + 1
            while end < pairs.count, pairs[end].0 == pairs[start].0 { end += 1 }
            let run = Occurrences(count: end - start, first: pairs[start].1)
            if run.count > best.count || (run.count == best.count && run.first < best.first) { best = run }
            start = end
        }
        return best.first
    }

    /// The index of the first occurrence of the most frequent key (the earliest among ties).
    static func mostFrequent<Key: Hashable>(_ keys: [Key]) -> Int {
        var table = [Key: Occurrences](minimumCapacity: keys.count)  // no rehashing as it grows
        for (i, key) in keys.enumerated() {
            table[key, default: Occurrences(count: 0, first: i)].count += 1
        }
        var best = Occurrences(count: 0, first: 0)
        for entry in table.values where entry.count > best.count || (entry.count == best.count && entry.first < best.first) {
            best = entry
        }
        return best.first
    }
}
