/// The terms a photo may be reused on: the author's, as a profile's default, a portfolio's
/// or one photo's. The Creative Commons ones are the 4.0 licences, named as their deeds ask.
public enum Licence: String, Codable, Sendable, CaseIterable {
    case allRightsReserved = "all-rights-reserved"
    case ccBy = "cc-by"
    case ccBySa = "cc-by-sa"
    case ccByNc = "cc-by-nc"
    case cc0 = "cc0"

    /// Any Creative Commons licence: the feed's "free to reuse".
    public var isFreeToReuse: Bool { self != .allRightsReserved }

    /// The licences free to reuse, as stored, for SQL's `IN`.
    public static let freeCodes = allCases.filter(\.isFreeToReuse).map(\.rawValue)

    /// "CC BY 4.0"; nil for all rights reserved, which every language words itself.
    public var name: String? {
        switch self {
        case .allRightsReserved: nil
        case .ccBy: "CC BY 4.0"
        case .ccBySa: "CC BY-SA 4.0"
        case .ccByNc: "CC BY-NC 4.0"
        case .cc0: "CC0 1.0"
        }
    }

    /// The licence's deed, for a link and for `xmpRights:WebStatement`.
    public var url: String? {
        switch self {
        case .allRightsReserved: nil
        case .ccBy: "https://creativecommons.org/licenses/by/4.0/"
        case .ccBySa: "https://creativecommons.org/licenses/by-sa/4.0/"
        case .ccByNc: "https://creativecommons.org/licenses/by-nc/4.0/"
        case .cc0: "https://creativecommons.org/publicdomain/zero/1.0/"
        }
    }

    /// The licence family a credit names ("CC BY-SA 2.0" → `.ccBySa`, "CC0 1.0" → `.cc0`);
    /// nil for any other licence, which stays the credit's own words.
    public init?(creditName: String) {
        let words = creditName.split(separator: " ")
        switch (words.first, words.count) {
        case ("CC0", 2): self = .cc0
        case ("CC", 3):
            switch words[1] {
            case "BY": self = .ccBy
            case "BY-SA": self = .ccBySa
            case "BY-NC": self = .ccByNc
            default: return nil
            }
        default: return nil
        }
    }
}

/// Who sees a portfolio.
public enum PortfolioVisibility: String, Codable, Sendable, CaseIterable {
    /// In the feed, on the profile, anywhere.
    case `public`
    /// Only through one of its share links (and to its author).
    case unlisted
    /// Its author only; its share links do not open.
    case `private`
}
