import Foundation

/// An endpoint's origin as RFC 6454 writes it: `scheme://host[:port]`, scheme and host in
/// lower case, the scheme's default port left out. The VAPID audience and the operator's
/// allowed origins are compared in this form.
enum PushOrigin {
    static func of(_ address: String) -> String? {
        guard let components = URLComponents(string: address), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = components.port.flatMap { $0 == defaultPort ? nil : $0 }
        // URLComponents gives an IPv6 literal without its brackets on some platforms.
        let written = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(written)" + (port.map { ":\($0)" } ?? "")
    }
}
