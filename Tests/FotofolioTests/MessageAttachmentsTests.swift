import Foundation
import Testing
@testable import Fotofolio

/// A message's photos and PDFs on both stores: stored with the message in its transaction,
/// read by the room's members only, gone with a removal or a deletion, kept when the sender
/// leaves, counted to the sender's storage, and kept from the sweep of unused photos.
@Suite struct MessageAttachmentsTests {
    let world: TestDatabase
    let library: PhotoLibrary
    let jana: Int64, vojta: Int64, petr: Int64
    let group: Int64
    let sent = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        world = try TestDatabase()
        library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        jana = try world.client().id!
        vojta = try world.creator().id!
        petr = try world.client("petr.n").id!
        group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [jana, vojta], at: sent).id
    }

    /// A photo through the pipeline and a PDF kept as it came, as the web layer makes them.
    func attachments(of owner: Int64) throws -> [MessageAttachment] {
        let photo = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner)
        let large = try #require(photo.variant(.full, .webp)), small = try #require(photo.variant(.square320, .webp))
        let pdfPath = world.directory + "/nabidka.pdf"
        try Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8).write(to: URL(fileURLWithPath: pdfPath))
        let pdf = try library.keepDocument(fileAt: pdfPath, owner: owner)
        return [
            MessageAttachment(kind: .photo, name: "espresso.jpg", byteCount: photo.byteCount, file: large.fileName,
                              width: large.width, height: large.height, thumbnailFile: small.fileName,
                              thumbnailWidth: small.width, thumbnailHeight: small.height, photoId: photo.id),
            MessageAttachment(kind: .pdf, name: "nabídka.pdf", byteCount: pdf.byteCount, file: pdf.file),
        ]
    }

    func send(_ content: String = "", attachments: [MessageAttachment], in room: Int64? = nil, by author: Int64? = nil) throws
        -> ChatMessage {
        try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: content), attachments: attachments,
                                 in: room ?? group, by: author ?? jana, at: sent).message
    }

    @Test func aMessageMayCarryOnlyAttachmentsAndIsReadWithThemInOrder() throws {
        let message = try send(attachments: try attachments(of: jana))
        #expect(message.content == "")
        let read = try #require(try world.messenger.history(of: group, for: vojta).last)
        #expect(read.attachments.map(\.kind) == [.photo, .pdf])
        #expect(read.attachments.map(\.name) == ["espresso.jpg", "nabídka.pdf"])
        #expect(read.attachments.allSatisfy { $0.id != nil })
        #expect(read.attachments[0].thumbnailWidth == 320 && read.attachments[0].photoId != nil)
    }

    @Test func aMessageWithoutTextOrAttachmentsIsStillRefused() throws {
        #expect(throws: MessengerError.emptyMessage) { try send("  ", attachments: []) }
    }

    @Test func theEnvelopeCarriesEachAttachmentsKindNameSizeAndAddress() throws {
        let message = try send("Nabídka", attachments: try attachments(of: jana))
        let event = try #require(try world.liveEvents.events(after: 0, limit: 100).last)
        let data = try decoded(event.payload).data
        let listed = try #require(data["attachments"] as? [[String: Any]])
        #expect(listed.map { $0["kind"] as? String } == ["photo", "pdf"])
        #expect(listed.map { $0["name"] as? String } == ["espresso.jpg", "nabídka.pdf"])
        #expect(listed.map { $0["size"] as? Int } == message.attachments.map(\.byteCount))
        #expect(listed.map { $0["url"] as? String }
            == message.attachments.map { MessageAttachment.path(of: $0.id!, in: group) })
        #expect(try world.outbox.pending(after: 0, limit: 100).last?.payload == event.payload)
    }

    @Test func onlyTheRoomsMembersReadAnAttachmentAndOnlyInItsOwnRoom() throws {
        let message = try send(attachments: try attachments(of: jana))
        let id = message.attachments[0].id!
        let other = try world.messenger.createGroup(named: "Jiná", by: jana, members: [jana, petr], at: sent).id
        #expect(try world.messenger.attachment(id, in: group, for: vojta)?.messageId == message.id)
        #expect(try world.messenger.attachment(id, in: group, for: petr) == nil)
        #expect(try world.messenger.attachment(id, in: other, for: jana) == nil)
        #expect(try world.messenger.attachment(id + 100, in: group, for: jana) == nil)
    }

    @Test func attachmentsStayWhenTheSenderLeavesTheRoom() throws {
        let message = try send(attachments: try attachments(of: vojta), by: vojta)
        try world.messenger.removeMember(vojta, from: group, by: vojta, at: sent)
        #expect(try world.messenger.attachment(message.attachments[1].id!, in: group, for: jana) != nil)
        #expect(try world.messenger.history(of: group, for: jana).last?.attachments.count == 2)
    }

    @Test func aRemovedOrDeletedMessageTakesItsAttachmentsWithIt() throws {
        let op = try world.operatorAccount()
        let removed = try send(attachments: try attachments(of: jana))
        let deleted = try send(attachments: [try attachments(of: jana)[1]])
        try world.moderation.apply(.removeMessage(removed.id), reason: "Spam", by: op.id!)
        _ = try world.messenger.delete(deleted.id, in: group, by: jana, at: sent)

        for attachment in removed.attachments + deleted.attachments {
            #expect(try world.messenger.attachment(attachment.id!, in: group, for: vojta) == nil)
        }
        #expect(try world.messenger.history(of: group, for: vojta).allSatisfy { $0.attachments.isEmpty })
        let replayed = try world.liveEvents.events(after: 0, limit: 100).map(\.payload)
        #expect(!replayed.contains { $0.contains("nabídka.pdf") })
    }

    @Test func aPDFCountsTowardsItsSendersStorage() throws {
        let before = try library.storedBytes(of: jana)
        let kept = try attachments(of: jana)
        _ = try send(attachments: kept)
        #expect(try library.storedBytes(of: jana) == before + kept[0].byteCount + kept[1].byteCount)
    }

    @Test func theSweepKeepsAMessagesFilesAndTakesThemOnceTheMessageIsRemoved() throws {
        let op = try world.operatorAccount()
        let message = try send(attachments: try attachments(of: jana))
        let later = Date().addingTimeInterval(3 * 24 * 3600)
        try UnusedPhotos(library: library).sweep(now: later)
        let files = message.attachments.flatMap { [$0.file] + ($0.thumbnailFile.map { [$0] } ?? []) }
        for file in files { #expect(FileManager.default.fileExists(atPath: library.path(of: file)!)) }
        #expect(try library.photo(id: message.attachments[0].photoId!) != nil)

        try world.moderation.apply(.removeMessage(message.id), reason: "Spam", by: op.id!)
        try UnusedPhotos(library: library).sweep(now: later)
        for file in files { #expect(!FileManager.default.fileExists(atPath: library.path(of: file)!)) }
        #expect(try library.storedBytes(of: jana) == 0)
    }
}
