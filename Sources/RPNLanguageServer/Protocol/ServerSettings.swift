import RPNCore
import RPNJSON

/// Settings a client gives in `initializationOptions` or `workspace/didChangeConfiguration`
/// (`{"rpn": {...}}` or the same object bare): `{"inlayHints": false | {"enabled": false},
/// "formatting": {"glyphs": "keep"|"unicode"|"ascii"}, "angleUnit": "radians"|"degrees",
/// "exact": true|false, "display": {"mode": "std"|"fix"|"sci"|"eng", "digits": N,
/// "fractions": Bool, "grouping": Bool, "base": 10|16|8|2}}`.
/// Each is nil when not given (or not understood): the setting stays as it is.
struct ServerSettings: Equatable {
    var inlayHints: Bool?
    var formattingGlyphs: Formatter.Glyphs?
    var angleUnit: AngleUnit?
    /// false: IEEE doubles throughout (the command line's `--float`).
    var exact: Bool?
    /// How values show in hovers, inlay hints, lenses and answers; each part given changes.
    var display: DisplaySettings?

    struct DisplaySettings: Equatable {
        var mode: NumberFormat.Mode?
        var fractions: Bool?
        var grouping: Bool?
        var base: Int?

        func applied(to format: NumberFormat) -> NumberFormat {
            var format = format
            format.mode = mode ?? format.mode
            format.fractions = fractions ?? format.fractions
            format.grouping = grouping ?? format.grouping
            format.base = base ?? format.base
            return format
        }
    }

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
        exact = json["exact"]?.boolValue
        if let display = json["display"], display.objectValue != nil {
            var settings = DisplaySettings()
            let digits = display["digits"]?.intValue.map { min(max($0, 0), NumberFormat.maximumDigits) }
            switch display["mode"]?.stringValue {
            case "std": settings.mode = .standard
            case "fix": settings.mode = .fixed(digits ?? 2)
            case "sci": settings.mode = .scientific(digits ?? 2)
            case "eng": settings.mode = .engineering(digits ?? 2)
            default: break
            }
            settings.fractions = display["fractions"]?.boolValue
            settings.grouping = display["grouping"]?.boolValue
            if let base = display["base"]?.intValue, [2, 8, 10, 16].contains(base) { settings.base = base }
            self.display = settings
        }
    }
}
