import Foundation
import Mustache

/// The Mustache templates and string tables, loaded and checked once at start-up so that a
/// missing template, partial or string stops the server with a clear message instead of
/// failing at request time.
struct TemplateLibrary: Sendable {
    let mustache: MustacheLibrary
    let tables: [Language: StringTable]

    init(directory: String) throws {
        guard FileManager.default.fileExists(atPath: directory) else {
            throw TemplateError("The templates folder “\(directory)” does not exist.")
        }
        mustache = try Self.loadMustache(directory)
        tables = try Self.loadTables(directory)
        try checkPagesExist()
        try checkPartialsExist(directory)
        try checkTablesMatch()
    }

    func table(for language: Language) -> StringTable {
        // Every language has a table: the initializer checked it.
        tables[language] ?? tables[.fallback]!
    }

    private static func loadMustache(_ directory: String) throws -> MustacheLibrary {
        HTMLContent.register()
        var library = MustacheLibrary()
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return library }
        for case let relative as String in walker where relative.hasSuffix(".mustache") {
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            let name = String(relative.dropLast(".mustache".count))
            do {
                try library.register(HTMLContent.pragma + text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                // The pragma takes the first line.
                throw TemplateError("Template “\(relative)” line \(error.context.lineNumber - 1): \(error.error)")
            }
        }
        return library
    }

    private static func loadTables(_ directory: String) throws -> [Language: StringTable] {
        var tables: [Language: StringTable] = [:]
        for language in Language.allCases {
            let path = "\(directory)/locales/\(language.rawValue).json"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TemplateError("The string table “\(path)” is missing.")
            }
            tables[language] = try StringTable(language: language, json: data)
        }
        return tables
    }

    /// The layout and one template per page.
    static var requiredTemplates: [String] { ["layout", "partials/social-meta"] + Page.allCases.map(\.template) }

    private func checkPagesExist() throws {
        for name in Self.requiredTemplates where mustache.getTemplate(named: name) == nil {
            throw TemplateError("The template “\(name).mustache” is missing.")
        }
    }

    /// Every `{{> name}}` and `{{< name}}` must name a loaded template.
    private func checkPartialsExist(_ directory: String) throws {
        let reference = try NSRegularExpression(pattern: #"\{\{\s*[><]\s*([^\s}*]+)\s*\}\}"#)
        for name in Self.requiredTemplates {
            guard let text = mustache.getTemplate(named: name)?.description else { continue }
            try checkReferences(in: text, from: name, pattern: reference, seen: [])
        }
    }

    private func checkReferences(in text: String, from name: String, pattern: NSRegularExpression, seen: Set<String>) throws {
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            guard let nameRange = Range(match.range(at: 1), in: text) else { continue }
            let partial = String(text[nameRange])
            guard let template = mustache.getTemplate(named: partial) else {
                throw TemplateError("Template “\(name)” uses the partial “\(partial)”, which does not exist.")
            }
            if !seen.contains(partial) {
                try checkReferences(in: template.description, from: partial, pattern: pattern, seen: seen.union([name]))
            }
        }
    }

    private func checkTablesMatch() throws {
        let reference = table(for: .fallback).keys
        for (language, table) in tables where table.keys != reference {
            let missing = reference.subtracting(table.keys).sorted().prefix(5)
            let extra = table.keys.subtracting(reference).sorted().prefix(5)
            throw TemplateError("The “\(language.rawValue)” strings differ from Czech: missing \(Array(missing)), extra \(Array(extra)).")
        }
        for page in Page.allCases where ![.error, .person, .ownProfile].contains(page) && !reference.contains(page.titleKey) {
            throw TemplateError("The string “\(page.titleKey)” is missing.")
        }
    }
}

public struct TemplateError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
