import Foundation

/// Whether a numeric address is on the public internet: a push endpoint is a URL anyone can
/// give, so the server must not be talked into posting to its own network (SSRF).
enum PublicAddress {
    /// The address's bytes: 4 for IPv4 in dotted-quad form, 16 for IPv6; nil for any other text.
    static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// False for an address of a range that is not public, and for text that is no address.
    static func isPublic(_ address: String) -> Bool {
        guard let bytes = bytes(of: address) else { return false }
        return bytes.count == 4 ? isPublicV4(bytes) : isPublicV6(bytes)
    }

    /// The IPv4 ranges not routed on the internet (RFC 6890 and its successors).
    private static let privateV4: [(prefix: [UInt8], bits: Int)] = [
        ([0, 0, 0, 0], 8),            // "this network"
        ([10, 0, 0, 0], 8),           // private
        ([100, 64, 0, 0], 10),        // carrier-grade NAT
        ([127, 0, 0, 0], 8),          // loopback
        ([169, 254, 0, 0], 16),       // link-local, cloud metadata services
        ([172, 16, 0, 0], 12),        // private
        ([192, 0, 0, 0], 24),         // IETF protocol assignments
        ([192, 0, 2, 0], 24),         // documentation
        ([192, 168, 0, 0], 16),       // private
        ([198, 18, 0, 0], 15),        // benchmarking
        ([198, 51, 100, 0], 24),      // documentation
        ([203, 0, 113, 0], 24),       // documentation
        ([224, 0, 0, 0], 4),          // multicast
        ([240, 0, 0, 0], 4),          // reserved, and 255.255.255.255 (broadcast)
    ]

    private static let privateV6: [(prefix: [UInt8], bits: Int)] = [
        ([UInt8](repeating: 0, count: 16), 128),                          // unspecified
        ([UInt8](repeating: 0, count: 15) + [1], 128),                    // loopback
        ([0xfc], 7),                                                      // unique-local
        ([0xfe, 0x80], 10),                                               // link-local
        ([0xfe, 0xc0], 10),                                               // site-local (deprecated)
        ([0xff], 8),                                                      // multicast
        ([0x20, 0x01, 0x0d, 0xb8], 32),                                   // documentation
        ([0x01, 0x00] + [UInt8](repeating: 0, count: 6), 64),            // discard-only
        ([0x20, 0x01, 0x00, 0x00], 32),                                   // Teredo: an IPv4 address behind it
        ([UInt8](repeating: 0, count: 12), 96),                           // IPv4-compatible (deprecated)
    ]

    private static func isPublicV4(_ bytes: [UInt8]) -> Bool {
        !privateV4.contains { has(bytes, prefix: $0.prefix, bits: $0.bits) }
    }

    private static func isPublicV6(_ bytes: [UInt8]) -> Bool {
        // IPv4 inside IPv6 reaches the IPv4 address: mapped (::ffff:0:0/96) and the
        // well-known NAT64 prefix (64:ff9b::/96) are judged by the address they carry.
        let mapped = [UInt8](repeating: 0, count: 10) + [0xff, 0xff]
        let nat64: [UInt8] = [0x00, 0x64, 0xff, 0x9b] + [UInt8](repeating: 0, count: 8)
        if has(bytes, prefix: mapped, bits: 96) || has(bytes, prefix: nat64, bits: 96) {
            return isPublicV4(Array(bytes[12...]))
        }
        // 6to4 (2002::/16) carries its relay's IPv4 address in the next 32 bits.
        if has(bytes, prefix: [0x20, 0x02], bits: 16) && !isPublicV4(Array(bytes[2..<6])) { return false }
        return !privateV6.contains { has(bytes, prefix: $0.prefix, bits: $0.bits) }
    }

    /// Whether the first `bits` bits of `bytes` are those of `prefix`.
    private static func has(_ bytes: [UInt8], prefix: [UInt8], bits: Int) -> Bool {
        for index in 0..<(bits + 7) / 8 {
            let remaining = bits - index * 8
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            let expected = index < prefix.count ? prefix[index] : 0
            if bytes[index] & mask != expected & mask { return false }
        }
        return true
    }
}
