/// Why a message was not delivered.
public enum MailDeliveryError: Error, Sendable, Equatable {
    /// Worth retrying later: no connection, timeout, TLS failure, a refused login, any 4xx answer.
    case transient(String)
    /// The server refused for good (5xx); `reply` is the server's own reply line(s), e.g.
    /// "550 5.1.1 No such user". Code 0: an envelope address was refused before any server
    /// was asked.
    case permanent(code: Int, reply: String)
}

/// A way to hand a message to the world.
public protocol MailTransport: Sendable {
    /// Delivers one message to one recipient; returns on the server's 250 to the data.
    func send(_ message: [UInt8], from envelopeSender: String, to recipient: String) throws(MailDeliveryError)
}
