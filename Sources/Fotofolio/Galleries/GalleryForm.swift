/// A new gallery as typed: its title, an optional client account, an optional limit of
/// picks and a note.
public struct GalleryForm: Sendable, Equatable {
    public var title = ""
    /// A username ("@jana.k" or "jana.k"); empty: the gallery opens to its link alone.
    public var client = ""
    public var pickLimit = ""
    public var message = ""

    public init(title: String = "", client: String = "", pickLimit: String = "", message: String = "") {
        self.title = title
        self.client = client
        self.pickLimit = pickLimit
        self.message = message
    }

    public static let titleLimit = TextLimit(characters: 80)
    public static let messageLimit = TextLimit(characters: 2000)
    public static let pickLimits = 1...1000

    /// The checked values, or every problem at once. The client's username is read here;
    /// whether the account exists is the service's to say.
    public func validated() throws(GalleryErrors) -> GalleryDraft {
        var problems: [GalleryField: GalleryProblem] = [:]
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { problems[.title] = .missing }
        else if !Self.titleLimit.allows(title) { problems[.title] = .tooLong }
        else if title.containsControlCharacters() { problems[.title] = .invalidText }
        let message = message.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.messageLimit.allows(message) { problems[.message] = .tooLong }
        else if message.containsControlCharacters(allowing: ["\n", "\t"]) { problems[.message] = .invalidText }
        var client = client.trimmingCharacters(in: .whitespaces)
        if client.hasPrefix("@") { client.removeFirst() }
        if client.utf8.count > 64 || client.containsControlCharacters() { problems[.client] = .unknownClient }
        var limit: Int?
        let limitText = pickLimit.trimmingCharacters(in: .whitespaces)
        if !limitText.isEmpty {
            if limitText.utf8.count <= 4, limitText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(limitText),
               Self.pickLimits.contains(value) {
                limit = value
            } else {
                problems[.pickLimit] = .outOfRange
            }
        }
        guard problems.isEmpty else { throw GalleryErrors(problems: problems) }
        return GalleryDraft(title: title, client: client.lowercased(), pickLimit: limit, message: message)
    }
}

public struct GalleryDraft: Sendable, Equatable {
    public var title: String
    public var client: String
    public var pickLimit: Int?
    public var message: String
}

public enum GalleryField: String, Sendable, CaseIterable {
    case title, client, pickLimit, message
}

public enum GalleryProblem: String, Sendable, Equatable {
    case missing, tooLong, invalidText, outOfRange
    /// No account of that name, or it is the photographer's own.
    case unknownClient
    /// The photographer blocked the client: unblock first.
    case youBlockedClient
    /// The client blocked the photographer.
    case clientBlocked
}

public struct GalleryErrors: Error, Sendable, Equatable {
    public let problems: [GalleryField: GalleryProblem]

    public init(problems: [GalleryField: GalleryProblem]) {
        self.problems = problems
    }
}
