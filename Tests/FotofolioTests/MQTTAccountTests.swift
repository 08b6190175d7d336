import Foundation
import Logging
import MQTTClient
import Synchronization
import Testing
@testable import Fotofolio

/// A hash that needs no broker: the accounts' rules and storage do not depend on its form.
struct PlainBrokerHashing: BrokerPasswordHashing {
    func mosquittoHash(of password: String) throws -> String { "$test$" + password.utf8.count.description }
}

extension TestDatabase {
    func mqttAccounts(changed: @escaping @Sendable () -> Void = {}) -> MQTTAccounts {
        MQTTAccounts(stores: stores, hashing: PlainBrokerHashing(), changed: changed)
    }
}

/// The rules of people's own MQTT accounts, decided once.
@Suite struct MQTTAccountRulesTests {
    @Test(arguments: [("  Telefon  ", "Telefon"), ("", "Aplikace"), ("   ", "Aplikace"), (String(repeating: "ž", count: 40), String(repeating: "ž", count: 40))])
    func aLabelIsTrimmedAndAnEmptyOneTakesTheFallback(label: String, kept: String) throws {
        #expect(try MQTTAccountRules.validatedLabel(label, fallback: "Aplikace") == kept)
    }

    @Test(arguments: [String(repeating: "a", count: 41), "dva\nřádky", "zvonek\u{7}", "a" + String(repeating: "\u{301}", count: 400)])
    func aLongOrMultiLineLabelIsRefused(label: String) {
        #expect(throws: MQTTAccountError.invalidLabel) { try MQTTAccountRules.validatedLabel(label, fallback: "Aplikace") }
    }

    @Test func aBrokerUsernameIsTheUsernameAndSixLettersOrDigitsAndNeverHoldsATopicsSeparatorsOrADot() {
        let names = (0..<200).map { _ in MQTTAccountRules.brokerUsername(for: "jana.k") }
        // RabbitMQ's MQTT plugin reads a dot in a topic as a separator: none in the name.
        #expect(names.allSatisfy { $0.hasPrefix("jana_k-") && $0.utf8.count == 13 && !$0.contains(".")
                && MQTTAccountRules.isWellFormedBrokerUsername($0) })
        #expect(Set(names).count > 190)
        for bad in ["jana/k", "jana+", "#", "Jana", "ja na", "", "a\u{0}b", "jana.k.ž"] {
            #expect(!MQTTAccountRules.isWellFormedBrokerUsername(bad), "\(bad)")
        }
    }

    @Test func aPasswordIs32LettersAndDigitsAndNeverTheSame() {
        let passwords = (0..<100).map { _ in MQTTAccountRules.newPassword() }
        #expect(passwords.allSatisfy { $0.count == 32 && $0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) } })
        #expect(Set(passwords).count == 100)
    }

    /// RabbitMQ's documented example: salt 908D C60A, password "test12".
    @Test func theRabbitMQHashIsSaltThenSHA256OfSaltAndPasswordInBase64() {
        #expect(MQTTAccountRules.rabbitHash(of: "test12", salt: [0x90, 0x8D, 0xC6, 0x0A]) == "kI3GCqW5JLMJa4iX1lo7X4D6XbYqlLgxIs30+P6tENUV2POR")
        #expect(MQTTAccountRules.rabbitHash(of: "test12") != MQTTAccountRules.rabbitHash(of: "test12"))
    }

    @Test func theBrokerLetsAnAccountReadItsRoomsAndWriteIntoThemOnlyUnderItsName() {
        let grant = BrokerGrant(brokerUsername: "jana_k-abc123", mosquittoHash: "$7$x", rabbitHash: "r", rooms: [3, 12])
        let read = ["fotofolio/chat-room/3/message", "fotofolio/chat-room/12/message", "fotofolio/people/jana_k-abc123/refused"]
        let write = ["fotofolio/people/jana_k-abc123/chat-room/3/new-message", "fotofolio/people/jana_k-abc123/chat-room/12/new-message"]
        #expect(BrokerAccess.accounts([grant], topics: LiveTopics())
            == [BrokerAccount(username: "jana_k-abc123", passwordHash: "$7$x", read: read, write: write)])
        // RabbitMQ gets the same topics with its own hash form.
        #expect(BrokerAccess.accounts([grant], topics: LiveTopics(), kind: .rabbitMQ)
            == [BrokerAccount(username: "jana_k-abc123", passwordHash: "r", read: read, write: write)])
    }

    /// An account made on a RabbitMQ site has no mosquitto hash: mosquitto must never get a
    /// password line without one.
    @Test func anAccountWithoutTheBrokersHashIsLeftOut() throws {
        let grants = [BrokerGrant(brokerUsername: "jana_k-abc123", mosquittoHash: "", rabbitHash: "r", rooms: [3])]
        #expect(BrokerAccess.accounts(grants, topics: LiveTopics()).isEmpty)
        #expect(BrokerAccess.accounts(grants, topics: LiveTopics(), kind: .rabbitMQ).count == 1)
        #expect(try RabbitMQHashingOnly().mosquittoHash(of: "x") == "")
    }

    @Test func anAccountsCommandTopicNamesTheAccountAndTheRoom() {
        let topics = LiveTopics(prefix: "b2a/messenger")
        #expect(topics.accountCommand(in: "b2a/messenger/people/jana.k.abc123/chat-room/12/new-message")! == ("jana.k.abc123", 12))
        for other in ["b2a/messenger/chat-room/12/new-message", "b2a/messenger/people/jana.k.abc123/chat-room/x/new-message",
                      "b2a/messenger/people/jana.k.abc123/chat-room/12/message", "fotofolio/people/a/chat-room/12/new-message",
                      "b2a/messenger/people/a/b/chat-room/12/new-message"] {
            #expect(topics.accountCommand(in: other) == nil, "\(other)")
        }
    }
}

