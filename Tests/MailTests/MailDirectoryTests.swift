import Foundation
import Testing
@testable import Mail

@Suite struct MailDirectoryTests {
    @Test func messagesAreWrittenListedNewestFirstAndRead() throws {
        let temporary = try TemporaryDirectory()
        let folder = MailDirectory(directory: temporary.url.appendingPathComponent("outbox"))
        #expect(try folder.entries().isEmpty)
        try folder.write(Array("first".utf8), name: "mail-1", at: sampleDate)
        try folder.write(Array("second!".utf8), name: "mail-2", at: sampleDate.addingTimeInterval(3600))
        let entries = try folder.entries()
        #expect(entries == [.init(fileName: "20231114-231320-mail-2.eml", date: sampleDate.addingTimeInterval(3600), size: 7),
                            .init(fileName: "20231114-221320-mail-1.eml", date: sampleDate, size: 5)])
        #expect(try folder.read(fileName: "20231114-221320-mail-1.eml") == Array("first".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)
        #expect(leftovers.sorted() == entries.map(\.fileName).sorted(), "no temporary files left")
    }

    @Test func writingTheSameMailAgainReplacesIt() throws {
        let temporary = try TemporaryDirectory()
        let folder = MailDirectory(directory: temporary.url)
        try folder.write(Array("one".utf8), name: "mail-7", at: sampleDate)
        try folder.write(Array("two".utf8), name: "mail-7", at: sampleDate)
        try folder.write(Array("three".utf8), name: "mail-7", at: sampleDate.addingTimeInterval(5))
        let entries = try folder.entries()
        #expect(entries.map(\.fileName) == ["20231114-221325-mail-7.eml"])
        #expect(try folder.read(fileName: entries[0].fileName) == Array("three".utf8))
    }

    @Test(arguments: ["", "a/b", "../x", "..", "a..b", "x y", "mail\u{0}", "Příloha", "a\\b", String(repeating: "a", count: 129)])
    func namesThatAreNotPlainAreRefused(_ name: String) throws {
        let temporary = try TemporaryDirectory()
        let folder = MailDirectory(directory: temporary.url)
        #expect(throws: MailDirectory.NameError.self) { try folder.write([1], name: name, at: sampleDate) }
        #expect(try folder.entries().isEmpty)
    }

    @Test func onlyListedFilesAreRead() throws {
        let temporary = try TemporaryDirectory()
        let folder = MailDirectory(directory: temporary.url.appendingPathComponent("mail"))
        try folder.write([1, 2], name: "mail-1", at: sampleDate)
        try Data("secret".utf8).write(to: temporary.url.appendingPathComponent("secret.eml"))
        try Data("other".utf8).write(to: folder.directory.appendingPathComponent("notes.txt"))
        for name in ["../secret.eml", "notes.txt", "20231114-221320-mail-2.eml", "/etc/passwd", "", ".", "20231114-221320-mail-1.eml/"] {
            #expect(try folder.read(fileName: name) == nil, "\(name)")
        }
        #expect(try folder.entries().map(\.fileName) == ["20231114-221320-mail-1.eml"])
    }
}
