import Crypto
import Foundation
import Testing
@testable import WebPush

struct VAPIDTests {
    /// The token's three parts and the key after `k=`.
    private func parts(of authorization: String) throws -> (header: [String: String], claims: [String: Any], signed: String, signature: [UInt8], key: String) {
        let pattern = try #require(authorization.wholeMatch(of: /vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)/))
        let header = try JSONDecoder().decode([String: String].self, from: Data(try #require(Base64URL.decode(String(pattern.1)))))
        let claimBytes = try #require(Base64URL.decode(String(pattern.2)))
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any])
        return (header, claims, "\(pattern.1).\(pattern.2)", try #require(Base64URL.decode(String(pattern.3))), String(pattern.4))
    }

    @Test func theTokenIsAnES256JWTForTheEndpointsOriginSignedByTheKey() throws {
        let key = VAPIDKey()
        let expiry = Date(timeIntervalSince1970: 1_800_000_000.7)
        let token = try parts(of: key.authorization(for: URL(string: "https://FCM.googleapis.com:443/fcm/send/abc?x=1")!,
                                                     subject: "mailto:provoz@fotofolio.example", expiresAt: expiry))
        #expect(token.header == ["alg": "ES256", "typ": "JWT"])
        #expect(token.claims["aud"] as? String == "https://fcm.googleapis.com")
        #expect(token.claims["exp"] as? Int == 1_800_000_000)
        #expect(token.claims["sub"] as? String == "mailto:provoz@fotofolio.example")
        #expect(token.key == key.publicKeyBase64URL)
        #expect(token.signature.count == 64)
        let publicKey = try P256.Signing.PublicKey(x963Representation: key.publicKey)
        #expect(publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: token.signature), for: Array(token.signed.utf8)))
    }

    @Test func theAudienceKeepsAPortThatIsNotTheDefault() throws {
        let token = try parts(of: VAPIDKey().authorization(for: URL(string: "http://127.0.0.1:8099/push/a")!, subject: "https://fotofolio.example",
                                                           expiresAt: Date() + 60))
        #expect(token.claims["aud"] as? String == "http://127.0.0.1:8099")
    }

    @Test func aStoredKeyGivesBackTheSamePair() throws {
        let key = VAPIDKey()
        let again = try VAPIDKey(privateKey: key.privateKeyRaw)
        #expect(key.privateKeyRaw.count == 32)
        #expect(key.publicKey.count == 65 && key.publicKey.first == 4)
        #expect(again.publicKey == key.publicKey)
        #expect(throws: (any Error).self) { try VAPIDKey(privateKey: [1, 2, 3]) }
    }

    @Test func aSubjectThatIsNeitherMailtoNorHTTPSIsRefused() {
        #expect(throws: VAPIDError.subjectNotMailtoOrHTTPS) {
            try VAPIDKey().authorization(for: URL(string: "https://push.example.net/x")!, subject: "provoz@fotofolio.example", expiresAt: Date() + 60)
        }
    }

    @Test func aTopicIsKeptWhenValidAndHashedOtherwise() {
        #expect(PushTopic.make("room-12") == "room-12")
        #expect(PushTopic.make("gallery_3") == "gallery_3")
        for key in ["room 12", "pokoj-ř", String(repeating: "a", count: 33), ""] {
            let topic = PushTopic.make(key)
            #expect(PushTopic.isValid(topic), "\(key) → \(topic)")
            #expect(topic == PushTopic.make(key))
        }
        #expect(PushTopic.make("room 12") != PushTopic.make("room 13"))
    }
}
