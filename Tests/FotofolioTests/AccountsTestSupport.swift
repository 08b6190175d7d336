import Foundation
@testable import Fotofolio

/// A fresh database in a temporary folder, removed when the test ends.
final class TestDatabase {
    let directory = NSTemporaryDirectory() + "fotofolio-accounts-" + UUID().uuidString
    let database: AppDatabase

    init() throws { database = try AppDatabase(directory: directory) }
    deinit { try? FileManager.default.removeItem(atPath: directory) }

    var accounts: AccountsService { AccountsService(stores: .sqlite(database), hasher: PasswordHasher(parameters: .fastForTests)) }
    var sessions: SessionStore { SessionStore(stores: .sqlite(database)) }
}

extension Registration {
    static func creator(_ username: String = "vojtafoti", email: String = "vojta@example.cz") -> Registration {
        var registration = Registration()
        registration.role = .creator
        registration.username = username
        registration.fullName = "Vojta Votruba"
        registration.email = email
        registration.location = "Praha"
        registration.password = "dlouhe-heslo-123"
        registration.passwordConfirmation = "dlouhe-heslo-123"
        registration.bio = "Svatby a portréty."
        registration.yearsOfExperience = "7"
        registration.hourlyRate = "1 200"
        return registration
    }

    static func client(_ username: String = "jana.k", email: String = "jana@example.cz") -> Registration {
        var registration = Registration()
        registration.role = .client
        registration.username = username
        registration.fullName = "Jana Králová"
        registration.email = email
        registration.location = "Brno"
        registration.password = "jine-dlouhe-heslo"
        registration.passwordConfirmation = "jine-dlouhe-heslo"
        return registration
    }
}

func problems(_ body: () throws -> Void) -> [RegistrationField: RegistrationProblem] {
    do {
        try body()
        return [:]
    } catch let error as RegistrationErrors {
        return error.problems
    } catch {
        return [:]
    }
}

extension Date {
    /// Now, to the whole second: the database keeps dates to the millisecond, so waits
    /// worked out from stored dates come out exact.
    static var wholeSecond: Date { Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)) }
}

/// The wait a refused login asked for, or nil when it was not refused for waiting.
func loginWait(_ body: () throws(LoginError) -> User) -> Duration? {
    do {
        _ = try body()
        return nil
    } catch {
        guard case .tooManyAttempts(let wait) = error else { return nil }
        return wait
    }
}
