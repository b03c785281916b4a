import RPNJSON
import Testing
@testable import RPNLanguageServer

/// Completion edits exactly what is being typed, in every client's encoding, and offers what
/// the user can mean: never the word being typed itself, nothing in comments.
@Suite struct CompletionTests {
    /// Line 0 stores M, N, 𝑥y (an astral letter: two UTF-16 units, four UTF-8 bytes) and sum.
    static let stores = "1 →M 2 →N 3 →𝑥y 4 →sum\n"
    /// What follows the cursor on the line being typed.
    static let after = " 7 +"

    /// (the line up to the cursor, the item chosen, the text the item replaces, the line up
    /// to the cursor once the item is applied): worked out by hand.
    static let cases: [(String, String, String, String)] = [
        ("2 ->", "M", "", "2 ->M"),
        ("2 →", "N", "", "2 →N"),
        ("2 -", "->M", "-", "2 ->M"),
        ("√ π 😀 2 ->", "𝑥y", "", "√ π 😀 2 ->𝑥y"),
        ("√ π 😀 2 →𝑥", "𝑥y", "𝑥", "√ π 😀 2 →𝑥y"),
        ("√ π 😀 2 →s", "sum", "s", "√ π 😀 2 →sum"),
        ("√ π 😀 sq", "√", "sq", "√ π 😀 √"),
        ("√ π 😀 sq", "sqrt", "sq", "√ π 😀 sqrt"),
        ("3 4+sq", "sqrt", "sq", "3 4+sqrt"),
        ("2 𝑥", "𝑥y", "𝑥", "2 𝑥y"),
        ("√π𝑥y ", "→sum", "", "√π𝑥y →sum"),
        ("√π𝑥y ", "->N", "", "√π𝑥y ->N"),
        ("2 SQ", "sqrt", "SQ", "2 sqrt"),
        ("2 p", "π", "p", "2 π"),
        ("2 ch", "±", "ch", "2 ±"),
        ("2 π×s", "sum", "s", "2 π×sum"),
    ]

    static func complete(_ profile: ClientProfile, typed line: String) -> (text: String, position: JSONValue, items: [JSONValue]) {
        let h = ServerHarness(capabilities: profile.capabilities)
        let text = stores + line + after + "\n"
        h.open(text)
        let position = ClientText.position(after: stores + line, encoding: profile.encoding)
        let result = h.result("textDocument/completion", ["textDocument": ["uri": "file:///t.rpn"], "position": position])
        return (text, position, result["items"]?.arrayValue ?? [])
    }

    @Test(arguments: ClientProfile.allCases, cases)
    func anItemReplacesExactlyWhatIsTyped(_ profile: ClientProfile, _ typed: (String, String, String, String)) throws {
        let (line, label, replaced, expected) = typed
        let (text, position, items) = Self.complete(profile, typed: line)
        let item = try #require(items.first { $0["label"]?.stringValue == label }, "\(label) not offered after \(line)")
        // Every item edits, all the same range (Neovim 0.7 takes the start of the completion
        // from it), which ends at the cursor on the cursor's line.
        for other in items {
            #expect(other["textEdit"]?["range"] == item["textEdit"]?["range"], "\(other)")
            // What eglot 1.9 puts in place of the typed text before applying textEdit: never
            // shorter than it (else it deletes what follows), and else the same text.
            let inserted = other["insertText"]?.stringValue ?? other["label"]?.stringValue ?? ""
            #expect(inserted.unicodeScalars.count >= replaced.unicodeScalars.count, "\(other)")
            #expect(inserted.trimmingTrailingSpaces == other["textEdit"]?["newText"]?.stringValue, "\(other)")
        }
        let range = try #require(item["textEdit"]?["range"])
        #expect(range["end"] == position)
        #expect(range["start"]?["line"] == position["line"])
        let start = try #require(ClientText.offset(of: range["start"], in: text, encoding: profile.encoding))
        let end = try #require(ClientText.offset(of: range["end"], in: text, encoding: profile.encoding))
        #expect(String(decoding: Array(text.utf8)[start..<end], as: UTF8.self) == replaced)
        let edited = try #require(ClientText.applying([item["textEdit"] ?? nil], to: text, encoding: profile.encoding))
        #expect(edited == Self.stores + expected + Self.after + "\n")
    }

