/// A failed system call's `errno`, and the system's words for it.
public struct SystemError: Error, Equatable, Sendable {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// What the last failed call left in `errno`; read it before anything else can change it.
    public static var last: SystemError { SystemError(code: errno) }

    /// "No such file or directory": what messages say after the file's name.
    public var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The call was interrupted by a signal before it did anything (EINTR).
    public var isInterruption: Bool { code == EINTR }
}
