import Platform
import Synchronization

/// Ctrl-C for the interactive shell. The signal handler only raises a flag; the shell asks
/// for it (which lowers it) between tokens of a long evaluation and between pieces of long
/// output. Process-wide state is set here, in the executable, once.
enum Interrupts {
    static let raised = Atomic<Bool>(false)

    /// Installs the SIGINT handler without SA_RESTART, so Ctrl-C also ends libedit's read with
    /// EINTR (the line is abandoned), and sets the locale libedit needs to show π, √ and ×.
    static func installForShell() {
        setlocale(LC_CTYPE, "")
        Signals.install(SIGINT, interrupting: { _ in Interrupts.raised.store(true, ordering: .relaxed) })
    }

    /// Whether Ctrl-C was pressed since the last call.
    static func take() -> Bool { raised.exchange(false, ordering: .relaxed) }
}
