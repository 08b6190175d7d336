// What a browser — or anyone signed in — sends to subscribe: the keys,
// `PushSubscriptionKeys(p256dh:auth:)`, and the endpoint, `PushEndpointPolicy.check`, with a
// resolver that never touches the network (each name gets addresses chosen by its hash).
//
// Oracles: nothing traps; accepted keys are a 65-byte point starting 0x04 and a 16-byte
// secret, and their base64url reads back as the same keys; an accepted endpoint is at most
// 1024 bytes and either of the allowed origin, unpinned, or https on port 443 pinned to a
// public address, every address of its host being public; an endpoint whose host has a
// non-public address is never accepted outside the allowed origin.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Foundation
@testable import WebPush

#if !FUZZ_CORPUS_REPLAY
@main
enum PushSubscriptionFuzzMain {
    static func main() { runFuzzer(fuzzPushSubscriptionEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPushSubscriptionEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzPushSubscription(data, size) }
#endif

/// Addresses a fuzzed name may resolve to: public ones and every kind the policy refuses.
private let addresses = ["93.184.215.14", "8.8.8.8", "2a00:1450::1", "127.0.0.1", "10.0.0.1", "169.254.169.254", "::1", "fe80::1",
                         "::ffff:192.168.0.1", "64:ff9b::a00:1", "100.64.0.1", "0.0.0.0", "fd00::1", "not an address"]

/// The addresses of `name`: none, one or two, chosen by its hash.
private func fuzzResolve(_ name: String) -> [String]? {
    var generator = SplitMix64(hashing: Array(name.utf8))
    let count = Int(generator.next() % 3)
    guard count > 0 else { return nil }
    return (0..<count).map { _ in addresses[Int(generator.next() % UInt64(addresses.count))] }
}

private let policy = PushEndpointPolicy(allowedOrigins: ["http://127.0.0.1:8099"], resolve: fuzzResolve)

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests). Line 1 is the
/// p256dh key, line 2 the auth secret, every further line an endpoint.
public func fuzzPushSubscription(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = fuzzText(fuzzBytes(data, size)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    checkKeys(p256dh: lines.first ?? "", auth: lines.count > 1 ? lines[1] : "")
    for endpoint in lines.dropFirst(2) { checkEndpoint(endpoint) }
    return 0
}

private func checkKeys(p256dh: String, auth: String) {
    let keys: PushSubscriptionKeys
    do {
        keys = try PushSubscriptionKeys(p256dh: p256dh, auth: auth)
    } catch {
        return require(!error.reason.isEmpty, "a refusal without a reason")
    }
    require(keys.p256dh.count == 65 && keys.p256dh.first == 0x04 && keys.auth.count == 16, "\(visible(p256dh)) gave keys of the wrong shape")
    let again = try? PushSubscriptionKeys(p256dh: Base64URL.encode(keys.p256dh), auth: Base64URL.encode(keys.auth))
    require(again == keys, "the keys of \(visible(p256dh)) do not read back")
}

private func checkEndpoint(_ endpoint: String) {
    let target: PushTarget
    do {
        target = try policy.check(endpoint)
    } catch {
        return require(!error.reason.isEmpty, "a refusal without a reason")
    }
    require(endpoint.utf8.count <= PushEndpointPolicy.maxEndpointBytes, "\(visible(endpoint)) is longer than allowed")
    guard let pinned = target.pinnedAddress else {
        return require(PushOrigin.of(endpoint) == "http://127.0.0.1:8099", "\(visible(endpoint)) was taken unpinned")
    }
    require(target.url.scheme?.lowercased() == "https", "\(visible(endpoint)) was taken without https")
    require(target.url.port == nil || target.url.port == 443, "\(visible(endpoint)) was taken on another port")
    require(PublicAddress.isPublic(pinned), "\(visible(endpoint)) was pinned to \(pinned)")
    // A name's addresses, not a literal's (the resolver is asked only for names).
    if let host = URLComponents(string: endpoint)?.host.map({ $0.hasPrefix("[") ? String($0.dropFirst().dropLast()) : $0 }),
       PublicAddress.bytes(of: host) == nil, let resolved = fuzzResolve(host) {
        require(resolved.allSatisfy(PublicAddress.isPublic), "\(visible(endpoint)) was taken though its host has \(resolved)")
    }
}