/// Accounts as stored, on both stores: made, listed, revoked, at most five, and what the
/// broker is told each may do.
@Suite struct MQTTAccountStoreTests {
    let world: TestDatabase
    let jana: Int64, vojta: Int64

    init() throws {
        world = try TestDatabase()
        (jana, vojta) = (try world.client().id!, try world.creator().id!)
    }

    @Test func anAccountIsListedWithoutItsPasswordAndRevokedOnlyByItsPerson() throws {
        let changes = Mutex(0)
        let accounts = world.mqttAccounts { changes.withLock { $0 += 1 } }
        let (account, password) = try accounts.create(for: jana, label: "Telefon", fallbackLabel: "Aplikace", at: Date())
        #expect(account.label == "Telefon" && account.brokerUsername.hasPrefix("jana_k-") && account.userId == jana)
        #expect(account.mosquittoHash == "$test$32" && !account.rabbitHash.contains(password))
        #expect(try accounts.list(of: jana) == [account])
        #expect(try world.stores.mqttAccounts.account(brokerUsername: account.brokerUsername) == account)
        #expect(try accounts.revoke(account.id, of: vojta) == false)
        #expect(changes.withLock { $0 } == 1)
        #expect(try accounts.revoke(account.id, of: jana))
        #expect(try accounts.revoke(account.id, of: jana) == false)
        #expect(changes.withLock { $0 } == 2)
        #expect(try accounts.list(of: jana).isEmpty)
        #expect(try world.stores.mqttAccounts.account(brokerUsername: account.brokerUsername) == nil)
    }

    /// RabbitMQ may lose its users without the site changing anything (a cluster rebuilt, a
    /// user deleted by hand): unchanged accounts go to it again after a while, so it comes
    /// back to what the database says. mosquitto's files are the site's alone.
    @Test func aBrokerOthersMayChangeGetsTheSameAccountsAgainAndMosquittoDoesNot() throws {
        _ = try world.mqttAccounts().create(for: jana, label: "Telefon", fallbackLabel: "Aplikace", at: Date())
        final class Handed: Sendable { let count = Mutex(0) }
        func access(_ kind: AccountsBroker.Kind, every interval: Duration?, counting handed: Handed) -> BrokerAccess {
            BrokerAccess(stores: world.stores, topics: LiveTopics(), kind: kind, reapplyInterval: interval,
                         logger: Logger(label: "test")) { _ in handed.count.withLock { $0 += 1 } }
        }
        let often = Handed(), rabbit = Handed(), mosquitto = Handed()
        let due = access(.rabbitMQ, every: .zero, counting: often)
        #expect(due.sync() && due.sync() && often.count.withLock { $0 } == 2)
        let notYet = access(.rabbitMQ, every: nil, counting: rabbit) // its own 30 s
        #expect(notYet.sync() && !notYet.sync() && rabbit.count.withLock { $0 } == 1)
        let files = access(.mosquitto, every: nil, counting: mosquitto)
        #expect(files.sync() && !files.sync() && mosquitto.count.withLock { $0 } == 1)
    }

