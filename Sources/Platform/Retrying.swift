/// The system calls that a signal can interrupt (EINTR) before they did anything, made again
/// until they do: callers see only real results and real failures. The shell's SIGINT handler
/// is installed without SA_RESTART (so Ctrl-C ends libedit's read), which makes interruptions
/// real here, not theoretical.
///
/// open(2) is not retried: Ctrl-C must still end an open of a FIFO nobody writes to
/// (`:load fifo` reports "Interrupted system call" instead of hanging). close(2) is never
/// retried: Linux releases the descriptor even when close fails with EINTR, so a second close
/// could close a descriptor another thread has just been given.
public enum Retrying {
    /// read(2): the number of bytes read (0 at the end), or -1 with the reason in `errno`.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = cRead(descriptor, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Everything up to the end of input. `sizeHint` (a regular file's size) lets a large file
    /// be read straight into the array's storage: a 100 MB input is copied once, not twice.
    public static func readAll(_ descriptor: Int32, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint + 1, 1 << 16))
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let result = bytes.withUnsafeMutableBytes { raw in
                read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
            }
            if result < 0 { throw .last }
            if result == 0 { break }
            count += result
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Writes all of `bytes` with write(2), resuming after interruptions and short writes.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        try writeAll(bytes, to: descriptor, using: { cWrite($0, $1.baseAddress, $1.count) })
    }

    /// The same with `write` making each call (in tests, one that fails on cue): it returns
    /// what write(2) returns and leaves the reason in `errno`.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32,
                                using write: (Int32, UnsafeRawBufferPointer) -> Int) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .last
            }
            offset += written
        }
    }

    /// poll(2) on one descriptor: 1 when it is ready, 0 when the timeout passed, or -1 with the
    /// reason in `errno`. An interrupted wait starts again with the whole timeout.
    public static func poll(_ descriptor: inout pollfd, timeout milliseconds: Int32) -> Int32 {
        while true {
            let ready = cPoll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready
        }
    }

    /// flock(2): 0, or -1 with the reason in `errno`.
    public static func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
        while true {
            let result = cFlock(descriptor, operation)
            if result != 0, errno == EINTR { continue }
            return result
        }
    }
}

// The C functions under names of their own: inside `Retrying`, `read` means `Retrying.read`.
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func cWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func cPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 { poll(descriptors, count, timeout) }
private func cFlock(_ descriptor: Int32, _ operation: Int32) -> Int32 { flock(descriptor, operation) }
