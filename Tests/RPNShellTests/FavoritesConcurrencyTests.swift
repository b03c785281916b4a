import Foundation
import Testing
@testable import RPNShell

/// Several real processes adding to one file at once lose nothing.
///
/// Why not `fork()`: Swift Testing runs tests in parallel on a thread pool, so at the moment
/// of a fork other threads may hold Swift runtime locks (metadata caches, the allocator of
/// some library); the child inherits those locks held by threads that do not exist in it and
/// can deadlock on its first allocation or generic instantiation. After fork in a threaded
/// process only async-signal-safe calls are allowed until exec, and `add` is far from that.
///
/// What we do instead: `posix_spawn` this very test binary (`/proc/self/exe`, which is the
/// `rpnPackageTests.xctest` that `swift test` runs) with `--testing-library swift-testing
/// --filter` selecting only `FavoritesChildProcess`, and the favorites path in the environment.
/// Each child is a fresh, single-purpose process running the real `FileFavoritesStore` code;
/// in a normal test run that suite finds no variable and does nothing.
@Suite struct FavoritesConcurrencyTests {
    static let processes = 4
    static let addsPerProcess = 20

    @Test func processesAddingAtOnceLoseNothing() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/rpn/favorites.json"
            var children: [pid_t] = []
            for child in 1...Self.processes {
                children.append(try spawnChild(path: path, tag: "p\(child)", log: directory + "/child-p\(child).log"))
            }
            for (index, pid) in children.enumerated() {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                // WIFEXITED && WEXITSTATUS == 0, spelled out (the C macros are not imported).
                let log = String(decoding: bytes(at: directory + "/child-p\(index + 1).log") ?? [], as: UTF8.self)
                #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0, "child \(pid) ended with status \(status):\n\(log)")
            }
            let favorites = try FileFavoritesStore(path: path).load()
            #expect(favorites.count == Self.processes * Self.addsPerProcess)
            for child in 1...Self.processes {
                // Every child's favorites are all there, each once and in the child's order.
                let own = favorites.filter { $0.description.hasPrefix("p\(child) ") }.map(\.description)
                #expect(own == (1...Self.addsPerProcess).map { "p\(child) \($0)" })
            }
            #expect(names(in: directory + "/rpn") == ["favorites.json", "favorites.json.lock"])
        }
    }

    func spawnChild(path: String, tag: String, log: String) throws -> pid_t {
        let arguments = ["/proc/self/exe", "--testing-library", "swift-testing", "--filter", "FavoritesChildProcess"]
        var environment = ProcessInfo.processInfo.environment
        environment[FavoritesChildProcess.pathVariable] = path
        environment[FavoritesChildProcess.tagVariable] = tag
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        // The child's test report would clutter ours: it goes to a log, shown if the child fails.
        posix_spawn_file_actions_addopen(&fileActions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/proc/self/exe", &fileActions, nil, argv, envp)
        try #require(result == 0, "posix_spawn: \(String(cString: strerror(result)))")
        return pid
    }
}

/// The child's side of `FavoritesConcurrencyTests`: does nothing unless spawned by it.
@Suite struct FavoritesChildProcess {
    static let pathVariable = "RPN_FAVORITES_TEST_CHILD_PATH"
    static let tagVariable = "RPN_FAVORITES_TEST_CHILD_TAG"

    @Test func addTwentyFavoritesWhenSpawned() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[Self.pathVariable], let tag = environment[Self.tagVariable] else { return }
        let store = FileFavoritesStore(path: path)
        for number in 1...FavoritesConcurrencyTests.addsPerProcess {
            try store.add(Favorite(program: "\(number)", description: "\(tag) \(number)"))
        }
    }
}
