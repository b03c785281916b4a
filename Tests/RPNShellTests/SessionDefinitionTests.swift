import RPNCore
import Testing
@testable import RPNShell

/// Words defined in the session (issue 10): a line that defines one is one change, undone and
/// redone whole; a rejected or interrupted line leaves no word behind; `:clear` keeps the
/// words; a favorite keeps the definitions its program uses. Expected values are worked out
/// by hand from the corpus's descriptions (grammar/corpus/programs.rpn: `square(3)`,
/// `hyp(3,4)`, `hyp(a,b) = √(a^2+b^2)`).
@Suite struct SessionDefinitionTests {
    static let hyp = ": hyp ( a b -- c ) a 2 ^ b 2 ^ + √ ;"
    static let square = ": square dup × ;"

    /// The names of every definition the machine holds, hidden ones included.
    func definitions(_ session: Session) -> [String] { session.state.machine.words.map(\.name) }
    func values(_ session: Session) -> [Double?] { session.entries.map { $0.value?.doubleValue } }
    func descriptions(_ session: Session) -> [String] { session.entries.map(\.description) }

    @Test func aDefinitionLineIsOneChangeThatUndoTakesBackAndRedoBringsBack() {
        let session = Session()
        session.enter("7")
        #expect(session.enter(Self.square + " 3 square") == .accepted(warnings: []))
        #expect(definitions(session) == ["square"])
        #expect(descriptions(session) == ["7", "square(3)"])
        #expect(values(session) == [7, 9])
        #expect(session.undo())
        #expect(definitions(session).isEmpty)
        #expect(values(session) == [7])
        #expect(session.program == "7")
        #expect(session.redo())
        #expect(definitions(session) == ["square"])
        #expect(descriptions(session) == ["7", "square(3)"])
        #expect(values(session) == [7, 9])
        #expect(session.program == "7\n" + Self.square + " 3 square")
        session.enter("5 square")
        #expect(values(session) == [7, 9, 25])
    }

    /// Once its definition is undone, the name is a variable again (free, no value).
    @Test func anUndoneWordIsAVariableAgain() {
        let session = Session()
        session.enter(Self.square)
        session.undo()
        session.enter("3 square")
        #expect(descriptions(session) == ["3", "square"])
        #expect(values(session) == [3, nil])
        #expect(definitions(session).isEmpty)
    }

    /// A definition and its use on two lines: undo both, redo both, the call prints and
    /// computes again, and the word still describes itself.
    @Test func undoAndRedoADefinitionAndItsUse() {
        let session = Session()
        session.enter(Self.hyp)
        session.enter("3 4 hyp")
        #expect(session.undo() && session.undo())
        #expect(session.entries.isEmpty && definitions(session).isEmpty)
        #expect(session.redo() && session.redo())
        #expect(descriptions(session) == ["hyp(3,4)"])
        #expect(values(session) == [5])
        #expect(session.state.machine.describe(word: 0) == "hyp(a,b) = √(a^2+b^2)")
        session.enter("6 8 hyp")
        #expect(values(session) == [5, 10])
    }

    /// A redefinition warns (`redefined-word`), later uses call it, and its undo brings the
    /// earlier definition back into force.
    @Test func aRedefinitionWarnsAndItsUndoBringsTheEarlierOneBack() {
        let session = Session()
        session.enter(": f 1 ;")
        guard case .accepted(let warnings) = session.enter(": f 2 ;") else {
            Issue.record("rejected")
            return
        }
        #expect(warnings.map(\.code) == [.redefinedWord])
        session.enter("f")
        #expect(values(session) == [2])
        session.undo()
        session.undo()
        session.enter("f")
        #expect(values(session) == [1])
        #expect(definitions(session) == ["f"])
    }

    /// A line with an error is rejected whole: the definitions in it are gone, the name is
    /// free, and the program does not have the line.
    @Test(arguments: [
        ": square dup × ; 1 0 ÷",            // an error after the definition
        ": square dup × ; : sq dup × ;",     // then a built-in's name (sq is issue 9's)
        ": square dup × ; : bad if ;",       // then an if without its then
        ": square dup × ; : nest : in ; ;",  // then a definition inside another
        ": square dup × ; 1 square + +",     // then too few operands for the second +
        ": square dup ×",                    // no ; (the shell waits for it; a file may not)
    ])
    func aRejectedLineLeavesNoDefinitionBehind(_ line: String) {
        let session = Session()
        session.enter("2")
        guard case .rejected(let errors) = session.enter(line) else {
            Issue.record("accepted: \(line)")
            return
        }
        #expect(!errors.isEmpty)
        #expect(definitions(session).isEmpty)
        session.enter("3 square")
        #expect(values(session) == [2, 3, nil])
        #expect(session.program == "2\n3 square")
    }

    /// Ctrl-C during a line that defined a word takes the word back with the rest.
    @Test func anInterruptedLineLeavesNoDefinitionBehind() {
        let session = Session()
        #expect(session.enter(Self.square + " 0 1 1000000 for i i square + next", interrupted: { true }) == .interrupted)
        #expect(definitions(session).isEmpty)
        #expect(session.program.isEmpty)
    }

    /// A function word that reads a variable (not a parameter) gets the variable's value
    /// whenever it has one, as `3 M +` does: the call `addm(3)` is a node of its own whose value
    /// comes from running the body. (It stayed without a value: a core bug, fixed in
    /// Machine+Calls.swift's `callValue`, with corpus cases in programs.rpn.)
    @Test(arguments: [": addm ( x -- y ) x M + ; 3 addm", ": addm M + ; 3 addm", ": m2 M ; m2 3 +", "3 M +"])
    func aWordThatReadsAVariableGetsItsLaterValue(_ line: String) {
        let session = Session()
        session.enter(line)
        #expect(values(session) == [nil])
        session.setVariable("M", to: 2)
        #expect(values(session) == [5])
        session.enter("7 →M")
        #expect(values(session) == [10])
        session.undo()
        #expect(values(session) == [5])
    }

