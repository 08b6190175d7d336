import Foundation
import Testing
@testable import HTTPServer

/// A folder of parts served as one file: `css/app.css.d/*.css` as `/css/app.css`.
@Suite final class JoinedStylesheetTests {
    let root = NSTemporaryDirectory() + "joined-" + UUID().uuidString
    var parts: String { root + "/css/app.css.d" }

    init() throws {
        try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
        try write("02-base.css", "body { margin: 0; }\n")
        try write("01-tokens.css", ":root { --gap: 1rem; }\n\n")
        try write("10-buttons.css", ".button { padding: var(--gap); }\n")
        try write("10b-forms.css", "input { font: inherit; }\n")
        try write("notes.txt", "not a stylesheet")
        try write(".draft.css", "hidden { }")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ name: String, _ text: String, in folder: String? = nil) throws {
        try text.write(toFile: (folder ?? parts) + "/" + name, atomically: true, encoding: .utf8)
    }

    func body(_ files: StaticFiles, _ path: String) throws -> String {
        String(decoding: try servedBytes(files, path), as: UTF8.self)
    }

    @Test func partsAreJoinedInNameOrderWithNothingBetween() throws {
        let files = try StaticFiles(root: root)
        #expect(try body(files, "/css/app.css")
            == ":root { --gap: 1rem; }\n\nbody { margin: 0; }\n.button { padding: var(--gap); }\ninput { font: inherit; }\n")
    }

    @Test func joinedFileIsFingerprintedTypedAndGzippedLikeAnyOther() throws {
        let files = try StaticFiles(root: root)
        let url = files.url(for: "/css/app.css")
        #expect(url.hasPrefix("/css/app.") && url.hasSuffix(".css") && url != "/css/app.css")
        var headers = HTTPHeaders()
        headers.add("Accept-Encoding", "gzip")
        let response = try #require(files.response(for: request(url, headers)))
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(response.headers["ETag"] != nil)
    }

    @Test func fingerprintChangesWhenAPartChanges() throws {
        let before = try StaticFiles(root: root).url(for: "/css/app.css")
        try write("02-base.css", "body { margin: 1px; }\n")
        #expect(try StaticFiles(root: root).url(for: "/css/app.css") != before)
    }

    @Test func fingerprintChangesWhenAPartIsAddedOrRenamed() throws {
        let before = try StaticFiles(root: root).url(for: "/css/app.css")
        try FileManager.default.moveItem(atPath: parts + "/02-base.css", toPath: parts + "/11-base.css")
        let reordered = try StaticFiles(root: root).url(for: "/css/app.css")
        #expect(reordered != before)
        try write("03-more.css", "p { }\n")
        #expect(try StaticFiles(root: root).url(for: "/css/app.css") != reordered)
    }

    @Test func partsAreNotServedOnTheirOwn() throws {
        let files = try StaticFiles(root: root)
        #expect(files.response(for: try request("/css/app.css.d/01-tokens.css")) == nil)
        #expect(files.response(for: try request("/css/app.css.d/notes.txt")) == nil)
    }

    @Test func aFileAndAFolderServedAtOnePathStopStartUp() throws {
        try write("app.css", "a { }", in: root + "/css")
        #expect(throws: StaticFilesError.self) { try StaticFiles(root: root) }
    }

    @Test func aFolderWithoutPartsStopsStartUp() throws {
        try FileManager.default.createDirectory(atPath: root + "/empty.css.d", withIntermediateDirectories: true)
        #expect(throws: StaticFilesError.self) { try StaticFiles(root: root) }
    }

    @Test func aPartLinkedFromOutsideTheRootIsLeftOut() throws {
        let outside = root + "-outside.css"
        try "secret { }".write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: parts + "/05-leak.css", withDestinationPath: outside)
        #expect(try !body(StaticFiles(root: root), "/css/app.css").contains("secret"))
    }
}

/// The site's own stylesheet: every numbered section of `Public/css/app.css.d/`, once, in order.
@Suite struct SiteStylesheetTests {
    static let publicFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Public").path

    /// The stylesheet's sections as their headings number them, in the cascade's order.
    static let sections = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "10b", "10c", "10d", "10e", "10f",
                           "10g", "10h", "11", "12", "13", "14", "15", "16"]

    @Test func everySectionIsServedOnceInOrder() throws {
        let files = try StaticFiles(root: Self.publicFolder)
        let headings = String(decoding: try servedBytes(files, files.url(for: "/css/app.css")), as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("/* "), let dot = line.dropFirst(3).firstIndex(of: ".") else { return nil }
            let number = line[line.index(line.startIndex, offsetBy: 3)..<dot]
            return number.first?.isNumber == true && number.allSatisfy({ $0.isNumber || $0.isLowercase }) ? String(number) : nil
        }
        #expect(headings == Self.sections)
    }

    @Test func servedStylesheetIsThePartsConcatenated() throws {
        let folder = Self.publicFolder + "/css/app.css.d"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".css") }.sorted()
        let joined = try names.flatMap { Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) }
        #expect(try servedBytes(StaticFiles(root: Self.publicFolder), "/css/app.css") == joined)
    }
}

private func request(_ path: String, _ headers: HTTPHeaders = HTTPHeaders()) throws -> Request {
    Request(method: .get, path: try RequestPath(encoded: path), headers: headers)
}

/// The identity bytes a 200 for `path` carries (joined files are always answered from memory).
private func servedBytes(_ files: StaticFiles, _ path: String) throws -> [UInt8] {
    let response = try #require(files.response(for: request(path)))
    #expect(response.status == .ok)
    guard case .shared(let bytes) = response.body else {
        Issue.record("A joined file is answered from memory")
        return []
    }
    return bytes.bytes
}
