/// Signal handlers, for the executable (libraries change no process state).
public enum Signals {
    /// Installs `handler` for `signal` without SA_RESTART: a system call blocked when the signal
    /// arrives fails with EINTR (so Ctrl-C ends libedit's read) instead of carrying on.
    public static func install(_ signal: Int32, interrupting handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }
}
