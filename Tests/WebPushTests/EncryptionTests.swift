import Crypto
import Foundation
import PropertyBased
import Testing
@testable import WebPush

/// RFC 8291 Appendix A: a fixed salt and sender key give exactly this message.
enum RFC8291Vector {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let senderPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let receiverPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let message = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
}

struct EncryptionTests {
    @Test func theRFC8291VectorIsEncryptedToExactlyThePublishedMessage() throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
        let senderKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: try #require(Base64URL.decode(RFC8291Vector.senderPrivate)))
        #expect(Base64URL.encode(senderKey.publicKey.x963Representation) == RFC8291Vector.senderPublic)
        let message = try PushEncryption.encrypt(Array(RFC8291Vector.plaintext.utf8), to: keys,
                                                 salt: Base64URL.decode(RFC8291Vector.salt), senderKey: senderKey)
        #expect(Base64URL.encode(message) == RFC8291Vector.message)
    }

    @Test func noTwoMessagesAreAlikeAndEachIsTheHeaderThePlaintextTheDelimiterAndTheTag() async throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
        await propertyCheck(count: 200, input: Gen<UInt8>.value(in: 0...255).array(of: 0...PushEncryption.maxPlaintext)) { plaintext in
            let first = try PushEncryption.encrypt(plaintext, to: keys)
            let second = try PushEncryption.encrypt(plaintext, to: keys)
            #expect(first != second)
            #expect(first.count == 86 + plaintext.count + 17 && second.count == first.count)
            // A new salt and a new sender key every time.
            #expect(first[0..<16] != second[0..<16])
            #expect(first[21..<86] != second[21..<86])
        }
    }

    @Test func theHeaderNamesRecordSize4096AndTheSendersKey() throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
        let senderKey = P256.KeyAgreement.PrivateKey()
        let message = try PushEncryption.encrypt([1, 2, 3], to: keys, senderKey: senderKey)
        #expect(Array(message[16..<21]) == [0, 0, 0x10, 0, 65])
        #expect(Array(message[21..<86]) == Array(senderKey.publicKey.x963Representation))
    }

    @Test func aPlaintextLongerThanAMessageHoldsIsRefused() throws {
        let keys = try PushSubscriptionKeys(p256dh: RFC8291Vector.receiverPublic, auth: RFC8291Vector.auth)
        #expect(try PushEncryption.encrypt([UInt8](repeating: 7, count: PushEncryption.maxPlaintext), to: keys).count == 4096)
        #expect(throws: PushEncryptionError.plaintextTooLong(3994)) { try PushEncryption.encrypt([UInt8](repeating: 7, count: 3994), to: keys) }
    }
}
