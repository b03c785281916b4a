import Platform

/// The user's home directory, from the environment handed in by `main` (never `getenv` here):
/// `HOME` when set and not empty, else the password database's entry for the user.
enum HomeDirectory {
    static func resolve(environment: [String: String],
                        accountHome: () -> String? = HomeDirectory.passwordDatabase) -> String? {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return accountHome()
    }

    /// The home directory in the password database for the real user id.
    static func passwordDatabase() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>? = nil
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
              let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
