import Foundation

/// A portfolio tag: shown as typed, compared in lower case without diacritics, so
/// `portret` finds `Portrét`.
public struct Tag: Sendable, Equatable, Hashable {
    public let label: String
    public let folded: String

    public init(_ label: String) {
        self.label = label
        self.folded = Tag.fold(label)
    }

    /// A tag as a store keeps it, its folded form read back rather than folded again.
    public init(label: String, folded: String) {
        self.label = label
        self.folded = folded
    }

    /// Lower case without diacritics: "Portrét" → "portret".
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}

/// Reading tags from what a person typed: single words, separated by spaces or commas.
public enum TagParsing {
    public static let maximumCount = 5
    public static let maximumLength = 30

    /// Every tag in `text` ("svatba portrét, Praha" → three), a leading `#` and
    /// punctuation at the ends dropped, repeats (by folded form) kept once.
    public static func tags(in text: String) -> [Tag] {
        // Split on scalars: a space or comma followed by a combining mark is one `Character`
        // that is neither, and would join two words.
        let words = text.unicodeScalars.split { $0.properties.isWhitespace || $0 == "," || $0 == ";" }
        var seen = Set<String>()
        var tags: [Tag] = []
        for word in words {
            let label = String(String.UnicodeScalarView(word).drop(while: Self.cannotStartATag))
                .trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols))
            guard !label.isEmpty else { continue }
            let tag = Tag(label)
            if seen.insert(tag.folded).inserted { tags.append(tag) }
        }
        return tags
    }

    /// What a word loses at its start: marks and joiners that belong to the character before
    /// them, and punctuation and symbols, repeatedly ("!́b" is "b"), so a tag never starts with
    /// a mark that would join it to whatever stands before it.
    static func cannotStartATag(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: true
        default: CharacterSet.punctuationCharacters.union(.symbols).contains(scalar)
        }
    }

    /// The most a tag field may hold before it is read at all: five tags of 30 characters
    /// with room for separators and stray spaces.
    public static let fieldLimit = TextLimit(characters: 400, bytes: 1_600)
    static let tagLimit = TextLimit(characters: maximumLength)

    /// What is wrong with the tags typed into a field, if anything.
    static func problem(in text: String) -> PortfolioProblem? {
        guard fieldLimit.allows(text) else { return .tagTooLong }
        return problem(with: tags(in: text))
    }

    /// What is wrong with these tags, if anything.
    static func problem(with tags: [Tag]) -> PortfolioProblem? {
        if tags.count > maximumCount { return .tooManyTags }
        if tags.contains(where: { !tagLimit.allows($0.label) }) { return .tagTooLong }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        if tags.contains(where: { !$0.label.unicodeScalars.allSatisfy(allowed.contains) }) { return .tagCharacters }
        return nil
    }
}
