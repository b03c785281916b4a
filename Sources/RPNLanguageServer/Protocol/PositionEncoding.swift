import RPNCore

/// The position encodings the server speaks (LSP 3.17 `general.positionEncodings`).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    var unit: PositionUnit { self == .utf8 ? .utf8 : .utf16 }

    /// UTF-8 when the client offers it (our native unit), else the mandatory UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        offered.contains("utf-8") ? .utf8 : .utf16
    }
}
