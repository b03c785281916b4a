/// The constructs of programs as snippets (LSP snippet syntax: `$1` the first place to type,
/// `${1:NAME}` one with a placeholder, `$0` where the cursor ends), offered only to clients that
/// announce `snippetSupport`; matched against the keyword that starts them.
struct CompletionSnippet {
    var label: String
    /// The keyword typed to get it.
    var keyword: String
    var body: String
    var detail: String

    static let all: [CompletionSnippet] = [
        CompletionSnippet(label: ": NAME ( -- ) ;", keyword: ":", body: ": ${1:NAME} ( $2 -- $3 ) $0 ;",
                          detail: "a word of one's own"),
        CompletionSnippet(label: "if … then", keyword: "if", body: "if $0 then", detail: "runs when the flag is non-zero"),
        CompletionSnippet(label: "for … next", keyword: "for", body: "for ${1:i} $0 next",
                          detail: "( from to -- ) counts by 1"),
        CompletionSnippet(label: "begin … until", keyword: "begin", body: "begin $0 until",
                          detail: "repeats until the flag is non-zero"),
    ]
}
