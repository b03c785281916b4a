/// "Did you mean" suggestions: the closest candidate by edit distance, if close enough.
public enum Suggestions {
    /// The candidate nearest to `word` (case-insensitive), within a distance that grows with
    /// the word's length: 1 for words up to 4 characters, 2 beyond. A candidate that differs
    /// only in case is suggested however short the word: `E` and `PI` are variables (constants
    /// are case-sensitive) that were probably meant as `e` and `pi`.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates, ownNames: EmptyCollection())
    }

    /// The same among built-in words and the program's own names (its words, its variables with
    /// a value): `principle` ⇒ `principal`. An own name is no typo of another in its numbered
    /// family (`x11` and `x12`, `p1` and `p2` are meant apart), nor, shorter than 3 characters,
    /// of one in another case (`T` and `t` are two quantities). At equal distance a name the
    /// typed one begins wins (`sqr` was more likely cut short of `sqrt` than typed past `sq`),
    /// else the program's own.
    public static func closest(to word: String, among builtins: some Sequence<String>,
                               ownNames: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        if let variant = builtins.first(where: { $0 != word && $0.lowercased() == lowered }) { return variant }
        let target = Array(lowered.unicodeScalars)
        guard target.count >= 3 else { return nil }  // "M" is not a typo of "e"
        let limit = target.count <= 4 ? 1 : 2
        let letters = target.filter { !isDigit($0) }
        var best: (word: String, distance: Int, extends: Bool)?
        /// Whether the search is over: a case variant of the word.
        func consider(_ candidate: String, own: Bool) -> Bool {
            // Lengths first, on UTF-8 bytes (1 to 4 a scalar), which cost nothing to count: most
            // of a long program's names are too long or too short to be near.
            let bytes = candidate.utf8.count
            guard bytes + limit >= target.count, bytes <= 4 * (target.count + limit), candidate != word else { return false }
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit else { return false }
            if other == target {
                if own { best = (candidate, 0, false) }
                return own
            }
            if own, other.filter({ !isDigit($0) }) == letters { return false }  // the same but for digits
            let distance = editDistance(target, other)
            let extends = other.starts(with: target)
            if distance <= limit, distance < (best?.distance ?? Int.max)
                || distance == best?.distance && extends && best?.extends == false {
                best = (candidate, distance, extends)
            }
            return false
        }
        for candidate in ownNames where consider(candidate, own: true) { return candidate }
        for candidate in builtins { _ = consider(candidate, own: false) }
        return best?.word
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }

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
