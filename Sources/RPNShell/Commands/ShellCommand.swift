import RPNCore

/// The `:` commands. They start with `:` so they never clash with variables.
public enum ShellCommand: Equatable, Sendable {
    case help
    case vars
    case set(name: String, value: String)
    case unset(name: String)
    case clear
    case undo
    case redo
    case describe
    case ascii
    case unicode
    case degrees
    case radians
    /// `:float`, `:exact`.
    case exact(Bool)
    /// `:std`, `:fix N`, `:sci N`, `:eng N`.
    case displayMode(NumberFormat.Mode)
    /// `:frac`, `:group`: toggles.
    case fractions
    case grouping
    /// `:hex`, `:oct`, `:bin`, `:dec`.
    case base(Int)
    case save(path: String)
    case load(path: String)
    case favoriteAdd
    case favorites
    case favoriteLoad(Int)
    case favoriteRemove(Int)
    /// `variable` nil: M.
    case plot(range: ClosedRange<Double>?, favorite: Int?, variable: String?)
    case quit

    /// Every command name with its arguments and what it does, for `:help` and completion.
    public static let catalogue: [(name: String, usage: String, summary: String)] = [
        ("help", ":help", "words and commands"),
        ("vars", ":vars", "the variables and their values"),
        ("set", ":set NAME VALUE", "give a variable a value (VALUE may be RPN: :set x pi 2 /)"),
        ("unset", ":unset NAME", "forget a variable's value"),
        ("clear", ":clear", "empty the stack and forget the variables"),
        ("undo", ":undo", "take back the last change"),
        ("redo", ":redo", "do again what :undo took back"),
        ("describe", ":describe", "the whole description of the stack"),
        ("ascii", ":ascii", "describe with * / - sqrt pi"),
        ("unicode", ":unicode", "describe with × ÷ − √ π"),
        ("deg", ":deg", "trigonometry in degrees"),
        ("rad", ":rad", "trigonometry in radians"),
        ("exact", ":exact", "exact integers and fractions from now on (the default)"),
        ("float", ":float", "IEEE doubles from now on: 0.1 0.2 + is 0.30000000000000004"),
        ("std", ":std", "show values in the standard form (the default)"),
        ("fix", ":fix N", "show values with N digits after the point"),
        ("sci", ":sci N", "show values in scientific notation with N digits after the point"),
        ("eng", ":eng N", "show values in engineering notation (exponents multiples of 3)"),
        ("frac", ":frac", "show exact non-integers as fractions (1/3), or stop"),
        ("group", ":group", "group digits in threes (1,234,567), or stop"),
        ("hex", ":hex", "show integers in base 16 (0xFF)"),
        ("oct", ":oct", "show integers in base 8 (0o17)"),
        ("bin", ":bin", "show integers in base 2 (0b101)"),
        ("dec", ":dec", "show integers in base 10 (the default)"),
        ("save", ":save FILE", "write the session's program to FILE (\"my file.rpn\" for spaces, ~ for home)"),
        ("load", ":load FILE", "run a program file on the stack (\"my file.rpn\" for spaces, ~ for home)"),
        ("fav", ":fav [add] | :fav N | :fav rm N", "save the program as a favorite, load one, delete one"),
        ("favs", ":favs", "list the favorites with their descriptions"),
        ("plot", ":plot [VAR] [XMIN XMAX] | :plot fav N [VAR] [XMIN XMAX]",
         "graph the top expression (or favorite N) against VAR, M by default; rpn plot --var does it outside"),
        ("quit", ":quit", "leave (Ctrl-D does too)"),
    ]

    public static var names: [String] { catalogue.map(\.name) }

    public enum ParseError: Error, Equatable {
        case unknown(String, suggestion: String?)
        case usage(String)
    }

