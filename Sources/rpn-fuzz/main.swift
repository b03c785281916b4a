// A libFuzzer target over everything that reads untrusted bytes: the language (lexer,
// machine, printer, formatter), JSON, the language server's framing and dispatch, and the
// shell's session. Build and run (see ../../shared/guides/fuzzing.md):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld \
//       --scratch-path .build-fuzz --product rpn-fuzz
//   SWIFT_BACKTRACE=enable=no .build-fuzz/release/rpn-fuzz -max_total_time=120 -max_len=4096
// A plain `swift build` builds a stub that says so.
#if FUZZING
import Platform
import RPNCore
import RPNJSON
import RPNLanguageServer
import RPNShell

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

func fuzz(_ data: UnsafeBufferPointer<UInt8>) {
    guard let selector = data.first else { return }
    let bytes = Array(data.dropFirst())
    switch selector % 5 {
    case 0:
        language(SourceFile(name: "f", bytes: bytes))
    case 1:
        if let value = try? JSONParser.parse(bytes) {
            let again = try! JSONParser.parse(JSONSerializer.serialize(value))
            precondition(JSONSerializer.serialize(again) == JSONSerializer.serialize(value), "JSON round trip")
        }
    case 2:
        var framer = MessageFramer(bodyLimit: 1 << 16)
        let server = LanguageServer(send: { _ in })
        server.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [:]]])
        server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                       "params": ["textDocument": ["uri": "f", "version": 1, "text": .string(String(decoding: bytes, as: UTF8.self))]]])
        for (i, method) in ["textDocument/hover", "textDocument/completion", "textDocument/inlayHint",
                            "textDocument/semanticTokens/full", "textDocument/formatting", "textDocument/documentSymbol",
                            "textDocument/codeAction", "textDocument/rename", "textDocument/references"].enumerated() {
            let line = Int(bytes.first ?? 0) % 4, character = Int(bytes.last ?? 0) % 40
            let position: JSONValue = ["line": .int(line), "character": .int(character)]
            server.handle(["jsonrpc": "2.0", "id": .int(i + 1), "method": .string(method), "params": [
                "textDocument": ["uri": "f"], "position": position, "newName": "z",
                "range": ["start": position, "end": ["line": .int(line + 2), "character": 0]],
                "context": ["diagnostics": [], "includeDeclaration": true], "options": [:]]])
        }
        framer.append(bytes)
        while let event = framer.next() {
            if case .message(let body) = event { server.handle(body) }
        }
    case 3:
        // The history gives back exactly the states it went through; rejected lines change nothing.
        let session = Session()
        func state() -> [String] {
            session.entries.map { entry -> String in entry.description + "=" + (entry.value.map { "\($0)" } ?? "?") }
        }
        var states = [state()]
        var undone: [[String]] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line == "u", session.undo() {
                undone.append(states.removeLast())
                precondition(state() == states.last!, "undo")
            } else if line == "r", session.redo() {
                states.append(undone.removeLast())
                precondition(state() == states.last!, "redo")
            } else if case .accepted = session.enter(String(line)) {
                states.append(state())
                undone.removeAll()
            } else {
                precondition(state() == states.last!, "a rejected line changed the stack")
            }
            _ = session.display(levels: 12, descriptionBytes: 200)
        }
    default:
        _ = Formatter.format(SourceFile(name: "f", bytes: bytes), glyphs: bytes.count % 2 == 0 ? .unicode : .ascii)
    }
}

/// What one run shows: values, diagnostics, steps, description (with trees).
struct Run: Equatable {
    var values: [Number?]
    var diagnostics: [Diagnostic]
    var steps: Int
    var description: String?
}

/// Every run is bounded: a program of the fuzzer's may loop or recurse without end.
func bounded(trees: Bool, exact: Bool = true) -> EvaluationOptions {
    .fuzzing(keepTrees: trees, exact: exact)
}

func run(_ source: SourceFile, _ options: EvaluationOptions, traced: Bool = false) -> Run {
    var machine = Machine(options: options)
    if traced { machine.run(source) { _, _ in } } else { machine.run(source) }
    let steps = machine.steps
    let values = machine.values()
    return Run(values: values, diagnostics: machine.allDiagnostics, steps: steps,
               description: options.keepTrees ? machine.description(style: DescriptionStyle(byteLimit: 1 << 12)) : nil)
}

/// Whether a value is exact and a double holds it exactly (an integer or a dyadic fraction
/// of at most 53 significant bits).
func isExactDouble(_ value: Number?) -> Bool {
    guard let value, value.isExact else { return false }
    return Number.exactly(value.doubleValue) == value
}

/// The language: trees and values only agree on values; traced and untraced runs agree on
/// everything (values, diagnostics, steps, description), with and without trees, exact and
/// `--float`; where the exact run is exact in doubles at every step, `--float` gives its values
/// exactly (no operation rounds, so every comparison and loop decides alike). The same
/// comparisons as Tests/RPNCoreTests/Programs/EngineAgreementTests, on the fuzzer's bytes.
func language(_ source: SourceFile) {
    let text = String(decoding: source.bytes, as: UTF8.self)
    let trees = run(source, bounded(trees: true))
    let folded = run(source, bounded(trees: false))
    // Known today (Tests/RPNCoreTests/Programs/EngineRegressionTests): lastx after a call
    // differs between the modes; values only recurse without end on arguments without a known
    // value, and trees find loop bounds and flags undecided where values only know them; so
    // values are compared where both runs have one, and not after a limit or an undecided loop.
    let known: Set<DiagnosticCode> = [.stepLimit, .recursionLimit, .stackLimit, .loopBoundUnknown]
    if !text.contains("lastx"), !(trees.diagnostics + folded.diagnostics).contains(where: { known.contains($0.code) }) {
        precondition(trees.values.count == folded.values.count
                     && zip(trees.values, folded.values).allSatisfy { $0 == nil || $1 == nil || $0 == $1 },
                     "values differ between trees and folding")
    }
    for options in [bounded(trees: true), bounded(trees: false), bounded(trees: true, exact: false),
                    bounded(trees: false, exact: false)] {
        precondition(run(source, options) == run(source, options, traced: true), "traced and untraced runs differ")
    }
    // Exact against --float, where the exact run is exact in doubles step by step.
    var options = bounded(trees: false)
    options.maxSteps = 10_000
    var machine = Machine(options: options)
    var exactInDoubles = true
    machine.run(source) { _, machine in
        guard exactInDoubles else { return }
        guard machine.depth <= 64 else { exactInDoubles = false; return }
        var copy = machine
        exactInDoubles = copy.values().allSatisfy(isExactDouble)
    }
    let exact = machine.values()
    if exactInDoubles, machine.allDiagnostics.isEmpty, exact.allSatisfy(isExactDouble) {
        var float = bounded(trees: false, exact: false)
        float.maxSteps = 10_000
        let floated = run(source, float)
        precondition(floated.values == exact.map { $0.map { Number($0.doubleValue) } } && floated.diagnostics.isEmpty,
                     "--float differs from an exact run that is exact in doubles")
    }
    _ = RPN.diagnose(source, angleUnit: .degrees, maxSteps: 100_000)
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    guard let data else { return 0 }
    fuzz(UnsafeBufferPointer(start: data, count: size))
    return 0
})
#else
print("rebuild with -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING (see the comment at the top of main.swift)")
#endif
