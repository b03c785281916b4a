/// Programs and numbers that start with a minus sign, as arguments of `rpn fav`.
///
/// swift-argument-parser reads every argument that starts with `-` as an option, so
/// `rpn fav add '-5 abs'` and `rpn fav rm -1` failed with "unknown option" unless a `--` came
/// first. No option of `rpn` is spelled with a digit, so an argument that starts like a
/// negative number (`-5`, `-.5`) is always a program or a number. For the commands whose
/// positional argument is one (`fav add PROGRAM`, `fav rm N`, `fav show N`), such arguments
/// are moved behind a `--`, where the parser takes them as positional; options stay in front.
/// Options that take a value (`-e`, `--from`) already take these as their value, and the
/// commands that take files keep their order, so nothing else is rewritten.
public enum ProgramArguments {
    /// The commands, as their first two arguments, whose positional arguments are rewritten.
    static let commands: Set<[String]> = [["fav", "add"], ["fav", "rm"], ["fav", "show"]]

    public static func protectingLeadingMinus(_ arguments: [String]) -> [String] {
        guard arguments.count > 2, commands.contains(Array(arguments[..<2])) else { return arguments }
        var front: [String] = [], positional: [String] = []
        var index = 2
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if startsLikeANegativeNumber(argument) { positional.append(argument) } else { front.append(argument) }
            index += 1
        }
        guard !positional.isEmpty else { return arguments }
        positional += arguments[min(index + 1, arguments.count)...]
        return Array(arguments[..<2]) + front + ["--"] + positional
    }

    /// `-` followed by a digit, or by `.` and a digit: how the lexer tells a negative number.
    public static func startsLikeANegativeNumber(_ argument: String) -> Bool {
        let bytes = Array(argument.utf8.prefix(3))
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        guard bytes.first == UInt8(ascii: "-") else { return false }
        return isDigit(1) || (bytes.count > 1 && bytes[1] == UInt8(ascii: ".") && isDigit(2))
    }
}
