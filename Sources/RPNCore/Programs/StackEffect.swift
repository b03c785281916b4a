/// What a word takes from the stack and leaves on it, Forth style: `( a b -- c )`. Names
/// before `--` are the inputs (a definition's parameters), the ones after it the outputs.
///
/// An effect may also *vary* (`StackEffect.varies`, issue 19): the word's output count, or what
/// it takes, depends on values known only as it runs (a loop whose body changes the depth and
/// whose count is not a literal, or a call of such a word). It is shown `( … -- … )`; its
/// `inputs` and `outputs` are empty, so calls take nothing the checker can count, and the run
/// checks the stack as it goes.
public struct StackEffect: Sendable, Equatable {
    public var inputs: [String]
    public var outputs: [String]
    /// Whether the effect varies: nothing is known of how many entries it takes or leaves.
    public private(set) var varies = false

    public init(inputs: [String], outputs: [String]) {
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The effect of a word whose depth change is known only as it runs: `( … -- … )`.
    public static let varying: StackEffect = {
        var effect = StackEffect(inputs: [], outputs: [])
        effect.varies = true
        return effect
    }()

    /// An inferred effect of `inputs` entries in and `outputs` out, named x, y, z, … (or after
    /// `like`, a declared effect, where it has names at those places).
    public init(inputs: Int, outputs: Int, like declared: StackEffect? = nil) {
        self.inputs = (0..<inputs).map { i in
            declared.flatMap { i < $0.inputs.count ? $0.inputs[i] : nil } ?? Self.placeholder(i, of: inputs)
        }
        self.outputs = (0..<outputs).map { i in
            declared.flatMap { i < $0.outputs.count ? $0.outputs[i] : nil } ?? Self.placeholder(i, of: outputs)
        }
    }

    /// x, y, z, w, then x1, x2, … for more than four.
    static func placeholder(_ i: Int, of count: Int) -> String {
        count <= 4 ? ["x", "y", "z", "w"][i] : "x\(i + 1)"
    }

    /// `( a b -- c )`.
    public var description: String { described.text }

    /// The description and where each input is in it, in UTF-8 bytes (signature help marks
    /// them: `max ( a b -- max(a,b) )` has an `a` in `max` too).
    public var described: (text: String, inputs: [Range<Int>]) {
        if varies { return ("( … -- … )", []) }
        var text = "("
        var ranges: [Range<Int>] = []
        for input in inputs {
            text += " "
            let start = text.utf8.count
            text += input
            ranges.append(start..<text.utf8.count)
        }
        text += " --"
        for output in outputs { text += " " + output }
        return (text + " )", ranges)
    }

    /// Whether two effects move the stack the same way (names aside).
    func hasSameShape(as other: StackEffect) -> Bool {
        varies == other.varies && inputs.count == other.inputs.count && outputs.count == other.outputs.count
    }

    /// The effect written in a `( … )` token, or why it is not one. Words are separated by
    /// whitespace; exactly one `--` separates inputs from outputs.
    static func parse(_ text: Substring) -> Result<StackEffect, Diagnostic.Message> {
        // On the bytes: splitting Characters costs a grapheme break test per character, which
        // made parsing the effect most of the cost of compiling a short definition.
        var body = text.utf8.dropFirst()  // "("
        if body.last == UInt8(ascii: ")") { body = body.dropLast() }
        let words = body.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            .map { String(decoding: $0, as: UTF8.self) }
        guard let separator = words.firstIndex(of: "--") else {
            return .failure(Diagnostic.Message("a stack effect needs '--' between its inputs and outputs, as in ( a b -- c )"))
        }
        guard words[(separator + 1)...].firstIndex(of: "--") == nil else {
            return .failure(Diagnostic.Message("a stack effect has one '--'"))
        }
        return .success(StackEffect(inputs: Array(words[..<separator]), outputs: Array(words[(separator + 1)...])))
    }
}
