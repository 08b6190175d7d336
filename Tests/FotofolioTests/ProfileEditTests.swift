import Foundation
import Testing
@testable import Fotofolio

@Suite struct ProfileEditTests {
    @Test func savingAnEditChangesTheProfile() throws {
        let world = try TestDatabase()
        let user = try world.creator()
        var edit = ProfileEdit(user)
        edit.fullName = "Vojtěch Votruba"
        edit.location = "Brno"
        edit.hourlyRate = ""
        let saved = try world.accounts.updateProfile(of: user.id!, with: edit)
        #expect(saved.fullName == "Vojtěch Votruba")
        #expect(saved.location == "Brno")
        #expect(saved.hourlyRate == nil)
        #expect(saved.priceByAgreement)
        #expect(try world.accounts.user(id: user.id!) == saved)
    }

    @Test func aFailedEditChangesNothingAndNamesEveryProblem() throws {
        let world = try TestDatabase()
        let user = try world.accounts.user(id: try world.creator().id!)!
        var edit = ProfileEdit(user)
        edit.fullName = "Nové jméno"
        edit.email = "bez-zavinace"
        edit.bio = ""
        #expect(problems { _ = try world.accounts.updateProfile(of: user.id!, with: edit) } == [.email: .emailFormat, .bio: .bioMissing])
        #expect(try world.accounts.user(id: user.id!) == user)
    }

    @Test func anotherPersonsEmailCannotBeTaken() throws {
        let world = try TestDatabase()
        let user = try world.creator()
        _ = try world.client()
        var edit = ProfileEdit(user)
        edit.email = "JANA.K@example.cz"
        #expect(problems { _ = try world.accounts.updateProfile(of: user.id!, with: edit) } == [.email: .emailTaken])
    }

    @Test func aNewEmailAddressIsUnconfirmedAgain() throws {
        let world = try TestDatabase()
        var user = try world.creator()
        try world.stores.emailConfirmations.insert(tokenHash: "confirmation", for: user.id!, email: user.email, expiresAt: Date() + 3600,
                                                   mails: [], at: Date())
        _ = try world.stores.emailConfirmations.confirm(tokenHash: "confirmation", at: Date())
        user = try world.accounts.user(id: user.id!)!
        var edit = ProfileEdit(user)
        #expect(try world.accounts.updateProfile(of: user.id!, with: edit).emailConfirmedAt != nil)
        edit.email = "novy@example.cz"
        #expect(try world.accounts.updateProfile(of: user.id!, with: edit).emailConfirmedAt == nil)
    }

    @Test func aClientBecomesACreatorByGivingBioAndExperience() throws {
        let world = try TestDatabase()
        let client = try world.client()
        var edit = ProfileEdit(client)
        edit.role = .creator
        #expect(problems { _ = try world.accounts.updateProfile(of: client.id!, with: edit) } == [
            .bio: .bioMissing, .yearsOfExperience: .experienceFormat,
        ])
        edit.bio = "Začínám s portréty."
        edit.yearsOfExperience = "1"
        let creator = try world.accounts.updateProfile(of: client.id!, with: edit)
        #expect(creator.role == .creator)
        #expect(creator.yearsOfExperience == 1)
    }

    @Test func aCreatorStaysACreator() throws {
        let world = try TestDatabase()
        let user = try world.creator()
        var edit = ProfileEdit(user)
        edit.role = .client
        #expect(try world.accounts.updateProfile(of: user.id!, with: edit).role == .creator)
    }

    @Test func theAvatarMustBeTheirOwnPhoto() throws {
        let world = try TestDatabase()
        let user = try world.creator()
        let other = try world.creator("michal1")
        var edit = ProfileEdit(user)
        edit.avatarPhotoId = try world.storedPhoto(of: other)
        #expect(problems { _ = try world.accounts.updateProfile(of: user.id!, with: edit) } == [.avatar: .unknownPhoto])
        edit.avatarPhotoId = try world.storedPhoto(of: user)
        #expect(try world.accounts.updateProfile(of: user.id!, with: edit).avatarPhotoId == edit.avatarPhotoId)
        var removal = ProfileEdit(user)
        removal.removesAvatar = true
        #expect(try world.accounts.updateProfile(of: user.id!, with: removal).avatarPhotoId == nil)
    }

    @Test func changingThePasswordNeedsTheCurrentOne() throws {
        let world = try TestDatabase()
        let user = try world.creator()
        let wrong = PasswordChange(current: "spatne-heslo", new: "uplne-nove-heslo", confirmation: "uplne-nove-heslo")
        #expect(problems { try world.accounts.changePassword(of: user.id!, wrong) } == [.currentPassword: .currentPasswordWrong])
        let short = PasswordChange(current: "dlouhe-heslo-123", new: "kratke", confirmation: "jine")
        #expect(problems { try world.accounts.changePassword(of: user.id!, short) } == [
            .password: .passwordTooShort, .passwordConfirmation: .confirmationMismatch,
        ])
        try world.accounts.changePassword(of: user.id!, PasswordChange(
            current: "dlouhe-heslo-123", new: "uplne-nove-heslo", confirmation: "uplne-nove-heslo"))
        #expect(throws: LoginError.wrongCredentials) { _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "::1") }
        #expect(try world.accounts.logIn("vojtafoti", password: "uplne-nove-heslo", from: "::1").id == user.id)
    }
}
