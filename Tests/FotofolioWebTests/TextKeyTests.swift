import Foundation
import Testing
@testable import FotofolioWeb

/// Every text a template or the code asks for is in every language, and every text in the
/// string tables is asked for somewhere.
@Suite final class TextKeyTests {
    let directory = NSTemporaryDirectory() + "text-keys-" + UUID().uuidString
    var templates: String { directory + "/Templates" }
    var sources: String { directory + "/Sources" }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: WebTestServer.repository + "/Templates", toPath: templates)
        try FileManager.default.copyItem(atPath: WebTestServer.repository + "/Sources/FotofolioWeb", toPath: sources)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    private func problems() throws -> [String] {
        try TextKeyCheck(templates: templates, sources: sources).problems
    }

    /// Adds `key` (dotted) with `text` to the table of `language`.
    private func add(_ key: String, _ text: String, to language: Language) throws {
        let path = templates + "/locales/\(language.rawValue).json"
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        func adding(_ path: [String], to group: [String: Any]) -> [String: Any] {
            var group = group
            if path.count == 1 { group[path[0]] = text } else {
                group[path[0]] = adding(Array(path.dropFirst()), to: group[path[0]] as? [String: Any] ?? [:])
            }
            return group
        }
        let changed = adding(key.components(separatedBy: "."), to: table)
        try JSONSerialization.data(withJSONObject: changed).write(to: URL(fileURLWithPath: path))
    }

    private func write(_ text: String, to file: String) throws {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func everyTextAskedForIsInEveryLanguageAndEveryTextIsAskedFor() throws {
        let check = try TextKeyCheck(templates: WebTestServer.repository + "/Templates",
                                     sources: WebTestServer.repository + "/Sources/FotofolioWeb")
        #expect(check.problems == [])
    }

    @Test func aTextNobodyAsksForIsFound() throws {
        try add("feed.neverShown", "Never shown", to: .en)
        try add("feed.neverShown", "Nikdy", to: .cs)
        #expect(try problems() == ["“feed.neverShown” is in the string tables but nothing asks for it"])
    }

    @Test func aTextWhoseOnlyUseIsRemovedIsFound() throws {
        let page = templates + "/pages/search.mustache"
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains("{{t.search.byLocation}}"))
        try write(text.replacingOccurrences(of: "{{t.search.byLocation}}", with: ""), to: page)
        #expect(try problems() == ["“search.byLocation” is in the string tables but nothing asks for it"])
    }

    /// Tables that differ stop start-up already, naming the key, so the check never sees them.
    @Test func aTextOnlyOneLanguageHasIsFound() throws {
        try add("feed.onlyInEnglish", "Only in English", to: .en)
        #expect { try problems() } throws: { "\($0)".contains("feed.onlyInEnglish") }
    }

    @Test func codeAskingForATextNoLanguageHasIsFound() throws {
        try write(#"func f(_ table: StringTable) -> String { table.string("feed.nowhere") }"#, to: sources + "/Asking.swift")
        #expect(try problems() == ["“feed.nowhere” is asked for but missing in cs.json",
                                   "“feed.nowhere” is asked for but missing in en.json"])
    }

    @Test func aKeyPutTogetherFromAValueUsesEveryKeyOfItsShape() throws {
        try add("feed.kinds.first", "First", to: .en)
        try add("feed.kinds.first", "První", to: .cs)
        #expect(try problems() == ["“feed.kinds.first” is in the string tables but nothing asks for it"])
        try write(#"func f(_ table: StringTable, _ kind: String) -> String { table.string("feed.kinds.\(kind)") }"#,
                  to: sources + "/Asking.swift")
        #expect(try problems() == [])
    }
}
