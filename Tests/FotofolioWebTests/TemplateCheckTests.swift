import Foundation
import Testing
@testable import FotofolioWeb

/// Start-up (`SiteFiles`, which reads the templates and public files and cuts every shell)
/// refuses templates that would fail at request time, with a message naming the problem.
@Suite final class TemplateCheckTests {
    let directory = NSTemporaryDirectory() + "templates-" + UUID().uuidString

    init() throws {
        let source = WebTestServer.repository + "/Templates"
        try FileManager.default.copyItem(atPath: source, toPath: directory)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    private func startupError(publicDirectory: String = WebTestServer.repository + "/Public") -> String? {
        do {
            _ = try SiteFiles(templatesDirectory: directory, publicDirectory: publicDirectory)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theRepositoryTemplatesPass() {
        #expect(startupError() == nil)
    }

    @Test func aMissingPageTemplateStopsStartUp() throws {
        try FileManager.default.removeItem(atPath: directory + "/pages/search.mustache")
        #expect(startupError()?.contains("pages/search.mustache") == true)
    }

    @Test func aMissingPartialStopsStartUp() throws {
        try "<p>{{>partials/nowhere}}</p>"
            .write(toFile: directory + "/pages/search.mustache", atomically: true, encoding: .utf8)
        #expect(startupError()?.contains("partials/nowhere") == true)
    }

    @Test func aTemplateThatDoesNotParseStopsStartUp() throws {
        try "{{#open}}never closed".write(toFile: directory + "/pages/search.mustache", atomically: true, encoding: .utf8)
        #expect(startupError()?.contains("pages/search.mustache") == true)
    }

    @Test func stringTablesThatDifferStopStartUp() throws {
        let path = directory + "/locales/en.json"
        var table = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        table["skipLink"] = nil
        try JSONSerialization.data(withJSONObject: table).write(to: URL(fileURLWithPath: path))
        #expect(startupError()?.contains("skipLink") == true)
    }

    @Test func aMissingLayoutStopsStartUp() throws {
        try FileManager.default.removeItem(atPath: directory + "/layout.mustache")
        #expect(startupError()?.contains("layout.mustache") == true)
    }

    @Test func aMissingPublicFolderStopsStartUp() throws {
        let missing = directory + "/no-public-files"
        #expect(startupError(publicDirectory: missing)?.contains(missing) == true)
    }

    @Test func aMissingTemplatesFolderStopsStartUp() throws {
        try FileManager.default.removeItem(atPath: directory)
        #expect(startupError()?.contains("does not exist") == true)
    }
}
