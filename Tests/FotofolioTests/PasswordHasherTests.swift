import Testing
@testable import Fotofolio

@Suite struct PasswordHasherTests {
    @Test func defaultsFollowOWASPForArgon2id() {
        let parameters = PasswordHasher().parameters
        #expect(parameters.memoryKiB == 19 * 1024)
        #expect(parameters.iterations == 2)
        #expect(parameters.parallelism == 1)
    }

    @Test func aHashVerifiesOnlyItsPassword() throws {
        let hasher = PasswordHasher(parameters: .fastForTests)
        let encoded = try hasher.hash("správné heslo")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
        #expect(hasher.verify("správné heslo", against: encoded))
        #expect(!hasher.verify("spravne heslo", against: encoded))
        #expect(!hasher.verify("správné heslo", against: "$argon2id$garbage"))
    }

    @Test func theSamePasswordHashesDifferentlyEachTime() throws {
        let hasher = PasswordHasher(parameters: .fastForTests)
        #expect(try hasher.hash("heslo-heslo") != hasher.hash("heslo-heslo"))
    }

    @Test func weakerStoredParametersAskForARehash() throws {
        let weak = try PasswordHasher(parameters: .fastForTests).hash("heslo-heslo")
        #expect(PasswordHasher().needsRehash(weak))
        #expect(!PasswordHasher(parameters: .fastForTests).needsRehash(weak))
    }

    @Test func aLoginUpgradesAWeakHash() throws {
        let world = try TestDatabase()
        _ = try world.accounts.register(.client())
        var stronger = PasswordHasher.Parameters.fastForTests
        stronger.iterations = 2
        let upgraded = AccountsService(stores: world.stores, hasher: PasswordHasher(parameters: stronger))
        _ = try upgraded.logIn("jana.k", password: "jine-dlouhe-heslo", from: "::1")
        let user = try #require(try upgraded.user(byUsernameOrEmail: "jana.k"))
        #expect(user.passwordHash.contains("t=2"))
    }
}
