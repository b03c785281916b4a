/// One program text (a file, stdin, an `-e` argument, an editor buffer) placed at
/// `baseOffset` in a `SourceSet`'s address space, so that a single `Int` names any byte of
/// any source and nodes need not carry a file identifier.
public final class SourceFile {
    public let name: String
    public let bytes: [UInt8]
    public let baseOffset: Int
    private var index: LineIndex?

    public init(name: String, bytes: [UInt8], baseOffset: Int = 0) {
        self.name = name
        self.bytes = bytes
        self.baseOffset = baseOffset
    }

    public convenience init(name: String, text: String, baseOffset: Int = 0) {
        self.init(name: name, bytes: Array(text.utf8), baseOffset: baseOffset)
    }

    public var endOffset: Int { baseOffset + bytes.count }

    /// Whether a global offset is in this source (its end included: a range may start there).
    public func contains(_ offset: Int) -> Bool { offset >= baseOffset && offset <= endOffset }

    public var lineIndex: LineIndex {
        if let index { return index }
        let built = LineIndex(bytes)
        index = built
        return built
    }

    /// 0-based line and column of a global offset, columns counted in `unit`.
    public func position(of offset: Int, in unit: PositionUnit) -> SourcePosition {
        lineIndex.position(ofLocal: offset - baseOffset, in: bytes, unit: unit)
    }

    /// The bytes of a global range, clamped to this source.
    public func text(of range: Range<Int>) -> String {
        let lower = max(0, min(bytes.count, range.lowerBound - baseOffset))
        let upper = max(lower, min(bytes.count, range.upperBound - baseOffset))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// Several sources in one address space; `-e` programs and files run in order on one stack.
public struct SourceSet {
    public private(set) var files: [SourceFile] = []

    public init() {}

    /// Adds a source after the existing ones (with a one-byte gap so ranges never touch).
    @discardableResult
    public mutating func add(name: String, bytes: [UInt8]) -> SourceFile {
        let base = (files.last?.endOffset ?? 0) + (files.isEmpty ? 0 : 1)
        let file = SourceFile(name: name, bytes: bytes, baseOffset: base)
        files.append(file)
        return file
    }

    /// Forgets the last source (the shell's rejected or undone line).
    public mutating func removeLast() { files.removeLast() }

    /// Puts back a source removed by `removeLast`, at the offsets it had.
    public mutating func append(_ file: SourceFile) {
        precondition(file.baseOffset == (files.last?.endOffset ?? 0) + (files.isEmpty ? 0 : 1),
                     "a source goes back where it was")
        files.append(file)
    }

    public func file(containing offset: Int) -> SourceFile? {
        var low = 0, high = files.count
        while low < high {
            let mid = (low + high) / 2
            if files[mid].endOffset < offset { low = mid + 1 } else { high = mid }
        }
        return low < files.count && files[low].baseOffset <= offset ? files[low] : nil
    }
}
