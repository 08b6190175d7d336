import Foundation

/// Makes the password's hashes the way a broker holds them. The private mosquitto's own tool
/// makes its form (`mosquitto_passwd`), so the broker that reads it is the one that wrote it.
public protocol BrokerPasswordHashing: Sendable {
    /// The `$7$…` hash of `password` for mosquitto's password file.
    func mosquittoHash(of password: String) throws -> String
}

/// A person's own MQTT clients: what the settings page makes, lists and revokes. A change
/// calls `changed`, so the broker's users and permissions follow at once rather than at the
/// next poll (`BrokerAccess`).
public struct MQTTAccounts: Sendable {
    private let store: any MQTTAccountStore
    private let accounts: any AccountsStore
    private let hashing: (any BrokerPasswordHashing)?
    private let changed: @Sendable () -> Void

    /// - Parameter hashing: nil where no broker takes people's clients: `create` then throws `unavailable`.
    public init(stores: Stores, hashing: (any BrokerPasswordHashing)?, changed: @escaping @Sendable () -> Void = {}) {
        store = stores.mqttAccounts
        accounts = stores.accounts
        self.hashing = hashing
        self.changed = changed
    }

    /// A new account and its password, which is never stored and cannot be shown again.
    /// - Parameter fallbackLabel: the label when the person gave none.
    public func create(for userId: Int64, label: String, fallbackLabel: String, at date: Date) throws
        -> (account: MQTTAccount, password: String) {
        guard let hashing else { throw MQTTAccountError.unavailable }
        let label = try MQTTAccountRules.validatedLabel(label, fallback: fallbackLabel)
        guard let user = try accounts.user(id: userId) else { throw MQTTAccountError.notFound }
        // Counted before the slow hash, and again in the store's transaction.
        guard try store.accounts(of: userId).count < MQTTAccountRules.perPerson else {
            throw MQTTAccountError.tooMany(limit: MQTTAccountRules.perPerson)
        }
        let password = MQTTAccountRules.newPassword()
        let account = try store.add(NewMQTTAccount(
            label: label, brokerUsername: MQTTAccountRules.brokerUsername(for: user.username),
            mosquittoHash: hashing.mosquittoHash(of: password), rabbitHash: MQTTAccountRules.rabbitHash(of: password)),
            for: userId, at: date)
        changed()
        return (account, password)
    }

    /// Newest first.
    public func list(of userId: Int64) throws -> [MQTTAccount] {
        try store.accounts(of: userId)
    }

    /// False when it is not the person's or already gone. The broker forgets it within
    /// seconds, closing its connection.
    public func revoke(_ id: Int64, of userId: Int64) throws -> Bool {
        let removed = try store.remove(id, of: userId)
        if removed { changed() }
        return removed
    }
}
