import Foundation
import Testing
@testable import Fotofolio

@Suite struct RegistrationThrottleTests {
    @Test func anAddressMakesAtMostFiveAccountsAnHour() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        for index in 0..<AccountsService.registrationsPerHour {
            _ = try world.accounts.register(.client("klient\(index)", email: "klient\(index)@example.cz"), from: "10.0.0.1",
                                            at: start.addingTimeInterval(Double(index) * 60))
        }
        let tooSoon = start.addingTimeInterval(10 * 60)
        #expect(throws: RegistrationThrottled(retryAfter: .seconds(50 * 60))) {
            try world.accounts.register(.client("dalsi"), from: "10.0.0.1", at: tooSoon)
        }
        #expect(try world.accounts.user(username: "dalsi") == nil)
        // Another address is not held back, and an hour after the first account one more fits.
        _ = try world.accounts.register(.client("jinde", email: "jinde@example.cz"), from: "10.0.0.2", at: tooSoon)
        _ = try world.accounts.register(.client("dalsi"), from: "10.0.0.1", at: start.addingTimeInterval(RegistrationThrottle.window))
    }

    @Test func aFullAddressIsRefusedBeforeTheFormIsChecked() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        for index in 0..<AccountsService.registrationsPerHour {
            _ = try world.accounts.register(.client("klient\(index)", email: "klient\(index)@example.cz"), from: "10.0.0.1", at: start)
        }
        #expect(throws: RegistrationThrottled.self) { try world.accounts.register(Registration(), from: "10.0.0.1", at: start) }
    }

    @Test func formsWithProblemsDoNotCount() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        for _ in 0..<(AccountsService.registrationsPerHour * 2) {
            #expect(throws: RegistrationErrors.self) { try world.accounts.register(Registration(), from: "10.0.0.1", at: start) }
        }
        _ = try world.accounts.register(.client(), from: "10.0.0.1", at: start)
    }

    @Test func theLimitCanBeRaisedWhereManyShareOneAddress() throws {
        let world = try TestDatabase()
        let shared = AccountsService(stores: world.stores, hasher: PasswordHasher(parameters: .fastForTests), registrationsPerHour: 50)
        let start = Date.wholeSecond
        for index in 0..<(AccountsService.registrationsPerHour + 1) {
            _ = try shared.register(.client("klient\(index)", email: "klient\(index)@example.cz"), from: "127.0.0.1", at: start)
        }
    }

    @Test func theLimitHoldsAcrossARestart() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        for index in 0..<AccountsService.registrationsPerHour {
            _ = try world.accounts.register(.client("klient\(index)", email: "klient\(index)@example.cz"), from: "10.0.0.1", at: start)
        }
        let restarted = AccountsService(stores: try world.reopened(), hasher: PasswordHasher(parameters: .fastForTests))
        #expect(throws: RegistrationThrottled.self) { try restarted.register(.client("dalsi"), from: "10.0.0.1", at: start) }
    }
}
