/// Why a command did nothing, for people: the shell shows it as `error: MESSAGE`.
struct CommandError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
