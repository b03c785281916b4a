import Foundation
import RPNCore
import Testing

/// One case of `grammar/corpus/*.rpn` (the format is in grammar/corpus/README.md).
struct CorpusCase: CustomTestStringConvertible, Sendable {
    var file: String
    var line: Int
    var program: String
    var description: String?
    var ascii: String?
    var values: [String]?
    var diagnostics: [ExpectedDiagnostic] = []
    var options: [String] = []
    /// The description with every word inlined (`--expand`).
    var expanded: String?
    /// `describe(word:)` of the program's words, by name: `hyp(a,b) = √(a^2+b^2)`.
    var words: [String] = []
    /// Files the program may include, by name (`#> file NAME: TEXT`).
    var files: [String: String] = [:]

    struct ExpectedDiagnostic: Sendable, Equatable, CustomStringConvertible {
        var severity: String
        var code: String
        var start: String
        var end: String?
        var message: String?
        var description: String {
            "\(severity) \(code) \(start)\(end.map { "-\($0)" } ?? "")\(message.map { ": \($0)" } ?? "")"
        }
    }

    var testDescription: String { "\(file):\(line) \(program.split(separator: "\n").last ?? "")" }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("grammar/corpus")

    static func all() -> [CorpusCase] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".rpn") }.sorted().flatMap { name in
            parse(try! String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8), file: name)
        }
    }

    static func parse(_ text: String, file: String) -> [CorpusCase] {
        var cases: [CorpusCase] = []
        var current: CorpusCase?
        var programLines: [String] = []
        func finish() {
            if var done = current {
                done.program = programLines.joined(separator: "\n")
                if done.hasExpectations { cases.append(done) }
            }
            current = nil
            programLines = []
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if line.trimmingCharacters(in: .whitespaces).isEmpty { finish(); continue }
            if current == nil { current = CorpusCase(file: file, line: number + 1, program: "") }
            guard line.hasPrefix("#>") else { programLines.append(line); continue }
            let body = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            func rest(after key: String) -> String {
                String(body.dropFirst(key.count)).trimmingCharacters(in: .whitespaces)
            }
            if body.hasPrefix("description:") { current!.description = rest(after: "description:") }
            else if body.hasPrefix("ascii:") { current!.ascii = rest(after: "ascii:") }
            else if body.hasPrefix("expanded:") { current!.expanded = rest(after: "expanded:") }
            else if body.hasPrefix("word:") { current!.words.append(rest(after: "word:")) }
            else if body.hasPrefix("file "), let colon = body.range(of: ": ") {
                current!.files[String(body[body.index(body.startIndex, offsetBy: 5)..<colon.lowerBound])] =
                    String(body[colon.upperBound...])
            }
            else if body.hasPrefix("values:") {
                let list = rest(after: "values:")
                // ", " separates values: a grouped number (`1,234,567`) has no space.
                current!.values = list.isEmpty ? [] : list.components(separatedBy: ", ").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            } else if body.hasPrefix("options:") {
                current!.options = rest(after: "options:").components(separatedBy: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
            } else {
                // "error CODE L:C[-L:C][: message]"
                var words = body.split(separator: " ", maxSplits: 2).map(String.init)
                precondition(words.count >= 3, "\(file):\(number + 1): bad expectation \(body)")
                var message: String?
                if let colon = words[2].range(of: ": ") {
                    message = String(words[2][colon.upperBound...])
                    words[2] = String(words[2][..<colon.lowerBound])
                }
                let span = words[2].split(separator: "-").map(String.init)
                current!.diagnostics.append(ExpectedDiagnostic(
                    severity: words[0], code: words[1], start: span[0], end: span.count > 1 ? span[1] : nil,
                    message: message))
            }
        }
        finish()
        return cases
    }

    var hasExpectations: Bool {
        description != nil || values != nil || ascii != nil || !diagnostics.isEmpty || expanded != nil || !words.isEmpty
    }
}
