import Foundation
import Testing
@testable import Fotofolio

/// Every kind of failed login must cost the same argon2 work, or the answer time tells which
/// accounts exist. Counted in verifications rather than timed, so the tests are exact.
@Suite struct LoginCostTests {
    @Test func anUnknownNameCostsOneVerificationLikeAKnownOne() throws {
        let world = try TestDatabase()
        let hasher = PasswordHasher(parameters: .fastForTests)
        let accounts = AccountsService(stores: world.stores, hasher: hasher)
        _ = try accounts.register(.creator())
        func verifications(_ identifier: String, _ password: String) -> Int {
            let before = hasher.verificationCount
            _ = try? accounts.logIn(identifier, password: password, from: "10.0.0.\(identifier.count)")
            return hasher.verificationCount - before
        }
        #expect(verifications("nikdo", "spatne-heslo") == 1)
        #expect(verifications("nikdo@example.cz", "spatne-heslo") == 1)
        #expect(verifications("vojtafoti", "spatne-heslo") == 1)
        #expect(verifications("vojtafoti", "dlouhe-heslo-123") == 1)
    }

    @Test func aRefusedAttemptCostsNoVerification() throws {
        let world = try TestDatabase()
        let hasher = PasswordHasher(parameters: .fastForTests)
        let accounts = AccountsService(stores: world.stores, hasher: hasher)
        let start = Date.wholeSecond
        for _ in 0..<LoginThrottle.pairLimit { _ = try? accounts.logIn("nikdo", password: "x", from: "10.0.0.1", at: start) }
        let before = hasher.verificationCount
        #expect(loginWait { () throws(LoginError) in try accounts.logIn("nikdo", password: "x", from: "10.0.0.1", at: start) } != nil)
        #expect(hasher.verificationCount == before)
    }

    @Test func theDecoyIsMadeOnceWithTheHashersOwnParameters() throws {
        var parameters = PasswordHasher.Parameters.fastForTests
        parameters.iterations = 3
        let decoy = try PasswordHasher.decoyHash(for: parameters)
        #expect(try PasswordHasher.decoyHash(for: parameters) == decoy)
        #expect(PasswordHasher.parameters(of: decoy) == parameters)
        #expect(try PasswordHasher.decoyHash(for: .fastForTests) != decoy)
    }

    @Test func copiesOfAHasherShareTheirCount() throws {
        let hasher = PasswordHasher(parameters: .fastForTests)
        let copy = hasher
        _ = copy.verify("heslo", against: try hasher.hash("heslo"))
        try copy.verifyDecoy("heslo")
        #expect(hasher.verificationCount == 2)
    }
}
