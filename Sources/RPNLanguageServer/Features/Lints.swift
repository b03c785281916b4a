import RPNCore
import RPNJSON

/// Lints: what is legal but probably not meant, published with the core's diagnostics.
///
/// - `unused-store` (hint, tagged `Unnecessary` where the client supports tags): a store whose
///   value nothing reads.
/// - `read-before-store` (warning): a read of a variable before its first store; it does not
///   see an earlier value, because there is none: it reads the value of the moment it is
///   evaluated.
///
/// Both follow the language's rule for reads (README): an entry reads a variable when it is
/// evaluated — by a store (`→N` evaluates what it stores), or at the end — with the value of
/// that moment. So in `1 →M M 2 →M M +` (which is 4) the first store is never read, and in
/// `x 2 × 7 →x` the store is read by the `x` before it. Free variables (never stored) are
/// neither.
///
/// The codes live here and not in the core's `DiagnosticCode`: they are an editor's hints about
/// a program that runs fine, with a severity (hint) and tags that the core's `Diagnostic` has no
/// room for; `rpn check` and `rpn -e` report what is wrong, and their output does not change.
enum LintCode: String {
    case unusedStore = "unused-store"
    case readBeforeStore = "read-before-store"
}

struct Lint {
    var code: LintCode
    var severity: Int
    var range: Swift.Range<Int>
    var message: String
}

extension LanguageServer {
    /// The lints of a document as LSP diagnostics.
    func lintDiagnostics(_ document: Document) -> [JSONValue] {
        let tags = clientCapabilities["textDocument"]?["publishDiagnostics"]?["tagSupport"]?["valueSet"]?.arrayValue?
            .contains(.int(DiagnosticTag.unnecessary)) ?? false
        return document.analysis.lints(lines: document.lineIndex).map { lint in
            var object: JSONObject = ["range": document.range(of: lint.range, encoding: encoding).json,
                                      "severity": .int(lint.severity), "code": .string(lint.code.rawValue),
                                      "source": "rpn", "message": .string(lint.message)]
            if lint.code == .unusedStore, tags { object["tags"] = [.int(DiagnosticTag.unnecessary)] }
            return .object(object)
        }
    }
}

extension DocumentAnalysis {
    /// A change of a variable's binding: a store, or `unset`.
    private struct Event {
        var token: Int
        var isStore: Bool
    }

    private struct Read {
        var token: Int
        var node: Int32
    }

