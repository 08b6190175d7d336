import Foundation
import HTTPServer
import Synchronization

/// The site's own address (`http://192.168.1.20:8080`, `https://fotofolio.example`): what
/// the operator gave as `--public-url`, or else the address the server was started on.
///
/// Every link that leaves the page it is written on — a calendar event's `URL:`, OpenGraph
/// tags, the share and gallery addresses a person copies, an e-mail confirmation link — is
/// made from it, never from the request's `Host` header, which whoever sends the request
/// writes: a forged `Host` must not put someone else's site into a calendar, a cached
/// preview or a confirmation link. Set once the port is known; read by any thread.
public final class PublicAddress: Sendable {
    private let value: Mutex<String>

    /// Until it is set: this machine, which no outsider can be sent to.
    public init(_ origin: String = "http://localhost") {
        value = Mutex(Self.origin(origin) ?? "http://localhost")
    }

    /// The origin, without a trailing slash.
    public var origin: String { value.withLock { $0 } }

    /// Takes `text` as the site's address when it is an origin (`validated`); false, and
    /// nothing changed, when it is not.
    @discardableResult
    public func set(_ text: String) -> Bool {
        guard let origin = Self.origin(text) else { return false }
        value.withLock { $0 = origin }
        return true
    }

    /// `path` (which starts with "/") at the site's address.
    public func url(_ path: String) -> String { origin + path }

    /// `text` as an origin: `http` or `https`, a host of letters, digits, dots, hyphens (or
    /// an IPv6 address in brackets) and an optional port; no user, path, query or fragment
    /// beyond a lone trailing "/". Nil for anything else, so nothing but an address can
    /// reach a header line or a calendar through it.
    public static func origin(_ text: String) -> String? {
        var rest = Substring(text)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let scheme: String
        if rest.lowercased().hasPrefix("https://") { scheme = "https" } else if rest.lowercased().hasPrefix("http://") { scheme = "http" } else { return nil }
        rest = rest.dropFirst(scheme.count + 3)
        var host = rest
        var port: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[...close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.utf8.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return nil }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                host = rest[..<colon]
                port = rest[rest.index(after: colon)...]
            }
            guard !host.isEmpty, host.utf8.count <= 253, host.utf8.allSatisfy({ isHostByte($0) }) else { return nil }
        }
        if let port {
            guard let number = Int(port), (1...65535).contains(number), port.utf8.allSatisfy({ (48...57).contains($0) })
            else { return nil }
        }
        return "\(scheme)://\(host.lowercased())\(port.map { ":\($0)" } ?? "")"
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

/// Puts the site's address in every request's context, for `CanonicalURL`.
struct PublicAddressing: Middleware {
    let address: PublicAddress

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var request = request
        request.context[PublicAddressKey.self] = address
        return try next(request)
    }
}

enum PublicAddressKey: RequestContextKey {
    typealias Value = PublicAddress
}

/// An absolute address on this site for a link that leaves the page.
enum CanonicalURL {
    static func of(_ request: Request, path: String) -> String {
        (request.context[PublicAddressKey.self] ?? PublicAddress()).url(path)
    }
}
