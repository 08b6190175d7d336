import Fotofolio
import HTTPServer

/// A registration form as typed, read from the request.
extension Registration {
    init(form: Form) {
        self.init()
        role = form["role"].flatMap(User.Role.init(rawValue:))
        username = form["username"] ?? ""
        fullName = form["fullName"] ?? ""
        email = form["email"] ?? ""
        location = form["location"] ?? ""
        password = form["password"] ?? ""
        passwordConfirmation = form["passwordConfirmation"] ?? ""
        bio = form["bio"] ?? ""
        yearsOfExperience = form["yearsOfExperience"] ?? ""
        hourlyRate = form["hourlyRate"] ?? ""
        priceByAgreement = form["priceByAgreement"] == "on"
    }

    /// The values to show again in the form: everything but the passwords.
    var formValues: RegisterPage.Values {
        RegisterPage.Values(
            roleClient: role == .client, roleCreator: role == .creator || role == nil, username: username,
            fullName: fullName, email: email, location: location, bio: bio, yearsOfExperience: yearsOfExperience,
            hourlyRate: hourlyRate, priceByAgreement: priceByAgreement)
    }
}
