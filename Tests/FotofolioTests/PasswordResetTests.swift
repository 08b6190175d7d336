import Foundation
import Testing
@testable import Fotofolio

@Suite struct PasswordResetTests {
    func resets(_ world: TestDatabase) -> PasswordResets {
        PasswordResets(stores: world.stores, hasher: PasswordHasher(parameters: .fastForTests))
    }

    @Test func aLinkIsMailedToTheAccountNamedByUsernameOrAddress() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let byName = try #require(try resets(world).request(for: "JANA.K", from: "10.0.0.1"))
        let byAddress = try #require(try resets(world).request(for: " jana@EXAMPLE.cz ", from: "10.0.0.1"))
        #expect(try world.queuedMails().map(\.content) == [.passwordReset(token: byName), .passwordReset(token: byAddress)])
        #expect(try world.queuedMails().allSatisfy { $0.address == user.email && $0.recipientId == user.id })
    }

    @Test func nobodyIsMailedForANameNoAccountHas() throws {
        let world = try TestDatabase()
        try world.accounts.register(.client())
        #expect(try resets(world).request(for: "nobody@example.cz", from: "10.0.0.1") == nil)
        #expect(try resets(world).request(for: "", from: "10.0.0.1") == nil)
        #expect(try world.queuedMails().isEmpty)
    }

    @Test func theLinkSetsThePasswordOnceAndEndsEverySession() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let id = try #require(user.id)
        let (session, _) = try world.sessions.start(for: id)
        let token = try #require(try resets(world).request(for: "jana.k", from: "10.0.0.1"))
        #expect(try resets(world).isUsable(token))
        #expect(try resets(world).reset(token, password: "nové heslo 2026", confirmation: "nové heslo 2026") == id)
        #expect(try world.sessions.resume(session) == nil)
        #expect(try world.accounts.logIn("jana.k", password: "nové heslo 2026", from: "10.0.0.2").id == id)
        #expect(try resets(world).isUsable(token) == false)
        #expect(try resets(world).reset(token, password: "jiné heslo 2026", confirmation: "jiné heslo 2026") == nil)
    }

    @Test func aPasswordAgainstTheRulesUsesNothing() throws {
        let world = try TestDatabase()
        try world.accounts.register(.client())
        let token = try #require(try resets(world).request(for: "jana.k", from: "10.0.0.1"))
        #expect(throws: RegistrationErrors.self) { try resets(world).reset(token, password: "short", confirmation: "short") }
        #expect(throws: RegistrationErrors.self) { try resets(world).reset(token, password: "dlouhé heslo 1", confirmation: "dlouhé heslo 2") }
        #expect(try resets(world).isUsable(token))
    }

    @Test func aLinkExpiresAfterAnHour() throws {
        let world = try TestDatabase()
        try world.accounts.register(.client())
        let start = Date()
        let token = try #require(try resets(world).request(for: "jana.k", from: "10.0.0.1", at: start))
        let later = start.addingTimeInterval(PasswordResets.lifetime + 1)
        #expect(try resets(world).isUsable(token, at: later) == false)
        #expect(try resets(world).reset(token, password: "nové heslo 2026", confirmation: "nové heslo 2026", at: later) == nil)
    }

    @Test func anAccountGetsThreeLinksAnHourAndAnAddressAsksTenTimes() throws {
        let world = try TestDatabase()
        try world.accounts.register(.client())
        let start = Date()
        let tokens = try (0..<5).map { try resets(world).request(for: "jana.k", from: "10.0.0.\($0)", at: start) }
        #expect(tokens.compactMap { $0 }.count == 3)
        #expect(try resets(world).request(for: "jana.k", from: "10.0.0.9", at: start.addingTimeInterval(3601)) != nil)
        for _ in 0..<10 { _ = try resets(world).request(for: "nobody", from: "10.9.9.9", at: start) }
        #expect(throws: ResetThrottled.self) { try resets(world).request(for: "nobody", from: "10.9.9.9", at: start) }
        #expect(try resets(world).request(for: "nobody", from: "10.9.9.9", at: start.addingTimeInterval(3601)) == nil)
    }
}
