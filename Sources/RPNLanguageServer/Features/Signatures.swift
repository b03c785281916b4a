import RPNCore

extension LanguageServer {
    /// The stack effect of the word being typed or called, as a signature: `3 4 hyp` shows
    /// `hyp ( a b -- c )` with `b` active on `4` or `hyp`, `a` on `3`; built-in words too,
    /// from the word table (`√ ( a -- √a )`). Documented with what the word does.
    func registerSignatureHelp() {
        on(SignatureHelpRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            let analysis = document.analysis
            guard let call = analysis.call(at: offset) else { return nil }
            return SignatureHelp(signature: signature(of: call.callee, analysis), activeParameter: call.input)
        }
    }

    func signature(of callee: DocumentAnalysis.Callee, _ analysis: DocumentAnalysis) -> SignatureInformation {
        let label = callee.name + " " + callee.effect.description
        // Where each input is in `name ( a b -- c )`: after "name ( ", one space apart.
        var start = (callee.name + " ( ").utf16.count
        let parameters = callee.effect.inputs.map { input in
            let length = input.utf16.count
            defer { start += length + 1 }
            return ParameterInformation(label: clientCapabilities.signatureLabelOffsets ? .offsets(start..<(start + length)) : .text(input))
        }
        var documentation = MarkupContent()
        if let id = callee.builtin {
            documentation.text(Builtin[id].summary)
        } else if let word = callee.word {
            documentation.code(analysis.describe(word: word))
        }
        return SignatureInformation(label: label, documentation: documentation, format: clientCapabilities.signatureDocumentationFormat,
                                    parameters: parameters)
    }
}
