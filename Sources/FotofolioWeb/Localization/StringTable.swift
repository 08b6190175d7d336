import Foundation
import Mustache

/// The UI strings of one language, loaded from `Templates/locales/<code>.json`: nested
/// objects of strings, addressed by dotted keys (`nav.feed`).
public struct StringTable: Sendable {
    /// The whole table, as templates see it under `t`.
    public let tree: StringGroup
    public let language: Language
    /// Every entry by its dotted key, worked out once: pages look up dozens per request.
    private let entriesByKey: [String: StringGroup.Entry]

    public init(language: Language, json: Data) throws {
        do {
            tree = try JSONDecoder().decode(StringGroup.self, from: json)
        } catch {
            throw LocalizationError("The string table for “\(language.rawValue)” must be a JSON object of strings.")
        }
        self.language = language
        entriesByKey = tree.entriesByKey(prefix: "")
    }

    /// The string at a dotted key, or the key itself when missing (visible, never a crash).
    public func string(_ key: String) -> String {
        if case .text(let text)? = entry(at: key) { return text }
        return key
    }

    /// A counted phrase: `{count}` replaced, the form chosen by the language's plural rule.
    public func plural(_ key: String, count: Int) -> String {
        var form = key
        if case .group(let forms)? = entry(at: key), case .text(let text)? = forms.entries[PluralRule.category(of: count, in: language).rawValue] {
            form = text
        }
        return Self.replacingCount(in: form, with: count)
    }

    /// `form` with each `{count}` replaced by the number.
    private static func replacingCount(in form: String, with count: Int) -> String {
        let placeholder = Array("{count}".utf8)
        let bytes = Array(form.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == placeholder[0], bytes[index...].starts(with: placeholder) {
                result.append(contentsOf: String(count).utf8)
                index += placeholder.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Every dotted key that leads to a string, for checking that tables match.
    public var keys: Set<String> { tree.keys(prefix: "") }

    private func entry(at key: String) -> StringGroup.Entry? { entriesByKey[key] }
}

/// The strings under one key of a table (`t.nav` in a template), each a string or a group.
public struct StringGroup: MustacheParent, Decodable, Sendable {
    enum Entry: Decodable, Sendable {
        case text(String)
        case group(StringGroup)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else {
                self = .group(try value.decode(StringGroup.self))
            }
        }
    }

    let entries: [String: Entry]

    /// Reads a JSON object of strings and objects of strings; anything else is an error.
    public init(from decoder: any Decoder) throws {
        entries = try decoder.singleValueContainer().decode([String: Entry].self)
    }

    public func child(named name: String) -> Any? {
        switch entries[name] {
        case .text(let text): text
        case .group(let group): group
        case nil: ViewModelLookup.missing(name)
        }
    }

    fileprivate func entriesByKey(prefix: String) -> [String: Entry] {
        var result: [String: Entry] = [:]
        for (key, entry) in entries {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            result[path] = entry
            if case .group(let group) = entry { result.merge(group.entriesByKey(prefix: path)) { first, _ in first } }
        }
        return result
    }

    fileprivate func keys(prefix: String) -> Set<String> {
        var result = Set<String>()
        for (key, entry) in entries {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            switch entry {
            case .text: result.insert(path)
            case .group(let group): result.formUnion(group.keys(prefix: path))
            }
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
