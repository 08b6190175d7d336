import Foundation

/// People's accounts on a RabbitMQ cluster (its MQTT plugin), kept through the cluster's
/// management HTTP API the way `MosquittoBroker.setAccounts` keeps them in mosquitto's files.
/// Each account is a RabbitMQ user tagged `tag` (so users the site did not make are never
/// touched), with its password's `rabbit_password_hashing_sha256` hash, the permissions the
/// MQTT plugin needs in `vhost` (its subscription queues and `amq.topic`), and topic
/// permissions on `amq.topic` that say exactly which topics it may read and write.
///
/// `apply` reads what the cluster has, changes only what differs, and deletes the tagged
/// users that are no longer wanted (RabbitMQ closes their connections). An account whose
/// topics shrank is deleted and made again, for its connections to go: RabbitMQ checks topic
/// permissions when a client subscribes, so a subscription made before a room was left would
/// otherwise go on. Every step is idempotent; several processes may apply at once, and one
/// whose view was stale applies again once its view changes (`BrokerAccess`).
///
/// RabbitMQ's MQTT plugin turns a topic's `/` into `.` in its routing keys (and a `.` too):
/// the patterns are written on routing keys. It checks a subscription's filter as it is, so a
/// wildcard subscription (`…/chat-room/+/message`) is refused: such clients subscribe to each
/// room's topic.
public final class RabbitMQAccounts: Sendable {
    public let address: RabbitMQManagementAddress
    public let tag: String
    private let api: RabbitMQManagementAPI

    public init(address: RabbitMQManagementAddress, tag: String = "fotofolio-account", timeout: TimeInterval = 10) {
        self.address = address
        self.tag = tag
        api = RabbitMQManagementAPI(address: address, tag: tag, timeout: timeout)
    }

    /// Makes the cluster's tagged users exactly `accounts` (with their rabbit hashes in
    /// `passwordHash`). Throws on the first request that fails; the next call starts over.
    public func apply(_ accounts: [BrokerAccount]) throws(RabbitMQManagementError) {
        let state = try api.state(vhost: address.vhost)
        for step in RabbitMQAccountsPlan(state: state, desired: accounts).steps { try api.perform(step, vhost: address.vhost) }
    }
}

/// Where the management API is and whom it knows: `http(s)://user:password@host:port[/path]`,
/// with `?vhost=NAME` for a virtual host other than `/`.
public struct RabbitMQManagementAddress: Sendable, Equatable {
    /// `scheme://host:port/path` without the credentials or the query; requests go to `base + "/api/…"`.
    public let base: String
    public let username: String
    public let password: String
    public let vhost: String
    public let host: String

    public init(_ text: String) throws(RabbitMQManagementError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw .init("The management API must look like http://user:password@host:15672, not a URL of another kind.")
        }
        guard let user = url.user?.removingPercentEncoding, !user.isEmpty,
              let secret = url.password?.removingPercentEncoding, !secret.isEmpty else {
            throw .init("The management API's URL must name a user and a password (http://user:password@host:15672).")
        }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else { throw .init("The management API's port must be 1 to 65535.") }
        let vhost = url.queryItems?.first { $0.name == "vhost" }?.value ?? "/"
        guard !vhost.isEmpty, vhost.utf8.count <= 255, !vhost.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .init("The management API's vhost must be 1 to 255 bytes without control characters.")
        }
        let path = url.percentEncodedPath.hasSuffix("/") ? String(url.percentEncodedPath.dropLast()) : url.percentEncodedPath
        let written = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        base = "\(scheme)://\(written):\(port)\(path)"
        username = user
        password = secret
        self.vhost = vhost
        self.host = host
    }
}

public struct RabbitMQManagementError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The regular expressions of RabbitMQ's topic permissions, made from MQTT topics.
public enum RabbitMQTopicPattern {
    /// Matches no routing key: an account that may write nowhere.
    public static let nothing = "(?!)"

    /// A routing key as RabbitMQ's MQTT plugin makes it from a topic: `/` becomes `.`.
    public static func routingKey(of topic: String) -> String {
        topic.replacingOccurrences(of: "/", with: ".")
    }

    /// `^(?:key1|key2)$` with every character other than a letter, digit, `-` or `_` escaped
    /// (so `.` stands for itself, and nothing can be read as a pattern or as RabbitMQ's
    /// `{username}`-style variables); `nothing` for no topics. The keys are sorted, so one set
    /// of topics always gives one pattern.
    public static func pattern(for topics: [String]) -> String {
        let keys = Set(topics.map { escaped(routingKey(of: $0)) }).sorted()
        return keys.isEmpty ? nothing : "^(?:" + keys.joined(separator: "|") + ")$"
    }

    /// The escaped keys of a pattern `pattern(for:)` made; nil for any other pattern.
    public static func keys(in pattern: String) -> Set<String>? {
        if pattern == nothing { return [] }
        guard pattern.hasPrefix("^(?:"), pattern.hasSuffix(")$") else { return nil }
        // Split at each `|` that is not escaped.
        var keys = [""]
        var escaping = false
        for scalar in pattern.unicodeScalars.dropFirst(4).dropLast(2) {
            if scalar == "|" && !escaping { keys.append(""); continue }
            keys[keys.count - 1].unicodeScalars.append(scalar)
            escaping = !escaping && scalar == "\\"
        }
        guard keys.allSatisfy({ !$0.isEmpty && escaped(unescaped($0)) == $0 }) else { return nil }
        return Set(keys)
    }

