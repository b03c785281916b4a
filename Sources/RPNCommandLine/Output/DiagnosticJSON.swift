import RPNCore
import RPNJSON

/// Diagnostics as the command line's `--json` writes them:
/// `{"severity", "code", "message", "file", "range": {"start": {"line", "column"}, "end": ...},
/// "replacement"?, "includedFrom"?}`, positions as in `file:line:col` (1-based, characters);
/// `includedFrom`, for a diagnostic in an included file, the includes that led to it,
/// innermost first (`[{"file", "range"}]`).
public enum DiagnosticJSON {
    /// In source order, as they are rendered.
    public static func array(_ diagnostics: [Diagnostic], in sources: SourceSet) -> JSONValue {
        .array(Diagnostic.ordered(diagnostics).map { object($0, in: sources) })
    }

    public static func object(_ diagnostic: Diagnostic, in sources: SourceSet) -> JSONValue {
        var object: JSONObject = [
            "severity": .string(diagnostic.severity.rawValue),
            "code": .string(diagnostic.code.rawValue),
            "message": .string(diagnostic.message),
        ]
        if let (file, start, end) = SourceSpan.of(diagnostic.range, in: sources) {
            object["file"] = .string(file.name)
            object["range"] = ["start": position(start), "end": position(end)]
            let sites = Array(IncludeSites(of: file, in: sources))
            if !sites.isEmpty {
                object["includedFrom"] = .array(sites.map { site in
                    ["file": .string(site.includer.name), "range": ["start": position(site.start), "end": position(site.end)]]
                })
            }
        } else {
            object["file"] = .null
            object["range"] = .null
        }
        if let replacement = diagnostic.replacement { object["replacement"] = .string(replacement) }
        return .object(object)
    }

    static func position(_ position: SourcePosition) -> JSONValue {
        ["line": .int(position.line), "column": .int(position.column)]
    }

    /// A number, or null where there is none (JSON cannot spell NaN or infinities either).
    public static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double(value)
    }

    /// A value as a JSON number: the nearest double (null past the doubles' range, or none),
    /// so that every JSON reader can use it; `exact` has the exact text.
    public static func number(_ value: Number?) -> JSONValue { number(value?.doubleValue) }

    /// A value's exact text: all the digits of an integer, a fraction as `1/3`, an inexact
    /// value as its shortest round-trip digits; null for none.
    public static func exact(_ value: Number?) -> JSONValue {
        guard let value else { return .null }
        return .string(NumberFormat.exactText.string(value))
    }

    /// The significant digits an inexact value carries (`--digits N`: N; a double: 17, the
    /// digits that identify it); null for an exact value or none.
    public static func digits(_ value: Number?) -> JSONValue {
        switch value {
        case .float(let f): .int(f.digits)
        case .real: .int(BigFloat.doubleDigits)
        default: .null
        }
    }

    /// Whether a value is a double (its `exact` text is then the double's); null: no value.
    public static func inexact(_ value: Number?) -> JSONValue {
        value.map { .bool(!$0.isExact) } ?? .null
    }
}
