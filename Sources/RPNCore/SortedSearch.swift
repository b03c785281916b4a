extension RandomAccessCollection {
    /// The first index whose element is past the point `belongsBefore` draws in a collection
    /// sorted so that every element it holds for comes first (endIndex: none), by halving.
    @inlinable
    public func partitioningIndex(where belongsBefore: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongsBefore(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
