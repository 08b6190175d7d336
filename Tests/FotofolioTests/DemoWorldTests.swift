import Testing
@testable import Fotofolio

@Suite struct DemoWorldTests {
    @Test func seedingCreatesThePrototypesPeopleWithTheirPassword() throws {
        let world = try TestDatabase()
        let created = try DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        #expect(created == DemoWorld.people.count)
        let vojta = try world.accounts.logIn("vojtafoti", password: "heslovo", from: "::1")
        #expect(vojta.fullName == "Vojta Votruba")
        #expect(vojta.location == "Praha")
        #expect(vojta.role == .creator)
    }

    @Test func theDemoWorldHasCreatorsInSeveralTownsAndSomeClients() {
        let creators = DemoWorld.people.filter { $0.role == .creator }
        #expect(Set(creators.map(\.location)).isSuperset(of: ["Praha", "Brno", "Plzeň", "Olomouc", "Velvary"]))
        #expect(DemoWorld.people.contains { $0.role == .client })
        #expect(DemoWorld.people.map(\.username).contains("ad.fotograf"))
        #expect(DemoWorld.people.map(\.username).contains("michal1"))
    }

    @Test func seedingTwiceDoesNothingTheSecondTime() throws {
        let world = try TestDatabase()
        let demo = DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests))
        try demo.seed()
        #expect(try demo.seed() == 0)
        #expect(try world.database.pool.read { db in try User.fetchCount(db) } == DemoWorld.people.count)
    }

    @Test func everyDemoUsernameFollowsTheRegistrationRules() {
        for person in DemoWorld.people { #expect(RegistrationRules.isValidUsername(person.username), "\(person.username)") }
    }
}
