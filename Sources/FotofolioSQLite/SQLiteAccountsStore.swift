import Foundation
import Fotofolio
import GRDB

/// Accounts in the `user` table, whose `email` column collates without case.
struct SQLiteAccountsStore: AccountsStore {
    let database: AppDatabase

    func user(id: Int64) throws -> User? {
        // One statement, on every signed-in request: no transaction around it.
        try database.unsafeRead { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(User.accountColumns) FROM \"user\" WHERE id = ?"), arguments: [id])
                .map(User.init(accountRow:))
        }
    }

    func user(username: String) throws -> User? {
        try database.read { db in try User.filter(Column("username") == username).fetchOne(db) }
    }

    func user(username: String, orEmail email: String) throws -> User? {
        try database.read { db in
            try User.filter(sql: "username = ? OR email = ? COLLATE NOCASE", arguments: [username, email]).fetchOne(db)
        }
    }

    func taken(username: String, email: String) throws -> (username: Bool, email: Bool) {
        try database.read { db in
            (username: try User.filter(Column("username") == username).fetchCount(db) > 0,
             email: try User.filter(sql: "email = ? COLLATE NOCASE", arguments: [email]).fetchCount(db) > 0)
        }
    }

    func isEmailTaken(_ email: String) throws -> Bool {
        try database.read { db in
            try User.filter(sql: "email = ? COLLATE NOCASE", arguments: [email]).fetchCount(db) > 0
        }
    }

    func insert(_ user: User, registeredFrom address: String?, throttle: RegistrationThrottle, at date: Date) throws -> User {
        var user = user
        do {
            try database.write { db in
                if let address { try SQLiteRegistrationThrottleStore.admit(address, by: throttle, at: date, db) }
                try user.insert(db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Someone took the name or address between the check and the insert.
            let field: RegistrationField = error.message?.contains("email") == true ? .email : .username
            throw RegistrationErrors(problems: [field: field == .email ? .emailTaken : .usernameTaken])
        }
        return user
    }

    func update(_ user: User, claimingAvatar avatarPhotoId: Int64?) throws {
        do {
            try database.write { db in
                if let avatar = avatarPhotoId, let userId = user.id, try !Self.isFreePhoto(avatar, of: userId, db) {
                    throw RegistrationErrors(problems: [.avatar: .unknownPhoto])
                }
                try user.update(db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Someone took the address between the check and the update.
            throw RegistrationErrors(problems: [.email: .emailTaken])
        }
    }

    func setPasswordHash(_ hash: String, of userId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE id = ?", arguments: [hash, userId])
        }
    }

    func changePasswordHash(_ hash: String, of userId: Int64, keepingSession keptTokenHash: String?) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE id = ?", arguments: [hash, userId])
            try SQLiteSessionsStore.deleteAll(of: userId, keepingSession: keptTokenHash, db)
        }
    }

    /// A photo of the person's own that no portfolio uses.
    static func isFreePhoto(_ photoId: Int64, of userId: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM photo WHERE id = ? AND ownerId = ?
                           AND id NOT IN (SELECT photoId FROM portfolioPhoto) AND id NOT IN (SELECT photoId FROM galleryPhoto))
            """, arguments: [photoId, userId]) ?? false
    }
}