    /// (typed, the words offered): the word table read by hand. Glyphs come under the
    /// spelling being typed; words match in any case, constants only as written.
    static let words: [(String, Set<String>)] = [
        ("pi", ["pi", "π", "pick"]),
        ("ch", ["chs", "±"]),
        ("ne", ["neg", "±", "next", "nextprime"]),
        ("sq", ["sqrt", "√", "sq"]),
        ("po", ["pow", "^", "powmod"]),
        ("P", ["pow", "^", "perm", "pick", "powmod", "prevprime", "prod", "Π", "psdev", "put", "pvar"]),
        ("e", ["e", "else", "exact", "exp", "exp10"]),
        ("E", ["else", "exact", "exp", "exp10"]),
        ("Pi", ["pick"]),
        ("d", ["deg", "drop", "dup", "depth", "dup2", "drop2", "dupn", "dropn", "digits", "der", "∂"]),  // Issue 19: der, ∂
        ("a", ["abs", "acos", "asin", "atan", "atan2", "asinh", "acosh", "atanh", "and", "arg"]),
        // Issue 10: the logic words; the comparison glyphs have no letter spelling to come under.
        ("o", ["or", "over"]),
        ("n", ["neg", "±", "nip", "not", "next", "nextprime"]),
        ("AN", ["and"]),
        ("No", ["not"]),
    ]

    @Test(arguments: words)
    func theFilterTextIsWhatIsTyped(_ typed: String, _ expected: Set<String>) {
        let h = ServerHarness()
        h.open("1 " + typed)
        let items = h.result("textDocument/completion", h.at(0, 2 + typed.utf16.count))["items"]?.arrayValue ?? []
        #expect(Set(items.compactMap { $0["label"]?.stringValue }) == expected)
        for item in items {
            // What a client matches against what is typed (eglot: a prefix; VS Code: fuzzy).
            let filter = item["filterText"]?.stringValue ?? item["label"]?.stringValue ?? ""
            #expect(filter.lowercased().hasPrefix(typed.lowercased()), "\(item)")
            #expect(item["textEdit"]?["newText"] == item["label"], "the glyph is what is inserted")
        }
    }

    func labels(_ text: String, at line: Int, _ character: Int) -> [String] {
        let h = ServerHarness()
        h.open(text)
        return (h.result("textDocument/completion", h.at(line, character))["items"]?.arrayValue ?? [])
            .compactMap { $0["label"]?.stringValue }
    }

    @Test func theWordBeingTypedIsNoVariable() {
        #expect(Set(labels("2 sqr", at: 0, 5)) == ["sqrt", "√"])
        #expect(labels("2 →sqr", at: 0, 6) == [])
        #expect(Set(labels("2 sqr 3 →s", at: 0, 10)) == ["sqr"], "sqr is a variable once typed")
        // A variable the document has elsewhere is offered.
        #expect(labels("1 →sqr\n2 sqr", at: 1, 5).contains("sqr"))
        #expect(labels("sqr 1\n2 →sqr", at: 1, 6) == ["sqr"])
    }

    @Test(arguments: [
        ("3 # sq", 0, 6), ("3 # sq", 0, 5), ("# 2 ->", 0, 6), ("1 →M # ->", 0, 9),  // comments
        ("2 3", 0, 3), ("2 1e", 0, 4), ("2 -4", 0, 4), ("😀", 0, 2),                // numbers, broken tokens
        // ">" is a trigger character (for "->"): the comparison ">" and the shift ">>" just
        // typed are no reason to pop up every word.
        ("3 4 >", 0, 5), ("3 4>", 0, 4), ("8 1 >>", 0, 6),
    ])
    func nothingInCommentsNumbersAndBrokenTokens(_ text: String, _ line: Int, _ character: Int) {
        #expect(labels(text, at: line, character) == [])
    }

