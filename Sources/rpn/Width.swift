import ArgumentParser
import RPNCommandLine
import RPNCore

/// `rpn width`: the terminal columns of each line of standard input, as carets are placed
/// (`DisplayWidth`). Hidden: it exists so that tests can hold the width tables against an
/// independent implementation (Python's wcwidth) over every code point.
struct Width: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the terminal width of each line of standard input, in columns.",
        shouldDisplay: false
    )

    func run() throws {
        let io = processIO()
        let bytes: [UInt8]
        do { bytes = try io.readStandardInput() } catch {
            io.fail(error.message)
            io.standardError.flush()
            throw ExitCode(ExitStatus.failure)
        }
        var out = ""
        var width = 0, atLineStart = true
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar == "\n" {
                out += String(width) + "\n"
                width = 0
                atLineStart = true
            } else {
                width += DisplayWidth.of(scalar)
                atLineStart = false
            }
        }
        if !atLineStart { out += String(width) + "\n" }
        io.standardOutput.write(out)
        io.standardOutput.flush()
    }
}
