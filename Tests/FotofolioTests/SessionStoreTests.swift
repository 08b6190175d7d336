import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

@Suite struct SessionStoreTests {
    /// The stored key is the token's SHA-256 in lower-case hexadecimal (what existing
    /// databases hold, so sessions survive an upgrade).
    @Test func theKeyIsTheTokensSHA256InLowerCaseHex() {
        #expect(SessionStore.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.string([0x00, 0x0f, 0xf0, 0xff]) == "000ff0ff")
        #expect(Hex.string([UInt8]()) == "")
    }

    @Test func aStartedSessionResumesFromItsToken() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let (token, session) = try world.sessions.start(for: try #require(user.id))
        let resumed = try #require(try world.sessions.resume(token))
        #expect(resumed.userId == session.userId)
        #expect(resumed.csrfToken == session.csrfToken)
        #expect(abs(resumed.expiresAt.timeIntervalSince(session.expiresAt)) < 0.01)
        #expect(token.count == 43) // 256 bits, base64url without padding
    }

    @Test func onlyAHashOfTheTokenIsStored() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let (token, _) = try world.sessions.start(for: try #require(user.id))
        #expect(try world.rowCount("session") == 1)
        #expect(try world.stores.sessions.session(tokenHash: SessionStore.hash(token)) != nil)
        #expect(try world.stores.sessions.session(tokenHash: token) == nil)
    }

    @Test func expirySlidesWithUseAndEndsUnused() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let start = Date()
        let (token, _) = try world.sessions.start(for: try #require(user.id), at: start)
        let twentyDaysLater = start.addingTimeInterval(20 * 24 * 3600)
        let resumed = try #require(try world.sessions.resume(token, at: twentyDaysLater))
        #expect(abs(resumed.expiresAt.timeIntervalSince(twentyDaysLater.addingTimeInterval(SessionStore.lifetime))) < 1)
        #expect(try world.sessions.resume(token, at: twentyDaysLater.addingTimeInterval(SessionStore.lifetime + 1)) == nil)
    }

    @Test func endingASessionForgetsIt() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.client())
        let (token, _) = try world.sessions.start(for: try #require(user.id))
        try world.sessions.end(token)
        #expect(try world.sessions.resume(token) == nil)
    }

    /// Every signed-in request reads its session and its person in one statement: the person
    /// is the one every other read gives, field for field, and an expired session gives nobody.
    @Test func aSessionIsReadWithItsPersonInOneGo() throws {
        let world = try TestDatabase()
        for registration in [Registration.creator(), .client()] {
            let user = try world.accounts.register(registration)
            let id = try #require(user.id)
            let start = Date()
            let (token, session) = try world.sessions.start(for: id, at: start)
            let (resumed, person) = try #require(try world.sessions.resumeWithUser(token, at: start))
            #expect(person == (try world.accounts.user(username: user.username)))
            #expect(person.fullName == registration.fullName && person.role == registration.role)
            #expect(resumed.userId == id && resumed.csrfToken == session.csrfToken)
            #expect(try world.sessions.resumeWithUser(token, at: start.addingTimeInterval(SessionStore.lifetime + 1)) == nil)
            #expect(try world.stores.sessions.session(tokenHash: SessionStore.hash(token)) == nil)
        }
        #expect(try world.sessions.resumeWithUser(RandomToken.make()) == nil)
    }

    @Test func anUnknownTokenHasNoSession() throws {
        let world = try TestDatabase()
        #expect(try world.sessions.resume(RandomToken.make()) == nil)
    }
}
