import Fotofolio

/// The account forms' problems (registration, profile, password), each in the reader's
/// words next to its field; nil where the field is fine.
struct AccountFieldErrors: ViewModel {
    let role: String?
    let username: String?
    let fullName: String?
    let email: String?
    let location: String?
    let password: String?
    let passwordConfirmation: String?
    let bio: String?
    let yearsOfExperience: String?
    var hourlyRate: String?
    var avatar: String?
    let currentPassword: String?

    init(_ problems: [RegistrationField: RegistrationProblem], table: StringTable) {
        func message(_ field: RegistrationField) -> String? {
            problems[field].map { table.string("forms.problems.\($0.rawValue)") }
        }
        role = message(.role)
        username = message(.username)
        fullName = message(.fullName)
        email = message(.email)
        location = message(.location)
        password = message(.password)
        passwordConfirmation = message(.passwordConfirmation)
        bio = message(.bio)
        yearsOfExperience = message(.yearsOfExperience)
        hourlyRate = message(.hourlyRate)
        avatar = message(.avatar)
        currentPassword = message(.currentPassword)
    }
}
