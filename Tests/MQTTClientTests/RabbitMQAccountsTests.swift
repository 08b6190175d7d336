import Foundation
import Testing
@testable import MQTTClient

/// People's accounts on RabbitMQ: the topic patterns, what a cluster's state needs to become
/// the wanted accounts, and the management API's address. The requests themselves run
/// against a real cluster in `deploy/rabbitmq.sh check`.
@Suite struct RabbitMQAccountsTests {
    static let read = ["fotofolio/chat-room/3/message", "fotofolio/chat-room/12/message", "fotofolio/people/jana_k-abc123/refused"]
    static let write = ["fotofolio/people/jana_k-abc123/chat-room/3/new-message", "fotofolio/people/jana_k-abc123/chat-room/12/new-message"]

    func matches(_ pattern: String, _ key: String) throws -> Bool {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.firstMatch(in: key, range: NSRange(key.startIndex..., in: key)) != nil
    }

    @Test func aPatternMatchesExactlyTheRoutingKeysOfItsTopics() throws {
        let pattern = RabbitMQTopicPattern.pattern(for: Self.read)
        #expect(pattern == #"^(?:fotofolio\.chat-room\.12\.message|fotofolio\.chat-room\.3\.message|fotofolio\.people\.jana_k-abc123\.refused)$"#)
        for key in ["fotofolio.chat-room.3.message", "fotofolio.chat-room.12.message", "fotofolio.people.jana_k-abc123.refused"] {
            #expect(try matches(pattern, key), "\(key)")
        }
        // Another room, a longer or shorter key, RabbitMQ's wildcards, a dot where a level was.
        for key in ["fotofolio.chat-room.4.message", "fotofolio.chat-room.31.message", "fotofolio.chat-room.3.message.x",
                    "x.fotofolio.chat-room.3.message", "fotofolio.chat-room.*.message", "fotofolio.chat-room.#",
                    "fotofolio.#", "#", "fotofolioXchat-room.3.message", "fotofolio.chat-room.3.messag", ""] {
            #expect(try !matches(pattern, key), "\(key)")
        }
    }

    @Test func noTopicsMatchNothingNotEvenAnEmptyKey() throws {
        #expect(RabbitMQTopicPattern.pattern(for: []) == RabbitMQTopicPattern.nothing)
        for key in ["", "a", "fotofolio.chat-room.3.message", "#"] { #expect(try !matches(RabbitMQTopicPattern.nothing, key)) }
    }

    /// A prefix may hold anything a topic may: it is matched for itself, never as a pattern or
    /// as one of RabbitMQ's `{username}` variables.
    @Test(arguments: ["b2a/(messenger)|.*", "ž{username}$", "a\\b[c]?", "emoji 😀 +"])
    func anyPrefixIsMatchedLiterally(prefix: String) throws {
        let topic = "\(prefix)/chat-room/3/message"
        let pattern = RabbitMQTopicPattern.pattern(for: [topic])
        #expect(!pattern.contains("{username}"))
        #expect(try matches(pattern, RabbitMQTopicPattern.routingKey(of: topic)))
        #expect(try !matches(pattern, RabbitMQTopicPattern.routingKey(of: "x/chat-room/3/message")))
        #expect(RabbitMQTopicPattern.keys(in: pattern)?.count == 1)
    }

    @Test func theKeysOfAPatternAreReadBackAndOtherPatternsAreNot() {
        #expect(RabbitMQTopicPattern.keys(in: RabbitMQTopicPattern.pattern(for: Self.read))?.count == 3)
        #expect(RabbitMQTopicPattern.keys(in: RabbitMQTopicPattern.nothing) == [])
        for other in [".*", "^fotofolio\\..*$", "^(?:a|.*)$", "^(?:)$", "^(?:a||b)$", ""] {
            #expect(RabbitMQTopicPattern.keys(in: other) == nil, "\(other)")
        }
    }

    func account(read: [String] = read, write: [String] = write, hash: String = "h1") -> BrokerAccount {
        BrokerAccount(username: "jana_k-abc123", passwordHash: hash, read: read, write: write)
    }

    func held(_ account: BrokerAccount) -> RabbitMQAccountState {
        RabbitMQAccountState(
            users: [account.username: .init(passwordHash: account.passwordHash, hashingAlgorithm: RabbitMQAccountsPlan.hashingAlgorithm)],
            permissions: [account.username: RabbitMQAccountsPlan.permissions],
            topicPermissions: [account.username: .init(read: RabbitMQTopicPattern.pattern(for: account.read),
                                                       write: RabbitMQTopicPattern.pattern(for: account.write))])
    }

    func topics(of account: BrokerAccount) -> RabbitMQAccountState.TopicPermissions {
        .init(read: RabbitMQTopicPattern.pattern(for: account.read), write: RabbitMQTopicPattern.pattern(for: account.write))
    }

    /// The steps that make an account from nothing.
    func made(_ account: BrokerAccount) -> [RabbitMQAccountsPlan.Step] {
        [.putUser(account.username, passwordHash: account.passwordHash), .putPermissions(account.username),
         .putTopicPermissions(account.username, topics(of: account))]
    }

    @Test func aNewAccountIsAUserWithItsPermissionsAndTopics() {
        #expect(RabbitMQAccountsPlan(state: RabbitMQAccountState(), desired: [account()]).steps == made(account()))
    }

    @Test func anAccountAsTheClusterHoldsItNeedsNoRequest() {
        #expect(RabbitMQAccountsPlan(state: held(account()), desired: [account()]).steps.isEmpty)
    }

    /// A room joined: the topics grow, the open connection may stay and subscribe to it.
    @Test func aRoomJoinedChangesTheTopicsAndKeepsTheConnection() {
        let grown = account(read: Self.read + ["fotofolio/chat-room/40/message"],
                            write: Self.write + ["fotofolio/people/jana_k-abc123/chat-room/40/new-message"])
        #expect(RabbitMQAccountsPlan(state: held(account()), desired: [grown]).steps
            == [.putTopicPermissions("jana_k-abc123", topics(of: grown))])
    }

