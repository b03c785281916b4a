/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence that already names the offset, e.g. "unexpected character 'x' at byte 12",
    /// so that it can be shown as is.
    public var message: String
    /// Byte offset (from 0) into the input where the problem starts; the input's length when
    /// the text ends too early.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}
