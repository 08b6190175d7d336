import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the content coding aes128gcm (RFC 8188),
/// as one record: only the browser that holds the subscription's private key reads it,
/// and the push service carries bytes it cannot read.
public enum PushEncryption {
    /// The longest plaintext whose message stays within the 4096 bytes every push service
    /// must accept (RFC 8030 §7.2): 4096 − 86 header − 16 tag − 1 delimiter.
    public static let maxPlaintext = 3993
    /// The record size written in the header; the one record is never longer.
    static let recordSize: UInt32 = 4096

    /// The message body: header (salt, record size, the sender's public key as key id), then
    /// the plaintext with its last-record delimiter, sealed. A new salt and sender key every
    /// time; `salt` and `senderKey` are given only by tests (RFC 8291 Appendix A).
    public static func encrypt(_ plaintext: [UInt8], to keys: PushSubscriptionKeys,
                               salt: [UInt8]? = nil, senderKey: P256.KeyAgreement.PrivateKey? = nil) throws -> [UInt8] {
        guard plaintext.count <= maxPlaintext else { throw PushEncryptionError.plaintextTooLong(plaintext.count) }
        let salt = salt ?? Array(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        guard salt.count == 16 else { throw PushEncryptionError.saltLength }
        let senderKey = senderKey ?? P256.KeyAgreement.PrivateKey()
        let senderPublic = Array(senderKey.publicKey.x963Representation)
        let receiverKey = try P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)
        let sharedSecret = try senderKey.sharedSecretFromKeyAgreement(with: receiverKey)

        // RFC 8291 §3.3: the shared secret and the authentication secret make the input
        // keying material, bound to both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + keys.p256dh + senderPublic
        let secretKey = HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: sharedSecret.withUnsafeBytes { Array($0) }), salt: keys.auth)
        let inputKeyingMaterial = HKDF<SHA256>.expand(pseudoRandomKey: secretKey, info: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2–2.3: the content encryption key and the nonce, from the salt.
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKeyingMaterial, salt: salt)
        let contentKey = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)

        // One record, so it is the last: its delimiter is 2 (RFC 8188 §2), with no padding after.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        let header = salt + withUnsafeBytes(of: recordSize.bigEndian) { Array($0) } + [UInt8(senderPublic.count)] + senderPublic
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }
}

public enum PushEncryptionError: Error, Equatable, Sendable {
    /// More than `PushEncryption.maxPlaintext` bytes.
    case plaintextTooLong(Int)
    case saltLength
}
