import RPNCore
import Testing
@testable import RPNLanguageServer

/// The compact token list gives back exactly the lexer's tokens, long ones included.
@Suite struct TokenListTests {
    @Test func tokensComeBackAsTheLexerMadeThem() {
        let text = "1 2 + √ π →x # c\n" + String(repeating: "7", count: 70_000) + " " + String(repeating: "v", count: 65_535) + " dup\n"
        let source = SourceFile(name: "t", text: text)
        let analysis = DocumentAnalysis(source)
        let lexed = RPN.tokenize(source)
        #expect(analysis.tokens.count == lexed.count)
        for (kept, token) in zip(analysis.tokens, lexed) {
            #expect(kept.kind == token.kind && kept.range == token.range && kept.builtin == token.builtin)
        }
    }
}
