/// A `Set-Cookie` header value (RFC 6265).
public struct SetCookie: Sendable, CustomStringConvertible {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
    }

    public var name: String
    public var value: String
    /// Seconds to keep it; 0 deletes it; nil keeps it for the browser session.
    public var maxAge: Int?
    public var path = "/"
    public var httpOnly = true
    public var secure = false
    public var sameSite: SameSite = .lax

    public init(name: String, value: String, maxAge: Int?) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
    }

    /// A cookie that tells the browser to forget `name`.
    public static func deleting(_ name: String) -> SetCookie {
        SetCookie(name: name, value: "", maxAge: 0)
    }

    public var description: String {
        var parts = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        parts.append("SameSite=\(sameSite.rawValue)")
        return parts.joined(separator: "; ")
    }
}

extension Response {
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add("Set-Cookie", cookie.description)
    }
}
