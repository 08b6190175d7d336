import Foundation

/// What a person fills in to register, as typed.
public struct Registration: Sendable, Equatable {
    public var role: User.Role?
    public var username = ""
    public var fullName = ""
    public var email = ""
    public var location = ""
    public var password = ""
    public var passwordConfirmation = ""
    public var bio = ""
    public var yearsOfExperience = ""
    public var hourlyRate = ""
    public var priceByAgreement = false

    public init() {}
}

/// The form fields a registration problem can belong to.
public enum RegistrationField: String, Sendable, CaseIterable {
    case role, username, fullName, email, location, password, passwordConfirmation
    case bio, yearsOfExperience, hourlyRate
    /// Profile editing only.
    case avatar, currentPassword
}

/// What can be wrong with a registration; the web layer words each one in the reader's
/// language next to its field.
public enum RegistrationProblem: String, Sendable, Equatable {
    case roleMissing
    case usernameFormat
    case usernameTaken
    case fullNameMissing
    case fullNameTooLong
    case emailFormat
    case emailTaken
    case locationMissing
    case locationTooLong
    case passwordTooShort
    case passwordSameAsUsername
    case passwordTooLong
    case confirmationMismatch
    case bioMissing
    case bioTooLong
    /// Control characters (other than line breaks and tabs in the bio).
    case textCharacters
    case experienceFormat
    case hourlyRateFormat
    case currentPasswordWrong
    /// An avatar photo id that is not the person's own free photo.
    case unknownPhoto
}

/// Every problem found, by field (one per field: the first that applies).
public struct RegistrationErrors: Error, Sendable, Equatable {
    public let problems: [RegistrationField: RegistrationProblem]

    public init(problems: [RegistrationField: RegistrationProblem]) {
        self.problems = problems
    }
}

/// The rules of a valid registration, kept apart from storage so they read as a list.
enum RegistrationRules {
    static let usernameLength = 3...30
    static let minimumPasswordLength = 10
    /// argon2 takes any length, but a megabyte "password" is only a way to burn CPU.
    static let maximumPasswordLength = 1024
    static let textLimit = TextLimit(characters: 120)
    static let bioLimit = TextLimit(characters: 2000)
    static let experienceRange = 0...80
    static let hourlyRateRange = 0...100_000

    /// Lower-cases and trims the username, so `VojtaFoti ` and `vojtafoti` are the same person.
    static func normalizedUsername(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func isValidUsername(_ username: String) -> Bool {
        usernameLength.contains(username.count) && username.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_"
        }
    }

    /// A practical syntax check: one `@`, no spaces, a dot in the domain, nothing empty.
    static func isValidEmail(_ email: String) -> Bool {
        guard email.utf8.count <= 254, !email.contains(where: \.isWhitespace), !email.containsControlCharacters() else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }

    /// Problems that need no database: everything but uniqueness.
    static func problems(in registration: Registration) -> [RegistrationField: RegistrationProblem] {
        var problems: [RegistrationField: RegistrationProblem] = [:]
        let username = normalizedUsername(registration.username)
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        if registration.role == nil { problems[.role] = .roleMissing }
        if !isValidUsername(username) { problems[.username] = .usernameFormat }
        if !textLimit.allows(registration.fullName) { problems[.fullName] = .fullNameTooLong }
        else if trimmed(registration.fullName).isEmpty { problems[.fullName] = .fullNameMissing }
        else if registration.fullName.containsControlCharacters() { problems[.fullName] = .textCharacters }
        if !isValidEmail(trimmed(registration.email)) { problems[.email] = .emailFormat }
        if !textLimit.allows(registration.location) { problems[.location] = .locationTooLong }
        else if trimmed(registration.location).isEmpty { problems[.location] = .locationMissing }
        else if registration.location.containsControlCharacters() { problems[.location] = .textCharacters }
        problems[.password] = passwordProblem(registration.password, username: username)
        if registration.password != registration.passwordConfirmation { problems[.passwordConfirmation] = .confirmationMismatch }
        if registration.role == .creator { problems.merge(creatorProblems(registration)) { first, _ in first } }
        return problems
    }

    static func passwordProblem(_ password: String, username: String) -> RegistrationProblem? {
        if password.utf8.count > maximumPasswordLength { return .passwordTooLong }
        if password.count < minimumPasswordLength { return .passwordTooShort }
        if password.lowercased() == username { return .passwordSameAsUsername }
        return nil
    }

    private static func creatorProblems(_ registration: Registration) -> [RegistrationField: RegistrationProblem] {
        var problems: [RegistrationField: RegistrationProblem] = [:]
        let bio = registration.bio.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        if !bioLimit.allows(bio) { problems[.bio] = .bioTooLong }
        else if bio.isEmpty { problems[.bio] = .bioMissing }
        else if bio.containsControlCharacters(allowing: multilineControls) { problems[.bio] = .textCharacters }
        if wholeNumber(registration.yearsOfExperience, in: experienceRange) == nil {
            problems[.yearsOfExperience] = .experienceFormat
        }
        let rate = registration.hourlyRate.trimmingCharacters(in: .whitespaces)
        if !rate.isEmpty, wholeNumber(rate, in: hourlyRateRange) == nil { problems[.hourlyRate] = .hourlyRateFormat }
        return problems
    }

    /// A whole number typed by a person ("12", " 1 200 "), within `range`.
    static func wholeNumber(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard text.utf8.count <= 64 else { return nil }
        let digits = text.filter { !$0.isWhitespace && $0 != "\u{A0}" }
        guard let value = Int(digits), range.contains(value) else { return nil }
        return value
    }
}
