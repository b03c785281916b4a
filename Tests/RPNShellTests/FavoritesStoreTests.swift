import Foundation
import Testing
@testable import RPNShell

/// The two stores behave the same; the file store also survives the process.
@Suite struct FavoritesStoreTests {
    static let samples = [Favorite("1 M ÷ sin", "sin(1÷M)"), Favorite("3 5 + √", "√(3+5)"), Favorite("7 M + √", "√(7+M)")]

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, file
        var testDescription: String { rawValue }
    }

    func withStore(_ kind: Kind, _ body: (FavoritesStore, String) throws -> Void) throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store: FavoritesStore = kind == .memory
                ? InMemoryFavoritesStore() : FileFavoritesStore(path: directory + "/favorites.json")
            try body(store, directory)
        }
    }

    @Test(arguments: Kind.allCases)
    func addListRemoveRoundTrip(_ kind: Kind) throws {
        try withStore(kind) { (store: FavoritesStore, _: String) throws in
            #expect(try store.load() == [])
            for (index, favorite) in Self.samples.enumerated() {
                #expect(try store.add(favorite) == Array(Self.samples[...index]))
            }
            #expect(try store.load() == Self.samples)
            #expect(try store.remove(number: 2) == [Self.samples[0], Self.samples[2]])
            #expect(try store.remove(number: 2) == [Self.samples[0]])
            #expect(try store.remove(number: 1) == [])
            #expect(try store.load() == [])
        }
    }

    @Test(arguments: Kind.allCases, [(0, 3), (4, 3), (-1, 3), (Int.max, 3), (Int.min, 3)])
    func removingANumberOutOfRangeIsAnError(_ kind: Kind, _ case: (number: Int, count: Int)) throws {
        try withStore(kind) { (store: FavoritesStore, _: String) throws in
            for favorite in Self.samples { try store.add(favorite) }
            #expect(throws: FavoritesError("no favorite \(`case`.number) (there are \(`case`.count))")) {
                try store.remove(number: `case`.number)
            }
            #expect(try store.load() == Self.samples)
        }
    }

    @Test(arguments: Kind.allCases)
    func removingFromAnEmptyList(_ kind: Kind) throws {
        try withStore(kind) { (store: FavoritesStore, _: String) throws in
            #expect(throws: FavoritesError("no favorite 1 (there are 0)")) { try store.remove(number: 1) }
        }
    }

    @Test func theFileOutlivesTheStore() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            for favorite in Self.samples { try FileFavoritesStore(path: path).add(favorite) }
            #expect(try FileFavoritesStore(path: path).load() == Self.samples)
        }
    }

    @Test func aMissingFileIsAnEmptyListAndIsNotCreatedByLoading() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/deeper/still/favorites.json"
            #expect(try FileFavoritesStore(path: path).load() == [])
            #expect(names(in: directory) == [])
        }
    }

    @Test func missingDirectoriesAreCreatedPrivate() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/a/b/rpn/favorites.json"
            try FileFavoritesStore(path: path).add(Self.samples[0])
            #expect(try FileFavoritesStore(path: path).load() == [Self.samples[0]])
            for created in ["/a", "/a/b", "/a/b/rpn"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: directory + created)
                #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
                #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700, "\(created)")
            }
        }
    }

    @Test func writesLeaveOnlyTheFileAndItsLockBehind() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = FileFavoritesStore(path: directory + "/favorites.json")
            for favorite in Self.samples { try store.add(favorite) }
            try store.remove(number: 1)
            #expect(names(in: directory) == ["favorites.json", "favorites.json.lock"])
        }
    }

    @Test func theFileFormatIsStableAndReadable() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            let store = FileFavoritesStore(path: path)
            try store.add(Favorite("1 M ÷ sin", "sin(1÷M)"))
            try store.add(Favorite("x \"quoted\" \\ # tab\there\nnew line", "x"))
            let expected = """
                {
                  "version": 1,
                  "favorites": [
                    {"program": "1 M ÷ sin", "description": "sin(1÷M)"},
                    {"program": "x \\"quoted\\" \\\\ # tab\\there\\nnew line", "description": "x"}
                  ]
                }

                """
            #expect(String(decoding: bytes(at: path) ?? [], as: UTF8.self) == expected)
            try store.remove(number: 1)
            try store.remove(number: 1)
            #expect(String(decoding: bytes(at: path) ?? [], as: UTF8.self) == "{\n  \"version\": 1,\n  \"favorites\": []\n}\n")
        }
    }

    @Test func handWrittenFilesInAnyLayoutAreRead() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/favorites.json"
            try write(Array(#"{"favorites":[{"description":"2","program":"1 1 +"}],"version":1.0}"#.utf8), to: path)
            #expect(try FileFavoritesStore(path: path).load() == [Favorite("1 1 +", "2")])
        }
    }

    @Test(arguments: [
        ([:], "/home/fallback/.local/share/rpn/favorites.json"),
        (["HOME": ""], "/home/fallback/.local/share/rpn/favorites.json"),
        (["HOME": "/home/ada"], "/home/ada/.local/share/rpn/favorites.json"),
        (["HOME": "/home/ada/"], "/home/ada/.local/share/rpn/favorites.json"),
        (["HOME": "/home/ada", "XDG_DATA_HOME": ""], "/home/ada/.local/share/rpn/favorites.json"),
        (["HOME": "/home/ada", "XDG_DATA_HOME": "relative/data"], "/home/ada/.local/share/rpn/favorites.json"),
        (["HOME": "/home/ada", "XDG_DATA_HOME": "/data"], "/data/rpn/favorites.json"),
        (["HOME": "/home/ada", "XDG_DATA_HOME": "/data/"], "/data/rpn/favorites.json"),
        (["XDG_DATA_HOME": "/x/y"], "/x/y/rpn/favorites.json"),
    ] as [([String: String], String)])
    func defaultPath(_ environment: [String: String], _ expected: String) {
        // Without HOME, the account's home directory: here a stand-in, so every case is compared.
        #expect(FileFavoritesStore.defaultPath(environment: environment, accountHome: { "/home/fallback" }) == expected)
    }

    @Test func withoutHomeOrAccountTheRootIsTheHome() {
        #expect(FileFavoritesStore.defaultPath(environment: [:], accountHome: { nil }) == "/.local/share/rpn/favorites.json")
    }

    /// The account's home directory is the one /etc/passwd gives this user (read here by hand).
    @Test func theAccountHomeComesFromThePasswordDatabase() throws {
        let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
        let entry = try #require(passwd.split(separator: "\n").map { $0.split(separator: ":", omittingEmptySubsequences: false) }
            .first { $0.count >= 7 && $0[2] == "\(getuid())" })
        #expect(HomeDirectory.passwordDatabase() == String(entry[5]))
        #expect(FileFavoritesStore.defaultPath(environment: [:]) == String(entry[5]) + "/.local/share/rpn/favorites.json")
    }
}
