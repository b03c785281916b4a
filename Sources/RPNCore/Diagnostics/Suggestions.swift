/// "Did you mean" suggestions: the closest candidate by edit distance, if close enough.
public enum Suggestions {
    /// The candidate nearest to `word` (case-insensitive), within a distance that grows with
    /// the word's length: 1 for words up to 4 characters, 2 beyond. A candidate that differs
    /// only in case is suggested however short the word: `E` and `PI` are variables (constants
    /// are case-sensitive) that were probably meant as `e` and `pi`.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates, ownNames: [])
    }

    /// The same among built-in words and the program's own names (see `Search`).
    public static func closest(to word: String, among builtins: some Sequence<String>, ownNames: [String]) -> String? {
        var search = Search(word)
        for name in builtins { search.consider(name, isOwn: false) }
        for name in ownNames { search.consider(name, isOwn: true) }
        return search.suggestion
    }

    /// One did-you-mean, its candidates given one at a time: built-in words and the program's
    /// own names (its words, its variables with a value: `principle` ⇒ `principal`). A built-in
    /// word in another case wins, however short (`E` ⇒ `e`); then an own name in another case,
    /// from 3 characters (`T` and `t` are two quantities); then the nearest, a name the typed
    /// one begins first (`sqr` was more likely cut short of `sqrt` than typed past `sq`), then
    /// the program's own. An own name is no typo of another in its numbered family (`x11` and
    /// `x12`, `p1` and `p2` are meant apart).
    public struct Search {
        let word: String
        /// The word lowered, as scalars.
        let target: [Unicode.Scalar]
        /// Its scalars but digits.
        let letters: [Unicode.Scalar]
        /// The distance allowed; nil for a word too short to be a typo ("M" is not one of "e").
        let limit: Int?
        let mask: UInt64?
        /// (0: a built-in word in another case, 1: an own name in another case, 2: near;
        /// distance; not a prefix; not own): the least is the suggestion.
        private var best: (name: String, rank: (Int, Int, Int, Int))?

        public init(_ word: String) {
            self.word = word
            target = Array(word.lowercased().unicodeScalars)
            letters = target.filter { !Suggestions.isDigit($0) }
            limit = target.count < 3 ? nil : target.count <= 4 ? 1 : 2
            mask = Suggestions.characterMask(word)
        }

        public var suggestion: String? { best?.name }

        public mutating func consider(_ candidate: String, isOwn: Bool) {
            guard candidate != word else { return }
            let slack = limit ?? 0
            // Lengths first, on UTF-8 bytes (1 to 4 a scalar), which cost nothing to count, then
            // the characters each has (an edit adds at most one and removes at most one): most
            // of a long program's names are ruled out without allocating.
            let bytes = candidate.utf8.count
            guard bytes + slack >= target.count, bytes <= 4 * (target.count + slack) else { return }
            if let mask, let other = Suggestions.characterMask(candidate), (mask ^ other).nonzeroBitCount > 2 * slack { return }
            let other = Array(candidate.lowercased().unicodeScalars)
            if other == target {
                if !isOwn { record(candidate, (0, 0, 0, 0)) } else if limit != nil { record(candidate, (1, 0, 0, 0)) }
                return
            }
            guard let limit, abs(other.count - target.count) <= limit else { return }
            if isOwn, other.filter({ !Suggestions.isDigit($0) }) == letters { return }  // the same but for digits
            let distance = Suggestions.editDistance(target, other)
            guard distance <= limit else { return }
            record(candidate, (2, distance, other.starts(with: target) ? 0 : 1, isOwn ? 0 : 1))
        }

        private mutating func record(_ candidate: String, _ rank: (Int, Int, Int, Int)) {
            if best == nil || rank < best!.rank { best = (candidate, rank) }
        }
    }

    /// The characters of an ASCII name, case aside, one bit each (some share a bit, which only
    /// makes names look nearer); nil for other names.
    static func characterMask(_ name: String) -> UInt64? {
        var mask: UInt64 = 0
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            let lowered = byte &- 0x41 < 26 ? byte | 0x20 : byte
            mask |= 1 << UInt64(lowered & 63)
        }
        return mask
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }

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
