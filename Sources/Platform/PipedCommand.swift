/// A command line run by `/bin/sh -c` with text on its standard input, sharing the caller's
/// terminal for its output, and waited for: the shell's pager (`$PAGER`, `less -R`).
///
/// The text goes through a socket pair rather than a pipe, written with `MSG_NOSIGNAL`: a pager
/// quit before it read everything (`q` in less) is an EPIPE here, not a SIGPIPE that would end
/// the caller, and no process-wide signal disposition has to change. Ctrl-C at the terminal
/// reaches the pager and the caller alike; the caller's handler (without SA_RESTART) only
/// makes a send or the wait fail with EINTR, which is retried, so the caller goes on.
public enum PipedCommand {
    /// Runs `command` with `input` on its standard input; returns once it has exited. False
    /// when it could not be started (no shell, or the shell found no such command: status
    /// 127), so that the caller can show the text itself.
    public static func run(_ command: String, input: [UInt8]) -> Bool {
        var sockets: [Int32] = [-1, -1]
        #if canImport(Darwin)
        let streamType = SOCK_STREAM
        #else
        let streamType = Int32(SOCK_STREAM.rawValue)
        #endif
        guard socketpair(AF_UNIX, streamType, 0, &sockets) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_addclose(&actions, sockets[0])
        posix_spawn_file_actions_addclose(&actions, sockets[1])
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in word.withCString { strdup($0) } } + [nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, "/bin/sh", &actions, nil, arguments, environ)
        close(sockets[1])
        guard started == 0 else {
            close(sockets[0])
            return false
        }
        // The reading end is the child's alone now: when it exits, a send fails with EPIPE.
        shutdown(sockets[0], Int32(SHUT_RD))
        var offset = 0
        while offset < input.count {
            let sent = input.withUnsafeBytes { send(sockets[0], $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                break  // the pager is gone (EPIPE): what it did not read is not wanted
            }
            offset += sent
        }
        close(sockets[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { return true }
        }
        // Exited normally with 127: the shell could not find the command.
        let exited = (status & 0x7f) == 0
        return !(exited && (status >> 8) & 0xff == 127)
    }
}
