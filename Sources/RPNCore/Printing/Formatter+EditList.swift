extension Formatter {
    /// The edits of a text, collected in order: each replaces only the bytes that change, and
    /// one that starts where the one before ends is merged into it (clients differ in how they
    /// order edits that touch).
    struct EditList {
        let bytes: [UInt8]
        private(set) var edits: [Edit] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// Blanks or line breaks at `range` become `new` (blanks too): the bytes they start and
        /// end with in common stay, so a line indented 4 where 2 are right loses 2 spaces. All
        /// ASCII, so no character is cut.
        mutating func replace(_ range: Range<Int>, with new: some Collection<UInt8>) {
            let old = bytes[range]
            guard !old.elementsEqual(new) else { return }
            let new = Array(new)
            let shorter = Swift.min(old.count, new.count)
            var prefix = 0
            while prefix < shorter, old[range.lowerBound + prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < shorter - prefix, old[range.upperBound - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            add(Edit(range: (range.lowerBound + prefix)..<(range.upperBound - suffix),
                     bytes: Array(new[prefix..<(new.count - suffix)])))
        }

        /// The token at `range` spelled `new`: a comment that only loses its trailing blanks
        /// loses only them; a word respelled is replaced whole.
        mutating func respell(_ range: Range<Int>, as new: [UInt8]) {
            let old = bytes[range]
            guard !old.elementsEqual(new) else { return }
            if old.starts(with: new) {
                add(Edit(range: (range.lowerBound + new.count)..<range.upperBound, bytes: []))
            } else {
                add(Edit(range: range, bytes: new))
            }
        }

        private mutating func add(_ edit: Edit) {
            guard let last = edits.last, last.range.upperBound == edit.range.lowerBound else {
                edits.append(edit)
                return
            }
            edits[edits.count - 1] = Edit(range: last.range.lowerBound..<edit.range.upperBound, bytes: last.bytes + edit.bytes)
        }
    }
}
