import RPNCore

extension LanguageServer {
    /// The stack effect of the word being typed or called, as a signature: `3 4 hyp` shows
    /// `hyp ( a b -- c )` with `b` active on `4` or `hyp`, `a` on `3`; built-in words too,
    /// from the word table (`√ ( a -- √a )`). Documented with what the word does.
    func registerSignatureHelp() {
        on(SignatureHelpRequest.self) { [unowned self] request throws(ResponseError) in
            let (document, offset) = try documentPosition(request)
            return try answer(document) { view throws(ResponseError) -> SignatureHelp? in
                let analysis = view.analysis
                let cursor = try view.analysed(offset)
                guard let call = try analysis.call(at: cursor, checkpoint: checkpoint) else { return nil }
                // Which input the cursor fills is read back from the call to the cursor: the
                // lines between them are looked at too.
                let called = analysis.tokens[call.token].range
                _ = try view.current(min(cursor, called.lowerBound)..<max(cursor, called.upperBound))
                return SignatureHelp(signature: signature(of: call.callee, analysis), activeParameter: call.input)
            }
        }
    }

    func signature(of callee: DocumentAnalysis.Callee, _ analysis: DocumentAnalysis) -> SignatureInformation {
        let effect = callee.effect.described
        let label = callee.name + " " + effect.text
        let utf8 = Array(label.utf8), shift = utf8.count - effect.text.utf8.count
        // LSP's offsets count UTF-16 units.
        func units(_ end: Int) -> Int { String(decoding: utf8[..<(shift + end)], as: UTF8.self).utf16.count }
        let parameters = zip(callee.effect.inputs, effect.inputs).map { input, range in
            ParameterInformation(label: clientCapabilities.signatureLabelOffsets
                ? .offsets(units(range.lowerBound)..<units(range.upperBound)) : .text(input))
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
