import Foundation

/// The endpoint to send to, with the address its host was resolved to when it was checked:
/// the transport connects to exactly that address, so a second lookup cannot lead elsewhere
/// (DNS rebinding). nil for an origin the operator allowed.
public struct PushTarget: Sendable, Equatable {
    public let url: URL
    public let pinnedAddress: String?

    public init(url: URL, pinnedAddress: String?) { (self.url, self.pinnedAddress) = (url, pinnedAddress) }
}

/// Where a push may go: https on port 443 to a host whose every address is public, unless
/// the endpoint's origin is one the operator allowed (`--push-allow-endpoint`, e.g. a push
/// service on loopback for tests).
public struct PushEndpointPolicy: Sendable {
    /// Browsers' endpoints are under 500 bytes; RFC 8030 sets no limit, this one keeps rows small.
    public static let maxEndpointBytes = 1024

    let allowedOrigins: Set<String>
    let resolve: @Sendable (String) -> [String]?

    /// `resolve` gives a host's numeric addresses (nil when it has none); tests pass their own
    /// so no name is looked up on the network.
    public init(allowedOrigins: [String], resolve: @escaping @Sendable (String) -> [String]? = PushEndpointPolicy.systemResolve) {
        self.allowedOrigins = Set(allowedOrigins.map { PushOrigin.of($0) ?? $0.lowercased() })
        self.resolve = resolve
    }

    /// The endpoint to send to, or why not.
    public func check(_ endpoint: String) throws(PushRefusal) -> PushTarget {
        guard endpoint.utf8.count <= Self.maxEndpointBytes else { throw .endpointTooLong }
        guard let components = URLComponents(string: endpoint), let url = URL(string: endpoint),
              let scheme = components.scheme?.lowercased(), let host = components.percentEncodedHost, Self.isPlainHost(host),
              components.user == nil, components.password == nil, components.fragment == nil,
              let origin = PushOrigin.of(endpoint) else { throw .endpointNotURL }
        if allowedOrigins.contains(origin) { return PushTarget(url: url, pinnedAddress: nil) }
        guard scheme == "https" else { throw .endpointNotHTTPS }
        guard components.port == nil || components.port == 443 else { throw .endpointPort }
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        // An address written in the URL is judged as it is; a name by every address it has,
        // since the connection may use any of them.
        let addresses = PublicAddress.bytes(of: name) != nil ? [name] : resolve(name) ?? []
        guard let first = addresses.first else { throw .endpointUnresolvable }
        guard addresses.allSatisfy(PublicAddress.isPublic) else { throw .endpointHostNotPublic }
        return PushTarget(url: url, pinnedAddress: first)
    }

    /// A DNS name of ASCII letters, digits, `-`, `_` and inner dots, or a bracketed IPv6
    /// address: what the transport pins is then exactly what libcurl connects to (no
    /// percent-encoding, international names or trailing dot read differently by the two).
    static func isPlainHost(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.count > 2 && host.utf8.dropFirst().dropLast().allSatisfy { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || isHexDigit($0) }
        }
        guard let first = host.utf8.first, let last = host.utf8.last, first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return false }
        return host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// The host's addresses by getaddrinfo (IPv4 and IPv6), written numerically.
    public static let systemResolve: @Sendable (String) -> [String]? = { host in
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = current.pointee.ai_addr,
               getnameinfo(address, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(written) { addresses.append(written) }
            }
            entry = current.pointee.ai_next
        }
        return addresses.isEmpty ? nil : addresses
    }
}
