import Crypto
import Foundation
import HostileInput
import PropertyBased
import Testing
@testable import WebPush

struct SubscriptionKeysTests {
    private let point = RFC8291Vector.receiverPublic
    private let auth = RFC8291Vector.auth

    @Test func aBrowsersKeysAreTakenWithOrWithoutPadding() throws {
        let keys = try PushSubscriptionKeys(p256dh: point, auth: auth)
        #expect(keys.p256dh.count == 65)
        #expect(keys.auth.count == 16)
        #expect(try PushSubscriptionKeys(p256dh: point + "=", auth: auth + "==") == keys)
    }

    @Test func aKeyOfTheWrongLengthIsRefused() throws {
        #expect(throws: PushRefusal.keyLength) { try PushSubscriptionKeys(p256dh: String(point.dropLast(4)), auth: auth) }
        #expect(throws: PushRefusal.keyLength) { try PushSubscriptionKeys(p256dh: point, auth: auth + "AAAA") }
        #expect(throws: PushRefusal.keyLength) { try PushSubscriptionKeys(p256dh: "", auth: auth) }
        // A compressed point (33 bytes) is a valid key, but not what browsers give.
        let compressed = Base64URL.encode(try P256.KeyAgreement.PublicKey(x963Representation: Base64URL.decode(point)!).compressedRepresentation)
        #expect(throws: PushRefusal.keyLength) { try PushSubscriptionKeys(p256dh: compressed, auth: auth) }
        #expect(throws: PushRefusal.keyLength) { try PushSubscriptionKeys(p256dh: String(repeating: "A", count: 10_000), auth: auth) }
    }

    @Test func aKeyOutsideTheBase64URLAlphabetIsRefused() {
        // The standard alphabet's + and / are not base64url.
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point.replacingOccurrences(of: "-", with: "+"), auth: auth) }
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point, auth: "BTBZMqHH6r4Tts7J/aSIgg") }
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point, auth: "BTBZMqHH6r4Tts7J aSIgg") }
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point, auth: "BTBZMqHH6r4Tts7Jř") }
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point, auth: "BTBZM=qHH6r4Tts7J_aSIgg") }
        #expect(throws: PushRefusal.keyNotBase64URL) { try PushSubscriptionKeys(p256dh: point, auth: "BTBZMqHH6r4Tts7J_aSIggAAA") }
    }

    @Test func aPointNotOnTheCurveIsRefused() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            // 0x04 and random coordinates: on the curve with a chance of about 2^-256.
            let blob = [0x04] + (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: PushRefusal.keyNotOnCurve) { try PushSubscriptionKeys(p256dh: Base64URL.encode(blob), auth: auth) }
        }
        // The right length with another first byte is no uncompressed point either.
        var wrongTag = Base64URL.decode(point)!
        wrongTag[0] = 0x05
        #expect(throws: PushRefusal.keyNotOnCurve) { try PushSubscriptionKeys(p256dh: Base64URL.encode(wrongTag), auth: auth) }
    }

    @Test func anyTextIsEitherTakenOrRefusedWithAReason() async {
        await propertyCheck(count: 500, input: HostileText.strings(length: 0...120), HostileText.strings(length: 0...30)) { p256dh, auth in
            do {
                let keys = try PushSubscriptionKeys(p256dh: p256dh, auth: auth)
                #expect(keys.p256dh.count == 65 && keys.auth.count == 16)
            } catch let refusal as PushRefusal {
                #expect(!refusal.reason.isEmpty)
            } catch {
                Issue.record("not a refusal: \(error)")
            }
        }
    }
}
