/// A program kept for later with its civilized description, as in the CS193P calculator's
/// favorites list: `1 M ÷ sin` is kept as `sin(1÷M)`.
public struct Favorite: Sendable, Equatable {
    /// The RPN text, exactly as it was added.
    public var program: String
    /// Its description (`RPN.describe(program)` when it was added).
    public var description: String

    /// Longest description kept with a favorite: enough for any list, and a favorite whose
    /// description would be gigabytes (`1 dup + dup + ...`) stays small.
    public static let descriptionBytes = 4096

    public init(program: String, description: String) {
        self.program = program
        self.description = description
    }
}

/// Why the favorites could not be read or changed, in words that name the file and the problem.
public struct FavoritesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Where favorites live. Numbers are 1-based positions in the list, oldest first.
public protocol FavoritesStore: AnyObject {
    func load() throws(FavoritesError) -> [Favorite]
    /// Adds at the end; returns the new list. Lock, re-read, append, write: two processes adding at once lose neither.
    @discardableResult func add(_ favorite: Favorite) throws(FavoritesError) -> [Favorite]
    /// Removes the 1-based `number`; an out-of-range number is an error "no favorite N (there are K)".
    @discardableResult func remove(number: Int) throws(FavoritesError) -> [Favorite]
}

extension FavoritesError {
    /// The error for a number that names no favorite.
    static func noFavorite(_ number: Int, count: Int) -> FavoritesError {
        FavoritesError("no favorite \(number) (there are \(count))")
    }
}

extension Array where Element == Favorite {
    /// The index of the 1-based `number`, or nil when it names no favorite (any Int is safe).
    func index(ofNumber number: Int) -> Int? {
        number >= 1 && number <= count ? number - 1 : nil
    }
}

/// Favorites for one session only (tests, or a shell that was told not to touch the disk).
public final class InMemoryFavoritesStore: FavoritesStore {
    private var favorites: [Favorite]

    public init(_ favorites: [Favorite] = []) { self.favorites = favorites }

    public func load() throws(FavoritesError) -> [Favorite] { favorites }

    @discardableResult
    public func add(_ favorite: Favorite) throws(FavoritesError) -> [Favorite] {
        favorites.append(favorite)
        return favorites
    }

    @discardableResult
    public func remove(number: Int) throws(FavoritesError) -> [Favorite] {
        guard let index = favorites.index(ofNumber: number) else { throw .noFavorite(number, count: favorites.count) }
        favorites.remove(at: index)
        return favorites
    }
}
