import RPNCore
import Testing
@testable import RPNShell

@Suite struct SessionTests {
    func values(_ session: Session) -> [Double?] { session.entries.map(\.value) }

    @Test func linesActOnOnePersistentStack() {
        let session = Session()
        #expect(session.enter("3 5") == .accepted)
        #expect(session.enter("+ √") == .accepted)
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
        #expect(session.enter("7 M + √") == .accepted)
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

    @Test func topFunctionLeavesTheSessionAlone() {
        let session = Session()
        session.enter("1 M ÷")
        let f = session.topFunction(of: "M")!
        #expect(f(2) == 0.5)
        #expect(f(0) == nil)
        #expect(values(session) == [nil])
    }
}

extension Session.Outcome: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.accepted, .accepted): true
        case (.rejected(let x), .rejected(let y)): x == y
        default: false
        }
    }
}
