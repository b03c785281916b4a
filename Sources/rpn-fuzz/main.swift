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
        let source = SourceFile(name: "f", bytes: bytes)
        let trees = RPN.evaluate([source], style: DescriptionStyle(byteLimit: 1 << 16))
        let folded = RPN.evaluate([source], options: EvaluationOptions(keepTrees: false))
        precondition(trees.values == folded.values, "values differ between trees and folding")
        _ = RPN.diagnose(source, angleUnit: .degrees)
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
