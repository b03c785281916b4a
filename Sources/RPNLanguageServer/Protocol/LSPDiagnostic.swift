import RPNCore
import RPNJSON

/// LSP `Diagnostic` made from a core diagnostic.
struct LSPDiagnostic: JSONConvertible {
    var range: Range
    var diagnostic: Diagnostic
    /// `relatedInformation`: for a diagnostic of an included file shown at its include, its
    /// place in that file.
    var related: [(location: Location, message: String)] = []

    var severity: Int {
        switch diagnostic.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    var json: JSONValue {
        var object: JSONObject = ["range": range.json, "severity": .int(severity),
                                  "code": .string(diagnostic.code.rawValue), "source": "rpn",
                                  "message": .string(diagnostic.message)]
        if let replacement = diagnostic.replacement { object["data"] = ["replacement": .string(replacement)] }
        if !related.isEmpty {
            object["relatedInformation"] = .array(related.map { ["location": $0.location.json, "message": .string($0.message)] })
        }
        return .object(object)
    }
}
