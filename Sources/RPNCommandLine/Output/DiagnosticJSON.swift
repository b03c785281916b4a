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
        let related: [JSONValue] = diagnostic.related.compactMap { related in
            guard let (file, start, end) = SourceSpan.of(related.range, in: sources) else { return nil }
            return ["message": .string(related.message), "file": .string(file.name),
                    "range": ["start": position(start), "end": position(end)]]
        }
        if !related.isEmpty { object["related"] = .array(related) }
        return .object(object)
    }

    static func position(_ position: SourcePosition) -> JSONValue {
        ["line": .int(position.line), "column": .int(position.column)]
    }
}
