import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import RawHTTP
import Testing
@testable import FotofolioWeb

/// Photos and PDFs in a message, through the room's form: what is taken and refused (with
/// nothing kept after a refusal), who is served a message's file (the room's members only,
/// for as long as the message stands), and with which headers.
@Suite struct MessageAttachmentPagesTests {
    static let photo = "products-dutar-lute.jpg"
    static let json = ["Accept": "application/json", "Accept-Language": "cs"]

    static func pdf(_ name: String = "nabídka.pdf", size: Int = 2_000) -> FormFile {
        var data = Data("%PDF-1.4\n".utf8)
        data.append(Data(repeating: 0x20, count: max(0, size - data.count - 6)))
        data.append(Data("%%EOF\n".utf8))
        return FormFile(field: "files", filename: name, contentType: "application/pdf", data: data)
    }

    /// Jana's and Vojta's room; Jana is signed in.
    static func room() async throws -> (server: WebTestServer, room: Int64) {
        let server = try WebTestServer.withOperator()
        try await server.cookies(of: "jana.k")
        return (server, try server.directRoom("jana.k", "vojtafoti"))
    }

    /// Jana sends a photo and a PDF; the stored message's attachments.
    static func sent(_ server: WebTestServer, in room: Int64, content: String = "") async throws -> (message: Int64, files: [String]) {
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", content)],
                                                     files: [try FormFile.demoPhoto(photo), pdf()], headers: json)
        #expect(reply.status == 201, "\(reply.body)")
        let id = try #require((WebTestServer.json(reply.body)["message"] as? [String: Any])?["id"] as? Int)
        let message = try #require(try MessengerService(stores: .sqlite(server.database)).message(Int64(id), for: try server.userId("jana.k")))
        let files = message.attachments.map { MessageAttachment.path(of: $0.id!, in: room) }
        return (Int64(id), files + [MessageAttachment.thumbnailPath(of: message.attachments[0].id!, in: room)])
    }

    /// Rows and files a refused upload must not leave behind.
    static func kept(_ server: WebTestServer) throws -> Kept {
        let rows = try server.database.pool.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chatAttachment") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo") ?? 0)
        }
        let media = URL(fileURLWithPath: server.directory + "/media")
        let files = FileManager.default.enumerator(at: media, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { ($0 as? URL).flatMap { try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true ? $0 : nil } }
            .count ?? 0
        return Kept(attachments: rows.0, photos: rows.1, files: files)
    }

    struct Kept: Equatable {
        let attachments: Int
        let photos: Int
        let files: Int
    }

    @Test func aMemberSendsAPhotoAndAPDFAndTheOtherMemberIsServedThem() async throws {
        let (server, room) = try await Self.room()
        let (_, files) = try await Self.sent(server, in: room)
        try await server.cookies(of: "vojtafoti")
        let large = try await server.send(files[0])
        #expect(large.status == 200)
        #expect(large.headers["content-type"] == "image/webp")
        #expect(large.headers["cache-control"] == "private, max-age=3600")
        #expect(large.headers["x-content-type-options"] == "nosniff")
        let small = try await server.send(files[2])
        #expect(small.status == 200 && small.headers["content-type"] == "image/webp")
        let pdf = try await server.send(files[1])
        #expect(pdf.status == 200)
        #expect(pdf.body.hasPrefix("%PDF-1.4"))
        #expect(pdf.headers["content-type"] == "application/pdf")
        #expect(pdf.headers["cache-control"] == "private, max-age=3600")
        #expect(pdf.headers["content-security-policy"] == "sandbox")
        #expect(pdf.headers["content-disposition"] == "attachment; filename=\"nab_dka.pdf\"; filename*=UTF-8''nab%C3%ADdka.pdf")
    }

    @Test func theRoomShowsThePhotosAsThumbnailsAndThePDFAsARowWithItsSize() async throws {
        let (server, room) = try await Self.room()
        let (_, files) = try await Self.sent(server, in: room)
        try await server.cookies(of: "vojtafoti")
        let page = try await server.page("/messages/\(room)")
        #expect(page.contains("<a class=\"chat-attachments__photo\" href=\"\(files[0])\" data-chat-photo"))
        #expect(page.contains("<img src=\"\(files[2])\" width=\"320\" height=\"320\" loading=\"lazy\" alt=\"\(Self.photo)\">"))
        #expect(page.contains("<span class=\"chat-attachments__name\">nabídka.pdf</span> <span class=\"chat-attachments__size\">2 kB</span>"))
        let list = try await server.page("/messages")
        #expect(list.contains("📷 Fotka"))
    }

    /// (who asks, status): the room's members only; everyone else, the same 404.
    @Test func onlyTheRoomsMembersAreServedItsFiles() async throws {
        let (server, room) = try await Self.room()
        let (_, files) = try await Self.sent(server, in: room)
        let other = try server.directRoom("martin.b", "vojtafoti")
        for file in files { #expect(try await server.send(file).status == 200, "the sender, \(file)") }
        server.signOut()
        for file in files { #expect(try await server.send(file).status == 404, "signed out, \(file)") }
        try await server.cookies(of: "martin.b")
        for file in files { #expect(try await server.send(file).status == 404, "a stranger, \(file)") }
        // A member of another room naming this room's file under theirs.
        try await server.cookies(of: "vojtafoti")
        for file in files {
            let elsewhere = file.replacingOccurrences(of: "/messages/\(room)/", with: "/messages/\(other)/")
            #expect(try await server.send(elsewhere).status == 404, "another room, \(elsewhere)")
        }
    }

    /// A message's photo is no portfolio photo: its variants are not public under `/media/`.
    @Test func aMessagesPhotoIsNotServedToEveryoneAsMedia() async throws {
        let (server, room) = try await Self.room()
        let (message, _) = try await Self.sent(server, in: room)
        let stored = try #require(try MessengerService(stores: .sqlite(server.database)).message(message, for: try server.userId("jana.k")))
        let photo = stored.attachments[0]
        let variants = [photo.file, photo.thumbnailFile!].map(MediaFiles.url)
        server.signOut()
        for variant in variants { #expect(try await server.send(variant).status == 404, "signed out, \(variant)") }
        try await server.cookies(of: "martin.b")
        for variant in variants { #expect(try await server.send(variant).status == 404, "a stranger, \(variant)") }
    }

    @Test func aRemovedMessagesFilesAreNoLongerServed() async throws {
        let (server, room) = try await Self.room()
        let (message, files) = try await Self.sent(server, in: room)
        try await server.cookies(of: "eva.s")
        let removed = try await server.submit("/moderation/actions", ["subject": "message:\(message)", "action": "removeMessage", "reason": "Spam"])
        #expect(removed.status == 303)
        try await server.cookies(of: "vojtafoti")
        for file in files { #expect(try await server.send(file).status == 404, "\(file)") }
        #expect(try Self.kept(server).attachments == 0)
    }

    @Test func aMessageItsAuthorDeletedHasNoFilesToServe() async throws {
        let (server, room) = try await Self.room()
        let (message, files) = try await Self.sent(server, in: room, content: "Fotka z focení")
        #expect(try await server.submit("/messages/\(room)/\(message)/delete", [:]).status == 303)
        for file in files { #expect(try await server.send(file).status == 404, "\(file)") }
        try await server.cookies(of: "vojtafoti")
        for file in files { #expect(try await server.send(file).status == 404, "\(file)") }
    }

    @Test func theFilesStayAfterTheSenderLeavesTheRoom() async throws {
        let (server, _) = try await Self.room()
        let messenger = MessengerService(stores: .sqlite(server.database))
        let group = try messenger.createGroup(named: "Svatba", by: try server.userId("jana.k"),
                                              members: [try server.userId("jana.k"), try server.userId("vojtafoti")]).id
        let (_, files) = try await Self.sent(server, in: group)
        #expect(try await server.submit("/messages/\(group)/members/remove", ["username": "jana.k"]).status == 303)
        try await server.cookies(of: "vojtafoti")
        for file in files { #expect(try await server.send(file).status == 200, "\(file)") }
        try await server.cookies(of: "jana.k")
        for file in files { #expect(try await server.send(file).status == 404, "the sender, no longer a member, \(file)") }
    }

    @Test func elevenPhotosAreRefusedAndNothingIsKept() async throws {
        let (server, room) = try await Self.room()
        let before = try Self.kept(server)
        let photos = try Array(repeating: FormFile.demoPhoto(Self.photo), count: 11)
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", "Fotky")],
                                                     files: photos, headers: Self.json)
        #expect(reply.status == 422)
        #expect(WebTestServer.json(reply.body)["error"] as? String == "Jedna zpráva unese nejvýš 10 fotek.")
        #expect(try Self.kept(server) == before)
        #expect(before.attachments == 0)
        #expect(try MessengerService(stores: .sqlite(server.database)).history(of: room, for: try server.userId("jana.k")).isEmpty)
    }

    /// (file, status): a PDF is told by its bytes, whatever its name or type says.
    @Test(arguments: [
        (FormFile(field: "files", filename: "smlouva.pdf", contentType: "application/pdf", data: Data("<script>alert(1)</script>".utf8)), 422),
        (FormFile(field: "files", filename: "obrazek.gif", contentType: "image/gif", data: Data("GIF89a......".utf8)), 422),
        (FormFile.text("not a photo", named: "fotka.jpg"), 422),
        (pdf(size: 21_000_000), 413),
    ])
    func aFileThatIsNotWhatItMayBeIsRefusedAndNothingIsKept(file: FormFile, status: Int) async throws {
        let (server, room) = try await Self.room()
        let before = try Self.kept(server)
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", "Soubor")],
                                                     files: [file], headers: Self.json)
        #expect(reply.status == status)
        #expect(WebTestServer.json(reply.body)["error"] != nil)
        #expect(try Self.kept(server) == before)
        #expect(before.attachments == 0)
    }

    @Test func withoutAScriptARefusalShowsTheRoomAgainWithTheTextKept() async throws {
        let (server, room) = try await Self.room()
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", "Posílám smlouvu")],
                                                     files: [FormFile(field: "files", filename: "smlouva.pdf", contentType: "application/pdf",
                                                                      data: Data("nic".utf8))],
                                                     headers: ["Accept-Language": "cs"])
        #expect(reply.status == 422)
        #expect(reply.body.contains("„smlouva.pdf“ není PDF."))
        #expect(reply.body.contains(">Posílám smlouvu</textarea>"))
    }

    @Test func withoutAScriptAMessageWithFilesComesBackToTheRoom() async throws {
        let (server, room) = try await Self.room()
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", "")],
                                                     files: [try FormFile.demoPhoto(Self.photo)])
        #expect(reply.status == 303)
        #expect(reply.headers["location"]?.hasPrefix("/messages/\(room)#message-") == true)
    }

    @Test func aBodyLargerThanTenPhotosAndAPDFIsRefusedBeforeItIsRead() async throws {
        let (server, room) = try await Self.room()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(UploadAdmissionTests.head("/messages/\(room)", length: AttachmentRules.largestBody + 1, cookies: server.jar))
        #expect(try connection.readResponse().status == 413)
        #expect(UploadAdmissionTests.spooled(server).isEmpty)
    }

    /// The signed-in person's 50 MB of files for the room are refused from the head alone.
    static func expectRefusedBeforeTheBody(_ server: WebTestServer, room: Int64) throws {
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(UploadAdmissionTests.head("/messages/\(room)", length: 50_000_000, cookies: server.jar))
        #expect(try connection.readResponse().status == 403)
        #expect(UploadAdmissionTests.spooled(server).isEmpty)
    }

    @Test func aStrangersFilesAreRefusedBeforeTheBodyIsRead() async throws {
        let (server, room) = try await Self.room()
        try await server.cookies(of: "martin.b")
        try Self.expectRefusedBeforeTheBody(server, room: room)
    }

    @Test func aBlockedPersonsFilesAreRefusedBeforeTheBodyIsRead() async throws {
        let (server, room) = try await Self.room()
        _ = try await server.submit("/u/vojtafoti/block", [:])
        try await server.cookies(of: "vojtafoti")
        try Self.expectRefusedBeforeTheBody(server, room: room)
    }

    @Test func aHostileNameNeverMakesAHeaderLine() async throws {
        let (server, room) = try await Self.room()
        let name = "faktura\u{202E}fdp.exe; x=1 kůň\u{2028}.pdf"
        let reply = try await server.submitMultipart("/messages/\(room)", [("uuid", UUID().uuidString), ("content", "")],
                                                     files: [Self.pdf(name)], headers: Self.json)
        #expect(reply.status == 201)
        let id = try #require((WebTestServer.json(reply.body)["message"] as? [String: Any])?["id"] as? Int)
        let message = try #require(try MessengerService(stores: .sqlite(server.database)).message(Int64(id), for: try server.userId("jana.k")))
        #expect(message.attachments[0].name == "fakturafdp.exe; x=1 kůň.pdf")
        let served = try await server.send(MessageAttachment.path(of: message.attachments[0].id!, in: room))
        #expect(served.headers["content-disposition"]
            == "attachment; filename=\"fakturafdp.exe_ x=1 k__.pdf\"; filename*=UTF-8''fakturafdp.exe%3B%20x%3D1%20k%C5%AF%C5%88.pdf")
    }

    @Test func theOtherMembersStreamGetsTheMessageWithItsAttachments() async throws {
        let (server, room) = try await Self.room()
        let vojta = try await server.cookies(of: "vojtafoti")
        let stream = try await server.stream(for: vojta)
        try await server.cookies(of: "jana.k")
        _ = try await Self.sent(server, in: room)
        let event = try await stream.next()
        let data = WebTestServer.json(event.data)["data"] as? [String: Any]
        let attachments = data?["attachments"] as? [[String: Any]]
        #expect(attachments?.map { $0["kind"] as? String } == ["photo", "pdf"])
        #expect((WebTestServer.json(event.data)["html"] as? String)?.contains("chat-attachments__file") == true)
    }
}
