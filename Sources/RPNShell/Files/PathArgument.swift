/// The file name typed after `:save` or `:load`, read as a POSIX shell reads one word: blanks
/// separate words; '...' keeps everything inside as it is; "..." keeps everything but `\"` and
/// `\\`; outside quotes a backslash keeps the next character (`my\ file.rpn`); parts next to
/// each other join (`'it'"'"'s'` is `it's`). No variables, no globbing; `~` is left for
/// `ShellFiles` to expand with the home directory it was given.
enum PathArgument {
    enum Problem: Error, Equatable {
        case missing
        case several
        case empty
        case unclosedQuote(Character)
        case trailingBackslash
    }

    /// The one word in `text`.
    static func parse(_ text: Substring) -> Result<String, Problem> {
        var words: [String] = []
        var word = "", inWord = false
        var quote: Character? = nil
        var escaped = false
        for character in text {
            if escaped {
                // In double quotes only \" and \\ are escapes; elsewhere the backslash stays.
                if quote == "\"", character != "\"", character != "\\" { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case ("\"", "\\"), (nil, "\\"): escaped = true; inWord = true
            case ("\"", _): word.append(character)
            case (nil, "'"), (nil, "\""): quote = character; inWord = true
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(character); inWord = true
            }
        }
        if let quote { return .failure(.unclosedQuote(quote)) }
        if escaped { return .failure(.trailingBackslash) }
        if inWord { words.append(word) }
        guard let first = words.first else { return .failure(.missing) }
        guard words.count == 1 else { return .failure(.several) }
        return first.isEmpty ? .failure(.empty) : .success(first)
    }
}
