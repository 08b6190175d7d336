import Foundation

/// Numeric text for a socket address, e.g. "192.168.1.20" or "fe80::1".
enum SocketAddressText {
    static func describe(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "unknown" }
        let length = address.pointee.sa_family == sa_family_t(AF_INET6)
            ? socklen_t(MemoryLayout<sockaddr_in6>.size) : socklen_t(MemoryLayout<sockaddr_in>.size)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return "unknown"
        }
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6; show them as IPv4.
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }
}
