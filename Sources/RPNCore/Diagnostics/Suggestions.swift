/// "Did you mean" suggestions: the closest candidate by edit distance, if close enough.
public enum Suggestions {
    /// The candidate nearest to `word` (case-insensitive), within a distance that grows with
    /// the word's length: 1 for words up to 4 characters, 2 beyond. A candidate that differs
    /// only in case is suggested however short the word: `E` and `PI` are variables (constants
    /// are case-sensitive) that were probably meant as `e` and `pi`.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        if let variant = candidates.first(where: { $0 != word && $0.lowercased() == lowered }) { return variant }
        let target = Array(lowered.unicodeScalars)
        guard target.count >= 3 else { return nil }  // "M" is not a typo of "e"
        let limit = target.count <= 4 ? 1 : 2
        // At equal distance a word the typed one begins wins: `sqr` was more likely cut short
        // of `sqrt` than typed past `sq`.
        var best: (word: String, distance: Int, extends: Bool)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit, other != target else { continue }
            let distance = editDistance(target, other)
            let extends = other.starts(with: target)
            if distance <= limit, distance < (best?.distance ?? Int.max)
                || distance == best?.distance && extends && best?.extends == false {
                best = (candidate, distance, extends)
            }
        }
        return best?.word
    }

    /// Damerau–Levenshtein (optimal string alignment), so `sqtr` is one step from `sqrt`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
