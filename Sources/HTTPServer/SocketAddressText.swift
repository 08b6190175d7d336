import Foundation

/// Numeric text for a socket address, e.g. "192.168.1.20" or "fe80::1".
enum SocketAddressText {
    static func describe(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "unknown" }
        let text: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { buffer in
            let family = Int32(address.pointee.sa_family)
            let converted: UnsafePointer<CChar>? = switch family {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    withUnsafePointer(to: v4.pointee.sin_addr) { inet_ntop(family, $0, buffer.baseAddress, socklen_t(buffer.count)) }
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    withUnsafePointer(to: v6.pointee.sin6_addr) { inet_ntop(family, $0, buffer.baseAddress, socklen_t(buffer.count)) }
                }
            default: nil
            }
            return converted.flatMap { String(validatingCString: $0) }
        }
        guard let text else { return "unknown" }
        // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6; show them as IPv4.
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }
}