    /// A room left: RabbitMQ keeps a subscription made before, so the user is made again,
    /// which closes its connections.
    @Test func aRoomLeftMakesTheUserAgain() {
        let shrunk = account(read: Array(Self.read.dropFirst()), write: Array(Self.write.dropFirst()))
        #expect(RabbitMQAccountsPlan(state: held(account()), desired: [shrunk]).steps == [.deleteUser("jana_k-abc123")] + made(shrunk))
    }

    @Test func topicPermissionsSetByHandOrAnotherPasswordMakeTheUserAgain() {
        var state = held(account())
        state.topicPermissions["jana_k-abc123"] = .init(read: ".*", write: ".*")
        #expect(RabbitMQAccountsPlan(state: state, desired: [account()]).steps == [.deleteUser("jana_k-abc123")] + made(account()))
        #expect(RabbitMQAccountsPlan(state: held(account()), desired: [account(hash: "h2")]).steps
            == [.deleteUser("jana_k-abc123")] + made(account(hash: "h2")))
    }

    @Test func aRevokedAccountIsDeletedAndNoOtherUserIsTouched() {
        #expect(RabbitMQAccountsPlan(state: held(account()), desired: []).steps == [.deleteUser("jana_k-abc123")])
    }

    /// An account whose name a user of the operator's already has never takes that user over.
    @Test func aUserTheSiteDidNotMakeIsNeverWritten() {
        var state = RabbitMQAccountState()
        state.foreign = ["jana_k-abc123"]
        #expect(RabbitMQAccountsPlan(state: state, desired: [account()]).steps.isEmpty)
    }

    /// A user made by an apply that stopped half-way (no permissions yet) gets them.
    @Test func aUserWithoutPermissionsGetsThem() {
        var state = held(account())
        state.permissions = [:]
        state.topicPermissions = [:]
        #expect(RabbitMQAccountsPlan(state: state, desired: [account()]).steps == Array(made(account()).dropFirst()))
    }

    @Test func theAddressKeepsTheCredentialsApartAndNamesTheVhost() throws {
        let address = try RabbitMQManagementAddress("http://fotofolio-accounts:p%40ss@127.0.0.1:15672")
        #expect(address.base == "http://127.0.0.1:15672" && address.username == "fotofolio-accounts" && address.password == "p@ss")
        #expect(address.vhost == "/" && address.host == "127.0.0.1")
        let other = try RabbitMQManagementAddress("https://admin:x@rabbit.example:8443/rabbit/?vhost=chat")
        #expect(other.base == "https://rabbit.example:8443/rabbit" && other.vhost == "chat")
        #expect(try RabbitMQManagementAddress("http://a:b@[::1]:15672").base == "http://[::1]:15672")
    }

    @Test(arguments: ["mqtt://a:b@host:1883", "http://host:15672", "http://a@host:15672", "http://a:b@:15672", "host:15672",
                      "http://a:b@host:15672/?vhost=", "http://a:b@host:15672/?vhost=a%0Ab", "http://a:b@host:99999"])
    func anAddressOfAnotherKindIsRefused(text: String) {
        #expect(throws: RabbitMQManagementError.self) { try RabbitMQManagementAddress(text) }
    }
}
