import Crypto
import Foundation

/// A photographer's terms (cancellation, deposit, delivery, usage): every text they save is a
/// new version, kept for good. An offer carries the version current when it was made;
/// accepting the offer accepts that exact text, and the booking keeps its hash and the moment
/// (`AgreedTerms`), so later edits never change what was agreed.
public struct ShootTerms: Sendable, Equatable {
    public var id: Int64
    public var photographerId: Int64
    /// 1, 2, … per photographer.
    public var version: Int
    public var text: String
    /// SHA-256 of the text's UTF-8 bytes, in lower-case hex.
    public var hash: String
    public var createdAt: Date

    public init(id: Int64, photographerId: Int64, version: Int, text: String, hash: String, createdAt: Date) {
        self.id = id
        self.photographerId = photographerId
        self.version = version
        self.text = text
        self.hash = hash
        self.createdAt = createdAt
    }

    public static let limit = TextLimit(characters: 10_000, bytes: 40 * 1024)

    public static func hash(of text: String) -> String { Hex.string(SHA256.hash(data: Array(text.utf8))) }

    /// The text as typed, checked: within the limit, no control characters but line breaks
    /// and tabs. Empty means no terms from now on.
    public static func validated(_ raw: String) throws(TermsProblem) -> String {
        let text = raw.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        guard limit.allows(text) else { throw .tooLong }
        guard !text.containsControlCharacters(allowing: multilineControls) else { throw .invalidText }
        return text
    }
}

/// Why terms were refused (`payments.problems.terms.*`).
public enum TermsProblem: String, Error, Sendable {
    case tooLong
    case invalidText
}

/// What the client of a booking accepted with its offer: which terms, their hash then, and when.
public struct AgreedTerms: Sendable, Equatable {
    public var termsId: Int64
    public var hash: String
    public var acceptedAt: Date

    public init(termsId: Int64, hash: String, acceptedAt: Date) {
        self.termsId = termsId
        self.hash = hash
        self.acceptedAt = acceptedAt
    }
}
