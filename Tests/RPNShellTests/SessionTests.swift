import RPNCore
import Testing
@testable import RPNShell

@Suite struct SessionTests {
    func values(_ session: Session) -> [Double?] { session.entries.map { $0.value?.doubleValue } }

    @Test func linesActOnOnePersistentStack() {
        let session = Session()
        #expect(session.enter("3 5") == .accepted(warnings: []))
        #expect(session.enter("+ √") == .accepted(warnings: []))
        #expect(session.description == "√(3+5)")
        #expect(values(session) == [Double(8).squareRoot()])
        #expect(session.program == "3 5\n+ √")
    }

    @Test func aLineWithAnErrorIsRejectedWhole() {
        let session = Session()
        session.enter("1 2 →x")
        guard case .rejected(let errors) = session.enter("4 →x 0 ÷ 5") else { Issue.record("accepted"); return }
        #expect(errors.map(\.code) == [.divisionByZero])
        #expect(values(session) == [1])
        #expect(session.variables.map(\.value) == [2], "the store before the error did not happen")
        #expect(session.program == "1 2 →x")
        #expect(!session.canRedo)
    }

    @Test func freeVariablesAreNotErrorsAndHaveNoValueYet() {
        let session = Session()
        #expect(session.enter("7 M + √") == .accepted(warnings: []))
        #expect(session.entries == [Session.Entry(description: "√(7+M)", value: nil)])
        session.enter("9 →M")
        #expect(values(session) == [4])
        session.enter("14 +")
        #expect(session.entries == [Session.Entry(description: "√(7+M)+14", value: 18)])
    }

    @Test func undoAndRedoManyLevels() {
        let session = Session()
        for line in ["1", "2", "+", "10 ×", "→r"] { session.enter(line) }
        #expect(session.entries.isEmpty)
        #expect(session.variables.map(\.value) == [30])
        var seen: [[Double?]] = []
        while session.undo() { seen.append(values(session)) }
        #expect(seen == [[30], [3], [1, 2], [1], []])
        #expect(session.variables.isEmpty)
        #expect(session.redo() && session.redo() && session.redo())
        #expect(values(session) == [3])
        session.enter("5")  // a new change forgets what could be redone
        #expect(!session.canRedo)
    }

    /// LASTX is machine state like the stack: undo takes it back, redo brings it again.
    @Test func lastXIsUndoneAndRedone() {
        let session = Session()
        session.enter("3 4 +")
        session.enter("10 2 ÷")
        session.enter("lastx")
        #expect(values(session) == [7, 5, 2])
        session.undo()
        session.undo()
        session.enter("lastx")  // the x of 3 4 + again, not of the undone 10 2 ÷
        #expect(values(session) == [7, 4])
        session.undo()
        #expect(session.redo())
        #expect(values(session) == [7, 4])
        session.undo()
        session.undo()
        session.enter("lastx")  // before any operation: an error, and the line is rejected
        #expect(values(session) == [])
    }

    @Test func setUnsetClearAndAnglesAreUndoable() {
        let session = Session()
        session.enter("M 2 ×")
        session.setVariable("M", to: 4)
        #expect(values(session) == [8])
        #expect(session.unsetVariable("M"))
        #expect(values(session) == [nil])
        #expect(!session.unsetVariable("M"))
        session.undo()
        #expect(values(session) == [8])
        session.clear()
        #expect(session.entries.isEmpty && session.variables.isEmpty)
        session.undo()
        #expect(values(session) == [8])
        session.setAngleUnit(.degrees)  // like a calculator's mode: it applies to what is typed next
        session.enter("90 sin")
        #expect(values(session).last == 1)
        session.undo()
        session.undo()
        #expect(session.angleUnit == .radians)
        #expect(session.program == "M 2 ×\n4 →M")
    }


    // MARK: - A line is judged as `rpn -e` judges the session so far

