@testable import RPNShell

/// `Favorite("1 M ÷", "1÷M")`: program and description, for the tables of the favorites tests.
extension Favorite {
    init(_ program: String, _ description: String) { self.init(program: program, description: description) }
}
