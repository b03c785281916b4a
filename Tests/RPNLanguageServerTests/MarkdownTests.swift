import Testing
@testable import RPNLanguageServer

/// Markdown escaping, by the CommonMark rules: every character that would start markup is
/// preceded by a backslash, nothing else is touched (the end-to-end test renders hovers with
/// a CommonMark renderer).
@Suite struct MarkdownTests {
    static let escapes: [(String, String)] = [
        ("Square root.", "Square root."),
        (#"a_b_ *c* `d` [e](f) <g> &amp; ~~h~~ |i| \"#, #"a\_b\_ \*c\* \`d\` \[e\](f) \<g\> \&amp; \~\~h\~\~ \|i\| \\"#),
        ("# heading", "\\# heading"),
        ("- item\n+ item\n= underline", "\\- item\n\\+ item\n\\= underline"),
        ("a - b + c = d # e", "a - b + c = d # e"),
        ("12. list\n3) list\n4 5. no", "12\\. list\n3\\) list\n4 5. no"),
        ("(π) → √2 × 3", "(π) → √2 × 3"),
    ]

    @Test(arguments: escapes)
    func escape(_ text: String, _ escaped: String) {
        #expect(Markdown.escape(text) == escaped)
    }

    /// (text, its code span): the fence is longer than any run of backticks inside.
    static let spans: [(String, String)] = [
        ("3+5", "`3+5`"),
        ("a`b", "``a`b``"),
        ("``x", "``` ``x ```"),
        ("a*b_c", "`a*b_c`"),
    ]

    @Test(arguments: spans)
    func codeSpan(_ text: String, _ span: String) {
        #expect(Markdown.codeSpan(text) == span)
    }
}
