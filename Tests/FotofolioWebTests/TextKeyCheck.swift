import Foundation
@testable import FotofolioWeb

/// Which texts the templates and the code ask for, read from their sources, against the
/// string tables: a text asked for that a table lacks shows its key on a page, and a text
/// nobody asks for any more is translated for nothing.
///
/// Templates ask with `t.` inside a tag (`{{t.nav.feed}}`, `{{#t.states}}`): a group asked
/// for as a whole uses every text under it. The code asks with a key written out
/// (`table.string("selection.add")`, or kept in a value first: `"messages.errors.blocked"`),
/// or with a key put together from a value (`"forms.problems.\(problem.rawValue)"`), which
/// uses every key of that shape: each value put in stands for one segment. A key written out
/// in `string(…)` or `plural(…)` must be in every table; one put together cannot be checked
/// here (the values are the domain's), but every table has the same keys (start-up checks).
struct TextKeyCheck {
    let tables: [Language: Set<String>]
    /// Keys the templates ask for, as written after `t.`.
    let templateKeys: Set<String>
    /// Keys the code asks for by their whole text (`string("…")`, `plural("…", count:)`).
    let codeKeys: Set<String>
    /// Every text in the code shaped like a key: a key kept in a value (an error's text)
    /// before it is asked for.
    let codeWords: Set<String>
    /// Keys the code puts together, as patterns.
    let codePatterns: [NSRegularExpression]

    init(templates: String, sources: String) throws {
        let library = try TemplateLibrary(directory: templates)
        tables = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, library.table(for: $0).keys) })
        templateKeys = Set(try Self.files(in: templates, ending: ".mustache").flatMap { try Self.templateKeys(in: $0) })
        let code = try Self.files(in: sources, ending: ".swift").map { try String(contentsOfFile: $0, encoding: .utf8) }
        codeKeys = Set(code.flatMap(Self.askedKeys))
        codeWords = Set(code.flatMap { Self.matches(Self.keyLiteral, in: $0) })
        codePatterns = Set(code.flatMap(Self.keyShapes)).sorted().map(Self.pattern)
    }

    /// What is wrong, one sentence each; empty when every table has every text asked for
    /// and every text is asked for.
    var problems: [String] {
        var problems: [String] = []
        for (language, keys) in tables.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for key in templateKeys.union(codeKeys).sorted() where !keys.contains(key) && !keys.contains(where: { $0.hasPrefix(key + ".") }) {
                problems.append("“\(key)” is asked for but missing in \(language.rawValue).json")
            }
        }
        let all = tables.values.reduce(Set<String>()) { $0.union($1) }
        for key in all.sorted() where !isAsked(key) {
            problems.append("“\(key)” is in the string tables but nothing asks for it")
        }
        return problems
    }

    private func isAsked(_ key: String) -> Bool {
        if templateKeys.contains(where: { key == $0 || key.hasPrefix($0 + ".") }) { return true }
        // A plural's forms (`portfolioCount.few`) are asked for with the plural's key.
        let plural = { (word: String) in
            key.hasPrefix(word + ".") && PluralRule(rawValue: String(key.dropFirst(word.count + 1))) != nil
        }
        if codeWords.contains(where: { key == $0 || plural($0) }) { return true }
        let range = NSRange(key.startIndex..., in: key)
        return codePatterns.contains { $0.firstMatch(in: key, range: range) != nil }
    }

    private static func files(in directory: String, ending suffix: String) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: directory) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { directory + "/" + $0 }
    }

    private static func templateKeys(in file: String) throws -> [String] {
        matches(#"\{\{[#^/&{]?\s*t\.([A-Za-z0-9_.]+)"#, in: try String(contentsOfFile: file, encoding: .utf8))
    }

    /// Literal keys passed to `string(…)` or `plural(…)`, also as either side of a choice.
    private static func askedKeys(in code: String) -> [String] {
        matches(#"\b(?:string|plural)\(([^()]*)\)"#, in: code).flatMap { matches(keyLiteral, in: $0) }
    }

    private static let keyLiteral = #""([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)""#

    /// String literals shaped like a key with values put in: `"states.\(key).title"`.
    private static func keyShapes(in code: String) -> [String] {
        matches(#""([A-Za-z][A-Za-z0-9]*\.(?:[A-Za-z0-9.]|\\\((?:[^()"]|\([^()"]*\))*\))*)""#, in: code)
            .filter { $0.contains("\\(") }
    }

    /// A key shape as a pattern: each value put in is one or more letters and digits. The
    /// key may name a group whose texts are read by adding to it (`"\(key).title"`).
    private static func pattern(_ shape: String) -> NSRegularExpression {
        let parts = shape.components(separatedBy: "\\(")
        var pattern = "^" + NSRegularExpression.escapedPattern(for: parts[0])
        for part in parts.dropFirst() {
            // Skip the value's expression, up to the parenthesis that closes it.
            var depth = 1
            var index = part.startIndex
            while index < part.endIndex, depth > 0 {
                if part[index] == "(" { depth += 1 } else if part[index] == ")" { depth -= 1 }
                index = part.index(after: index)
            }
            pattern += "[A-Za-z0-9]+" + NSRegularExpression.escapedPattern(for: String(part[index...]))
        }
        return try! NSRegularExpression(pattern: pattern + #"(\..+)?$"#)
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
