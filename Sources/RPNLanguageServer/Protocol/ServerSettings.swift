import RPNCore
import RPNJSON

/// Settings a client gives in `initializationOptions` or `workspace/didChangeConfiguration`
/// (`{"rpn": {...}}` or the same object bare): `{"inlayHints": false | {"enabled": false,
/// "parameterNames": false},
/// "formatting": {"glyphs": "keep"|"unicode"|"ascii", "indentWidth": 0...8}, "angleUnit": "radians"|"degrees",
/// "exact": true|false, "digits": N|0|false|null, "complex": true|false, "polar": true|false, "display": {"mode": "std"|"fix"|"sci"|"eng", "digits": N,
/// "fractions": Bool, "grouping": Bool, "base": 10|16|8|2}}`.
/// Each is nil when not given (or not understood): the setting stays as it is.
struct ServerSettings: Equatable {
    var inlayHints: Bool?
    /// The names of a word's parameters before the operands of its calls (`a:` `3`).
    var parameterNameHints: Bool?
    var formattingGlyphs: Formatter.Glyphs?
    /// Spaces per level of nesting in formatting.
    var formattingIndentWidth: Int?
    var angleUnit: AngleUnit?
    /// false: IEEE doubles throughout (the command line's `--float`).
    var exact: Bool?
    /// `--digits N`: inexact values computed with N significant digits (1 to 10^6); 0 (also
    /// false or null) goes back to IEEE doubles.
    var digits: Int?
    /// `--complex`: real operands whose answer is not real give the complex answer (`-1 √` is 1i).
    var complex: Bool?
    /// `--polar`: complex values shown as modulus∠argument, the argument in the `angleUnit`.
    var polar: Bool?
    /// How values show in hovers, inlay hints, lenses and answers; each part given changes.
    var display: DisplaySettings?

    struct DisplaySettings: Equatable {
        enum ModeName: String { case std, fix, sci, eng }
        var mode: ModeName?
        /// Digits of fix, sci and eng: given alone, they change those of the mode in force.
        var digits: Int?
        var fractions: Bool?
        var grouping: Bool?
        var base: Int?

        /// Digits when neither the settings nor the mode in force give any.
        static let defaultDigits = 2

        func applied(to format: NumberFormat) -> NumberFormat {
            var format = format
            let name: ModeName, digitsInForce: Int?
            switch format.mode {
            case .standard: (name, digitsInForce) = (.std, nil)
            case .fixed(let n): (name, digitsInForce) = (.fix, n)
            case .scientific(let n): (name, digitsInForce) = (.sci, n)
            case .engineering(let n): (name, digitsInForce) = (.eng, n)
            }
            let n = digits ?? digitsInForce ?? Self.defaultDigits
            switch mode ?? name {
            case .std: format.mode = .standard
            case .fix: format.mode = .fixed(n)
            case .sci: format.mode = .scientific(n)
            case .eng: format.mode = .engineering(n)
            }
            format.fractions = fractions ?? format.fractions
            format.grouping = grouping ?? format.grouping
            format.base = base ?? format.base
            return format
        }
    }

    /// The indentation widths taken (wider would push nested bodies off the screen).
    static let indentWidths = 0...8

    init(inlayHints: Bool? = nil, formattingGlyphs: Formatter.Glyphs? = nil, angleUnit: AngleUnit? = nil) {
        self.inlayHints = inlayHints
        self.formattingGlyphs = formattingGlyphs
        self.angleUnit = angleUnit
    }

    /// Never fails: settings are the user's, and one not understood is left alone.
    init(json: JSONValue?) {
        guard var json, json.objectValue != nil else { return }
        if let nested = json["rpn"], nested.objectValue != nil { json = nested }
        if let hints = json["inlayHints"] {
            inlayHints = hints.boolValue ?? hints["enabled"]?.boolValue
            parameterNameHints = hints["parameterNames"]?.boolValue
        }
        formattingGlyphs = json["formatting"]?["glyphs"]?.stringValue.flatMap(Formatter.Glyphs.init(rawValue:))
        if let width = json["formatting"]?["indentWidth"]?.intValue, Self.indentWidths.contains(width) {
            formattingIndentWidth = width
        }
        switch json["angleUnit"]?.stringValue {
        case "degrees": angleUnit = .degrees
        case "radians": angleUnit = .radians
        default: break
        }
        exact = json["exact"]?.boolValue
        complex = json["complex"]?.boolValue
        polar = json["polar"]?.boolValue
        if let given = json["digits"] {
            if let n = given.intValue, n == 0 || BigFloat.digitRange.contains(n) {
                digits = n
            } else if given == .null || given == .bool(false) {
                digits = 0
            }
        }
        if let display = json["display"], display.objectValue != nil {
            var settings = DisplaySettings()
            settings.mode = display["mode"]?.stringValue.flatMap(DisplaySettings.ModeName.init(rawValue:))
            if let digits = display["digits"]?.intValue, (0...NumberFormat.maximumDigits).contains(digits) {
                settings.digits = digits
            }
            settings.fractions = display["fractions"]?.boolValue
            settings.grouping = display["grouping"]?.boolValue
            if let base = display["base"]?.intValue, [2, 8, 10, 16].contains(base) { settings.base = base }
            self.display = settings
        }
    }
}
