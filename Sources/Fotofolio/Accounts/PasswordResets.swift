import Foundation

/// "Forgot your password?": a link by mail, good for an hour and once, that sets a new
/// password and ends every session. Asking answers alike whether an account exists or
/// not, and nothing is mailed to an address no account has.
public struct PasswordResets: Sendable {
    public static let lifetime: TimeInterval = 3600
    let store: any PasswordResetsStore
    let accounts: any AccountsStore
    let hasher: PasswordHasher

    public init(stores: Stores, hasher: PasswordHasher = PasswordHasher()) {
        store = stores.passwordResets
        accounts = stores.accounts
        self.hasher = hasher
    }

    /// Mails a link to the account named by its username or e-mail, if there is one and it
    /// has not had `MailRules.resetsPerAccountPerHour` links this hour. Throws
    /// `ResetThrottled` only when the client address asked too often (which says nothing
    /// about any account). Returns the token when a mail was queued (for tests).
    @discardableResult
    public func request(for identifier: String, from clientAddress: String, at date: Date = Date()) throws -> String? {
        let text = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
        let user = text.isEmpty || text.utf8.count > 320 ? nil : try accounts.user(username: text.lowercased(), orEmail: text)
        let token = RandomToken.make()
        let issue = user.flatMap { user in
            user.id.map { id in
                PasswordResetIssue(tokenHash: SessionStore.hash(token), userId: id, expiresAt: date.addingTimeInterval(Self.lifetime),
                                   mail: NewMail(to: id, address: user.email, content: .passwordReset(token: token), dueAt: date))
            }
        }
        switch try store.request(from: clientAddress, limit: MailRules.resetRequestsPerAddressPerHour, issue: issue,
                                 perAccountLimit: MailRules.resetsPerAccountPerHour, at: date) {
        case .throttled: throw ResetThrottled()
        case .issued: return token
        case .nothingSent: return nil
        }
    }

    /// Whether the link can still set a password (the form is shown only then).
    public func isUsable(_ token: String, at date: Date = Date()) throws -> Bool {
        try holder(of: token, at: date) != nil
    }

    private func holder(of token: String, at date: Date) throws -> User? {
        guard token.utf8.count <= 64, let id = try store.holder(ofTokenHash: SessionStore.hash(token), at: date) else { return nil }
        return try accounts.user(id: id)
    }

    /// Sets the new password with the link, once; nil when the link is used up or expired.
    /// A password against the rules throws `RegistrationErrors` and uses nothing.
    public func reset(_ token: String, password: String, confirmation: String, at date: Date = Date()) throws -> Int64? {
        guard let user = try holder(of: token, at: date) else { return nil }
        var problems: [RegistrationField: RegistrationProblem] = [:]
        problems[.password] = RegistrationRules.passwordProblem(password, username: user.username)
        if password != confirmation { problems[.passwordConfirmation] = .confirmationMismatch }
        guard problems.isEmpty else { throw RegistrationErrors(problems: problems) }
        return try store.reset(tokenHash: SessionStore.hash(token), passwordHash: try hasher.hash(password), at: date)
    }
}

/// This client address asked for too many reset links this hour.
public struct ResetThrottled: Error, Sendable, Equatable {
    public init() {}
}
