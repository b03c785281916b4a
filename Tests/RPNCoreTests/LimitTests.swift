import RPNCore
import Testing

/// `Limit.message`, the one wording of every limit: the amount is said exactly, as an
/// estimate, or as a lower bound, and the limit is quoted beside it.
@Suite struct LimitTests {
    static let cases: [(Limit, String)] = [
        (Limit(.digits(subject: "result of ^"), asked: .exactly("10000002"), limit: 1_000_000),
         "result of ^ would have 10000002 digits (the limit is 1000000)"),
        (Limit(.digits(subject: "result of !"), asked: .about("1512852"), limit: 1_000_000),
         "result of ! would have about 1512852 digits (the limit is 1000000)"),
        (Limit(.digits(subject: "result of <<"), asked: .moreThan("10^19"), limit: 1_000_000),
         "result of << would have more than 10^19 digits (the limit is 1000000)"),
        (Limit(.entries(word: "pick"), asked: .exactly("9223372036854775807"), limit: 1),
         "9223372036854775807 pick needs 9223372036854775807 entries below its count, found 1"),
        (Limit(.entries(word: "roll"), asked: .exactly("1"), limit: 0), "1 roll needs 1 entry below its count, found 0"),
        (Limit(.steps(advice: "raise it with --max-steps N"), asked: .moreThan("1000"), limit: 1000),
         "stopped after 1000 steps, the step limit (raise it with --max-steps N)"),
        (Limit(.callDepth(word: "deep"), asked: .moreThan("1000000"), limit: 1_000_000),
         "calls nested 1000000 deep, the limit: 'deep' may call itself without end"),
    ]

    @Test(arguments: cases)
    func message(_ limit: Limit, _ text: String) {
        #expect(limit.message == text)
    }

    /// Numbers in messages: integers with every digit (a huge one abbreviated), whole doubles
    /// as the integer they are, other values as their shortest decimal.
    @Test(arguments: [
        (Number(-5), "-5"), (Number.exactly(1e19), "10000000000000000000"), (Number(1e19), "10000000000000000000"),
        (Number(2.5), "2.5"),
    ])
    func numberText(_ x: Number, _ text: String) {
        #expect(Limit.numberText(x) == text)
    }

    @Test func aHugeIntegerIsAbbreviated() {
        guard case .integer(let ten) = Number.exactly(1e20) else { Issue.record(); return }
        let big = ten.power(10)  // 10^200
        #expect(Limit.integerText(big) == "10000000000000000000… (201 digits)")
    }
}
