import Foundation
import Testing
@testable import Fotofolio

@Suite struct LoginTests {
    @Test func theRightPasswordLogsInByUsernameOrEmail() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.creator())
        #expect(try world.accounts.logIn("VojtaFoti", password: "dlouhe-heslo-123", from: "10.0.0.1").id == user.id)
        #expect(try world.accounts.logIn("Vojta@Example.cz", password: "dlouhe-heslo-123", from: "10.0.0.1").id == user.id)
    }

    @Test func aWrongPasswordAndAnUnknownAccountLookTheSame() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        #expect(throws: LoginError.wrongCredentials) { try world.accounts.logIn("vojtafoti", password: "spatne-heslo", from: "10.0.0.1") }
        #expect(throws: LoginError.wrongCredentials) { try world.accounts.logIn("nikdo", password: "spatne-heslo", from: "10.0.0.1") }
    }

    @Test func repeatedFailuresOnOneAccountRequireAWait() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        // Whole seconds: the database keeps dates to the millisecond.
        let start = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        for attempt in 0..<LoginThrottle.accountLimit {
            // Each failure comes from a different address: the account limit alone applies.
            _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.\(attempt)", at: start)
        }
        do {
            _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.1.1", at: start.addingTimeInterval(60))
            Issue.record("logged in despite the limit")
        } catch {
            guard case .tooManyAttempts(let wait) = error else { Issue.record("\(error)"); return }
            #expect(wait == .seconds(14 * 60))
        }
        // Once the window has passed, the right password works again.
        let later = start.addingTimeInterval(LoginThrottle.window + 1)
        #expect(try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.1.1", at: later).username == "vojtafoti")
    }

    @Test func oneAddressTryingManyAccountsIsSlowedDown() throws {
        let world = try TestDatabase()
        let now = Date()
        for attempt in 0..<LoginThrottle.addressLimit {
            _ = try? world.accounts.logIn("nikdo\(attempt)", password: "x", from: "10.9.9.9", at: now)
        }
        #expect(throws: LoginError.self) { try world.accounts.logIn("nikdo-dalsi", password: "x", from: "10.9.9.9", at: now) }
        do {
            _ = try world.accounts.logIn("nikdo-dalsi", password: "x", from: "10.9.9.9", at: now)
        } catch {
            guard case .tooManyAttempts = error else { Issue.record("expected a wait, got \(error)"); return }
        }
    }

    @Test func aSuccessfulLoginClearsTheAccountsFailures() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        for _ in 0..<(LoginThrottle.accountLimit - 1) { _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.1") }
        _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.1")
        _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.1")
        #expect(throws: LoginError.wrongCredentials) { try world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.2") }
    }
}
