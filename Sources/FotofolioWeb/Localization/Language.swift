import HTTPServer

/// The languages Fotofolio speaks; Czech first.
public enum Language: String, CaseIterable, Sendable {
    case cs
    case en

    public static let fallback = Language.cs
    /// The cookie set by the language switch.
    public static let cookieName = "lang"

    /// The name of the language in itself, as the switch shows it.
    public var nativeName: String {
        switch self {
        case .cs: "Čeština"
        case .en: "English"
        }
    }

    /// The language a page is shown in: a public page's address decides
    /// (`LanguageAddress`); any other page is in the reader's chosen language.
    public static func preferred(by request: Request) -> Language {
        request.context[LanguageAddress.Key.self] ?? chosen(by: request)
    }

    /// The language and territory Open Graph names it by (`og:locale`).
    var openGraphLocale: String {
        switch self {
        case .cs: "cs_CZ"
        case .en: "en_GB"
        }
    }

    /// The reader's language: the switch's cookie, else the best `Accept-Language` match,
    /// else Czech.
    static func chosen(by request: Request) -> Language {
        if let chosen = request.cookies[cookieName].flatMap(Language.init(rawValue:)) { return chosen }
        return request.headers["accept-language"].flatMap(bestMatch(acceptLanguage:)) ?? fallback
    }

    /// Picks the supported language with the highest quality in an `Accept-Language` value
    /// (RFC 9110 §12.5.4); earlier entries win ties.
    static func bestMatch(acceptLanguage header: String) -> Language? {
        var best: (language: Language, quality: Double)?
        for entry in header.split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: " \t") }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = Language(rawValue: primary) else { continue }
            let quality = parts.dropFirst().lazy.compactMap(Self.quality).first ?? 1
            if quality > 0, quality > best?.quality ?? 0 { best = (language, quality) }
        }
        return best?.language
    }

    private static func quality(_ parameter: String) -> Double? {
        guard parameter.lowercased().hasPrefix("q=") else { return nil }
        return Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) }
    }
}

extension Substring {
    /// Without the given characters at either end (a space carrying a combining mark is not
    /// a space, and stays). Runs on a header of every request: no set, no reversed copies.
    func trimmingCharacters(in characters: String) -> String {
        guard let first = firstIndex(where: { !characters.contains($0) }),
              let last = lastIndex(where: { !characters.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String { Substring(self).trimmingCharacters(in: characters) }
}
