/// The UTF-8 byte order mark, EF BB BF (U+FEFF), that some editors put at the start of a
/// file. It is no part of the program: a source starting with one is read without it.
public enum ByteOrderMark {
    public static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `text` without a byte order mark at its start. Front ends that read a file, standard
    /// input or a line give it to `SourceSet.add`, which drops the mark here, so that columns
    /// count from the first character a user sees.
    public static func removed(from text: [UInt8]) -> [UInt8] {
        text.starts(with: bytes) ? Array(text.dropFirst(bytes.count)) : text
    }

    /// How many bytes a byte order mark takes at the start of `buffer` (0 or 3): the lexer
    /// skips it in a text given whole, as an editor's document, whose positions count it.
    static func length(at buffer: UnsafeBufferPointer<UInt8>) -> Int {
        buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
    }
}