    @Test func everythingAfterASpaceOrAtTheStartOfACommentLine() {
        let labels = labels("1 →M # c\n", at: 1, 0)
        for label in ["sqrt", "√", "dup", "M", "→M", "->M"] { #expect(labels.contains(label), "\(label)") }
        #expect(self.labels("1 →M 3 # c", at: 0, 7).contains("→M"), "before the #, outside the comment")
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)]) }
}

/// Completing inside a word (`sq|rt`): the item replaces the whole word, never leaving its rest
/// behind (`sqrtrt`); clients with `insertReplaceSupport` get both ranges, and an item that
/// ends as the word does (`sqrt` at `sq|rt`) replaces it whichever the user prefers.
@Suite struct MidWordCompletionTests {
    /// (line 1 with the cursor, the item, the line after replacing, after inserting): by hand.
    static let cases: [(String, String, String, String)] = [
        ("2 sq|rt 3", "sqrt", "2 sqrt 3", "2 sqrt 3"),
        ("2 sq|rt 3", "√", "2 √ 3", "2 √rt 3"),
        ("2 s|qrt 3", "sq", "2 sq 3", "2 sqqrt 3"),
        ("2 SQ|RT 3", "sqrt", "2 sqrt 3", "2 sqrtRT 3"),       // case differs: no longer the word's end
        ("su|m 2 +", "sum", "sum 2 +", "sum 2 +"),
        ("3 →s|um", "sum", "3 →sum", "3 →sum"),
        ("3 →|sum", "sum", "3 →sum", "3 →sum"),
        ("3 |sum", "sum", "3 sumsum", "3 sumsum"),             // at a word's start, nothing is inside it
    ]

    static let document = "1 →sum\n"

    @Test(arguments: [false, true], cases)
    func theWholeWordIsReplaced(_ insertReplace: Bool, _ typed: (String, String, String, String)) throws {
        let (marked, label, replaced, inserted) = typed
        let (start, end) = splitAtCursor(marked)
        let line = start + end
        let h = ServerHarness(capabilities: ["textDocument": ["completion": ["completionItem": ["insertReplaceSupport": .bool(insertReplace)]]]])
        let text = Self.document + line + "\n"
        h.open(text)
        let position = ClientText.position(after: Self.document + start, encoding: "utf-16")
        let items = h.result("textDocument/completion", ["textDocument": ["uri": "file:///t.rpn"], "position": position])["items"]?
            .arrayValue ?? []
        let item = try #require(items.first { $0["label"]?.stringValue == label }, "\(label) at \(marked)")
        let edit = try #require(item["textEdit"])
        func applied(_ range: JSONValue?) -> String? {
            ClientText.applying([["range": range ?? nil, "newText": edit["newText"] ?? nil]], to: text, encoding: "utf-16")
        }
        let inside = start.last.map { $0 != " " } == true && end.first.map { $0 != " " } == true
        if insertReplace && inside {
            #expect(edit["range"] == nil, "insert and replace")
            #expect(applied(edit["replace"]) == Self.document + replaced + "\n")
            #expect(applied(edit["insert"]) == Self.document + inserted + "\n")
        } else {
            #expect(edit["insert"] == nil && edit["replace"] == nil)
            #expect(applied(edit["range"]) == Self.document + replaced + "\n")
        }
        for other in items {
            let replace = other["textEdit"]?["replace"] ?? other["textEdit"]?["range"]
            let after = ClientText.applying([["range": replace ?? nil, "newText": other["textEdit"]?["newText"] ?? nil]],
                                            to: text, encoding: "utf-16")
            #expect(after?.contains("sqrtrt") != true, "\(other)")
        }
    }
}
