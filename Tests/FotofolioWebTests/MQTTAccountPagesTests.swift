import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import Logging
import MQTTClient
import Spawn
import Synchronization
import Testing
import Waiting
@testable import FotofolioWeb

/// People's own MQTT clients through a real mosquitto: the settings page makes an account
/// and shows its password once; the broker lets it read only its person's rooms and write
/// only under its own name; leaving a room and revoking take effect within seconds.
@Suite(.serialized) struct MQTTAccountPagesTests {
    final class Setup {
        let broker: MosquittoBroker
        let client: MQTTClient
        let server: WebTestServer
        let directory = NSTemporaryDirectory() + "fotofolio-mqtt-accounts-" + UUID().uuidString

        init() throws {
            broker = try MosquittoBroker(directory: directory)
            try broker.start()
            client = try MQTTClient(configuration: MQTTClientConfiguration(
                host: broker.host, port: broker.port, username: broker.username, password: broker.password))
            try client.start()
            server = try WebTestServer(liveTransport: LiveTransport(client: client, accountsBroker: .mosquitto(broker)))
            try server.seedDiscovery([])
        }

        /// Makes an account on the settings page as the signed-in person.
        func account(label: String = "Telefon") async throws -> (name: String, password: String, page: WebTestServer.Reply) {
            let reply = try await server.submit("/profile/mqtt", ["label": label])
            #expect(reply.status == 200)
            let name = try #require(reply.body.firstMatch(of: /data-mqtt-username>([a-z0-9._-]+)</).map { String($0.1) })
            let password = try #require(reply.body.firstMatch(of: /data-mqtt-password>([A-Za-z0-9]{32})</).map { String($0.1) })
            return (name, password, reply)
        }

        /// A client of the account's, connected, and what it hears on `filters`.
        func connect(_ name: String, _ password: String, hearing filters: [String]) async throws -> (MQTTClient, Heard) {
            let client = try MQTTClient(configuration: MQTTClientConfiguration(
                host: broker.host, port: broker.port, username: name, password: password))
            let heard = Heard()
            for filter in filters {
                try client.subscribe(to: filter) { message in heard.messages.withLock { $0.append((message.topic, message.text ?? "")) } }
            }
            try client.start()
            try await waitUntil("the account's client is connected") { client.state.isConnected }
            return (client, heard)
        }

        /// One value read from the database.
        func value<T: DatabaseValueConvertible>(_ sql: String) throws -> T? {
            try server.database.pool.read { db in try T.fetchOne(db, sql: sql) }
        }

        func values<T: DatabaseValueConvertible>(_ sql: String) throws -> [T] {
            try server.database.pool.read { db in try T.fetchAll(db, sql: sql) }
        }

        func messages(in room: Int64) throws -> [ChatMessage] {
            try MessengerService(stores: .sqlite(server.database)).history(of: room, for: server.userId("vojtafoti"))
        }

