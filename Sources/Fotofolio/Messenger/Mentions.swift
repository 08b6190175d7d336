/// `@username` in a message: an `@` that does not follow a letter or digit (so e-mail
/// addresses are not mentions), then letters, digits, `.`, `_` and `-`. Usernames are
/// lower-case, so tokens are compared lower-cased.
enum Mentions {
    /// The usernames among `candidates` that the text mentions, each once, in the order of
    /// their first mention. A sentence may end right after a name ("thanks @jana.k."), so a
    /// token that names nobody is tried again without its trailing `.`, `-` and `_`.
    static func usernames(in text: String, among candidates: Set<String>) -> [String] {
        var found: [String] = []
        for token in tokens(in: text) {
            var name = Substring(token)
            while !name.isEmpty, !candidates.contains(String(name)), let last = name.last, ".-_".contains(last) {
                name = name.dropLast()
            }
            let username = String(name)
            if candidates.contains(username), !found.contains(username) { found.append(username) }
        }
        return found
    }

    /// Every `@token`, lower-cased, without the `@`.
    static func tokens(in text: String) -> [String] {
        var tokens: [String] = []
        var current: String? = nil
        var previous: Character? = nil
        for character in text {
            if current != nil, isNameCharacter(character) {
                current!.append(character)
            } else {
                if let token = current, !token.isEmpty { tokens.append(token.lowercased()) }
                current = character == "@" && !(previous.map(isWordCharacter) ?? false) ? "" : nil
            }
            previous = character
        }
        if let token = current, !token.isEmpty { tokens.append(token.lowercased()) }
        return tokens
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        isWordCharacter(character) || character == "." || character == "_" || character == "-"
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