    /// Sessions (lines; `:set NAME VALUE` as "=NAME VALUE") whose last step must be rejected,
    /// with the code and the text the error points at.
    static let rejectedLastLines: [(lines: [String], code: DiagnosticCode, at: String)] = [
        (["=y 2", "y 0 ÷"], .divisionByZero, "÷"),
        (["x 1 + 3 →x 0 ÷"], .divisionByZero, "÷"),
        (["q 1 + →w"], .unsetVariable, "q"),
        (["q 2 ^ √ →w"], .unsetVariable, "q"),
        (["1 x ÷", "0 →x"], .divisionByZero, "÷"),
        (["x ln", "=x -1"], .logOfNonPositive, "ln"),
        (["1 y ÷", "=y 0"], .divisionByZero, "÷"),
        (["M √ →r"], .unsetVariable, "M"),
        (["deg", "x tan", "90 →x"], .notFinite, "tan"),
    ]

    @Test(arguments: rejectedLastLines)
    func linesWhoseErrorsNeedTheVariablesAreRejected(_ lines: [String], _ code: DiagnosticCode, _ at: String) {
        let session = Session()
        func step(_ line: String) -> Session.Outcome {
            guard line.hasPrefix("=") else { return session.enter(line) }
            let parts = line.dropFirst().split(separator: " ")
            return session.setVariable(String(parts[0]), to: try! RPN.number(String(parts[1])).get())
        }
        for line in lines.dropLast() { #expect(step(line) == .accepted(warnings: []), "\(line)") }
        let before = (values(session), session.variables.map(\.name), session.program)
        guard case .rejected(let errors) = step(lines.last!) else {
            Issue.record("\(lines.last!) was accepted")
            return
        }
        #expect(errors.map(\.code) == [code])
        let range = errors[0].range
        #expect(session.sources.file(containing: range.lowerBound)?.text(of: range) == at)
        #expect((values(session), session.variables.map(\.name), session.program) == before, "nothing changed")
    }

    @Test func anEarlierEntryThatAStoreBreaksIsShownWhereItIs() {
        let session = Session()
        session.enter("1 x ÷")
        guard case .rejected(let errors) = session.enter("0 →x") else { Issue.record("accepted"); return }
        let file = session.sources.file(containing: errors[0].range.lowerBound)
        #expect(file?.name == "line 1")
    }

    @Test func acceptedLinesReturnTheirWarnings() {
        let session = Session()
        guard case .accepted(let warnings) = session.enter("2 sqr") else { Issue.record("rejected"); return }
        #expect(warnings.map(\.code) == [.unsetVariable])
        #expect(warnings.first?.message.contains("did you mean 'sqrt'?") == true)
        #expect(session.enter("1") == .accepted(warnings: []), "an old entry's warning is not repeated")
    }

    // MARK: - The program replays the session

    @Test func theProgramReplaysTheSessionUnderRpn() {
        let session = Session()
        session.setAngleUnit(.degrees)
        session.setVariable("x", to: 10)
        session.enter("x")
        session.unsetVariable("x")
        session.enter("90 sin M cos")
        session.setAngleUnit(.radians)
        session.enter("π 2 ÷ sin")
        session.setVariable("M", to: 60)
        #expect(values(session) == [nil, 1, 0.5, 1])
        #expect(session.program == "deg\n10 →x\nx\nunset x\n90 sin M cos\nrad\nπ 2 ÷ sin\n60 →M")
        let replay = RPN.evaluate(session.program, options: EvaluationOptions(freeVariables: true))
        #expect(replay.values.map { $0?.doubleValue } == values(session))
        #expect(replay.machine.variables.bound.map(\.name) == session.variables.map(\.name))
        #expect(replay.description == session.description)
    }

    @Test func aSessionStartedInDegreesSaysSoInItsProgram() {
        let session = Session(angleUnit: .degrees)
        session.enter("30 sin")
        #expect(session.program == "deg\n30 sin")
        session.clear()
        session.enter("90 sin")
        #expect(session.program == "deg\n90 sin")
        #expect(RPN.evaluate(session.program).values == [.real(1)])
    }

    @Test func trigonometryKeepsTheUnitItWasTypedIn() {
        let session = Session()
        session.setAngleUnit(.degrees)
        session.enter("M sin")
        session.setAngleUnit(.radians)
        session.enter("30 →M")
        #expect(values(session) == [0.5])
    }

    // MARK: - History

    @Test func undoAfterABigLoadKeepsOnlyWhatEachLineChanged() {
        let session = Session()
        let big = String(repeating: "1 2 + ", count: 100_000) + String(repeating: "+ ", count: 99_999)
        #expect(session.enter(big, name: "big.rpn") == .accepted(warnings: []))
        #expect(values(session) == [300_000])
        for _ in 0..<999 { session.enter("1 +") }
        #expect(values(session) == [300_999])
        // 1000 small lines after 500k tokens: a few hundred bytes each, not a copy of the load.
        #expect(session.historyBytes < 1000 * 400, "\(session.historyBytes)")
        for _ in 0..<999 { session.undo() }
        #expect(values(session) == [300_000])
        #expect(session.undo())
        #expect(values(session).isEmpty)
        #expect(session.redo())
        #expect(values(session) == [300_000])
    }

    @Test func aRejectedLineAfterABigLoadLeavesNoTrace() {
        let session = Session()
        session.enter(String(repeating: "7 ", count: 50_000))
        let history = session.historyBytes
        #expect(session.enter("drop drop 0 ÷") != .accepted(warnings: []))
        #expect(session.historyBytes == history)
        #expect(values(session).count == 50_000)
        #expect(session.sources.files.count == 2, "the rejected line is kept only until the next one")
        session.enter("+")
        #expect(session.sources.files.count == 2)
        #expect(values(session).last == 14)
    }

    @Test func clearStartsTheSourcesAfresh() {
        let session = Session()
        for line in ["1", "2", "x"] { session.enter(line) }
        session.enter("0 ÷ 1 0 ÷")
        #expect(session.sources.files.count == 4)
        session.clear()
        #expect(session.sources.files.isEmpty)
        session.enter("5")
        #expect(session.sources.files.count == 1)
        session.undo()
        session.undo()
        #expect(session.sources.files.count == 3)
        #expect(session.description == "1,2,x")
    }

    @Test func undoRedoMixedStepsInAnyOrder() {
        let session = Session()
        var expected: [[Double?]] = [values(session)]
        let steps: [(Session) -> Void] = [
            { $0.enter("3 4 M") }, { $0.setVariable("M", to: 2) }, { $0.enter("× + →r r") },
            { $0.setAngleUnit(.degrees) }, { $0.enter("r 90 + sin swap drop") }, { $0.clear() },
            { $0.enter("5 dup ×") }, { $0.setVariable("M", to: 3) }, { $0.unsetVariable("M") },
            { $0.enter("clear r") },
        ]
        for step in steps {
            step(session)
            expected.append(values(session))
        }
        #expect(expected.last == [nil])
        for state in expected.reversed().dropFirst() {
            #expect(session.undo())
            #expect(values(session) == state)
        }
        #expect(!session.undo())
        for state in expected.dropFirst() {
            #expect(session.redo())
            #expect(values(session) == state)
        }
    }

    @Test func anInterruptedLineChangesNothing() {
        let session = Session()
        session.enter("1 2")
        var asked = 0
        let outcome = session.enter(String(repeating: "3 + ", count: 10_000)) { asked += 1; return asked > 1 }
        #expect(outcome == .interrupted)
        #expect(values(session) == [1, 2])
        #expect(session.program == "1 2")
        session.enter("+")
        #expect(values(session) == [3])
    }

    // MARK: - Display

    @Test func theDisplayDescribesOnlyWhatItShows() {
        let session = Session()
        session.enter("1" + String(repeating: " dup +", count: 40) + " M" + String(repeating: " dup ×", count: 30))
        let display = session.display(levels: 12, descriptionBytes: 200)
        #expect(display.depth == 2)
        #expect(display.entries.map(\.value) == [1_099_511_627_776, nil])
        #expect(display.description.utf8.count < 400)
        #expect(display.description.hasSuffix("…"))
    }

    @Test func aDeepStackShowsItsTopLevelsAndTheNewestDescriptions() {
        let session = Session()
        session.enter((1...100_000).map(String.init).joined(separator: " "))
        let display = session.display(levels: 12, descriptionBytes: 30)
        #expect(display.depth == 100_000)
        #expect(display.entries.map(\.value) == (99_989...100_000).map { Number(integerLiteral: $0) })
        #expect(display.description.hasPrefix("…,"))
        #expect(display.description.hasSuffix(",99999,100000"))
    }
}

extension Session.Outcome: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.accepted(let x), .accepted(let y)): x == y
        case (.rejected(let x), .rejected(let y)): x == y
        case (.interrupted, .interrupted): true
        default: false
        }
    }
}
