import Fotofolio
import HTTPServer
import Logging
import PreciseSlider

/// Editing one's own profile (with avatar and client → creator) and changing the password
/// (which signs the person's other browsers out).
/// Nothing is stored until Save; a mistake shows the form again with everything typed.
struct ProfileEditPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let photos: PhotoLibrary
    let uploads: PhotoUploads
    let confirmations: EmailConfirmations
    let logger: Logger

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/profile/edit") { request in try editForm(request) }
            router.post("/profile/edit", options: uploads.routeOptions) { request in try saveProfile(request) }
            router.get("/profile/password") { request in try passwordForm(request) }
            router.post("/profile/password", options: .slow) { request in try changePassword(request) }
        }
    }

    private func editForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        var edit = ProfileEdit(signedIn.user)
        // "Become a photographer" links here with ?creator=1: start with that choice made.
        if request.query["creator"] == "1" { edit.role = .creator }
        return try editPage(request, signedIn: signedIn, edit: edit)
    }

    private func saveProfile(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let user = signedIn.user, id = signedIn.userId
        var edit = ProfileEdit(form: request.form)
        let language: SliderLanguage = Language.preferred(by: request) == .cs ? .czech : .english
        var rate = HourlyRateField(name: "hourlyRate", text: edit.hourlyRate)
        rate.submit(language: language)
        edit.hourlyRate = rate.text
        var accent = AccentField.plane(hue: user.accentHue, saturation: user.accentSaturation)
        // A form without the colour plane (a client's) leaves the colour as it is.
        let sentAccent = request.form["accent-x"] != nil || request.form["accent-y"] != nil
        let customAccent = sentAccent && request.form["accentDefault"] != "on"
        if customAccent { accent.submit(x: request.form["accent-x"], y: request.form["accent-y"], language: language) }
        if customAccent, accent.isValid {
            edit.accent = (accent.x.value, accent.y.value)
        } else if !sentAccent, let hue = user.accentHue, let saturation = user.accentSaturation {
            edit.accent = (hue, saturation)
        }
        let imported = uploads.importFiles(request, field: "avatar", owner: id)
        // The crop of the avatar shown before this request; a new upload starts from the smart crop.
        var framings = try avatarFramings(request, signedIn: signedIn, edit: edit)
        framings.submit(request.form)
        if let photo = imported.photos.last { edit.avatarPhotoId = photo.id }
        guard imported.problems.isEmpty, framings.isValid, rate.isValid, accent.isValid else {
            return try editPage(request, signedIn: signedIn, edit: edit, problems: [:], avatarProblem: imported.problems.first,
                                framings: framings, rate: rate, accent: accent)
        }
        do {
            let saved = try accounts.updateProfile(of: id, with: edit)
            if !edit.removesAvatar { try framings.save(photos, owner: id, table: renderer.strings(for: request)) }
            // The new address gets a link to confirm it, and the old one is told where mail goes now.
            if saved.email != user.email { try confirmations.issue(for: saved, previousAddress: user.email) }
            return .redirect(to: "/profile?saved=1")
        } catch let errors as RegistrationErrors {
            return try editPage(request, signedIn: signedIn, edit: edit, problems: errors.problems, framings: framings)
        }
    }

    private func editPage(_ request: Request, signedIn: SignedIn, edit: ProfileEdit,
                          problems: [RegistrationField: RegistrationProblem] = [:], avatarProblem: String? = nil,
                          framings submitted: PhotoFramings? = nil, rate submittedRate: HourlyRateField? = nil,
                          accent submittedAccent: PlaneField? = nil) throws -> Response {
        let user = signedIn.user
        let table = renderer.strings(for: request)
        var errors = AccountFieldErrors(problems, table: table)
        if let avatarProblem { errors.avatar = avatarProblem }
        let rate = submittedRate ?? HourlyRateField(name: "hourlyRate", text: edit.hourlyRate)
        let language: SliderLanguage = table.language == .cs ? .czech : .english
        var rateView = rate.view(label: table.string("forms.hourlyRate"), hint: table.string("forms.hourlyRateHint"),
                                 notGiven: table.string("forms.rateNotGiven"), language: language)
        if let message = errors.hourlyRate, rate.isValid { rateView.error = message }
        let accent = submittedAccent ?? AccentField.plane(hue: edit.accent?.hue, saturation: edit.accent?.saturation)
        let accentView = accent.view(label: table.string("profile.accent.label"), xLabel: table.string("profile.accent.hue"),
                                     yLabel: table.string("profile.accent.saturation"), hint: table.string("profile.accent.hint"),
                                     language: language)
        let avatar = try (edit.avatarPhotoId ?? (edit.removesAvatar ? nil : user.avatarPhotoId)).flatMap { try photos.photo(id: $0) }
        var framings = try avatarFramings(request, signedIn: signedIn, edit: edit)
        if let submitted { framings.adopt(submitted) }
        let failed = !problems.isEmpty || avatarProblem != nil || !framings.isValid || !rate.isValid || !accent.isValid
        return try renderer.render(.profileEdit, for: request, content: ProfileEditPage(
            csrf: request.csrfToken, values: edit.formValues(wasClient: user.role == .client),
            avatar: avatar.map { .init(src: PhotoViews.thumbnailURL($0), color: $0.placeholderColor) },
            avatarFraming: avatar.flatMap { framings.view(of: $0.storedId, table: table, hint: "framing.avatarHint") },
            initials: Initials.of(user.fullName), errors: errors, hasErrors: failed,
            framingInvalid: !framings.isValid, rate: rateView, accent: accentView,
            accentDefault: edit.accent == nil && submittedAccent == nil,
            whoMayWrite: WritePolicy.allCases.map { policy in
                .init(value: policy.rawValue, label: table.string("safety.policy.\(policy.rawValue)"),
                      checked: policy == (edit.whoMayWrite ?? user.whoMayWrite))
            },
            licence: LicenceViews(table: table).select(id: "licence", name: "licence", label: table.string("licence.profileDefault"),
                                                       selected: edit.licence ?? user.licence)
        ), status: failed ? .unprocessableContent : .ok)
    }

    /// The crop fields of the avatar the form shows, when it is the person's own photo.
    private func avatarFramings(_ request: Request, signedIn: SignedIn, edit: ProfileEdit) throws -> PhotoFramings {
        let shown = edit.avatarPhotoId ?? (edit.removesAvatar ? nil : signedIn.user.avatarPhotoId)
        let owned = try shown.map { try photos.photos(ids: [$0], ownedBy: signedIn.userId) } ?? []
        return PhotoFramings(owned, table: renderer.strings(for: request))
    }

    private func passwordForm(_ request: Request, problems: [RegistrationField: RegistrationProblem] = [:]) throws -> Response {
        return try renderer.render(.passwordChange, for: request, content: PasswordChangePage(
            csrf: request.csrfToken, errors: AccountFieldErrors(problems, table: renderer.strings(for: request)),
            hasErrors: !problems.isEmpty
        ), status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    private func changePassword(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let id = signedIn.userId
        let change = PasswordChange(current: request.form["currentPassword"] ?? "", new: request.form["password"] ?? "",
                                    confirmation: request.form["passwordConfirmation"] ?? "")
        do {
            // This browser stays signed in; every other one has to sign in with the new password.
            try accounts.changePassword(of: id, change, keepingSession: signedIn.token)
            return .redirect(to: "/profile?passwordChanged=1")
        } catch let errors as RegistrationErrors {
            return try passwordForm(request, problems: errors.problems)
        }
    }

}

extension ProfileEdit {
    init(form: Form) {
        self.init()
        fullName = form["fullName"] ?? ""
        email = form["email"] ?? ""
        location = form["location"] ?? ""
        role = form["role"] == "creator" ? .creator : .client
        bio = form["bio"] ?? ""
        yearsOfExperience = form["yearsOfExperience"] ?? ""
        hourlyRate = form["hourlyRate"] ?? ""
        priceByAgreement = form["priceByAgreement"] == "on"
        // A photo uploaded before a mistake elsewhere in the form comes back as its id.
        avatarPhotoId = form["avatarPhoto"].flatMap(Int64.init)
        removesAvatar = form["removeAvatar"] == "on"
        // Not one of the choices: kept as it is.
        whoMayWrite = form["whoMayWrite"].flatMap(WritePolicy.init(rawValue:))
        licence = form["licence"].flatMap(Licence.init(rawValue:))
        sharesSeen = form["sharesSeen"] == "on"
    }

    func formValues(wasClient: Bool) -> ProfileEditPage.Values {
        ProfileEditPage.Values(
            fullName: fullName, email: email, location: location, isCreator: role == .creator, wasClient: wasClient,
            bio: bio, yearsOfExperience: yearsOfExperience, hourlyRate: hourlyRate, priceByAgreement: priceByAgreement,
            avatarPhoto: avatarPhotoId.map(String.init) ?? "", removesAvatar: removesAvatar, sharesSeen: sharesSeen)
    }
}

/// `pages/profile-edit`: the profile form as typed, with the avatar's crop, the hourly rate
/// and the accent colour.
struct ProfileEditPage: ViewModel {
    struct Values: ViewModel {
        let fullName: String
        let email: String
        let location: String
        let isCreator: Bool
        /// A client may become a creator here; a creator stays one.
        let wasClient: Bool
        let bio: String
        let yearsOfExperience: String
        let hourlyRate: String
        let priceByAgreement: Bool
        /// An avatar uploaded before a mistake elsewhere in the form, by id.
        let avatarPhoto: String
        let removesAvatar: Bool
        /// "Seen" shown both ways in direct conversations.
        let sharesSeen: Bool
    }

    let csrf: String
    let values: Values
    let avatar: PersonViewModel.Avatar?
    let avatarFraming: PrecisePlaneModel?
    let initials: String
    let errors: AccountFieldErrors
    let hasErrors: Bool
    let framingInvalid: Bool
    let rate: PreciseSliderModel
    let accent: PrecisePlaneModel
    /// No colour of their own: the app's.
    let accentDefault: Bool
    /// Who may start a conversation with the person.
    let whoMayWrite: [Choice]
    /// The default licence of a creator's photos.
    let licence: LicenceSelect

    struct Choice: ViewModel {
        let value: String
        let label: String
        let checked: Bool
    }
}

/// `pages/password-change`.
struct PasswordChangePage: ViewModel {
    let csrf: String
    let errors: AccountFieldErrors
    let hasErrors: Bool
}