        deinit {
            client.disconnect()
            broker.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    final class Heard: Sendable {
        let messages = Mutex<[(topic: String, text: String)]>([])
        func texts(on suffix: String) -> [String] { messages.withLock { $0.filter { $0.topic.hasSuffix(suffix) }.map(\.text) } }
    }

    /// Publishes `payload` until a message with `uuid` is in `room`: a command nobody hears yet
    /// is gone, and its uuid makes a repeat add nothing.
    static func publishUntilStored(_ payload: String, to topic: String, by client: MQTTClient, uuid: String, in room: Int64,
                                   setup: Setup) async throws -> ChatMessage {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            try client.publish(payload, to: topic)
            let stopAt = ContinuousClock.now + .milliseconds(500)
            while ContinuousClock.now < stopAt {
                if let message = try setup.messages(in: room).first(where: { $0.uuid == uuid }) { return message }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        throw NotStored()
    }

    struct NotStored: Error {}

    static func uuid64() -> String {
        String((0..<64).map { _ in Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789").randomElement()! })
    }

    /// The thesis's payload: `@type` per platform, a 64-character uuid, `timestamp` in seconds.
    static func thesisPayload(uuid: String, content: String, author: String? = nil) -> String {
        let authorPart = author.map { #","author":{"username":"\#($0)"}"# } ?? ""
        return #"{"type":"new-message","data":{"@type":{"swift":"B2aDicoMessengerMessageCreate","typescript":"B2aDicoMessengerMessageCreate"},"uuid":"\#(uuid)","content":"\#(content)","timestamp":1650000000\#(authorPart)}}"#
    }

    @Test func theSettingsPageShowsTheNewPasswordOnceAndKeepsOnlyItsHash() async throws {
        let setup = try Setup()
        let server = setup.server
        try await server.cookies(of: "jana.k")
        let (name, password, page) = try await setup.account()
        #expect(page.headers["cache-control"] == "no-store")
        #expect(name.hasPrefix("jana_k-"))
        #expect(page.body.contains("mosquitto_sub -h 127.0.0.1 -p \(setup.broker.port) -u \(name) -P &#39;\(password)&#39;"))
        let list = try await server.send("/profile/mqtt")
        #expect(list.status == 200 && list.body.contains(name) && list.body.contains("Telefon"))
        #expect(!list.body.contains(password))
        let stored: String = try #require(try setup.value("SELECT mosquittoHash || ' ' || rabbitHash FROM mqttAccount"))
        #expect(stored.hasPrefix("$7$") && !stored.contains(password))
        // The broker's password file holds the same hash, never the password.
        let passwords = try String(contentsOfFile: setup.directory + "/passwords", encoding: .utf8)
        try await waitUntil("the broker knows the account") {
            (try String(contentsOfFile: setup.directory + "/passwords", encoding: .utf8)).contains(name + ":$7$")
        }
        #expect(!passwords.contains(password))
    }

    @Test func anAccountReadsOnlyItsRoomsAndWritesOnlyAsItsPerson() async throws {
        let setup = try Setup()
        let server = setup.server
        let own = try server.directRoom("jana.k", "vojtafoti")
        let others = try server.directRoom("martin.b", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let (name, password, _) = try await setup.account()
        let (client, heard) = try await setup.connect(name, password, hearing: ["fotofolio/chat-room/+/message", "fotofolio/people/\(name)/refused"])
        defer { client.disconnect() }

        // It reads its room's messages and not another's (sent first, so it would have come first).
        try server.say("Cizí zpráva", in: others, by: "martin.b")
        let uuid = Self.uuid64()
        let sent = try await Self.publishUntilStored(Self.thesisPayload(uuid: uuid, content: "Z telefonu"),
                                                     to: "fotofolio/people/\(name)/chat-room/\(own)/new-message",
                                                     by: client, uuid: uuid, in: own, setup: setup)
        let jana = try server.userId("jana.k")
        #expect(sent.authorId == jana && sent.content == "Z telefonu" && sent.uuid == uuid)
        try server.say("Odpověď", in: own, by: "vojtafoti")
        try await waitUntil("the account heard its room") { heard.texts(on: "/\(own)/message").contains { $0.contains("Odpověď") } }
        #expect(heard.texts(on: "/\(others)/message").isEmpty)
        #expect(heard.texts(on: "/\(own)/message").first?.contains(uuid) == true)

        // Naming someone else as the author is refused and said why.
        let posing = Self.uuid64()
        try client.publish(Self.thesisPayload(uuid: posing, content: "Jsem Vojta", author: "vojtafoti"),
                           to: "fotofolio/people/\(name)/chat-room/\(own)/new-message")
        try await waitUntil("the refusal came back") { !heard.texts(on: "/refused").isEmpty }
        let refusal = WebTestServer.json(heard.texts(on: "/refused")[0])
        #expect(refusal["type"] as? String == "refused")
        #expect((refusal["data"] as? [String: Any])?["uuid"] as? String == posing)
        #expect(((refusal["data"] as? [String: Any])?["reason"] as? String)?.contains("@jana.k") == true)

        // The broker lets it write nowhere else: another room, another account's name, the
        // site's own command topic. Then a command it may send: once that is stored, the
        // others (sent before it on the same connection) would have been too.
        try client.publish(Self.thesisPayload(uuid: Self.uuid64(), content: "Do cizí"), to: "fotofolio/people/\(name)/chat-room/\(others)/new-message")
        try client.publish(Self.thesisPayload(uuid: Self.uuid64(), content: "Jako jiný účet"),
                           to: "fotofolio/people/vojtafoti.abcdef/chat-room/\(own)/new-message")
        try client.publish(#"{"type":"new-message","data":{"uuid":"\#(UUID().uuidString)","content":"Sdílené","author":{"username":"vojtafoti"}}}"#,
                           to: "fotofolio/chat-room/\(own)/new-message")
        let marker = Self.uuid64()
        _ = try await Self.publishUntilStored(Self.thesisPayload(uuid: marker, content: "Konec"),
                                              to: "fotofolio/people/\(name)/chat-room/\(own)/new-message",
                                              by: client, uuid: marker, in: own, setup: setup)
        #expect(try setup.messages(in: own).map(\.content) == ["Z telefonu", "Odpověď", "Konec"])
        #expect(try setup.messages(in: others).map(\.content) == ["Cizí zpráva"])
        let listed = try await server.send("/profile/mqtt")
        #expect(listed.body.contains("last wrote"))
    }

    @Test func leavingARoomStopsItsMessagesAndRevokingCutsTheClientOff() async throws {
        let setup = try Setup()
        let server = setup.server
        let messenger = MessengerService(stores: .sqlite(server.database))
        let own = try server.directRoom("jana.k", "vojtafoti")
        let group = try messenger.createGroup(named: "Svatba", by: server.userId("jana.k"), members: [server.userId("martin.b")]).id
        try await server.cookies(of: "jana.k")
        let (name, password, _) = try await setup.account()
        let (client, heard) = try await setup.connect(name, password, hearing: ["fotofolio/chat-room/+/message"])
        defer { client.disconnect() }
        try server.say("Ve skupině", in: group, by: "martin.b")
        try await waitUntil("the account heard the group") { !heard.texts(on: "/\(group)/message").isEmpty }

        // The broker logs each reload as it starts one, and reads nothing else until it is done.
        let reloads = { (try? String(contentsOfFile: setup.broker.logFile, encoding: .utf8))?.components(separatedBy: "Reloading config.").count ?? 0 }
        let before = reloads()
        try messenger.removeMember(server.userId("jana.k"), from: group, by: server.userId("jana.k"))
        try await waitUntil("the broker forgot the group for the account", timeout: .seconds(10)) {
            let acl = try String(contentsOfFile: setup.directory + "/acl", encoding: .utf8)
            return acl.contains("user \(name)") && !acl.contains("chat-room/\(group)/message") && reloads() > before
        }
        try server.say("Po odchodu", in: group, by: "martin.b")
        try server.say("Stále tu", in: own, by: "vojtafoti")
        try await waitUntil("the account heard its direct room") { !heard.texts(on: "/\(own)/message").isEmpty }
        #expect(heard.texts(on: "/\(group)/message").count == 1)

        let id: Int64 = try #require(try setup.value("SELECT id FROM mqttAccount"))
        let revoked = try await server.submit("/profile/mqtt/\(id)/revoke", [:])
        #expect(revoked.status == 303 && revoked.headers["location"] == "/profile/mqtt?revoked=1")
        try await waitUntil("the revoked client is cut off", timeout: .seconds(10)) { !client.state.isConnected }
        let again = try MQTTClient(configuration: MQTTClientConfiguration(host: setup.broker.host, port: setup.broker.port,
                                                                          username: name, password: password))
        try again.start()
        defer { again.disconnect() }
        try await waitUntil("the broker refused the password") {
            if case .reconnecting(let reason) = again.state { return reason.lowercased().contains("auth") }
            return false
        }
        #expect(!again.state.isConnected)
    }

    /// A server that starts again writes the broker's files anew with its own user alone (a
    /// killed one may have left anything there); its accounts come back from the database
    /// before anyone needs them, and a revoked one stays out.
    @Test func aServerStartedAgainGivesTheBrokerItsAccountsBackFromTheDatabase() async throws {
        let setup = try Setup()
        let server = setup.server
        try await server.cookies(of: "jana.k")
        let (kept, keptPassword, _) = try await setup.account(label: "Telefon")
        let (revoked, revokedPassword, _) = try await setup.account(label: "Starý")
        let id: Int64 = try #require(try setup.value("SELECT id FROM mqttAccount WHERE label = 'Starý'"))
        _ = try await server.submit("/profile/mqtt/\(id)/revoke", [:])
        try await waitUntil("the broker forgot the revoked account") {
            let passwords = try String(contentsOfFile: setup.directory + "/passwords", encoding: .utf8)
            return passwords.contains(kept) && !passwords.contains(revoked)
        }
        // The server's process ends (its broker with it), and a new one starts in the same folder.
        setup.broker.stop()
        let restarted = try MosquittoBroker(directory: setup.directory, username: setup.broker.username)
        try restarted.start()
        defer { restarted.stop() }
        #expect(!(try String(contentsOfFile: setup.directory + "/passwords", encoding: .utf8)).contains(kept))
        let access = BrokerAccess(stores: .sqlite(server.database), topics: LiveTopics(), logger: Logger(label: "test"),
                                  apply: AccountsBroker.mosquitto(restarted).apply)
        access.start()
        defer { access.stop() }
        func client(_ name: String, _ password: String) throws -> MQTTClient {
            let client = try MQTTClient(configuration: MQTTClientConfiguration(host: restarted.host, port: restarted.port,
                                                                               username: name, password: password))
            try client.start()
            return client
        }
        let phone = try client(kept, keptPassword)
        defer { phone.disconnect() }
        try await waitUntil("the kept account connects to the broker started again") { phone.state.isConnected }
        let old = try client(revoked, revokedPassword)
        defer { old.disconnect() }
        try await waitUntil("the revoked account is refused") {
            if case .reconnecting(let reason) = old.state { return reason.lowercased().contains("auth") }
            return false
        }
    }

    /// The thesis's payload as its own clients send it, with mosquitto's command-line client.
    @Test func theThesisPayloadPostedWithMosquittoPubBecomesAMessage() async throws {
        let setup = try Setup()
        let server = setup.server
        let own = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let (name, password, _) = try await setup.account()
        let uuid = Self.uuid64()
        let payload = Self.thesisPayload(uuid: uuid, content: "Přes mosquitto_pub")
        var stored: ChatMessage?
        let deadline = ContinuousClock.now + .seconds(20)
        while stored == nil, ContinuousClock.now < deadline {
            let run = try ChildProcess.run("/usr/bin/mosquitto_pub", [
                "-h", setup.broker.host, "-p", String(setup.broker.port), "-u", name, "-P", password, "-q", "1",
                "-t", "fotofolio/people/\(name)/chat-room/\(own)/new-message", "-m", payload])
            #expect(run.status.succeeded || run.output.contains("not authori"), "\(run.output)")
            for _ in 0..<25 where stored == nil {
                stored = try setup.messages(in: own).first { $0.uuid == uuid }
                if stored == nil { try await Task.sleep(for: .milliseconds(20)) }
            }
        }
        let message = try #require(stored)
        let jana = try server.userId("jana.k")
        #expect(message.content == "Přes mosquitto_pub" && message.authorId == jana)
    }

    @Test func labelsTheLimitAndOthersAccountsAreRefusedWithNothingStored() async throws {
        let setup = try Setup()
        let server = setup.server
        try await server.cookies(of: "jana.k")
        let long = try await server.submit("/profile/mqtt", ["label": String(repeating: "x", count: 41)])
        #expect(long.status == 422 && long.body.contains("at most 40 characters"))
        for number in 1...5 { _ = try await setup.account(label: "App \(number)") }
        let sixth = try await server.submit("/profile/mqtt", ["label": "App 6"])
        #expect(sixth.status == 422 && sixth.body.contains("at most 5 passwords"))
        #expect(!sixth.body.contains("data-mqtt-password"))
        let janas: [Int64] = try setup.values("SELECT id FROM mqttAccount")
        #expect(janas.count == 5)
        try await server.cookies(of: "vojtafoti")
        let foreign = try await server.submit("/profile/mqtt/\(janas[0])/revoke", [:])
        #expect(foreign.status == 404)
        #expect(try setup.value("SELECT count(*) FROM mqttAccount") as Int? == 5)
        server.signOut()
        let signedOut = try await server.send("/profile/mqtt")
        #expect(signedOut.status == 303)
    }

    /// A site on someone else's broker (or none) cannot make accounts on it.
    @Test func withoutABrokerThatTakesPeoplesClientsThePageSaysSo() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/profile/mqtt")
        #expect(page.status == 200 && page.body.contains("does not take your own MQTT clients"))
        #expect(!page.body.contains("name=\"label\""))
        let made = try await server.submit("/profile/mqtt", ["label": "Telefon"])
        #expect(made.status == 404)
    }

    /// On a RabbitMQ cluster the site hands the broker RabbitMQ's hash form and no mosquitto
    /// hash is made; the page names the cluster's host and one subscription per room, since
    /// RabbitMQ refuses wildcards. (The management API's requests run against a real cluster
    /// in `deploy/rabbitmq.sh check`; here the accounts handed over are recorded.)
    @Test func onARabbitMQClusterTheAccountGetsRabbitMQsHashAndOneSubscriptionPerRoom() async throws {
        let setup = try Setup()
        let handed = Mutex<[[BrokerAccount]]>([])
        let rabbit = AccountsBroker(kind: .rabbitMQ, host: "mqtt.fotofolio.example", port: 8883, reachableFromOtherMachines: true,
                                    hashing: RabbitMQHashingOnly()) { accounts in handed.withLock { $0.append(accounts) } }
        let server = try WebTestServer(liveTransport: LiveTransport(client: setup.client, accountsBroker: rabbit))
        try server.seedDiscovery([])
        let first = try server.directRoom("jana.k", "vojtafoti")
        let second = try server.directRoom("jana.k", "martin.b")
        try await server.cookies(of: "jana.k")
        let reply = try await server.submit("/profile/mqtt", ["label": "Telefon"])
        let name = try #require(reply.body.firstMatch(of: /data-mqtt-username>([a-z0-9._-]+)</).map { String($0.1) })
        let password = try #require(reply.body.firstMatch(of: /data-mqtt-password>([A-Za-z0-9]{32})</).map { String($0.1) })
        #expect(reply.body.contains("mosquitto_sub -h mqtt.fotofolio.example -p 8883 -u \(name) -P &#39;\(password)&#39; "
            + "-t &#39;fotofolio/chat-room/\(min(first, second))/message&#39; -t &#39;fotofolio/chat-room/\(max(first, second))/message&#39; -v"))
        #expect(!reply.body.contains("chat-room/+/message") && reply.body.contains("data-mqtt-per-room"))
        let stored = try await server.database.pool.read { db in try String.fetchOne(db, sql: "SELECT mosquittoHash FROM mqttAccount") }
        #expect(stored == "")

        try await waitUntil("the account was handed to the broker") { handed.withLock { $0.last?.count == 1 } }
        let account = try #require(handed.withLock { $0.last?.first })
        #expect(account.username == name && account.read.contains("fotofolio/chat-room/\(first)/message"))
        // rabbit_password_hashing_sha256: a 4-byte salt, then SHA-256 of salt and password.
        let hash = try #require(Data(base64Encoded: account.passwordHash))
        #expect(hash.count == 36 && MQTTAccountRules.rabbitHash(of: password, salt: Array(hash.prefix(4))) == account.passwordHash)

        let id = try #require(try await server.database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM mqttAccount") })
        _ = try await server.submit("/profile/mqtt/\(id)/revoke", [:])
        try await waitUntil("the revoked account left the broker") { handed.withLock { $0.last?.isEmpty == true } }
    }
}