    /// Parses a line that starts with `:`.
    public static func parse(_ line: String) -> Result<ShellCommand, ParseError> {
        let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first?.lowercased() else { return .failure(.usage(":help lists the commands")) }
        let arguments = Array(words.dropFirst())
        func usage() -> Result<ShellCommand, ParseError> {
            .failure(.usage("usage: " + (catalogue.first { $0.name == name }?.usage ?? ":\(name)")))
        }
        func noArguments(_ command: ShellCommand) -> Result<ShellCommand, ParseError> {
            arguments.isEmpty ? .success(command) : usage()
        }
        switch name {
        case "help", "h", "?": return noArguments(.help)
        case "vars": return noArguments(.vars)
        case "set":
            guard arguments.count >= 2 else { return usage() }
            return .success(.set(name: arguments[0], value: arguments.dropFirst().joined(separator: " ")))
        case "unset": return arguments.count == 1 ? .success(.unset(name: arguments[0])) : usage()
        case "clear": return noArguments(.clear)
        case "undo": return noArguments(.undo)
        case "redo": return noArguments(.redo)
        case "describe": return noArguments(.describe)
        case "ascii": return noArguments(.ascii)
        case "unicode": return noArguments(.unicode)
        case "deg", "degrees": return noArguments(.degrees)
        case "rad", "radians": return noArguments(.radians)
        case "exact": return noArguments(.exact(true))
        case "float": return noArguments(.exact(false))
        case "std": return noArguments(.displayMode(.standard))
        case "fix", "sci", "eng":
            guard arguments.count == 1, let digits = Int(arguments[0]),
                  (0...NumberFormat.maximumDigits).contains(digits) else {
                return .failure(.usage("usage: :\(name) N, N from 0 to \(NumberFormat.maximumDigits)"))
            }
            return .success(.displayMode(name == "fix" ? .fixed(digits) : name == "sci" ? .scientific(digits)
                                                                                    : .engineering(digits)))
        case "frac", "fractions": return noArguments(.fractions)
        case "group": return noArguments(.grouping)
        case "hex": return noArguments(.base(16))
        case "oct": return noArguments(.base(8))
        case "bin": return noArguments(.base(2))
        case "dec": return noArguments(.base(10))
        case "save", "load":
            // The name as typed, quotes and all: everything after the command's name.
            let rest = line.dropFirst().drop { $0 == " " || $0 == "\t" }.drop { $0 != " " && $0 != "\t" }
            switch PathArgument.parse(rest) {
            case .success(let path): return .success(name == "save" ? .save(path: path) : .load(path: path))
            case .failure(.missing): return usage()
            case .failure(.several):
                return .failure(.usage("usage: :\(name) FILE (a name with spaces needs quotes: :\(name) \"my file.rpn\")"))
            case .failure(.empty): return .failure(.usage(":\(name): the file name is empty"))
            case .failure(.unclosedQuote(let quote)): return .failure(.usage(":\(name): the closing \(quote) is missing"))
            case .failure(.trailingBackslash): return .failure(.usage(":\(name): nothing follows the last \\"))
            }
        case "favs": return noArguments(.favorites)
        case "fav":
            switch arguments.count {
            case 0: return .success(.favoriteAdd)
            case 1 where arguments[0] == "add": return .success(.favoriteAdd)
            case 1: return Int(arguments[0]).map { .success(.favoriteLoad($0)) } ?? usage()
            case 2 where arguments[0] == "rm": return Int(arguments[1]).map { .success(.favoriteRemove($0)) } ?? usage()
            default: return usage()
            }
        case "plot":
            // :plot [fav N] [VAR] [XMIN XMAX]; bounds in either order, each one RPN number (pi works).
            var rest = arguments
            var favorite: Int?, variable: String?
            if rest.first == "fav" {
                guard rest.count >= 2, let number = Int(rest[1]) else { return usage() }
                favorite = number
                rest.removeFirst(2)
            }
            if let first = rest.first, RPN.isVariableName(first) {
                variable = first
                rest.removeFirst()
            }
            if rest.isEmpty { return .success(.plot(range: nil, favorite: favorite, variable: variable)) }
            guard rest.count == 2, !rest.contains(where: RPN.isVariableName) else { return usage() }
            var bounds: [Double] = []
            for word in rest {
                switch RPN.number(word).map(\.doubleValue) {
                case .success(let value) where value.isFinite: bounds.append(value)
                case .success: return .failure(.usage(":plot needs finite bounds (\(word) is not)"))
                case .failure(let why): return .failure(.usage("\(word): \(why.text)"))
                }
            }
            guard bounds[0] != bounds[1] else {
                return .failure(.usage(":plot needs two different bounds (both are \(NumberFormatting.ascii(bounds[0])))"))
            }
            let range = Swift.min(bounds[0], bounds[1])...Swift.max(bounds[0], bounds[1])
            return .success(.plot(range: range, favorite: favorite, variable: variable))
        case "quit", "q", "exit": return noArguments(.quit)
        default:
            return .failure(.unknown(name, suggestion: closestCommand(to: name)))
        }
    }

    /// Commands in the order people use them most, to choose among those a typed prefix
    /// starts (`:u` is more likely `:undo` than `:unset`).
    static let byUse = ["undo", "redo", "help", "vars", "set", "describe", "fav", "favs", "plot", "deg", "rad",
                        "fix", "sci", "eng", "std", "frac", "hex", "dec", "exact", "float",
                        "save", "load", "clear", "unset", "ascii", "unicode", "quit"]

    static func closestCommand(to name: String) -> String? {
        if let prefixed = (byUse + names).first(where: { $0.hasPrefix(name) }) { return prefixed }
        return Suggestions.closest(to: name, among: names)
    }
}
