import Foundation
import Testing
@testable import RPNShell

/// A file we cannot read or understand is reported, never overwritten; a change first keeps a
/// copy of a corrupt file.
@Suite struct FavoritesCorruptionTests {
    /// Contents that are not a favorites file, with words the message must contain.
    static let corrupt: [(name: String, bytes: [UInt8], problem: String)] = [
        ("empty", [], "it is empty"),
        ("bad JSON", Array(#"{"version": 1, "favorites": [}"#.utf8), "not valid JSON (unexpected character"),
        ("truncated", Array(#"{"version": 1, "favorites": [{"program": "1""#.utf8), "not valid JSON (unexpected end of input"),
        ("invalid UTF-8", Array(#"{"version": 1, "favorites": [{"program": ""#.utf8) + [0xFF, 0xFE]
            + Array(#"", "description": "x"}]}"#.utf8), "invalid UTF-8 at byte 42"),
        ("array at the top", Array("[]".utf8), "expected an object at the top level"),
        ("no version", Array(#"{"favorites": []}"#.utf8), "no \"version\""),
        ("version is a string", Array(#"{"version": "1", "favorites": []}"#.utf8), "\"version\" is not an integer"),
        ("no favorites", Array(#"{"version": 1}"#.utf8), "no \"favorites\""),
        ("favorites is an object", Array(#"{"version": 1, "favorites": {}}"#.utf8), "\"favorites\" is not an array"),
        ("entry is a string", Array(#"{"version": 1, "favorites": ["1 2 +"]}"#.utf8), "favorite 1 is not an object"),
        ("program missing", Array(#"{"version": 1, "favorites": [{"description": "3"}]}"#.utf8),
         "favorite 1 has no string \"program\""),
        ("description a number", Array(#"{"version": 1, "favorites": [{"program": "3", "description": 3}]}"#.utf8),
         "favorite 1 has no string \"description\""),
        ("unknown key", Array(#"{"version": 1, "favorites": [], "extra": true}"#.utf8), "unexpected key \"extra\" at the top level"),
        ("unknown entry key", Array(#"{"version": 1, "favorites": [{"program": "3", "description": "3", "tag": "x"}]}"#.utf8),
         "unexpected key \"tag\" in favorite 1"),
    ]

    @Test(arguments: corrupt.indices)
    func aCorruptFileIsReportedKeptAndCopiedAsideOnce(_ index: Int) throws {
        let (_, original, problem) = Self.corrupt[index]
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            try write(original, to: path)
            let store = FileFavoritesStore(path: path)

            let loadError = try #require(throws: FavoritesError.self) { try store.load() }
            #expect(loadError.message.hasPrefix("cannot use favorites file '\(path)': "))
            #expect(loadError.message.contains(problem), "\(loadError.message)")
            #expect(!loadError.message.contains(".corrupt-"))
            #expect(names(in: directory) == ["favorites.json"], "loading leaves no copy or lock")

            for change in [{ try store.add(Favorite("1", "1")) }, { try store.remove(number: 1) }] as [() throws -> Void] {
                let error = try #require(throws: FavoritesError.self) { try change() }
                #expect(error.message.contains(problem), "\(error.message)")
                let copies = names(in: directory).filter { $0.hasPrefix("favorites.json.corrupt-") }
                #expect(copies.count == 1, "one copy however often it fails: \(copies)")
                let copy = try #require(copies.first)
                #expect(error.message.contains("left as it is and a copy kept at '\(directory)/\(copy)'"), "\(error.message)")
                #expect(bytes(at: directory + "/" + copy) == original)
                #expect(bytes(at: path) == original, "the original is untouched byte for byte")
            }
            #expect(names(in: directory).filter { $0.contains(".tmp-") } == [])
        }
    }

    @Test func aChangedCorruptFileGetsASecondCopy() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            let store = FileFavoritesStore(path: path)
            for (round, text) in ["{", "{{"].enumerated() {
                try write(Array(text.utf8), to: path)
                #expect(throws: FavoritesError.self) { try store.add(Favorite("1", "1")) }
                #expect(names(in: directory).filter { $0.hasPrefix("favorites.json.corrupt-") }.count == round + 1)
            }
            let copies = names(in: directory).filter { $0.hasPrefix("favorites.json.corrupt-") }
            #expect(Set(copies.map { bytes(at: directory + "/" + $0) ?? [] }) == [Array("{".utf8), Array("{{".utf8)])
        }
    }

    @Test func aNewerVersionIsRefusedWithoutACopy() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            let original = Array(#"{"version": 2, "favorites": [], "folders": []}"#.utf8)
            try write(original, to: path)
            let error = try #require(throws: FavoritesError.self) { try FileFavoritesStore(path: path).add(Favorite("1", "1")) }
            #expect(error.message == "cannot use favorites file '\(path)': it has version 2; this rpn reads version 1; "
                + "it was left as it is; fix or remove it")
            #expect(bytes(at: path) == original)
            #expect(names(in: directory) == ["favorites.json", "favorites.json.lock"])
        }
    }

    @Test func aDirectoryAtThePathIsReported() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            let store = FileFavoritesStore(path: path)
            let expected = FavoritesError("cannot read favorites file '\(path)': it is a directory")
            #expect(throws: expected) { try store.load() }
            #expect(throws: expected) { try store.add(Favorite("1", "1")) }
            #expect(throws: expected) { try store.remove(number: 1) }
            #expect(names(in: path) == ["inside"])
            #expect(names(in: directory) == ["favorites.json", "favorites.json.lock"])
        }
    }

    @Test func aFileInPlaceOfTheDirectoryIsReported() throws {
        try withTemporaryDirectory { (directory: String) throws in
            try write(Array("not a directory".utf8), to: directory + "/rpn")
            let store = FileFavoritesStore(path: directory + "/rpn/favorites.json")
            #expect(throws: FavoritesError("cannot read favorites file '\(directory)/rpn/favorites.json': Not a directory")) {
                try store.load()
            }
            #expect(throws: FavoritesError("cannot create directory '\(directory)/rpn': it exists and is not a directory")) {
                try store.add(Favorite("1", "1"))
            }
            #expect(bytes(at: directory + "/rpn") == Array("not a directory".utf8))
        }
    }

    /// A file that cannot be opened for reading (Permission denied, injected: root reads a
    /// chmod 000 file, and CI runs as root) is reported by every operation and left as it is.
    @Test func anUnreadableFileIsReportedAndKept() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            try FileFavoritesStore(path: path).add(Favorite("1 2 +", "1+2"))
            let original = try #require(bytes(at: path))
            var calls = SystemCalls.live
            calls.open = { file, flags, mode in
                if file == path, flags & O_ACCMODE == O_RDONLY { errno = EACCES; return -1 }
                return SystemCalls.live.open(file, flags, mode)
            }
            let store = FileFavoritesStore(path: path, system: calls)
            let expected = FavoritesError("cannot read favorites file '\(path)': Permission denied")
            #expect(throws: expected) { try store.load() }
            #expect(throws: expected) { try store.add(Favorite("1", "1")) }
            #expect(throws: expected) { try store.remove(number: 1) }
            #expect(bytes(at: path) == original)
            #expect(names(in: directory) == ["favorites.json", "favorites.json.lock"])
        }
    }
}
