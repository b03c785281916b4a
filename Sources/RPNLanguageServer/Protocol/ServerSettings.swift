import RPNCore
import RPNJSON

/// Settings a client gives in `initializationOptions` or `workspace/didChangeConfiguration`
/// (`{"rpn": {...}}` or the same object bare): `{"inlayHints": false | {"enabled": false},
/// "formatting": {"glyphs": "keep"|"unicode"|"ascii"}, "angleUnit": "radians"|"degrees"}`.
/// Each is nil when not given (or not understood): the setting stays as it is.
struct ServerSettings: Equatable {
    var inlayHints: Bool?
    var formattingGlyphs: Formatter.Glyphs?
    var angleUnit: AngleUnit?

    init(inlayHints: Bool? = nil, formattingGlyphs: Formatter.Glyphs? = nil, angleUnit: AngleUnit? = nil) {
        self.inlayHints = inlayHints
        self.formattingGlyphs = formattingGlyphs
        self.angleUnit = angleUnit
    }

    /// Never fails: settings are the user's, and one not understood is left alone.
    init(json: JSONValue?) {
        guard var json, json.objectValue != nil else { return }
        if let nested = json["rpn"], nested.objectValue != nil { json = nested }
        if let hints = json["inlayHints"] { inlayHints = hints.boolValue ?? hints["enabled"]?.boolValue }
        formattingGlyphs = json["formatting"]?["glyphs"]?.stringValue.flatMap(Formatter.Glyphs.init(rawValue:))
        if let unit = json["angleUnit"]?.stringValue { angleUnit = unit == "degrees" ? .degrees : .radians }
    }
}
