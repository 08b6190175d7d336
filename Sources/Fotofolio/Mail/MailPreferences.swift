import Crypto
import Foundation

/// Each person's mail settings, and the one-click unsubscribe links every notice carries
/// (RFC 8058): a link names the person and the kind, signed with the site's key, so it turns
/// off that kind for that person without signing in, and for nobody else.
public struct MailPreferences: Sendable {
    let store: any MailStore

    public init(stores: Stores) {
        store = stores.mail
    }

    public func settings(of userId: Int64) throws -> MailSettings {
        try store.settings(of: userId)
    }

    public func save(_ settings: MailSettings, of userId: Int64) throws {
        try store.save(settings, of: userId)
    }

    /// Keeps the language the person last chose, for the words of their mails.
    public func remember(language: String, of userId: Int64) throws {
        var settings = try store.settings(of: userId)
        guard settings.language != language else { return }
        settings.language = language
        try store.save(settings, of: userId)
    }

    /// Whether the person's address stopped taking mail (too many hard bounces): their
    /// settings page says so.
    public func isBouncing(_ address: String) throws -> Bool {
        !MailRules.mayMail(bounces: try store.bounces(of: address))
    }

    /// The token of the person's unsubscribe link for `kind`: their id and a signature.
    public func unsubscribeToken(for userId: Int64, kind: MailKind) throws -> String {
        "\(userId).\(try signature(userId: userId, kind: kind))"
    }

    /// The person a token names, when its signature is right for `kind`; nil otherwise.
    public func holder(ofUnsubscribeToken token: String, kind: MailKind) throws -> Int64? {
        guard token.utf8.count <= 90, !kind.isAccountMail else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count <= 19, parts[0].utf8.allSatisfy({ (48...57).contains($0) }),
              let userId = Int64(parts[0]), userId > 0 else { return nil }
        let expected = try signature(userId: userId, kind: kind)
        let given = Array(parts[1].utf8)
        let wanted = Array(expected.utf8)
        guard given.count == wanted.count, zip(given, wanted).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        return userId
    }

    /// Turns the kind off for whoever the token names; false for a token that names nobody.
    public func unsubscribe(token: String, kind: MailKind) throws -> Bool {
        guard let userId = try holder(ofUnsubscribeToken: token, kind: kind) else { return false }
        try store.save(try store.settings(of: userId).turningOff(kind), of: userId)
        return true
    }

    private func signature(userId: Int64, kind: MailKind) throws -> String {
        let key = SymmetricKey(data: Data(try store.signingKey().utf8))
        let code = HMAC<SHA256>.authenticationCode(for: Data("unsubscribe|\(userId)|\(kind.rawValue)".utf8), using: key)
        return String(Hex.string(code).prefix(32))
    }
}
