import Foundation
import Synchronization
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

    @Test func fiveFailuresMakeThatAccountWaitFromThatAddress() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        for _ in 0..<LoginThrottle.pairLimit {
            _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.9", at: start)
        }
        let refused = loginWait { () throws(LoginError) in
            try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.9", at: start.addingTimeInterval(60))
        }
        #expect(refused == .seconds(14 * 60))
        // Once the window has passed, the right password works from there again.
        let later = start.addingTimeInterval(LoginThrottle.pairWindow + 1)
        #expect(try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.9", at: later).username == "vojtafoti")
    }

    @Test func loginsSentAllAtOnceCannotSlipPastTheLimit() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        let accounts = world.accounts
        let verified = Mutex(0)
        let finished = DispatchGroup()
        // Threads of their own, so every attempt is under way at once however few cores there are.
        for _ in 0..<(LoginThrottle.pairLimit * 4) {
            finished.enter()
            Thread {
                do throws(LoginError) {
                    _ = try accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.9", at: start)
                } catch {
                    if error == .wrongCredentials { verified.withLock { $0 += 1 } }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(verified.withLock { $0 } == LoginThrottle.pairLimit)
    }

    @Test func aStrangerGuessingCannotLockTheOwnerOut() throws {
        let world = try TestDatabase()
        let user = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        for _ in 0..<(LoginThrottle.pairLimit * 2) {
            _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "203.0.113.7", at: start)
        }
        #expect(try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.1", at: start).id == user.id)
    }

    @Test func theUsernameAndTheEmailCountAsOneAccount() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        for attempt in 0..<LoginThrottle.pairLimit {
            let identifier = attempt.isMultiple(of: 2) ? "vojtafoti" : "VOJTA@example.cz"
            _ = try? world.accounts.logIn(identifier, password: "spatne", from: "10.0.0.9", at: start)
        }
        #expect(loginWait { () throws(LoginError) in try world.accounts.logIn("vojtafoti", password: "x", from: "10.0.0.9", at: start) } != nil)
    }

    @Test func oneAddressTryingManyAccountsWaitsTwiceAsLongEachTime() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        var names = (0...).lazy.map { "nikdo\($0)" }.makeIterator()
        func attempt(at seconds: TimeInterval) -> Duration? {
            loginWait { () throws(LoginError) in
                try world.accounts.logIn(names.next()!, password: "x", from: "10.9.9.9", at: start.addingTimeInterval(seconds))
            }
        }
        for _ in 0..<LoginThrottle.addressFreeFailures { #expect(attempt(at: 0) == nil) }
        #expect(attempt(at: 0) == nil) // the first failure past the free ones…
        #expect(attempt(at: 0) == .seconds(1)) // …makes the next attempt wait a second
        #expect(attempt(at: 1) == nil)
        #expect(attempt(at: 2) == .seconds(1)) // two seconds from the last failure, one gone
        #expect(attempt(at: 3) == nil)
        #expect(attempt(at: 3) == .seconds(4))
    }

    @Test(arguments: [(10, 0.0), (11, 1.0), (12, 2.0), (13, 4.0), (20, 512.0), (21, 900.0), (1000, 900.0)])
    func theAddressWaitDoublesUpToFifteenMinutes(failures: Int, seconds: TimeInterval) {
        #expect(LoginThrottle.addressWait(afterFailures: failures) == seconds)
    }

    @Test func anAddressIsForgivenAfterAQuietHour() throws {
        let world = try TestDatabase()
        let start = Date.wholeSecond
        for attempt in 0..<(LoginThrottle.addressFreeFailures + 12) {
            _ = try? world.accounts.logIn("nikdo\(attempt)", password: "x", from: "10.9.9.9", at: start.addingTimeInterval(Double(attempt) * 900))
        }
        let last = start.addingTimeInterval(Double(LoginThrottle.addressFreeFailures + 11) * 900)
        let capped = loginWait { () throws(LoginError) in try world.accounts.logIn("dalsi", password: "x", from: "10.9.9.9", at: last) }
        #expect(capped == .seconds(15 * 60))
        let quiet = last.addingTimeInterval(LoginThrottle.addressMemory)
        #expect(throws: LoginError.wrongCredentials) { try world.accounts.logIn("dalsi", password: "x", from: "10.9.9.9", at: quiet) }
    }

    @Test func aSuccessClearsThatAccountsFailuresFromThatAddress() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        var minute = 0.0
        func next() -> Date {
            minute += 1
            return start.addingTimeInterval(minute * 60)
        }
        for _ in 0..<(LoginThrottle.pairLimit - 1) { _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.1", at: next()) }
        _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.1", at: next())
        for _ in 0..<(LoginThrottle.pairLimit - 1) {
            #expect(throws: LoginError.wrongCredentials) { try world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.1", at: next()) }
        }
        _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.1", at: next())
        #expect(loginWait { () throws(LoginError) in
            try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.1", at: next())
        } != nil)
    }

    @Test func failuresAreStillCountedAfterARestart() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.creator())
        let start = Date.wholeSecond
        for _ in 0..<LoginThrottle.pairLimit { _ = try? world.accounts.logIn("vojtafoti", password: "spatne", from: "10.0.0.9", at: start) }
        let restarted = AccountsService(stores: try world.reopened(), hasher: PasswordHasher(parameters: .fastForTests))
        #expect(loginWait { () throws(LoginError) in
            try restarted.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "10.0.0.9", at: start.addingTimeInterval(60))
        } != nil)
    }
}
