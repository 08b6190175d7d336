import Crypto
import Foundation

/// A person's own MQTT client on the broker, made from their settings: a broker username of
/// its own and a password shown once. The broker lets it read its person's rooms' canonical
/// messages and write commands only under its own name (`LiveTopics.accountCommand`), so the
/// server knows whose they are from the topic alone.
public struct MQTTAccount: Sendable, Equatable {
    public var id: Int64
    public var userId: Int64
    /// What the person called it ("Telefon", "mosquitto_sub on my laptop").
    public var label: String
    /// `{username}-{six letters or digits}` (`MQTTAccountRules.brokerUsername`): unique, and
    /// never contains a topic's `/`, `+` or `#`.
    public var brokerUsername: String
    /// The password as the private mosquitto's password file holds it (`$7$…`).
    public var mosquittoHash: String
    /// The password as RabbitMQ's `rabbit_password_hashing_sha256` holds it (base64 of
    /// four bytes of salt and SHA-256 of the salt and the password).
    public var rabbitHash: String
    public var createdAt: Date
    /// When a command from it last reached the server.
    public var lastUsedAt: Date?

    public init(id: Int64, userId: Int64, label: String, brokerUsername: String, mosquittoHash: String,
                rabbitHash: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.userId = userId
        self.label = label
        self.brokerUsername = brokerUsername
        self.mosquittoHash = mosquittoHash
        self.rabbitHash = rabbitHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// An account as it is stored: everything but the id the store gives it.
public struct NewMQTTAccount: Sendable, Equatable {
    public var label: String
    public var brokerUsername: String
    public var mosquittoHash: String
    public var rabbitHash: String

    public init(label: String, brokerUsername: String, mosquittoHash: String, rabbitHash: String) {
        self.label = label
        self.brokerUsername = brokerUsername
        self.mosquittoHash = mosquittoHash
        self.rabbitHash = rabbitHash
    }
}

/// What the broker lets one account do: read the canonical messages of `rooms` and write
/// commands into them under its own name.
public struct BrokerGrant: Sendable, Equatable {
    public var brokerUsername: String
    public var mosquittoHash: String
    public var rabbitHash: String
    /// The rooms its person is a member of, ascending.
    public var rooms: [Int64]

    public init(brokerUsername: String, mosquittoHash: String, rabbitHash: String, rooms: [Int64]) {
        self.brokerUsername = brokerUsername
        self.mosquittoHash = mosquittoHash
        self.rabbitHash = rabbitHash
        self.rooms = rooms
    }
}

/// Why an account could not be made, revoked or used.
public enum MQTTAccountError: Error, Equatable, Sendable {
    case invalidLabel
    case tooMany(limit: Int)
    case notFound
    /// No broker this site runs takes people's own clients.
    case unavailable
    /// The broker's password tool failed.
    case hashing(String)
}

/// The rules of people's MQTT accounts, decided here once.
public enum MQTTAccountRules {
    /// Accounts one person may hold at once.
    public static let perPerson = 5
    public static let labelLimit = TextLimit(characters: 40)
    /// Letters and digits of a password: 32 of 62 kinds is over 190 bits, so a fast hash
    /// (mosquitto's and RabbitMQ's own) is enough.
    public static let passwordLength = 32

    /// The label trimmed; empty gives `fallback`. Throws when it is too long or holds controls.
    public static func validatedLabel(_ label: String, fallback: String) throws(MQTTAccountError) -> String {
        guard label.utf8.count <= labelLimit.bytes * 2 else { throw .invalidLabel }
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard labelLimit.allows(trimmed), !trimmed.containsControlCharacters() else { throw .invalidLabel }
        return trimmed.isEmpty ? fallback : trimmed
    }

    /// The username with its dots as `_`, a `-` and six random lower-case letters or digits
    /// (`jana_k-k3m9qz`). Usernames are `a-z 0-9 . _`, so the name holds no topic separator or
    /// wildcard, and no dot either: RabbitMQ's MQTT plugin reads a dot in a topic as a level
    /// separator. The name is unique by its random end (the store's unique column).
    public static func brokerUsername(for username: String) -> String {
        username.replacingOccurrences(of: ".", with: "_") + "-" + randomText(6, from: "abcdefghijklmnopqrstuvwxyz0123456789")
    }

    /// A new password: `passwordLength` random letters and digits.
    public static func newPassword() -> String {
        randomText(passwordLength, from: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    }

    /// Whether a name from a topic could be an account's at all; anything else is not looked up.
    /// Dots are allowed: names made before `brokerUsername` dropped them still work on mosquitto.
    public static func isWellFormedBrokerUsername(_ name: some StringProtocol) -> Bool {
        (3...80).contains(name.utf8.count) && name.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D
        }
    }

    /// RabbitMQ's `rabbit_password_hashing_sha256` form: base64 of a random four-byte salt
    /// followed by SHA-256 of the salt and the password's UTF-8.
    public static func rabbitHash(of password: String, salt: [UInt8]? = nil) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = salt ?? (0..<4).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let digest = SHA256.hash(data: salt + Array(password.utf8))
        return Data(salt + Array(digest)).base64EncodedString()
    }

    private static func randomText(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }
}
