import RPNCore
import RPNJSON

/// LSP `Diagnostic` made from a core diagnostic.
struct LSPDiagnostic: JSONConvertible {
    var range: Range
    var diagnostic: Diagnostic

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
        return .object(object)
    }
}
