import Foundation
import Testing
@testable import Fotofolio

@Suite struct RegistrationTests {
    @Test func aCreatorRegistersWithAllDetails() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.creator())
        #expect(user.id != nil)
        #expect(user.role == .creator)
        #expect(user.hourlyRate == 1200)
        #expect(user.yearsOfExperience == 7)
        #expect(user.passwordHash.hasPrefix("$argon2id$"))
        #expect(!user.passwordHash.contains("dlouhe-heslo-123"))
    }

    @Test func aClientNeedsNoCreatorDetails() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        #expect(user.role == .client)
        #expect(user.bio == nil)
    }

    @Test(arguments: ["ab", "a b", "jan-novak", "žofie", String(repeating: "a", count: 31), ""])
    func usernamesOutsideTheRulesAreRefused(username: String) throws {
        let world = try TestDatabase()
        #expect(problems { _ = try world.accounts.register(.client(username)) }[.username] == .usernameFormat)
    }

    @Test func usernamesAreStoredLowerCaseAndUniqueRegardlessOfCase() throws {
        let world = try TestDatabase()
        #expect(try world.accounts.register(.client("Jana.K")).username == "jana.k")
        #expect(problems { _ = try world.accounts.register(.client("JANA.k", email: "other@example.cz")) }[.username] == .usernameTaken)
    }

    @Test func emailsAreUniqueRegardlessOfCase() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.client())
        #expect(problems { _ = try world.accounts.register(.client("jana2", email: "JANA@Example.CZ")) }[.email] == .emailTaken)
    }

    /// Two forms sent at once both pass the service's check; the database's own constraint
    /// then decides, and the loser hears which field, as from the check.
    @Test func theDatabaseRefusesANameOrAddressTakenAfterTheCheckNamingTheField() throws {
        let world = try TestDatabase()
        let jana = try world.accounts.register(.client())
        let store = world.stores.accounts
        var twin = jana
        twin.id = nil
        twin.email = "jiny@example.cz"
        #expect(problems { _ = try store.insert(twin, registeredFrom: nil, throttle: RegistrationThrottle(limit: 5), at: Date()) }
            == [.username: .usernameTaken])
        twin.username = "jana.druha"
        twin.email = "JANA@example.CZ"
        #expect(problems { _ = try store.insert(twin, registeredFrom: nil, throttle: RegistrationThrottle(limit: 5), at: Date()) }
            == [.email: .emailTaken])
        var eva = try world.accounts.register(.client("eva.s", email: "eva@example.cz"))
        eva.email = "Jana@Example.cz"
        #expect(problems { try store.update(eva, claimingAvatar: nil) } == [.email: .emailTaken])
        #expect(try world.accounts.user(id: eva.id!)?.email == "eva@example.cz")
    }

    @Test(arguments: ["jana", "jana@", "@example.cz", "jana@example", "ja na@example.cz", "jana@@example.cz", "jana@.cz"])
    func malformedEmailsAreRefused(email: String) throws {
        let world = try TestDatabase()
        #expect(problems { _ = try world.accounts.register(.client(email: email)) }[.email] == .emailFormat)
    }

    @Test func passwordRules() throws {
        let world = try TestDatabase()
        var short = Registration.client()
        short.password = "kratke"
        short.passwordConfirmation = "kratke"
        #expect(problems { _ = try world.accounts.register(short) }[.password] == .passwordTooShort)
        var same = Registration.client("heslo12345")
        same.password = "Heslo12345"
        same.passwordConfirmation = "Heslo12345"
        #expect(problems { _ = try world.accounts.register(same) }[.password] == .passwordSameAsUsername)
        var mismatch = Registration.client()
        mismatch.passwordConfirmation = "neco-jineho-uplne"
        #expect(problems { _ = try world.accounts.register(mismatch) }[.passwordConfirmation] == .confirmationMismatch)
    }

    @Test func creatorsNeedABioAndExperience() throws {
        var registration = Registration.creator()
        registration.bio = "  "
        registration.yearsOfExperience = "sedm"
        registration.hourlyRate = "-5"
        let world = try TestDatabase()
        let found = problems { _ = try world.accounts.register(registration) }
        #expect(found == [.bio: .bioMissing, .yearsOfExperience: .experienceFormat, .hourlyRate: .hourlyRateFormat])
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let world = try TestDatabase()
        let found = problems { _ = try world.accounts.register(Registration()) }
        #expect(Set(found.keys) == [.role, .username, .fullName, .email, .location, .password])
    }

    @Test func priceByAgreementNeedsNoRate() throws {
        var registration = Registration.creator()
        registration.hourlyRate = ""
        registration.priceByAgreement = true
        let world = try TestDatabase()
        let user = try world.accounts.register(registration)
        #expect(user.hourlyRate == nil)
        #expect(user.priceByAgreement)
    }
}
