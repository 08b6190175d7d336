import Foundation
import Testing
@testable import Fotofolio

@Suite struct SignOutEverywhereTests {
    @Test func changingThePasswordEndsTheOtherSessionsButNotThisOne() throws {
        let world = try TestDatabase()
        let id = try #require(try world.accounts.register(.creator()).id)
        let (here, _) = try world.sessions.start(for: id)
        let (phone, _) = try world.sessions.start(for: id)
        try world.accounts.changePassword(of: id, PasswordChange(current: "dlouhe-heslo-123", new: "uplne-nove-heslo",
                                                                 confirmation: "uplne-nove-heslo"), keepingSession: here)
        #expect(try world.sessions.resume(here) != nil)
        #expect(try world.sessions.resume(phone) == nil)
    }

    @Test func aRefusedPasswordChangeEndsNoSession() throws {
        let world = try TestDatabase()
        let id = try #require(try world.accounts.register(.creator()).id)
        let (here, _) = try world.sessions.start(for: id)
        let (phone, _) = try world.sessions.start(for: id)
        _ = problems {
            try world.accounts.changePassword(of: id, PasswordChange(current: "spatne-heslo", new: "uplne-nove-heslo",
                                                                     confirmation: "uplne-nove-heslo"), keepingSession: here)
        }
        #expect(try world.sessions.resume(phone) != nil)
    }

    @Test func endingEverySessionLeavesOtherPeopleSignedIn() throws {
        let world = try TestDatabase()
        let vojta = try #require(try world.accounts.register(.creator()).id)
        let jana = try #require(try world.accounts.register(.client()).id)
        let (laptop, _) = try world.sessions.start(for: vojta)
        let (phone, _) = try world.sessions.start(for: vojta)
        let (hers, _) = try world.sessions.start(for: jana)
        try world.sessions.endAll(of: vojta)
        #expect(try world.sessions.resume(laptop) == nil)
        #expect(try world.sessions.resume(phone) == nil)
        #expect(try world.sessions.resume(hers) != nil)
    }
}
