/// A compiled program: its instructions and a copy of its source text, which the tokens'
/// byte ranges point into (a word defined on one shell line runs long after the line is
/// gone). Immutable once built, so machines that copy each other share it.
final class Program: @unchecked Sendable {
    let code: [Instruction]
    /// Locals a frame of this program needs: parameters, then three per `for` (counter,
    /// bound, step).
    let localCount: Int
    /// The source bytes from `base` on; `text[i]` is the byte at offset `base + i`.
    let text: UnsafeMutableBufferPointer<UInt8>
    let base: Int

    init(code: [Instruction], localCount: Int, text: UnsafeBufferPointer<UInt8>, base: Int) {
        self.code = code
        self.localCount = localCount
        self.text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.count, 1))
        _ = self.text.initialize(from: text)
        self.base = base
    }

    deinit { text.deallocate() }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(text) }
}
