import Foundation

/// A person's profile as typed into the edit form. Nothing is stored until it is saved
/// whole, so leaving the form loses nothing and changes nothing.
public struct ProfileEdit: Sendable, Equatable {
    public var fullName = ""
    public var email = ""
    public var location = ""
    /// A creator stays a creator; a client becomes one by choosing it here.
    public var role: User.Role = .client
    public var bio = ""
    public var yearsOfExperience = ""
    public var hourlyRate = ""
    public var priceByAgreement = false
    /// A photo uploaded in this form to become the avatar; nil keeps the current one.
    public var avatarPhotoId: Int64?
    public var removesAvatar = false
    /// The profile's accent colour, already checked by the form's colour plane; nil: the app's.
    public var accent: (hue: Double, saturation: Double)?
    /// Who may start a conversation with the person; nil keeps it as it is.
    public var whoMayWrite: WritePolicy?
    /// The default terms of the person's photos; nil keeps them as they are.
    public var licence: Licence?
    /// "Seen" in direct conversations, both ways (`User.sharesSeen`).
    public var sharesSeen = true

    public init() {}

    public static func == (left: ProfileEdit, right: ProfileEdit) -> Bool {
        left.fullName == right.fullName && left.email == right.email && left.location == right.location
            && left.role == right.role && left.bio == right.bio && left.yearsOfExperience == right.yearsOfExperience
            && left.hourlyRate == right.hourlyRate && left.priceByAgreement == right.priceByAgreement
            && left.avatarPhotoId == right.avatarPhotoId && left.removesAvatar == right.removesAvatar
            && left.accent?.hue == right.accent?.hue && left.accent?.saturation == right.accent?.saturation
            && left.whoMayWrite == right.whoMayWrite && left.licence == right.licence
            && left.sharesSeen == right.sharesSeen
    }

    /// The form as it first appears: the profile as stored.
    public init(_ user: User) {
        fullName = user.fullName
        email = user.email
        location = user.location
        role = user.role
        bio = user.bio ?? ""
        yearsOfExperience = user.yearsOfExperience.map(String.init) ?? ""
        hourlyRate = user.hourlyRate.map(String.init) ?? ""
        priceByAgreement = user.priceByAgreement
        if let hue = user.accentHue, let saturation = user.accentSaturation { accent = (hue, saturation) }
        whoMayWrite = user.whoMayWrite
        licence = user.licence
        sharesSeen = user.sharesSeen
    }
}

/// A password change: the current one proves it is the owner at the keyboard.
public struct PasswordChange: Sendable, Equatable {
    public var current = ""
    public var new = ""
    public var confirmation = ""

    public init(current: String = "", new: String = "", confirmation: String = "") {
        self.current = current
        self.new = new
        self.confirmation = confirmation
    }
}

extension AccountsService {
    /// Saves the whole edit, or throws every problem and saves nothing. A changed e-mail
    /// address is unconfirmed until its new link is opened.
    public func updateProfile(of userId: Int64, with edit: ProfileEdit) throws -> User {
        guard var user = try user(id: userId) else { throw RegistrationErrors(problems: [:]) }
        var problems = ProfileRules.problems(in: edit, current: user)
        let email = edit.email.trimmed
        let emailChanged = email.lowercased() != user.email.lowercased()
        if problems[.email] == nil, emailChanged, try emailTaken(email) { problems[.email] = .emailTaken }
        guard problems.isEmpty else { throw RegistrationErrors(problems: problems) }
        user.fullName = edit.fullName.trimmed
        user.email = email
        if emailChanged { user.emailConfirmedAt = nil }
        user.location = edit.location.trimmed
        user.role = edit.role == .creator ? .creator : user.role
        if user.role == .creator {
            user.bio = edit.bio.withUnixLineBreaks.trimmed
            user.yearsOfExperience = RegistrationRules.wholeNumber(edit.yearsOfExperience, in: RegistrationRules.experienceRange)
            user.hourlyRate = RegistrationRules.wholeNumber(edit.hourlyRate, in: RegistrationRules.hourlyRateRange)
            user.priceByAgreement = edit.priceByAgreement || user.hourlyRate == nil
            user.accentHue = edit.accent.map { ($0.hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) }
            user.accentSaturation = edit.accent.map { min(100, max(0, $0.saturation)) }
        }
        if let policy = edit.whoMayWrite { user.whoMayWrite = policy }
        user.sharesSeen = edit.sharesSeen
        if let licence = edit.licence, user.role == .creator { user.licence = licence }
        if edit.removesAvatar { user.avatarPhotoId = nil }
        if let avatar = edit.avatarPhotoId { user.avatarPhotoId = avatar }
        try store.update(user, claimingAvatar: edit.avatarPhotoId)
        return user
    }

    /// Sets a new password when the current one is right, and ends the person's other
    /// sessions in the same transaction: whoever changes a password because it leaked wants
    /// every other browser out. Without `keepingSession` (the cookie token of the browser
    /// making the change) every session ends.
    public func changePassword(of userId: Int64, _ change: PasswordChange, keepingSession token: String? = nil) throws {
        guard let user = try user(id: userId) else { throw RegistrationErrors(problems: [:]) }
        var problems: [RegistrationField: RegistrationProblem] = [:]
        if !hasher.verify(change.current, against: user.passwordHash) { problems[.currentPassword] = .currentPasswordWrong }
        problems[.password] = RegistrationRules.passwordProblem(change.new, username: user.username)
        if change.new != change.confirmation { problems[.passwordConfirmation] = .confirmationMismatch }
        guard problems.isEmpty else { throw RegistrationErrors(problems: problems) }
        let hash = try hasher.hash(change.new)
        try store.changePasswordHash(hash, of: userId, keepingSession: token.map(SessionStore.hash))
    }

    private func emailTaken(_ email: String) throws -> Bool {
        try store.isEmailTaken(email)
    }
}

/// The rules of a profile edit: those of registration, for the fields a profile has.
enum ProfileRules {
    static func problems(in edit: ProfileEdit, current user: User) -> [RegistrationField: RegistrationProblem] {
        var registration = Registration()
        registration.role = edit.role == .creator ? .creator : user.role
        registration.username = user.username
        registration.fullName = edit.fullName
        registration.email = edit.email
        registration.location = edit.location
        registration.bio = edit.bio
        registration.yearsOfExperience = edit.yearsOfExperience
        registration.hourlyRate = edit.hourlyRate
        // The password is not part of this form; a valid stand-in keeps its rules quiet.
        registration.password = String(repeating: "-", count: RegistrationRules.minimumPasswordLength)
        registration.passwordConfirmation = registration.password
        return RegistrationRules.problems(in: registration)
    }
}