    /// Ctrl-C stops a long word whether it runs in place or, as a function word called on
    /// constants, in a machine of its own (`callValue`: it was not asked, a core bug fixed
    /// there); nothing of the line stays.
    @Test(arguments: [": count 0 1 1000000 for i 1 + next drop ;",          // leaves nothing: runs in place
                      ": count ( -- x ) 0 1 1000000 for i 1 + next ;"])   // a function: count is a call node
    func ctrlCStopsALongWord(_ definition: String) {
        let session = Session()
        session.enter(definition)
        session.enter("7")
        #expect(session.enter("count", interrupted: { true }) == .interrupted)
        #expect(values(session) == [7])
        #expect(session.program == definition + "\n7")
    }

    /// A call on a variable runs when the variable gets its value: that run is as long as the
    /// word makes it, and Ctrl-C must stop it too.
    @Test func ctrlCStopsAWordRunWhenItsVariableGetsAValue() {
        let session = Session()
        session.enter(": tri ( n -- t ) 0 1 n for i i + next ;")
        session.enter("M tri")
        withKnownIssue("""
            core: Machine.evaluateChangedEntries (and value(of:)) run call nodes with no interrupt: \
            the store's line ran, then the 10^6 iterations of tri(M) ran after it, unasked
            """) {
            #expect(session.enter("1000000 →M", interrupted: { true }) == .interrupted)
        }
    }

    // MARK: - :clear

    /// `:clear` empties the stack and forgets the variables, but the words stay (as Forth's
    /// and HP's stack clearing keeps programs): the definitions in force, and the earlier
    /// definitions they call, replayed in their order. `:undo` brings the whole state back.
    @Test func clearKeepsTheWordsInForce() {
        let session = Session()
        session.enter(": f 1 ;")
        session.enter(": g f 10 × ;")       // calls the first f
        session.enter(": f 2 ;")
        session.enter(": unused 3 ;")
        session.enter(": unused 4 ;")       // the first unused is hidden and called by nothing
        session.enter("5 →x g f")
        #expect(values(session) == [10, 2])
        session.clear()
        #expect(session.entries.isEmpty && session.variables.isEmpty)
        #expect(session.program == ": f 1 ;\n: g f 10 × ;\n: f 2 ;\n: unused 4 ;")
        session.enter("g f unused x")
        #expect(values(session) == [10, 2, 4, nil])
        #expect(session.undo() && session.undo())
        #expect(values(session) == [10, 2])
        #expect(session.variables.map(\.value) == [5])
        #expect(definitions(session) == ["f", "g", "f", "unused", "unused"])
    }

    @Test func clearWithNoWordsLeavesAnEmptyProgram() {
        let session = Session()
        session.enter("1 2 +")
        session.clear()
        #expect(session.program.isEmpty && session.entries.isEmpty)
    }

    // MARK: - The program a favorite keeps

    /// A favorite keeps the definitions its program uses, and those they call, transitively,
    /// in the order they were typed; the others are cut out of their lines.
    @Test(arguments: [
        // unused words go, with the lines they leave empty
        ([hyp, square, "3 4 hyp"], hyp + "\n3 4 hyp"),
        // the words a used word calls stay, and only they
        ([square, ": cube dup dup × × ;", ": hyp2 ( a b -- c ) a square b square + √ ;", "3 4 hyp2"],
         square + "\n: hyp2 ( a b -- c ) a square b square + √ ;\n3 4 hyp2"),
        // an unused definition is cut out of a line that has other things
        (["2 " + square + " : cube dup dup × × ; 3 cube"], "2 : cube dup dup × × ; 3 cube"),
        // a definition typed over two lines is kept as typed
        ([": square\ndup × ;", "5 square"], ": square\ndup × ;\n5 square"),
        // a redefinition: the use calls the second; the first is cut
        ([": f 1 ;", ": f 2 ;", "f"], ": f 2 ;\nf"),
        // uses of both keep both
        ([": f 1 ;", "f", ": f 2 ;", "f"], ": f 1 ;\nf\n: f 2 ;\nf"),
        // a word called only by an unused word goes too
        ([": a 1 ;", ": b a ;", "5"], "5"),
        // a recursive word keeps itself once
        ([": down ( n -- z ) n 0 > if n 1 - down else 0 then ;", "3 down"],
         ": down ( n -- z ) n 0 > if n 1 - down else 0 then ;\n3 down"),
        // a use inside a top-level loop counts
        ([square, "0 1 3 for i i square + next"], square + "\n0 1 3 for i i square + next"),
        // a word :set's value called (the line :set adds is `VALUE →NAME`)
        ([square, ": cube dup dup × × ;", ":set x 3 square", "x 1 +"], square + "\n3 square →x\nx 1 +"),
        // no words: the program as it was
        (["1 M ÷ sin"], "1 M ÷ sin"),
    ])
    func aFavoriteKeepsTheDefinitionsItUses(_ lines: [String], _ expected: String) {
        let store = InMemoryFavoritesStore()
        let shell = Shell.inMemory(favorites: store)
        for line in lines { _ = shell.type(line) }
        _ = shell.type(":fav")
        #expect((try? store.load().map(\.program)) == [expected])
        // and it runs in a fresh session to the same stack
        let fresh = Session()
        guard case .accepted = fresh.enter(expected) else {
            Issue.record("rejected: \(expected)")
            return
        }
        #expect(values(fresh) == values(shell.session))
    }
}

