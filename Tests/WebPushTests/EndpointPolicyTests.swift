import Foundation
import Testing
@testable import WebPush

/// A resolver that knows a few names and never asks the network.
private func policy(allowing origins: [String] = [], names: [String: [String]] = [:]) -> PushEndpointPolicy {
    PushEndpointPolicy(allowedOrigins: origins, resolve: { names[$0] })
}

private func refusal(_ endpoint: String, _ policy: PushEndpointPolicy) -> PushRefusal? {
    do {
        _ = try policy.check(endpoint)
        return nil
    } catch {
        return error
    }
}

/// Each way an endpoint is refused, one test each: an endpoint is a URL anyone signed in can
/// give, so none may make the server post into its own network.
struct EndpointPolicyTests {
    private let publicName = ["push.example.net": ["93.184.215.14"]]

    @Test func aPublicHTTPSEndpointIsTakenWithItsAddressPinned() throws {
        let target = try policy(names: ["fcm.googleapis.com": ["142.250.74.106", "2a00:1450:4001:82b::200a"]])
            .check("https://fcm.googleapis.com/fcm/send/abc:APA91b")
        #expect(target == PushTarget(url: URL(string: "https://fcm.googleapis.com/fcm/send/abc:APA91b")!, pinnedAddress: "142.250.74.106"))
    }

    @Test func anExplicitPort443IsTheSameAsNone() throws {
        let target = try policy(names: ["push.services.mozilla.com": ["34.117.21.222"]]).check("https://push.services.mozilla.com:443/wpush/v2/x")
        #expect(target.pinnedAddress == "34.117.21.222")
    }

    @Test func anEndpointOfMoreThan1024BytesIsRefused() {
        let endpoint = "https://push.example.net/" + String(repeating: "a", count: 1000)
        #expect(refusal(endpoint, policy(names: publicName)) == .endpointTooLong)
        // Bytes, not characters: 500 two-byte letters are too long.
        #expect(refusal("https://push.example.net/" + String(repeating: "ř", count: 500), policy(names: publicName)) == .endpointTooLong)
    }

    @Test func textThatIsNoURLIsRefused() {
        for endpoint in ["", "push.example.net/x", "https://", "https:///path", "not a url", "https://exa mple.net/"] {
            #expect(refusal(endpoint, policy(names: publicName)) == .endpointNotURL, "\(endpoint)")
        }
    }

    @Test func anEndpointWithAUserOrPasswordIsRefused() {
        #expect(refusal("https://user@push.example.net/x", policy(names: publicName)) == .endpointNotURL)
        #expect(refusal("https://user:secret@push.example.net/x", policy(names: publicName)) == .endpointNotURL)
    }

    @Test func anEndpointWithAFragmentIsRefused() {
        #expect(refusal("https://push.example.net/x#y", policy(names: publicName)) == .endpointNotURL)
    }

    @Test func aHostWithPercentEncodingOrATrailingDotIsRefused() {
        #expect(refusal("https://push%2eexample.net/x", policy(names: publicName)) == .endpointNotURL)
        #expect(refusal("https://push.example.net./x", policy(names: ["push.example.net.": ["93.184.215.14"]])) == .endpointNotURL)
    }

    @Test func plainHTTPIsRefused() {
        #expect(refusal("http://push.example.net/x", policy(names: publicName)) == .endpointNotHTTPS)
        #expect(refusal("ftp://push.example.net/x", policy(names: publicName)) == .endpointNotHTTPS)
    }

    @Test func anHTTPSPortOtherThan443IsRefused() {
        #expect(refusal("https://push.example.net:8443/x", policy(names: publicName)) == .endpointPort)
        #expect(refusal("https://push.example.net:22/x", policy(names: publicName)) == .endpointPort)
    }

    @Test func aNameThatDoesNotResolveIsRefused() {
        #expect(refusal("https://nowhere.example/x", policy(names: publicName)) == .endpointUnresolvable)
    }

    @Test func aNameThatResolvesToLoopbackIsRefused() {
        #expect(refusal("https://sneaky.example/x", policy(names: ["sneaky.example": ["127.0.0.1"]])) == .endpointHostNotPublic)
        #expect(refusal("https://sneaky.example/x", policy(names: ["sneaky.example": ["::1"]])) == .endpointHostNotPublic)
    }

