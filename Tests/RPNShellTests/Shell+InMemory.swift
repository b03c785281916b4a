import RPNCommandLine
import RPNCore
import RPNTestSupport
@testable import RPNShell

extension Shell {
    /// A shell as a test drives it: output captured, no colour, a terminal of `terminal`'s size,
    /// and favorites and files in memory.
    static func inMemory(favorites: FavoritesStore = InMemoryFavoritesStore(), files: FakeFiles = FakeFiles(),
                         terminal: (columns: Int, rows: Int) = (60, 20), page: @escaping (String) -> Bool = { _ in false },
                         directoryNames: @escaping (String) -> [String] = { _ in [] },
                         filePath: @escaping (String) -> String = { $0 }) -> Shell {
        inMemory(favorites: favorites, terminal: terminal, readFile: files.read, writeFile: files.write,
                 includeFiles: files.includeFileSystem, page: page, directoryNames: directoryNames, filePath: filePath)
    }

    /// The same reading and writing files through `readFile` and `writeFile` (real ones).
    static func inMemory(favorites: FavoritesStore = InMemoryFavoritesStore(), terminal: (columns: Int, rows: Int),
                         readFile: @escaping (String) throws(InputError) -> [UInt8],
                         writeFile: @escaping (String, [UInt8]) throws(InputError) -> Void,
                         includeFiles: IncludeFileSystem = .disk, page: @escaping (String) -> Bool = { _ in false },
                         directoryNames: @escaping (String) -> [String] = { _ in [] },
                         filePath: @escaping (String) -> String = { $0 }) -> Shell {
        Shell(session: Session(), environment: ShellEnvironment(
            output: .capture(), colour: false, terminalSize: { terminal }, favorites: favorites,
            readFile: readFile, writeFile: writeFile, includeFiles: includeFiles, filePath: filePath,
            page: page, directoryNames: directoryNames))
    }

    /// Types `line` (as Enter would hand it over) and returns what the shell printed for it.
    func type(_ line: String) -> String {
        let output = environment.output
        let before = output.captured.count
        handle(line)
        output.flush()
        return String(decoding: output.captured[before...], as: UTF8.self)
    }
}
