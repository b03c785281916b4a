import RPNCore
import RPNTestSupport
import Testing

/// Random programs over lists, checked against oracles that know nothing of lists: a word on
/// lists must be the list of that word on the elements, computed by scalar programs
/// (`{ a1 a2 } { b1 b2 } op` is `{ a1 b1 op a2 b2 op }`, `{ a1 a2 } b op` broadcasts b, `f`
/// of a list is the list of `f` of each element), in exact numbers and with `--float`; the
/// values-only machine agrees with the tree-keeping one; and a list's description reads back:
/// each element's text in `{a, b}` is its value.
@Suite struct ListPropertyTests {
    static let literals = ["1", "2", "-3", "0.5", "1 3 ÷", "2i", "7", "0", "1e-7", "-2 5 ÷", "π"]
    static let binaries = ["+", "−", "×", "÷", "^", "<", "=", "min", "max", "mod", "hypot"]
    static let unaries = ["neg", "√", "sin", "abs", "sq", "inv", "floor", "re", "conj", "exp"]

    static func list(_ elements: [String]) -> String { "{ " + elements.joined(separator: " ") + " }" }

    @Test(arguments: [true, false])
    func wordsOnListsAreTheWordOnEachElement(_ exact: Bool) {
        var rng = SeededGenerator(state: exact ? 1 : 2)
        let options = EvaluationOptions(exact: exact)
        for _ in 0..<400 {
            let n = Int.random(in: 1...4, using: &rng)
            let a = (0..<n).map { _ in Self.literals.randomElement(using: &rng)! }
            let b = (0..<n).map { _ in Self.literals.randomElement(using: &rng)! }
            let op = Bool.random(using: &rng) ? Self.binaries.randomElement(using: &rng)! : Self.unaries.randomElement(using: &rng)!
            let isBinary = Self.binaries.contains(op)
            let program: String
            let oracle: [String]
            switch (isBinary, Int.random(in: 0..<3, using: &rng)) {
            case (false, _):
                program = "\(Self.list(a)) \(op)"
                oracle = a.map { "\($0) \(op)" }
            case (true, 0):
                program = "\(Self.list(a)) \(Self.list(b)) \(op)"
                oracle = zip(a, b).map { "\($0) \($1) \(op)" }
            case (true, 1):
                program = "\(Self.list(a)) \(b[0]) \(op)"
                oracle = a.map { "\($0) \(b[0]) \(op)" }
            default:
                program = "\(b[0]) \(Self.list(a)) \(op)"
                oracle = a.map { "\(b[0]) \($0) \(op)" }
            }
            let result = RPN.evaluate(program, options: options)
            let scalars = oracle.map { RPN.evaluate($0, options: options) }
            if scalars.contains(where: \.hasErrors) {
                // An element fails: the list has no value, and the failure is the first element's,
                // named by its position.
                let first = scalars.firstIndex(where: \.hasErrors)!
                #expect(result.values == [nil], "\(program)")
                let message = scalars[first].diagnostics.first { $0.severity == .error }!.message
                #expect(result.diagnostics.first?.message == (n == 1 ? message : "element \(first + 1): \(message)"),
                        "\(program)")
            } else {
                #expect(result.values == [.list(scalars.map { $0.values[0]! })], "\(program)")
                #expect(!result.hasErrors, "\(program)")
            }
            let folded = RPN.evaluate(program, options: EvaluationOptions(keepTrees: false, exact: exact))
            #expect(folded.values == result.values, "\(program)")
            #expect(folded.diagnostics == result.diagnostics, "\(program)")
        }
    }

    /// A quotation is the code it holds: `L [ u ] map` and `L ' u map` are `L u` (element by
    /// element), `L [ c op ] map` is `L c op`, `L [ p ] filter` keeps the elements whose scalar
    /// `e p` is not 0, and `L 0 [ + ] fold` is `0 a1 + a2 + …` (one rounding a step, as written; `Σ` rounds once), all in exact numbers and with `--float`.
    @Test(arguments: [true, false])
    func quotationsRunTheirCode(_ exact: Bool) {
        var rng = SeededGenerator(state: exact ? 4 : 5)
        let options = EvaluationOptions(exact: exact)
        func value(_ program: String) -> RPN.Evaluation { RPN.evaluate(program, options: options) }
        let reals = ["1", "2", "-3", "0.5", "1 3 ÷", "7", "0", "-2 5 ÷"]
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...4, using: &rng)).map { _ in reals.randomElement(using: &rng)! }
            let list = Self.list(a)
            let u = ["neg", "abs", "sq", "floor", "exp", "sin"].randomElement(using: &rng)!
            let c = reals.randomElement(using: &rng)!
            let op = ["+", "−", "×", "max", "<"].randomElement(using: &rng)!
            let p = ["0 <", "2 mod 0 =", "1 >"].randomElement(using: &rng)!
            for (program, oracle) in [("\(list) [ \(u) ] map", "\(list) \(u)"), ("\(list) ' \(u) map", "\(list) \(u)"),
                                      ("\(list) [ \(c) \(op) ] map", "\(list) \(c) \(op)"),
                                      ("\(list) 0 [ + ] fold", (["0"] + a.map { "\($0) +" }).joined(separator: " "))] {
                let got = value(program), expected = value(oracle)
                #expect(got.values == expected.values, "\(program) vs \(oracle)")
                #expect(got.hasErrors == expected.hasErrors, "\(program) vs \(oracle)")
            }
            let kept = a.filter { element in
                let flag = value("\(element) \(p)").values.first ?? nil
                return flag.map { !$0.isZero } ?? false
            }
            #expect(value("\(list) [ \(p) ] filter").values == value(Self.list(kept)).values, "\(list) [ \(p) ] filter")
        }
    }

    /// A list literal's description is `{a, b, …}`, each element its value's text.
    @Test func listDescriptionsReadBack() {
        var rng = SeededGenerator(state: 3)
        for _ in 0..<300 {
            let n = Int.random(in: 0...5, using: &rng)
            let a = (0..<n).map { _ in Self.literals.randomElement(using: &rng)! }
            let nested = Bool.random(using: &rng)
            let program = nested ? "{ \(Self.list(a)) 1 }" : Self.list(a)
            let result = RPN.evaluate(program)
            guard case .list(var elements)? = result.values.first ?? nil, var text = result.description else {
                Issue.record("\(program): no list")
                continue
            }
            if nested {
                #expect(text.hasPrefix("{{") && text.hasSuffix("}, 1}"), "\(program): \(text)")
                text = String(text.dropFirst().dropLast(4))
                guard case .list(let inner) = elements[0] else { continue }
                elements = inner
            }
            #expect(text.first == "{" && text.last == "}", "\(program): \(text)")
            let parts = text.dropFirst().dropLast().split(separator: ", ", omittingEmptySubsequences: true)
            #expect(parts.count == elements.count, "\(program): \(text)")
            for (part, element) in zip(parts, elements) {
                // Each part is an RPN literal (1/3 as 1 3 ÷, a complex value as re im cplx).
                let back = RPN.evaluate(String(part).replacingSlash())
                #expect(back.values.count == 1, "\(program): \(part) in \(text)")
                if let value = back.values.first ?? nil, !element.isExact {
                    #expect(value.doubleValue == element.doubleValue || value.isComplex, "\(program): \(part)")
                } else if let value = back.values.first ?? nil, !element.isComplex {
                    #expect(value == element, "\(program): \(part)")
                }
            }
        }
    }
}

private extension String {
    /// `1/3` as the RPN `1 3 ÷`, `-2/5` as `-2 5 ÷`: how an exact fraction reads back.
    func replacingSlash() -> String {
        // Descriptions write a minus sign; RPN reads a leading - as part of the number.
        let self_ = replacingOccurrences(of: "−", with: "-")
        return self_.slashAsDivision()
    }

    private func slashAsDivision() -> String {
        guard let slash = firstIndex(of: "/") else { return self }
        return "\(self[..<slash]) \(self[index(after: slash)...]) ÷"
    }
}
