import Foundation

/// People's own MQTT accounts (`mqttAccount`) and what the broker lets each do.
public protocol MQTTAccountStore: Sendable {
    /// Stores a new account of the person's, or throws `MQTTAccountError.tooMany` when they
    /// hold `MQTTAccountRules.perPerson` already (counted in the same transaction).
    func add(_ account: NewMQTTAccount, for userId: Int64, at date: Date) throws -> MQTTAccount
    /// The person's accounts, newest first.
    func accounts(of userId: Int64) throws -> [MQTTAccount]
    /// Removes one of the person's own; false when it is not theirs or already gone.
    func remove(_ id: Int64, of userId: Int64) throws -> Bool
    /// The account with this broker username, if it exists.
    func account(brokerUsername: String) throws -> MQTTAccount?
    /// A command from the account reached the server at `date`.
    func markUsed(_ id: Int64, at date: Date) throws
    /// Every account whose person is not suspended at `date`, by broker username, with the
    /// rooms its person is a member of: what the broker's users and permissions are made from.
    func grants(at date: Date) throws -> [BrokerGrant]
}
