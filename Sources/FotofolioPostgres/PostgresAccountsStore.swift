import Foundation
import Fotofolio
import Postgres

/// Accounts in the `account` table: `username` is unique, and a unique index on
/// `lower(email)` keeps addresses unique regardless of case, so every comparison of an
/// address is made on `lower(email)`.
struct PostgresAccountsStore: AccountsStore {
    let pool: PostgresPool

    func user(id: Int64) throws -> User? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE id = $1", [id]).first?.record(User.self)
        }
    }

    func user(username: String) throws -> User? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE username = $1", [username]).first?.record(User.self)
        }
    }

    func user(username: String, orEmail email: String) throws -> User? {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT \(AccountColumns.columns.all) FROM account WHERE username = $1 OR lower(email) = lower($2) ORDER BY id LIMIT 1
                """, [username, email]).first?.record(User.self)
        }
    }

    func taken(username: String, email: String) throws -> (username: Bool, email: Bool) {
        try pool.withConnection { connection in
            let row = try connection.query("""
                SELECT EXISTS (SELECT 1 FROM account WHERE username = $1),
                       EXISTS (SELECT 1 FROM account WHERE lower(email) = lower($2))
                """, [username, email])[0]
            return (username: try row.decode(0), email: try row.decode(1))
        }
    }

    func isEmailTaken(_ email: String) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("SELECT EXISTS (SELECT 1 FROM account WHERE lower(email) = lower($1))", [email])[0].decode(0)
        }
    }

    func insert(_ user: User, registeredFrom address: String?, throttle: RegistrationThrottle, at date: Date) throws -> User {
        var user = user
        do {
            user.id = try pool.transaction { connection in
                if let address { try PostgresRegistrationThrottleStore.admit(address, by: throttle, at: date, connection) }
                return try connection.query("""
                    INSERT INTO account (\(AccountColumns.columns.written)) VALUES (\(AccountColumns.columns.placeholders)) RETURNING id
                    """, AccountColumns.values(of: user))[0].decode(0, as: Int64.self)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            // Someone took the name or address between the check and the insert.
            let field: RegistrationField = error.constraint == "account_email" ? .email : .username
            throw RegistrationErrors(problems: [field: field == .email ? .emailTaken : .usernameTaken])
        }
        return user
    }

    func update(_ user: User, claimingAvatar avatarPhotoId: Int64?) throws {
        do {
            try pool.transaction { connection in
                if let avatar = avatarPhotoId, let userId = user.id, try !Self.isFreePhoto(avatar, of: userId, connection) {
                    throw RegistrationErrors(problems: [.avatar: .unknownPhoto])
                }
                try connection.query("""
                    UPDATE account SET (\(AccountColumns.columns.written)) = (\(AccountColumns.columns.placeholders))
                    WHERE id = $\(AccountColumns.columns.count + 1)
                    """, AccountColumns.values(of: user) + [user.id])
            }
        } catch let error as PostgresError where error.isUniqueViolation && error.constraint == "account_email" {
            // Someone took the address between the check and the update.
            throw RegistrationErrors(problems: [.email: .emailTaken])
        }
    }

    func setPasswordHash(_ hash: String, of userId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE account SET password_hash = $1 WHERE id = $2", [hash, userId])
        }
    }

    func changePasswordHash(_ hash: String, of userId: Int64, keepingSession keptTokenHash: String?) throws {
        try pool.transaction { connection in
            try connection.query("UPDATE account SET password_hash = $1 WHERE id = $2", [hash, userId])
            try PostgresSessionsStore.deleteAll(of: userId, keepingSession: keptTokenHash, connection)
        }
    }

    /// A photo of the person's own that no portfolio uses; locked until the caller's
    /// transaction ends, so a portfolio saved meanwhile cannot take it.
    static func isFreePhoto(_ photoId: Int64, of userId: Int64, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("""
            SELECT 1 FROM photo WHERE id = $1 AND owner_id = $2
              AND id NOT IN (SELECT photo_id FROM portfolio_photo) AND id NOT IN (SELECT photo_id FROM gallery_photo) FOR UPDATE
            """, [photoId, userId]).isEmpty
    }
}

/// The columns of `account` a `User` is read from and written to.
enum AccountColumns {
    static let columns = ColumnList(written: [
        "username", "full_name", "email", "email_confirmed_at", "location", "role", "bio", "years_of_experience",
        "hourly_rate", "price_by_agreement", "password_hash", "created_at", "avatar_photo_id", "accent_hue",
        "accent_saturation", "rating_count", "rating_sum", "who_may_write", "licence",
        "verified_rating_count", "shares_seen",
    ])

    static func values(of user: User) -> [any PostgresEncodable] {
        [user.username, user.fullName, user.email, user.emailConfirmedAt?.stored, user.location, user.role.rawValue, user.bio,
         user.yearsOfExperience, user.hourlyRate, user.priceByAgreement, user.passwordHash, user.createdAt.stored,
         user.avatarPhotoId, user.accentHue, user.accentSaturation, user.ratingCount, user.ratingSum, user.whoMayWrite.rawValue,
         user.licence.rawValue, user.verifiedRatingCount, user.sharesSeen]
    }
}
