/// One program text (a file, stdin, an `-e` argument, an editor buffer) placed at
/// `baseOffset` in a `SourceSet`'s address space, so that a single `Int` names any byte of
/// any source and nodes need not carry a file identifier.
public final class SourceFile {
    /// What messages call it (`main.rpn:3:1`).
    public let name: String
    public let bytes: [UInt8]
    public let baseOffset: Int
    /// Where it was read from, for a file: the `include`s in it name files relative to its
    /// folder. Nil for text of no file (`-e`, standard input, the shell's lines), whose
    /// includes are relative to the working directory.
    public let path: String?
    /// For a file brought in by `include`, the range of that include (the keyword and its
    /// path) in the including source: the chain of includes that led to a diagnostic is read
    /// back through it (`SourceSet.includeChain(of:)`). Nil for a source the front end ran itself.
    public let includeSite: Range<Int>?
    private var index: LineIndex?

    public init(name: String, bytes: [UInt8], baseOffset: Int = 0, path: String? = nil, includeSite: Range<Int>? = nil) {
        self.name = name
        self.bytes = bytes
        self.baseOffset = baseOffset
        self.path = path
        self.includeSite = includeSite
    }

    public convenience init(name: String, text: String, baseOffset: Int = 0, path: String? = nil) {
        self.init(name: name, bytes: Array(text.utf8), baseOffset: baseOffset, path: path)
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

    /// Adds a source after the existing ones (with a one-byte gap so ranges never touch),
    /// without the byte order mark it may start with: every file, standard input, `-e`,
    /// included file and shell line comes through here.
    @discardableResult
    public mutating func add(name: String, bytes: [UInt8], path: String? = nil, includeSite: Range<Int>? = nil) -> SourceFile {
        let file = SourceFile(name: name, bytes: ByteOrderMark.removed(from: bytes), baseOffset: nextBaseOffset, path: path,
                              includeSite: includeSite)
        files.append(file)
        return file
    }

    /// Where the next source added starts.
    public var nextBaseOffset: Int { (files.last?.endOffset ?? 0) + (files.isEmpty ? 0 : 1) }

    /// The sources that led to `file` through `include`, the one the front end ran first and
    /// `file` last (just `[file]` for a source not included). A loop over the include sites:
    /// each file is included from one place, and the chain is as deep as includes nest.
    public func includeChain(of file: SourceFile) -> [SourceFile] {
        var chain = [file]
        while let site = chain.last!.includeSite, let includer = self.file(containing: site.lowerBound),
              includer !== chain.last!, chain.count <= files.count {
            chain.append(includer)
        }
        return chain.reversed()
    }

    /// Forgets the last source (the shell's rejected or undone line).
    public mutating func removeLast() { files.removeLast() }

    /// Puts back a source removed by `removeLast`, at the offsets it had.
    public mutating func append(_ file: SourceFile) {
        precondition(file.baseOffset == nextBaseOffset, "a source goes back where it was")
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
