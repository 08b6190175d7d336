import Foundation

/// The addresses other machines on the network can use to reach this one.
public enum LocalAddresses {
    /// Every non-loopback IPv4 address and every global or unique-local IPv6 address of the
    /// machine's interfaces that are up. IPv6 link-local addresses are left out: browsers
    /// cannot use their zone index in a URL.
    public static func reachable() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let text = SocketAddressText.describe(UnsafePointer(address))
            if family == AF_INET6, text.lowercased().hasPrefix("fe80") { continue }
            if text != "unknown", !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }

    /// An `http://` URL for an address and port, bracketing IPv6.
    public static func url(host: String, port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
    }
}
