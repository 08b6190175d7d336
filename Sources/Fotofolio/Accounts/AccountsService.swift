import Foundation

/// Registering people and checking who they are.
public struct AccountsService: Sendable {
    let store: any AccountsStore
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let registrations: RegistrationThrottle
    let registrationStore: any RegistrationThrottleStore
    let moderation: any ModerationStore

    /// Accounts one address may make in an hour: enough for a family or an office.
    public static let registrationsPerHour = 5

    /// - Parameter registrationsPerHour: more only where many people share one address on
    ///   purpose (a whole test run from one machine).
    public init(stores: Stores, hasher: PasswordHasher = PasswordHasher(),
                registrationsPerHour: Int = AccountsService.registrationsPerHour) {
        store = stores.accounts
        self.hasher = hasher
        throttle = LoginThrottle(store: stores.loginThrottle)
        registrations = RegistrationThrottle(limit: registrationsPerHour)
        registrationStore = stores.registrationThrottle
        moderation = stores.moderation
    }

    /// Creates the account, or throws every problem found so the form can show them all.
    /// - Parameter address: where the form was sent from; it may make only a few accounts an
    ///   hour (`RegistrationThrottled` past that). Nil for accounts made on the server itself.
    public func register(_ registration: Registration, from address: String? = nil, at date: Date = Date()) throws -> User {
        if let address, let wait = try registrations.wait(for: address, at: date, in: registrationStore) { throw RegistrationThrottled(retryAfter: wait) }
        var problems = RegistrationRules.problems(in: registration)
        let username = RegistrationRules.normalizedUsername(registration.username)
        let email = registration.email.trimmingCharacters(in: .whitespacesAndNewlines)
        let taken = try store.taken(username: username, email: email)
        if problems[.username] == nil, taken.username { problems[.username] = .usernameTaken }
        if problems[.email] == nil, taken.email { problems[.email] = .emailTaken }
        guard problems.isEmpty, let role = registration.role else { throw RegistrationErrors(problems: problems) }
        let user = User(
            id: nil, username: username, fullName: registration.fullName.trimmed, email: email,
            emailConfirmedAt: nil, location: registration.location.trimmed, role: role,
            bio: role == .creator ? registration.bio.withUnixLineBreaks.trimmed : nil,
            yearsOfExperience: role == .creator ? RegistrationRules.wholeNumber(registration.yearsOfExperience, in: RegistrationRules.experienceRange) : nil,
            hourlyRate: role == .creator ? RegistrationRules.wholeNumber(registration.hourlyRate, in: RegistrationRules.hourlyRateRange) : nil,
            priceByAgreement: role == .creator && registration.priceByAgreement,
            passwordHash: try hasher.hash(registration.password), createdAt: date)
        return try store.insert(user, registeredFrom: address, throttle: registrations, at: date)
    }

    /// The user whose username or e-mail and password match. Failures are counted per
    /// account and address and per address alone; past the limits every attempt is refused
    /// until the wait ends. An unknown name costs the same password check as a known one.
    public func logIn(_ identifier: String, password: String, from address: String, at date: Date = Date()) throws(LoginError) -> User {
        do {
            let user = try user(byUsernameOrEmail: identifier)
            let attempt = LoginAttempt(account: Self.throttleKey(user, identifier: identifier), address: address)
            if let wait = try throttle.admit(attempt, at: date) { throw LoginError.tooManyAttempts(retryAfter: wait) }
            guard try passwordMatches(password, of: user), let user else { throw LoginError.wrongCredentials }
            try throttle.recordSuccess(attempt)
            // Told only to whoever knows the password.
            if let suspension = try moderation.suspension(of: user.id!, at: date) { throw LoginError.suspended(suspension) }
            try upgradeHashIfNeeded(user, password: password)
            return user
        } catch let error as LoginError {
            throw error
        } catch {
            throw LoginError.unavailable
        }
    }

    public func user(id: Int64) throws -> User? {
        try store.user(id: id)
    }

    public func user(username: String) throws -> User? {
        try store.user(username: username.lowercased())
    }

    public func user(byUsernameOrEmail identifier: String) throws -> User? {
        let text = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
        return try store.user(username: text.lowercased(), orEmail: text)
    }

    /// Checks the password against the user's hash, or against the decoy when there is no
    /// such user, so both answers take one argon2 verification.
    private func passwordMatches(_ password: String, of user: User?) throws -> Bool {
        guard let user else {
            try hasher.verifyDecoy(password)
            return false
        }
        return hasher.verify(password, against: user.passwordHash)
    }

    /// Failures count against the account itself, however it was named (username or
    /// e-mail), and against the name as typed when nobody has it.
    static func throttleKey(_ user: User?, identifier: String) -> String {
        if let id = user?.id { return "user:\(id)" }
        return "name:" + RegistrationRules.normalizedUsername(identifier)
    }

    /// Old hashes are replaced by ones with the current parameters while the password is known.
    private func upgradeHashIfNeeded(_ user: User, password: String) throws {
        guard hasher.needsRehash(user.passwordHash), let id = user.id else { return }
        let hash = try hasher.hash(password)
        try store.setPasswordHash(hash, of: id)
    }
}

/// Why a login did not succeed.
public enum LoginError: Error, Sendable, Equatable {
    /// Unknown account or wrong password: the two are not told apart, so accounts cannot be probed.
    case wrongCredentials
    case tooManyAttempts(retryAfter: Duration)
    /// The password was right, but an operator suspended the account: until when, and why.
    case suspended(Suspension)
    case unavailable
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
