import Foundation
import GRDB

/// Registering people and checking who they are.
public struct AccountsService: Sendable {
    let database: AppDatabase
    let hasher: PasswordHasher
    let throttle: LoginThrottle

    public init(database: AppDatabase, hasher: PasswordHasher = PasswordHasher()) {
        self.database = database
        self.hasher = hasher
        self.throttle = LoginThrottle(database: database)
    }

    /// Creates the account, or throws every problem found so the form can show them all.
    public func register(_ registration: Registration, at date: Date = Date()) throws -> User {
        var problems = RegistrationRules.problems(in: registration)
        let username = RegistrationRules.normalizedUsername(registration.username)
        let email = registration.email.trimmingCharacters(in: .whitespacesAndNewlines)
        let taken = try database.pool.read { db in
            (username: try User.filter(Column("username") == username).fetchCount(db) > 0,
             email: try User.filter(sql: "email = ? COLLATE NOCASE", arguments: [email]).fetchCount(db) > 0)
        }
        if problems[.username] == nil, taken.username { problems[.username] = .usernameTaken }
        if problems[.email] == nil, taken.email { problems[.email] = .emailTaken }
        guard problems.isEmpty, let role = registration.role else { throw RegistrationErrors(problems: problems) }
        var user = User(
            id: nil, username: username, fullName: registration.fullName.trimmed, email: email,
            emailConfirmedAt: nil, location: registration.location.trimmed, role: role,
            bio: role == .creator ? registration.bio.withUnixLineBreaks.trimmed : nil,
            yearsOfExperience: role == .creator ? RegistrationRules.wholeNumber(registration.yearsOfExperience, in: RegistrationRules.experienceRange) : nil,
            hourlyRate: role == .creator ? RegistrationRules.wholeNumber(registration.hourlyRate, in: RegistrationRules.hourlyRateRange) : nil,
            priceByAgreement: role == .creator && registration.priceByAgreement,
            passwordHash: try hasher.hash(registration.password), createdAt: date)
        do {
            try database.pool.write { db in try user.insert(db) }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Someone took the name or address between the check and the insert.
            let field: RegistrationField = error.message?.contains("email") == true ? .email : .username
            throw RegistrationErrors(problems: [field: field == .email ? .emailTaken : .usernameTaken])
        }
        return user
    }

    /// The user whose username or e-mail and password match. Failures are counted per
    /// account and per address; past the limits every attempt is refused until the wait ends.
    public func logIn(_ identifier: String, password: String, from address: String, at date: Date = Date()) throws(LoginError) -> User {
        let keys = LoginThrottle.keys(identifier: RegistrationRules.normalizedUsername(identifier), address: address)
        do {
            if let wait = try throttle.waitBeforeNextAttempt(keys, at: date) { throw LoginError.tooManyAttempts(retryAfter: wait) }
            guard let user = try user(byUsernameOrEmail: identifier),
                  hasher.verify(password, against: user.passwordHash) else {
                try throttle.recordFailure(keys, at: date)
                throw LoginError.wrongCredentials
            }
            try throttle.reset(keys.account)
            try upgradeHashIfNeeded(user, password: password)
            return user
        } catch let error as LoginError {
            throw error
        } catch {
            throw LoginError.unavailable
        }
    }

    public func user(id: Int64) throws -> User? {
        try database.pool.read { db in try User.fetchOne(db, key: id) }
    }

    public func user(username: String) throws -> User? {
        try database.pool.read { db in try User.filter(Column("username") == username.lowercased()).fetchOne(db) }
    }

    public func user(byUsernameOrEmail identifier: String) throws -> User? {
        let text = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
        return try database.pool.read { db in
            try User.filter(sql: "username = ? OR email = ? COLLATE NOCASE", arguments: [text.lowercased(), text]).fetchOne(db)
        }
    }

    /// Old hashes are replaced by ones with the current parameters while the password is known.
    private func upgradeHashIfNeeded(_ user: User, password: String) throws {
        guard hasher.needsRehash(user.passwordHash), let id = user.id else { return }
        let hash = try hasher.hash(password)
        try database.pool.write { db in
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE id = ?", arguments: [hash, id])
        }
    }
}

/// Why a login did not succeed.
public enum LoginError: Error, Sendable, Equatable {
    /// Unknown account or wrong password: the two are not told apart, so accounts cannot be probed.
    case wrongCredentials
    case tooManyAttempts(retryAfter: Duration)
    case unavailable
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
