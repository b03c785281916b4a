import Platform

/// The client's process, given as `processId` in `initialize`: the server exits when it has
/// gone. A process that does not exist when `initialize` arrives is not watched at all: the
/// client then lives in another PID namespace (a container, a sandboxed editor), where its
/// number means nothing here.
enum ClientProcess {
    /// Whether a process exists: `kill(pid, 0)` succeeds, or fails only for lack of permission.
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
