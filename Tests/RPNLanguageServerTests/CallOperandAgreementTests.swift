import RPNCore
import RPNJSON
import RPNTestSupport
import Testing
@testable import RPNLanguageServer

/// Random documents of words and calls: the parameter hints of the whole document and of
/// random lines, and the call and input signature help finds at every place, are those of
/// the definition of a call's operands (`backwardCallOperands`, read as far back as they
/// reach) applied call by call, as the features first did.
@Suite struct CallOperandAgreementTests {
    static let header = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;\n: g ( p q -- r ) p q + ;\n: sq dup × ;\n"
        + ": two ( x -- y z ) x x ;\n"
    static let pieces = ["1", "2", "x", "a", "p", "hyp", "g", "sq", "two", "+", "×", "√", "dup", "swap", "drop", "→y",
                         "# c\n", "\n", "\n", "deg", "3 pick", "if", "else", "then", "0 1 3 for i i hyp next", ": w ( a -- b ) a g ;",
                         "1 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 +", "1 2 3 4 5 6 7 8 9 + + + + + + + +",
                         // An operand of 200 tokens: with what comes before, calls reach further back than 256.
                         String(repeating: "1 ", count: 100) + String(repeating: "+ ", count: 99),
                         // A call 300 tokens after its first operand.
                         "2 " + String(repeating: "1 ", count: 150) + String(repeating: "+ ", count: 149) + "hyp"]

    static func document(_ seed: Int) -> String {
        var random = SeededGenerator(state: UInt64(seed) &+ 0x5167)
        let count = Int.random(in: 1...500, using: &random)
        return header + (0..<count).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? pieces.randomElement(using: &random)!
                : ["1", "2", "x", "+", "hyp", "g", "×", "\n"].randomElement(using: &random)!
        }.joined(separator: " ") + "\n"
    }

    /// The parameter hints the features first gave, with the operands read as far back as
    /// they reach: "line:character label" (UTF-16), for operands that begin in `range`.
    static func expectedHints(_ analysis: DocumentAnalysis, _ text: String, in range: Swift.Range<Int>) -> [String] {
        var found: [(offset: Int, call: Int, label: String)] = []
        for symbol in analysis.symbols where symbol.kind == .wordUse {
            guard let names = analysis.words[Int(symbol.symbol)].declaredEffect?.inputs, !names.isEmpty,
                  let call = analysis.tokenIndex(at: symbol.range.lowerBound) else { continue }
            let operands = backwardCallOperands(ofCallAt: call, inputs: names.count) { analysis.stepEffect(ofToken: $0) }
            for (name, operand) in zip(names, operands) {
                guard let operand else { continue }
                let first = analysis.tokens[operand.lowerBound]
                if operand.count == 1, analysis.text(of: first) == name { continue }
                if range.contains(first.range.lowerBound) { found.append((first.range.lowerBound, call, name + ":")) }
            }
        }
        found.sort { ($0.offset, -$0.call) < ($1.offset, -$1.call) }
        let bytes = Array(text.utf8)
        return found.map { hint in
            let line = bytes[..<hint.offset].count { $0 == UInt8(ascii: "\n") }
            let start = bytes[..<hint.offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[start..<hint.offset], as: UTF8.self).utf16.count  // the client's unit
            return "\(line):\(column) \(hint.label)"
        }
    }

    /// The call signature help first found at a byte offset: the word there, else the nearest
    /// call after it whose operands, read as far back as they reach, hold the token there.
    static func expectedCall(_ analysis: DocumentAnalysis, at offset: Int) -> (token: Int, input: Int)? {
        var index = analysis.tokenIndex(at: offset) ?? (analysis.firstToken(endingAfter: offset) - 1)
        let tokens = analysis.tokens
        if index >= 0, tokens[index].kind == .comment, tokens[index].range.lowerBound < offset { return nil }
        while index >= 0, tokens[index].kind == .comment { index -= 1 }
        guard index >= 0 else { return nil }
        if let callee = analysis.callee(ofToken: index) { return (index, callee.effect.inputs.count - 1) }
        for next in (index + 1)..<tokens.count {
            if let callee = analysis.callee(ofToken: next),
               let input = backwardCallOperands(ofCallAt: next, inputs: callee.effect.inputs.count, effect: {
                   analysis.stepEffect(ofToken: $0)
               }).firstIndex(where: { $0?.contains(index) == true }) {
                return (next, input)
            }
            if tokens[next].kind == .keyword { return nil }
        }
        return nil
    }

    @Test(arguments: 0..<30)
    func parameterHintsAgree(_ seed: Int) {
        let text = Self.document(seed)
        let h = ServerHarness()
        h.open(text)
        let analysis = h.server.documents["file:///t.rpn"]!.analysis
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var lineStarts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var random = SeededGenerator(state: UInt64(seed))
        var asked = [(0, lines)]
        for _ in 0..<6 {
            let from = Int.random(in: 0..<lines, using: &random)
            asked.append((from, Int.random(in: from...lines, using: &random)))
        }
        for (from, to) in asked {
            let hints = h.result("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.rpn"],
                                                             "range": ["start": ServerHarness.position(from, 0),
                                                                       "end": ServerHarness.position(to, 0)]]).arrayValue ?? []
            let range = lineStarts[from]..<(to < lineStarts.count ? lineStarts[to] : text.utf8.count + 1)
            #expect(ParameterHintTests.described(hints) == Self.expectedHints(analysis, text, in: range),
                    "lines \(from)..<\(to) of\n\(text)")
        }
    }

    @Test(arguments: 0..<30)
    func signatureHelpAgrees(_ seed: Int) {
        let text = Self.document(seed)
        let h = ServerHarness()
        h.open(text)
        let analysis = h.server.documents["file:///t.rpn"]!.analysis
        for offset in 0...text.utf8.count {
            let found = try? analysis.call(at: offset)
            let expected = Self.expectedCall(analysis, at: offset)
            #expect(found?.token == expected?.token && found?.input == expected?.input, "at \(offset) of\n\(text)")
        }
    }
}
