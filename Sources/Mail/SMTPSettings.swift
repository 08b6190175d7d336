import Foundation

/// Where and how to reach the mail server, read from one URL.
public struct SMTPSettings: Sendable, Equatable {
    enum Security: Sendable, Equatable {
        /// `smtps://`: TLS from the first byte.
        case implicitTLS
        /// `smtp://` with credentials: STARTTLS or no delivery, so a password never crosses in clear.
        case requiredSTARTTLS
        /// `smtp://` without credentials: STARTTLS when the server offers it.
        case opportunisticSTARTTLS
    }

    /// Who to log in as; curl gets it in options of its own, never in the URL.
    struct Login: Sendable, Equatable { let user, password: String }

    /// `smtp` or `smtps`, and where the server listens (curl's default port when nil).
    let scheme, host: String
    let port: Int?
    let login: Login?
    /// The name given in EHLO: the URL's path (`smtp://mx.example:25/fotofolio.example`), or
    /// curl's default.
    let greetingName: String?

    /// Trust this CA/certificate file too (a self-signed test server, a private MTA).
    public var caFile: String?
    /// Connect plus the whole transfer.
    public var timeout: Duration = .seconds(30)

    /// `smtp://[user:password@]host[:port][/ehlo-name]` (STARTTLS: required when credentials
    /// are given, tried otherwise) or `smtps://…` (TLS from the start). Percent-encoded
    /// user/password allowed. nil for anything else.
    public init?(url: String) {
        guard url.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps",
              let host = components.host, !host.isEmpty, Self.isAcceptableHost(host),
              components.query == nil, components.fragment == nil else { return nil }
        if let port = components.port {
            guard (1...65535).contains(port) else { return nil }
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard path.isEmpty || Self.isAcceptableHost(path) else { return nil }
        let user = components.user.flatMap { $0.removingPercentEncoding }
        let password = components.password.flatMap { $0.removingPercentEncoding }
        guard (components.user == nil) == (user == nil), (components.password == nil) == (password == nil),
              !(user ?? "").contains(where: \.isNewline), !(password ?? "").contains(where: \.isNewline) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port
        self.login = user.flatMap { $0.isEmpty ? nil : Login(user: $0, password: password ?? "") }
        self.greetingName = path.isEmpty ? nil : path
    }

    var security: Security {
        if scheme == "smtps" { return .implicitTLS }
        return login == nil ? .opportunisticSTARTTLS : .requiredSTARTTLS
    }

    /// The URL curl connects to: no credentials (they go in their own options).
    var connectionURL: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "") + (greetingName.map { "/\($0)" } ?? "")
    }

    /// The URL without the password, for logs and the status page.
    public var redacted: String {
        let user = login.map { ($0.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? "") + "@" } ?? ""
        return "\(scheme)://\(user)\(host)" + (port.map { ":\($0)" } ?? "") + (greetingName.map { "/\($0)" } ?? "")
    }

    /// A name of letters, digits, hyphens and dots, or an IPv6 address in brackets.
    private static func isAcceptableHost(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return host.utf8.allSatisfy { MIMEWriter.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }
}
