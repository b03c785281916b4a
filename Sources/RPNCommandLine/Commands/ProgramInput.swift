import RPNCore

/// Where a program comes from.
public enum ProgramInput: Equatable, Sendable {
    /// `-e TEXT`; `index` numbers the `-e` options for their names (`-e`, `-e#2`, ...).
    case expression(String, index: Int)
    case file(String)
    case standardInput

    var name: String {
        switch self {
        case .expression(_, let index): index <= 1 ? "-e" : "-e#\(index)"
        case .file(let path): path
        case .standardInput: "<stdin>"
        }
    }

    /// Files named `-` are standard input.
    public static func files(_ paths: [String]) -> [ProgramInput] {
        paths.map { $0 == "-" ? .standardInput : .file($0) }
    }

    /// The file's path, which its includes are relative to; nil for text of no file, whose
    /// includes are relative to the working directory.
    var path: String? {
        if case .file(let path) = self { path } else { nil }
    }

    func read(_ io: CommandLineIO) throws(InputError) -> [UInt8] {
        switch self {
        case .expression(let text, _): Array(text.utf8)
        case .file(let path): try io.readFile(path)
        case .standardInput: try io.readStandardInput()
        }
    }
}

extension SourceSet {
    /// Reads every input into one source set, or says which could not be read.
    static func load(_ inputs: [ProgramInput], _ io: CommandLineIO) throws(InputError) -> SourceSet {
        var sources = SourceSet()
        for input in inputs {
            let file = sources.add(name: input.name, bytes: try input.read(io), path: input.path)
            // Nodes keep 32-bit offsets (see Node.start).
            if file.endOffset > Int(UInt32.max) { throw InputError("'\(input.name)': the programs exceed 4 GiB") }
        }
        return sources
    }
}
