import Foundation
import RPNCommandLine
import RPNTestSupport
import Testing
@testable import RPNShell

/// `rpn fav` in-process: every action, plain and JSON, and its errors.
@Suite struct FavoritesCommandTests {
    static let three = [Favorite("1 M ÷ sin", "sin(1÷M)"), Favorite("3 5 + √", "√(3+5)"), Favorite("7 M + √", "√(7+M)")]
    static let eleven = (1...11).map { Favorite("\($0)", "\($0)") }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var before: [Favorite]
        var action: FavoritesCommand.Action
        var json = false
        var out = ""
        var err = ""
        var status: Int32 = 0
        var after: [Favorite]? = nil   // nil: unchanged
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "list empty", before: [], action: .list),
        Case(name: "list empty json", before: [], action: .list, json: true, out: "[]\n"),
        Case(name: "list", before: three, action: .list, out: "1  sin(1÷M)\n2  √(3+5)\n3  √(7+M)\n"),
        Case(name: "list right-aligns numbers", before: eleven, action: .list,
             out: (1...11).map { ($0 < 10 ? " " : "") + "\($0)  \($0)\n" }.joined()),
        Case(name: "list json", before: Array(three.prefix(2)), action: .list, json: true,
             out: #"[{"number":1,"program":"1 M ÷ sin","description":"sin(1÷M)"},"#
                + #"{"number":2,"program":"3 5 + √","description":"√(3+5)"}]"# + "\n"),
        Case(name: "add", before: [], action: .add("1 M ÷ sin"), out: "added 1  sin(1÷M)\n", after: [three[0]]),
        Case(name: "add at the end", before: three, action: .add("2 3 ^ 2 ^"), out: "added 4  (2^3)^2\n",
             after: three + [Favorite("2 3 ^ 2 ^", "(2^3)^2")]),
        Case(name: "add several values", before: [], action: .add("3 5 + √ π cos"), out: "added 1  √(3+5),cos(π)\n",
             after: [Favorite("3 5 + √ π cos", "√(3+5),cos(π)")]),
        Case(name: "add with a store keeps the program", before: [], action: .add("7 M + √ 9 →M 14 +"),
             out: "added 1  √(7+M)+14\n", after: [Favorite("7 M + √ 9 →M 14 +", "√(7+M)+14")]),
        Case(name: "add json", before: three, action: .add("x neg"), json: true,
             out: #"{"number":4,"program":"x neg","description":"−x"}"# + "\n", after: three + [Favorite("x neg", "−x")]),
        Case(name: "add an error", before: three, action: .add("4 0 ÷"),
             err: "<program>:1:5: error: division by zero\n4 0 ÷\n    ^\n", status: 1),
        Case(name: "add a missing operand", before: [], action: .add("1 +"), json: true,
             err: "<program>:1:3: error: + needs 2 operands, found 1\n1 +\n  ^\n", status: 1),
        Case(name: "add nothing", before: [], action: .add("  # just a comment"),
             err: "rpn: error: fav add: the program leaves nothing on the stack\nSee 'rpn fav --help' for every option.\n",
             status: 64),
        Case(name: "rm", before: three, action: .remove(2), out: "removed 2  √(3+5)\n", after: [three[0], three[2]]),
        Case(name: "rm json", before: three, action: .remove(3), json: true,
             out: #"{"number":3,"program":"7 M + √","description":"√(7+M)"}"# + "\n", after: Array(three.prefix(2))),
        Case(name: "rm out of range", before: three, action: .remove(4),
             err: "rpn: error: no favorite 4 (there are 3)\n", status: 1),
        Case(name: "rm zero", before: three, action: .remove(0), err: "rpn: error: no favorite 0 (there are 3)\n", status: 1),
        Case(name: "show", before: three, action: .show(1), out: "1 M ÷ sin\nsin(1÷M)\n"),
        Case(name: "show json", before: three, action: .show(2), json: true,
             out: #"{"number":2,"program":"3 5 + √","description":"√(3+5)"}"# + "\n"),
        Case(name: "show out of range", before: [], action: .show(1), err: "rpn: error: no favorite 1 (there are 0)\n", status: 1),
        Case(name: "show negative", before: three, action: .show(Int.min),
             err: "rpn: error: no favorite \(Int.min) (there are 3)\n", status: 1),
    ]

    @Test(arguments: cases)
    func action(_ test: Case) throws {
        let store = InMemoryFavoritesStore(test.before)
        var command = FavoritesCommand(action: test.action, store: store)
        command.json = test.json
        let harness = Harness()
        let status = command.run(harness.io)
        #expect(harness.out == test.out)
        #expect(harness.err == test.err)
        #expect(status == test.status)
        #expect(try store.load() == (test.after ?? test.before))
    }

    @Test func theFileStoreEndToEnd() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = FileFavoritesStore(path: directory + "/rpn/favorites.json")
            func run(_ action: FavoritesCommand.Action, json: Bool = false) -> (String, String, Int32) {
                var command = FavoritesCommand(action: action, store: store)
                command.json = json
                let harness = Harness()
                let status = command.run(harness.io)
                return (harness.out, harness.err, status)
            }
            #expect(run(.list) == ("", "", 0))
            #expect(run(.add("1 M ÷ sin")) == ("added 1  sin(1÷M)\n", "", 0))
            #expect(run(.add("3 5 + √")) == ("added 2  √(3+5)\n", "", 0))
            #expect(run(.list) == ("1  sin(1÷M)\n2  √(3+5)\n", "", 0))
            #expect(run(.remove(1)) == ("removed 1  sin(1÷M)\n", "", 0))
            #expect(run(.show(1), json: true) == (#"{"number":1,"program":"3 5 + √","description":"√(3+5)"}"# + "\n", "", 0))
            #expect(try FileFavoritesStore(path: store.path).load() == [Favorite("3 5 + √", "√(3+5)")])
        }
    }

    @Test func aStoreProblemIsAnErrorNamingTheFile() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            try write(Array("not json".utf8), to: path)
            for action in [FavoritesCommand.Action.list, .add("1"), .remove(1), .show(1)] {
                let harness = Harness()
                let status = FavoritesCommand(action: action, store: FileFavoritesStore(path: path)).run(harness.io)
                #expect(status == 1)
                #expect(harness.out == "")
                #expect(harness.err.hasPrefix("rpn: error: cannot use favorites file '\(path)': it is not valid JSON"), "\(harness.err)")
            }
            #expect(bytes(at: path) == Array("not json".utf8))
        }
    }

    @Test func errorsAreRedOnATerminalUnlessColourIsOff() {
        for colourAllowed in [true, false] {
            let harness = Harness(terminal: true, colourAllowed: colourAllowed)
            _ = FavoritesCommand(action: .show(1), store: InMemoryFavoritesStore()).run(harness.io)
            #expect(harness.err == (colourAllowed ? "rpn: \u{1B}[1;31merror:\u{1B}[0m " : "rpn: error: ")
                + "no favorite 1 (there are 0)\n")
        }
    }
}
