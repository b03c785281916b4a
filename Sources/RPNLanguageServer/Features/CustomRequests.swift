import RPNCore
import RPNJSON

/// `rpn/evaluate` and `rpn/describe`: params `{textDocument, position?, variables?}` (the
/// document up to the position, the token there whole and a definition or block it is in
/// too, or all of it) or `{text, variables?}`; with `ascii: true` the
/// description uses ASCII. The result: `{values, description, variables, diagnostics}`.
/// `rpn/evaluate` treats unset variables as errors, as `rpn -e` does; `rpn/describe` treats
/// them as free, as the editor does.
extension LanguageServer {
    func registerCustomRequests() {
        on(RPNEvaluateRequest.self) { [unowned self] request throws(ResponseError) in
            try evaluate(request.params, freeVariables: false)
        }
        on(RPNDescribeRequest.self) { [unowned self] request throws(ResponseError) in
            try evaluate(request.params, freeVariables: true)
        }
    }

    func evaluate(_ params: RPNEvaluationParams, freeVariables: Bool) throws(ResponseError) -> RPNEvaluationResult {
        let bytes: [UInt8]
        let name: String
        var includes: DocumentIncludes?  // a document's, whose includes are read as its own are
        switch params.source {
        case .text(let text):
            bytes = Array(text.utf8)
            name = "<text>"
        case .document(let identifier, let position):
            let document = try document(identifier)
            var end = document.bytes.count
            if let position {
                end = document.offset(of: position, encoding: encoding)
                // Never half a token (`12|3`, `sq|rt`): the token under the position is in.
                if let index = document.analysis.tokenIndex(at: end),
                   document.analysis.tokens[index].range.lowerBound < end {
                    end = document.analysis.tokens[index].range.upperBound
                }
                // Nor half a definition or block: through its end.
                end = document.analysis.endOfProgram(containing: end) ?? end
            }
            bytes = Array(document.bytes[..<end])
            name = document.uri
            includes = DocumentIncludes(document: DocumentIncludes.source(uri: document.uri, bytes: document.bytes),
                                        fileSystem: includeFiles)
        }
        let variables = try params.variables(angleUnit: configuration.angleUnit, exact: configuration.exact,
                                             complex: configuration.complex)
        let source = includes?.part(0..<bytes.count) ?? SourceFile(name: name, bytes: bytes)
        let style = DescriptionStyle(glyphs: params.ascii ? .ascii : .unicode)
        var result = RPN.evaluate([source], options: .editor(.result(freeVariables: freeVariables),
                                                                    angleUnit: configuration.angleUnit,
                                                                    exact: configuration.exact,
                                                                    digits: configuration.digits,
                                                                    complex: configuration.complex),
                                  variables: variables.map { ($0.name, $0.value) }, style: style, includes: includes?.resolver)
        if let includes { result.diagnostics = includes.shownInDocument(result.diagnostics) }
        let scratch = Document(uri: name, version: 0, text: String(decoding: bytes, as: UTF8.self))
        return RPNEvaluationResult(values: result.values, description: result.description ?? "",
                                   variables: result.machine.variables.bound.map { ($0.name, $0.value) },
                                   diagnostics: lspDiagnostics(result.diagnostics, in: scratch))
    }
}