    @Test func aSixthAccountIsRefusedAndNothingIsStored() throws {
        let accounts = world.mqttAccounts()
        for number in 1...5 { _ = try accounts.create(for: jana, label: "App \(number)", fallbackLabel: "Aplikace", at: Date()) }
        #expect(throws: MQTTAccountError.tooMany(limit: 5)) {
            try accounts.create(for: jana, label: "App 6", fallbackLabel: "Aplikace", at: Date())
        }
        // The store counts too, for two requests at once.
        #expect(throws: MQTTAccountError.tooMany(limit: 5)) {
            try world.stores.mqttAccounts.add(NewMQTTAccount(label: "x", brokerUsername: "jana.k.zzzzzz", mosquittoHash: "h", rabbitHash: "r"),
                                               for: jana, at: Date())
        }
        #expect(try accounts.list(of: jana).count == 5)
        #expect(try accounts.create(for: vojta, label: "", fallbackLabel: "Aplikace", at: Date()).account.label == "Aplikace")
    }

    @Test func aLabelTooLongStoresNothing() throws {
        #expect(throws: MQTTAccountError.invalidLabel) {
            try world.mqttAccounts().create(for: jana, label: String(repeating: "x", count: 41), fallbackLabel: "A", at: Date())
        }
        #expect(try world.mqttAccounts().list(of: jana).isEmpty)
    }

    @Test func withoutABrokerThatTakesPeoplesClientsNoAccountIsMade() throws {
        #expect(throws: MQTTAccountError.unavailable) {
            try MQTTAccounts(stores: world.stores, hashing: nil).create(for: jana, label: "", fallbackLabel: "A", at: Date())
        }
    }

    /// The broker's accounts are read again after a commit that made, joined or left a room,
    /// and not after one that only sent a message or marked one read: taken from the events
    /// each real commit hands its observers.
    @Test func onlyARoomMadeJoinedOrLeftHasTheGrantsReadAgain() throws {
        let petra = try world.client("petra").id!
        let commits = Mutex<[[AppendedLiveEvent]]>([])
        let observation = world.stores.liveEvents.observeCommits(failed: { _ in }, changed: { events in
            commits.withLock { $0.append(events) }
        })
        defer { observation.cancel() }
        func follows(_ write: () throws -> Void) throws -> Bool {
            commits.withLock { $0.removeAll() }
            try write()
            let heard = commits.withLock { $0 }
            #expect(!heard.isEmpty, "the commit was heard")
            return heard.contains { BrokerAccess.changesGrants($0) }
        }
        var group: Int64 = 0
        #expect(try follows { group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [vojta]).id })
        var sent: Int64 = 0
        #expect(try !follows { sent = try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ahoj"), in: group, by: jana).message.id })
        #expect(try !follows { _ = try world.messenger.markRead(group, by: vojta, upTo: sent) })
        #expect(try follows { try world.messenger.addMember(petra, to: group, by: jana) })
        #expect(try follows { try world.messenger.removeMember(petra, from: group, by: jana) })
        #expect(try follows { _ = try world.messenger.directRoom(between: jana, and: petra) })
    }

    @Test func theGrantsFollowRoomsJoinedAndLeftAndLeaveOutSuspendedPeople() throws {
        let petra = try world.client("petra").id!
        let accounts = world.mqttAccounts()
        let janas = try accounts.create(for: jana, label: "", fallbackLabel: "A", at: Date()).account
        let vojtas = try accounts.create(for: vojta, label: "", fallbackLabel: "A", at: Date()).account
        #expect(try world.stores.mqttAccounts.grants(at: Date()).map(\.rooms) == [[], []])
        let direct = try world.messenger.directRoom(between: jana, and: vojta).id
        let group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [petra]).id
        let grants = try world.stores.mqttAccounts.grants(at: Date())
        #expect(grants.map(\.brokerUsername) == [janas.brokerUsername, vojtas.brokerUsername].sorted())
        #expect(grants.first { $0.brokerUsername == janas.brokerUsername }?.rooms == [direct, group].sorted())
        #expect(grants.first { $0.brokerUsername == vojtas.brokerUsername }?.rooms == [direct])
        #expect(grants.first { $0.brokerUsername == janas.brokerUsername }?.mosquittoHash == janas.mosquittoHash)
        try world.messenger.removeMember(jana, from: group, by: jana)
        #expect(try world.stores.mqttAccounts.grants(at: Date()).first { $0.brokerUsername == janas.brokerUsername }?.rooms == [direct])
        let op = try world.operatorAccount()
        try world.moderation.apply(.suspend(userId: vojta, until: Date().addingTimeInterval(3600)), reason: "Spam", by: op.id!)
        #expect(try world.stores.mqttAccounts.grants(at: Date()).map(\.brokerUsername) == [janas.brokerUsername])
        // A suspension that has run out counts no more.
        #expect(try world.stores.mqttAccounts.grants(at: Date().addingTimeInterval(7200)).count == 2)
    }
}
