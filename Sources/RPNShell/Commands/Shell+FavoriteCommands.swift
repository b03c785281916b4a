/// `:fav` (add, load, remove) and `:favs`: the favorites `rpn fav` keeps, from the shell.
extension Shell {
    func registerFavoriteCommands() {
        on("fav", usage: ":fav [add] | :fav N | :fav rm N", summary: "save the program as a favorite, load one, delete one",
           useRank: 7, completing: { before, typed in before.isEmpty ? ShellCommand.offering(["add", "rm"])(before, typed) : (typed, []) }
        ) { [unowned self] arguments throws(CommandError) in
            switch arguments.count {
            case 0: try addFavorite()
            case 1 where arguments[0] == "add": try addFavorite()
            case 1:
                guard let number = Int(arguments[0]) else { throw arguments.usageError }
                try loadFavorite(number)
            case 2 where arguments[0] == "rm":
                guard let number = Int(arguments[1]) else { throw arguments.usageError }
                try removeFavorite(number)
            default: throw arguments.usageError
            }
        }
        on("favs", summary: "list the favorites with their descriptions", useRank: 8) { [unowned self] arguments throws(CommandError) in
            try arguments.none()
            try listFavorites()
        }
    }

    func addFavorite() throws(CommandError) {
        // The program without the definitions it does not use: a favorite keeps the words it calls.
        let program = session.favoriteProgram
        guard !program.isEmpty else { throw CommandError("nothing to save yet: type a program first") }
        let favorite = Favorite(program: program, description: session.description(limit: Favorite.descriptionBytes).text)
        let list: [Favorite]
        do { list = try environment.favorites.add(favorite) } catch { throw CommandError(error.message) }
        say(note("added ") + FavoritesCommand.line(number: list.count, width: 1, favorite,
                                                   columns: environment.terminalSize().columns - 6).dropLast())
    }

    func loadFavorite(_ number: Int) throws(CommandError) {
        let favorites = try loadFavorites()
        guard number >= 1, number <= favorites.count else {
            throw CommandError("no favorite \(number) (there are \(favorites.count))")
        }
        // Named as a file is: its diagnostics (a word it defines again) point into its text,
        // not under `:fav N` as typed.
        calculate(favorites[number - 1].program, file: "favorite \(number)")
    }

    func removeFavorite(_ number: Int) throws(CommandError) {
        let before = try loadFavorites()
        do { try environment.favorites.remove(number: number) } catch { throw CommandError(error.message) }
        if number >= 1, number <= before.count {
            say(note("removed ") + FavoritesCommand.line(number: number, width: 1, before[number - 1],
                                                         columns: environment.terminalSize().columns - 8).dropLast())
        }
    }

    func listFavorites() throws(CommandError) {
        let favorites = try loadFavorites()
        if favorites.isEmpty { say(note("no favorites yet: :fav saves the current program")) }
        let width = String(favorites.count).count
        for (index, favorite) in favorites.enumerated() {
            // as `rpn fav list` prints them, cut to the terminal
            output.write(FavoritesCommand.line(number: index + 1, width: width, favorite,
                                               columns: environment.terminalSize().columns))
        }
    }

    func loadFavorites() throws(CommandError) -> [Favorite] {
        do { return try environment.favorites.load() } catch { throw CommandError(error.message) }
    }
}
