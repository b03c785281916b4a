import Platform
import RPNManual

// rpn-manual: `rpn --experimental-dump-help | rpn-manual > rpn.1`. The man page in roff on
// standard output; a command tree it cannot read is a message on standard error and status 1.
func fail(_ message: String) -> Never {
    try? Retrying.writeAll(Array("rpn-manual: error: \(message)\n".utf8), to: 2)
    exit(1)
}

let input: [UInt8]
do { input = try Retrying.readAll(0) } catch { fail("cannot read standard input: \(error.reason)") }
let page: String
do { page = try ManualPage(commandTreeJSON: input).render() } catch { fail(error.message) }
do { try Retrying.writeAll(Array(page.utf8), to: 1) } catch { fail("cannot write the page: \(error.reason)") }