    /// The lints in source order, at most `limit` (as the core keeps at most 1000 diagnostics).
    /// Linear in the tokens and nodes: one pass over the tokens, and, when some variable is
    /// both stored and read, two passes over the nodes.
    func lints(lines: LineIndex, limit: Int = 1000) -> [Lint] {
        let variables = self.variables
        guard !variables.names.isEmpty else { return [] }
        let nodes = self.nodes
        // 1. Every store, unset and read, by variable, in source order; what each store
        //    evaluates; the nodes `dup` and `over` copy.
        var events = [[Event]](repeating: [], count: variables.names.count)
        var reads = [[Read]](repeating: [], count: variables.names.count)
        var roots: [(node: Int32, time: Int32)] = []
        var copied: [Int32] = []
        var unsetPending = false
        for index in tokens.indices {
            let token = tokens[index]
            let wasUnsetPending = unsetPending
            unsetPending = false
            switch token.kind {
            case .variable:
                if wasUnsetPending {  // `unset M`: M is a name here, not a read
                    if let variable = variables.index(of: text(of: token)) {
                        events[Int(variable)].append(Event(token: index, isStore: false))
                    }
                    continue
                }
                let top = tops[index]
                guard top >= 0, nodes[Int(top)].kind == .variable,
                      nodes[Int(top)].tokenStart == token.range.lowerBound else { continue }
                reads[Int(nodes[Int(top)].lhs)].append(Read(token: index, node: top))
            case .store:
                // A store into a built-in's name, or with nothing to store, is an error that
                // binds nothing.
                let name = source.text(of: token.storeNameRange(in: source))
                guard Builtin.named(name) == nil, index > 0, tops[index - 1] >= 0,
                      let variable = variables.index(of: name) else { continue }
                events[Int(variable)].append(Event(token: index, isStore: true))
                roots.append((tops[index - 1], Int32(index)))
            case .directive:
                unsetPending = token.builtin == .unset
            case .stackWord where token.builtin == .dup || token.builtin == .over:
                if tops[index] >= 0 { copied.append(tops[index]) }
            default:
                break
            }
        }
        guard !roots.isEmpty else { return [] }  // no store: nothing to say
        let storedAndRead = (0..<events.count).filter { v in events[v].contains(where: \.isStore) && !reads[v].isEmpty }
        // 2. When each node is evaluated, as the interval [first, last] of the times (token
        //    indices; `end` is the final evaluation) at which it may be: a store evaluates the
        //    tree it pops; the final stack, copies made by dup and over (one copy may outlive
        //    the other) and trees dropped are taken as evaluated at the end; children inherit
        //    their parents' times. An interval errs towards "read", never towards "unused".
        let end = Int32(clamping: tokens.count)
        var first: [Int32] = [], last: [Int32] = []
        if !storedAndRead.isEmpty {
            first = [Int32](repeating: .max, count: nodes.count)
            last = [Int32](repeating: -1, count: nodes.count)
            var hasParent = [Bool](repeating: false, count: nodes.count)
            for node in nodes where node.kind == .unary || node.kind == .binary {
                hasParent[Int(node.lhs)] = true
                if node.rhs >= 0 { hasParent[Int(node.rhs)] = true }
            }
            for (node, time) in roots {
                first[Int(node)] = min(first[Int(node)], time)
                last[Int(node)] = max(last[Int(node)], time)
            }
            for node in finalStack + copied where node >= 0 { last[Int(node)] = end; first[Int(node)] = min(first[Int(node)], end) }
            for index in nodes.indices where !hasParent[index] && last[index] < 0 {
                first[index] = end
                last[index] = end
            }
            for index in nodes.indices.reversed() {  // parents come after their children
                let node = nodes[index]
                guard node.kind == .unary || node.kind == .binary, !node.isConstant, last[index] >= 0 else { continue }
                let lhs = Int(node.lhs), rhs = Int(node.rhs)
                first[lhs] = min(first[lhs], first[index])
                last[lhs] = max(last[lhs], last[index])
                if rhs >= 0 {
                    first[rhs] = min(first[rhs], first[index])
                    last[rhs] = max(last[rhs], last[index])
                }
            }
        }
        // 3. Per variable: the value of event k is current at the times (t_k, t_k+1] (a store
        //    evaluates what it pops before it binds); a read uses every value current during its
        //    interval.
        var lints: [Lint] = []
        for variable in events.indices {
            let events = events[variable], reads = reads[variable]
            guard let firstStore = events.first(where: \.isStore)?.token else { continue }
            let name = variables.names[variable]
            var used = [Int](repeating: 0, count: events.count + 1)  // a difference array
            func eventsBefore(_ time: Int) -> Int {
                var low = 0, high = events.count
                while low < high {
                    let mid = (low + high) / 2
                    if events[mid].token < time { low = mid + 1 } else { high = mid }
                }
                return low
            }
            for read in reads {
                let from = eventsBefore(Int(first[Int(read.node)])) - 1, to = eventsBefore(Int(last[Int(read.node)])) - 1
                guard to >= 0 else { continue }
                used[max(from, 0)] += 1
                used[to + 1] -= 1
            }
            let storeLine = lines.line(containing: tokens[firstStore].range.lowerBound) + 1
            let storeText = text(of: tokens[firstStore])
            for read in reads where read.token < firstStore {
                let evaluatedAt = Int(first[Int(read.node)])
                let lead = "'\(name)' is read before it is first stored (\(storeText) on line \(storeLine)): "
                let message: String
                if evaluatedAt == Int(end) {
                    message = lead + "an entry reads a variable's latest value, so this reads the value \(name) has at the end, "
                        + "not an earlier one (1 →M M 2 →M M + is 4)"
                } else {
                    let evaluator = tokens[evaluatedAt]
                    let at = "\(text(of: evaluator)) on line \(lines.line(containing: evaluator.range.lowerBound) + 1)"
                    message = lead + (evaluatedAt <= firstStore
                        ? "\(at) evaluates it while \(name) has no value yet"
                        : "\(at) evaluates it with the value \(name) has then, as an entry reads a variable's latest value "
                            + "(1 →M M 2 →M M + is 4)")
                }
                lints.append(Lint(code: .readBeforeStore, severity: DiagnosticSeverity.warning,
                                  range: tokens[read.token].range, message: message))
            }
            var current = 0
            for (k, event) in events.enumerated() {
                current += used[k]
                guard event.isStore, current == 0 else { continue }
                let message: String
                if reads.isEmpty {
                    message = "'\(name)' is stored but never read"
                } else if k + 1 < events.count {
                    let next = events[k + 1]
                    let line = lines.line(containing: tokens[next.token].range.lowerBound) + 1
                    message = "the value stored into '\(name)' here is never read: \(name) is "
                        + (next.isStore ? "stored again" : "unset") + " on line \(line) before any entry reading it is evaluated"
                        + (next.isStore ? " (an entry reads a variable's latest value: 1 →M M 2 →M M + is 4)" : "")
                } else {
                    message = "the value stored into '\(name)' here is never read: every entry reading \(name) is evaluated before this store"
                }
                lints.append(Lint(code: .unusedStore, severity: DiagnosticSeverity.hint,
                                  range: tokens[event.token].range, message: message))
            }
        }
        lints.sort { $0.range.lowerBound < $1.range.lowerBound }
        return Array(lints.prefix(limit))
    }
}
