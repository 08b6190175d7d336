import Crypto

/// A subscription's keys as the browser gives them (`PushSubscription.getKey`, base64url,
/// padding optional), checked: the user agent's public key is a point on P-256, the
/// authentication secret 16 bytes (RFC 8291 §2).
public struct PushSubscriptionKeys: Sendable, Equatable {
    /// The 65-byte uncompressed point.
    public let p256dh: [UInt8]
    public let auth: [UInt8]

    public init(p256dh: String, auth: String) throws(PushRefusal) {
        // Decoding costs time in the length of the text: a bound before it.
        guard p256dh.utf8.count <= 100, auth.utf8.count <= 30 else { throw .keyLength }
        guard let point = Base64URL.decode(p256dh), let secret = Base64URL.decode(auth) else { throw .keyNotBase64URL }
        guard point.count == 65, secret.count == 16 else { throw .keyLength }
        guard point[0] == 0x04, (try? P256.KeyAgreement.PublicKey(x963Representation: point)) != nil else { throw .keyNotOnCurve }
        self.p256dh = point
        self.auth = secret
    }
}
