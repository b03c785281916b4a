import RPNCore

/// `rpn --list`: standard input is data, not a program: each line one number, the whole a list
/// on the stack before the programs run (`seq 1 100 | rpn --list -e mean`). Blank lines are
/// skipped; a line that is not one number is an error at its line and column, and nothing runs.
/// Numbers are read as literals are (exact unless `--float`, where each is the double nearest
/// its exact value), without running a program per line: 10^6 lines are read in well under a second.
public enum ListInput {
    /// Where a line is not a number.
    public struct Failure: Error, Equatable {
        public let line: Int, column: Int
        public let message: String
    }

    public static func parse(_ bytes: [UInt8], exact: Bool) -> Result<[Number], Failure> {
        var values: [Number] = []
        var line = 1
        var start = 0
        // A byte order mark before the first line is no part of it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        return bytes.withUnsafeBufferPointer { buffer -> Result<[Number], Failure> in
            while start < buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                var first = start, last = end
                while first < last, isBlank(buffer[first]) { first += 1 }
                while last > first, isBlank(buffer[last - 1]) { last -= 1 }
                if first < last {
                    let text = UnsafeBufferPointer(rebasing: buffer[first..<last])
                    let problem: String
                    switch Number.literal(text) {
                    case .value(let number):
                        values.append(exact ? number : Number(number.doubleValue))
                        problem = ""
                    case .failure(_, let message): problem = message
                    case .inexact: problem = "not a number"
                    }
                    if !problem.isEmpty {
                        let shown = TerminalText.quoted(String(decoding: text, as: UTF8.self))
                        return .failure(Failure(line: line, column: first - start + 1,
                                                message: "--list reads one number a line: \(shown): \(problem)"))
                    }
                }
                line += 1
                start = end + 1
            }
            return .success(values)
        }
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
}
