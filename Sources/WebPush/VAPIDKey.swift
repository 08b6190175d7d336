import Crypto
import Foundation

/// The application server's VAPID key pair (P-256, RFC 8292). Kept as the raw private
/// scalar, so the value is `Sendable`; the signing key is made again for each signature.
public struct VAPIDKey: Sendable {
    public let privateKeyRaw: [UInt8]
    /// The 65-byte uncompressed point.
    public let publicKey: [UInt8]

    /// A new random pair.
    public init() {
        let key = P256.Signing.PrivateKey()
        privateKeyRaw = Array(key.rawRepresentation)
        publicKey = Array(key.publicKey.x963Representation)
    }

    /// The pair of a stored 32-byte raw scalar.
    public init(privateKey raw: [UInt8]) throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
        privateKeyRaw = Array(key.rawRepresentation)
        publicKey = Array(key.publicKey.x963Representation)
    }

    /// What the page gives `pushManager.subscribe` as `applicationServerKey`.
    public var publicKeyBase64URL: String { Base64URL.encode(publicKey) }

    /// `vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT whose audience is the
    /// endpoint's origin, expiring at `expiresAt` (push services refuse more than 24 h ahead),
    /// with `subject` (a `mailto:` or `https:` address) for the push service to reach the operator.
    public func authorization(for endpoint: URL, subject: String, expiresAt: Date) throws -> String {
        guard let audience = PushOrigin.of(endpoint.absoluteString) else { throw VAPIDError.endpointWithoutOrigin }
        guard subject.hasPrefix("mailto:") || subject.hasPrefix("https:") else { throw VAPIDError.subjectNotMailtoOrHTTPS }
        let expiry = expiresAt.timeIntervalSince1970.rounded(.down)
        guard expiry > 0, expiry < 1e12 else { throw VAPIDError.expiryOutOfRange }
        let claims = Claims(aud: audience, exp: Int64(expiry), sub: subject)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signed = Base64URL.encode(Array(#"{"alg":"ES256","typ":"JWT"}"#.utf8)) + "." + Base64URL.encode(try encoder.encode(claims))
        let key = try P256.Signing.PrivateKey(rawRepresentation: privateKeyRaw)
        // ES256 (RFC 7518 §3.4): the signature is r and s, 32 bytes each, not DER.
        let signature = try key.signature(for: Array(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(Base64URL.encode(signature)), k=\(publicKeyBase64URL)"
    }

    private struct Claims: Encodable {
        let aud: String
        let exp: Int64
        let sub: String
    }
}

/// Why no VAPID authorization could be made.
public enum VAPIDError: Error, Equatable, Sendable {
    case endpointWithoutOrigin
    case subjectNotMailtoOrHTTPS
    case expiryOutOfRange
}
