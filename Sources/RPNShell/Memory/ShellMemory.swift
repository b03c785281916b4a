/// What the shell remembers between runs, handed in as closures (`ShellEnvironment.memory`):
/// the real one writes a state file (`StateFile`), tests use a fake, and `rpn --fresh` (and
/// every test that does not ask) gets `.none`, which remembers nothing.
public struct ShellMemory {
    /// The name of the session this shell writes (`rpn --session NAME`); nil: none.
    public var sessionName: String?
    /// Writes the session's state (the state file's whole text); nil, or why it could not.
    public var save: (String) -> String?
    /// The saved sessions' names, for `:sessions`.
    public var sessionNames: () -> [String]

    public init(sessionName: String?, save: @escaping (String) -> String?, sessionNames: @escaping () -> [String]) {
        self.sessionName = sessionName
        self.save = save
        self.sessionNames = sessionNames
    }

    /// Remembers nothing.
    public static var none: ShellMemory { ShellMemory(sessionName: nil, save: { _ in nil }, sessionNames: { [] }) }
}