    static func escaped(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_") {
                text.unicodeScalars.append(scalar)
            } else if scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F {
                text += "\\" + String(scalar)
            } else {
                // PCRE's \x{…}: the byte-for-byte scalar, whatever it is.
                text += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return text
    }

    private static func unescaped(_ text: String) -> String {
        var key = ""
        var scalars = text.unicodeScalars[...]
        while let first = scalars.popFirst() {
            guard first == "\\", let next = scalars.popFirst() else { key.unicodeScalars.append(first); continue }
            guard next == "x", scalars.first == "{", let end = scalars.firstIndex(of: "}") else { key.unicodeScalars.append(next); continue }
            let digits = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<end]))
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return "" }
            key.unicodeScalars.append(scalar)
            scalars = scalars[scalars.index(after: end)...]
        }
        return key
    }
}

/// What the cluster holds of the tagged users, as the management API lists it.
public struct RabbitMQAccountState: Sendable, Equatable {
    public struct User: Sendable, Equatable {
        public var passwordHash: String
        public var hashingAlgorithm: String
        public init(passwordHash: String, hashingAlgorithm: String) {
            self.passwordHash = passwordHash
            self.hashingAlgorithm = hashingAlgorithm
        }
    }

    public struct Permissions: Sendable, Equatable {
        public var configure: String
        public var write: String
        public var read: String
        public init(configure: String, write: String, read: String) {
            self.configure = configure
            self.write = write
            self.read = read
        }
    }

    public struct TopicPermissions: Sendable, Equatable {
        public var read: String
        public var write: String
        public init(read: String, write: String) {
            self.read = read
            self.write = write
        }
    }

    /// The users carrying the tag, by name.
    public var users: [String: User]
    /// Their permissions in the vhost.
    public var permissions: [String: Permissions]
    /// Their topic permissions on `amq.topic` in the vhost.
    public var topicPermissions: [String: TopicPermissions]
    /// Users without the tag (the site's own, the operator's): never written, even when an
    /// account's name happens to be one of them.
    public var foreign: Set<String> = []

    public init(users: [String: User] = [:], permissions: [String: Permissions] = [:],
                topicPermissions: [String: TopicPermissions] = [:]) {
        self.users = users
        self.permissions = permissions
        self.topicPermissions = topicPermissions
    }
}

/// The requests that turn a cluster's state into the wanted accounts, decided without I/O.
///
/// An account whose topics shrank (a room left) or whose password changed is deleted and
/// made again: deleting a user closes its connections on every node at once (RabbitMQ's
/// connection tracking), while the management API lists a connection only once its
/// statistics are in, seconds after it opened, so closing connections by listing them
/// would miss a client that connected just before. The client connects again and may
/// subscribe only to what is left.
public struct RabbitMQAccountsPlan: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case putUser(String, passwordHash: String)
        case putPermissions(String)
        case putTopicPermissions(String, RabbitMQAccountState.TopicPermissions)
        case deleteUser(String)
    }

    /// What the MQTT plugin needs of the vhost: its subscription queues, and `amq.topic`.
    public static let permissions = RabbitMQAccountState.Permissions(
        configure: "^mqtt-subscription-", write: "^(amq\\.topic|mqtt-subscription-.*)$", read: "^(amq\\.topic|mqtt-subscription-.*)$")
    public static let hashingAlgorithm = "rabbit_password_hashing_sha256"

    public let steps: [Step]

    public init(state: RabbitMQAccountState, desired: [BrokerAccount]) {
        var steps: [Step] = []
        let wanted = Dictionary(desired.map { ($0.username, $0) }, uniquingKeysWith: { first, _ in first })
        for account in desired where wanted[account.username] == account && !state.foreign.contains(account.username) {
            let name = account.username
            let topics = RabbitMQAccountState.TopicPermissions(read: RabbitMQTopicPattern.pattern(for: account.read),
                                                               write: RabbitMQTopicPattern.pattern(for: account.write))
            let sameUser = state.users[name].map { $0.passwordHash == account.passwordHash && $0.hashingAlgorithm == Self.hashingAlgorithm }
            let heldTopics = state.topicPermissions[name]
            if sameUser == false || (sameUser == true && heldTopics.map { !Self.covers(topics, $0) } == true) {
                // Its connections must go: made again from nothing.
                steps += [.deleteUser(name), .putUser(name, passwordHash: account.passwordHash), .putPermissions(name),
                          .putTopicPermissions(name, topics)]
                continue
            }
            if sameUser == nil { steps.append(.putUser(name, passwordHash: account.passwordHash)) }
            if sameUser == nil || state.permissions[name] != Self.permissions { steps.append(.putPermissions(name)) }
            if heldTopics != topics { steps.append(.putTopicPermissions(name, topics)) }
        }
        for name in state.users.keys.sorted() where wanted[name] == nil {
            steps.append(.deleteUser(name))
        }
        self.steps = steps
    }

    /// Whether every topic `held` allows, `new` allows too (a room joined, nothing left).
    static func covers(_ new: RabbitMQAccountState.TopicPermissions, _ held: RabbitMQAccountState.TopicPermissions) -> Bool {
        guard let newRead = RabbitMQTopicPattern.keys(in: new.read), let newWrite = RabbitMQTopicPattern.keys(in: new.write),
              let heldRead = RabbitMQTopicPattern.keys(in: held.read), let heldWrite = RabbitMQTopicPattern.keys(in: held.write)
        else { return false }
        return heldRead.isSubset(of: newRead) && heldWrite.isSubset(of: newWrite)
    }
}
