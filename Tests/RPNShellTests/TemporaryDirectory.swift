import Foundation
import Testing

/// A fresh directory under the system's temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rpn-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer {
        // Undo chmod 000 and friends so the directory can go.
        chmod(directory, 0o700)
        if let names = try? FileManager.default.subpathsOfDirectory(atPath: directory) {
            for name in names { chmod(directory + "/" + name, 0o700) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
    return try body(directory)
}

func bytes(at path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// The names in a directory, sorted. A directory that cannot be listed is a failure of the
/// test, not an empty list (which would let "nothing was left behind" pass for the wrong reason).
func names(in directory: String) -> [String] {
    do { return try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
        Issue.record("cannot list \(directory): \(error)")
        return ["<cannot list \(directory)>"]
    }
}