    @Test func localhostIsRefusedByTheSystemsOwnResolver() {
        // Real getaddrinfo: localhost is 127.0.0.1 and perhaps ::1.
        #expect(refusal("https://localhost/x", PushEndpointPolicy(allowedOrigins: [])) == .endpointHostNotPublic)
    }

    @Test func anIPv4AddressInAnotherFormIsJudgedByTheSystemsResolver() {
        // 2130706433 and 0x7f.1 are 127.0.0.1 to getaddrinfo, and to curl.
        #expect(refusal("https://2130706433/x", PushEndpointPolicy(allowedOrigins: [])) == .endpointHostNotPublic)
        #expect(refusal("https://0x7f.1/x", PushEndpointPolicy(allowedOrigins: [])) == .endpointHostNotPublic)
    }

    @Test func oneNonPublicAddressAmongPublicOnesIsEnoughToRefuse() {
        #expect(refusal("https://mixed.example/x", policy(names: ["mixed.example": ["93.184.215.14", "10.0.0.5"]])) == .endpointHostNotPublic)
    }

    @Test(arguments: ["0.1.2.3", "10.1.2.3", "192.0.2.1", "198.51.100.7", "203.0.113.9", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.255.255.255", "169.254.169.254", "172.16.0.1",
                      "172.31.255.255", "192.0.0.8", "192.168.1.1", "198.18.0.1", "198.19.255.255", "224.0.0.1", "239.255.255.250", "240.0.0.1",
                      "255.255.255.255"])
    func aPrivateOrSpecialIPv4AddressIsRefused(address: String) {
        #expect(refusal("https://\(address)/x", policy()) == .endpointHostNotPublic)
        #expect(refusal("https://name.example/x", policy(names: ["name.example": [address]])) == .endpointHostNotPublic)
    }

    @Test(arguments: ["::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "febf::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                      "64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1", "2001:db8::1", "2002:7f00:1::1", "fe80::1%eth0"])
    func aPrivateOrSpecialIPv6AddressIsRefused(address: String) {
        if !address.contains("%") { #expect(refusal("https://[\(address)]/x", policy()) == .endpointHostNotPublic) }
        #expect(refusal("https://name.example/x", policy(names: ["name.example": [address]])) == .endpointHostNotPublic)
    }

    @Test(arguments: ["8.8.8.8", "100.63.255.255", "100.128.0.0", "172.32.0.1", "198.20.0.1", "223.255.255.255", "2a00:1450::1", "::ffff:8.8.8.8",
                      "64:ff9b::808:808"])
    func aPublicAddressIsTaken(address: String) throws {
        #expect(try policy(names: ["name.example": [address]]).check("https://name.example/x").pinnedAddress == address)
    }

    @Test func anIPLiteralEndpointIsPinnedToItself() throws {
        #expect(try policy().check("https://8.8.8.8/x").pinnedAddress == "8.8.8.8")
        #expect(try policy().check("https://[2a00:1450::1]/x").pinnedAddress == "2a00:1450::1")
    }

    @Test func anAllowedOriginIsTakenAsItIsWithoutPinning() throws {
        let allowing = policy(allowing: ["HTTP://127.0.0.1:8099", "https://push.test"])
        #expect(try allowing.check("http://127.0.0.1:8099/push/a") == PushTarget(url: URL(string: "http://127.0.0.1:8099/push/a")!, pinnedAddress: nil))
        #expect(try allowing.check("https://push.test:443/a").pinnedAddress == nil)
        // Only that origin: another port, scheme or host is judged as any endpoint.
        #expect(refusal("http://127.0.0.1:8098/push/a", allowing) == .endpointNotHTTPS)
        #expect(refusal("https://127.0.0.1:8099/push/a", allowing) == .endpointPort)
        #expect(refusal("http://127.0.0.2:8099/push/a", allowing) == .endpointNotHTTPS)
    }

    @Test func everyRefusalHasItsStableWord() {
        #expect([PushRefusal.endpointTooLong, .endpointNotURL, .endpointNotHTTPS, .endpointPort, .endpointHostNotPublic, .endpointUnresolvable,
                  .keyNotBase64URL, .keyLength, .keyNotOnCurve].map(\.reason)
                == ["endpoint-too-long", "endpoint-not-url", "endpoint-not-https", "endpoint-port", "endpoint-host-not-public",
                    "endpoint-unresolvable", "key-not-base64url", "key-length", "key-not-on-curve"])
    }
}
