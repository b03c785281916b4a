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

    /// An edit above long tokens: the analysis goes on from a checkpoint before the edit and
    /// takes over the tokens after it, moved; long lengths move with them.
    @Test func longTokensMoveWithTheRestAfterAnEdit() {
        let long = String(repeating: "7", count: 70_000) + " " + String(repeating: "v", count: 65_535) + " dup\n"
        let before = String(repeating: "1 2 +\n", count: 1000)
        let first = DocumentAnalysis(SourceFile(name: "t", text: before + "3\n" + before + long), checkpointSpacing: 64)
        let edited = SourceFile(name: "t", text: before + "3 4\n" + before + long)
        let second = DocumentAnalysis(edited, checkpointSpacing: 64, recycling: first)
        #expect(second.tookOverFrom != nil, "the rest after the edit is taken over")
        let lexed = RPN.tokenize(edited)
        #expect(second.tokens.count == lexed.count)
        for (kept, token) in zip(second.tokens, lexed) {
            #expect(kept.kind == token.kind && kept.range == token.range && kept.builtin == token.builtin)
        }
    }
}
