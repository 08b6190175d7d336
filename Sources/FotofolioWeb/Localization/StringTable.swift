import Foundation

/// The UI strings of one language, loaded from `Templates/locales/<code>.json`: nested
/// objects of strings, addressed by dotted keys (`nav.feed`).
public struct StringTable: @unchecked Sendable {
    // @unchecked: `tree` is built once at start-up and never mutated; it holds only
    // Strings and dictionaries of them.
    /// The whole table, as templates see it under `t`.
    public let tree: [String: Any]
    public let language: Language

    public init(language: Language, json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let tree = Self.strings(object) as? [String: Any] else {
            throw LocalizationError("The string table for “\(language.rawValue)” must be a JSON object of strings.")
        }
        self.language = language
        self.tree = tree
    }

    /// The string at a dotted key, or the key itself when missing (visible, never a crash).
    public func string(_ key: String) -> String {
        (value(at: key) as? String) ?? key
    }

    /// A counted phrase: `{count}` replaced, the form chosen by the language's plural rule.
    public func plural(_ key: String, count: Int) -> String {
        let forms = value(at: key) as? [String: Any]
        let form = forms?[PluralRule.category(of: count, in: language).rawValue] as? String
        return (form ?? key).replacingOccurrences(of: "{count}", with: String(count))
    }

    /// Every dotted key that leads to a string, for checking that tables match.
    public var keys: Set<String> { Self.keys(in: tree, prefix: "") }

    private func value(at key: String) -> Any? {
        var node: Any? = tree
        for part in key.split(separator: ".") {
            node = (node as? [String: Any])?[String(part)]
        }
        return node
    }

    /// Copies JSON into plain Swift values, rejecting anything but strings and objects.
    private static func strings(_ value: Any) -> Any? {
        if let text = value as? String { return text }
        guard let object = value as? [String: Any] else { return nil }
        var result: [String: Any] = [:]
        for (key, child) in object {
            guard let converted = strings(child) else { return nil }
            result[key] = converted
        }
        return result
    }

    private static func keys(in node: [String: Any], prefix: String) -> Set<String> {
        var result = Set<String>()
        for (key, child) in node {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            if let object = child as? [String: Any] { result.formUnion(keys(in: object, prefix: path)) } else { result.insert(path) }
        }
        return result
    }
}

/// Which plural form a count takes.
public enum PluralRule: String, Sendable {
    case one
    case few
    case many

    /// Czech: 1 → one, 2–4 → few, everything else → many. English: 1 → one, else many.
    public static func category(of count: Int, in language: Language) -> PluralRule {
        switch (language, abs(count)) {
        case (_, 1): .one
        case (.cs, 2...4): .few
        default: .many
        }
    }
}

public struct LocalizationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
