import RPNCore

extension LanguageServer {
    /// The file an include's name leads to, and the words it brought in (of the files it
    /// includes in turn too), with their effects: `includes /home/u/lib.rpn`, `square ( x -- y )`.
    func includeHover(_ analysis: DocumentAnalysis, _ index: Int) -> MarkupContent {
        var content = MarkupContent()
        guard let path = analysis.includedPath(atToken: index) else {
            content.text("no file by this name")
            return content
        }
        content.text("includes ")
        content.code(path)
        let site = analysis.tokens[index - 1].range.lowerBound..<analysis.tokens[index].range.upperBound
        let words = analysis.words.indices.filter { analysis.includes?.siteInDocument(of: analysis.words[$0].range.lowerBound) == site }
        if words.isEmpty {
            content.paragraph()
            content.text(analysis.includes?.files.contains { $0.includeSite == site } == true ? "it defines no word"
                         : "included before: it runs once")
        }
        for word in words.prefix(50) {
            content.paragraph()
            content.strong(analysis.words[word].name)
            if let effect = analysis.effect(ofWord: word) {
                content.text(" ")
                content.code(effect.description)
            }
        }
        return content
    }
}
