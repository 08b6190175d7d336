import Foundation
@testable import Fotofolio
@testable import FotofolioWeb
import HTTPServer
@testable import Imaging
import RawHTTP
import Testing
import Waiting

/// Nothing slow holds a polling thread: on a server with one, a share password being
/// checked, a gallery's archive making its next photo and a delivered photo being made
/// keep no other connection waiting. Photos decoded to be delivered share one budget of
/// megapixels, archives are limited per client, and HEAD makes nothing and counts nothing.
@Suite struct SlowWorkPagesTests {
    /// A server with one polling thread, answering over HTTP, with one run of argon2 at a
    /// time and a budget of one 60-megapixel photo.
    static func oneThread() throws -> WebTestServer {
        try WebTestServer(transport: .http, threads: 1,
                          passwordHasher: PasswordHasher(parameters: .fastForTests, concurrentRuns: 1),
                          decodingBudget: DecodingBudget(megapixels: 60))
    }

    /// A link-only gallery holding one WebP photo (`width` × `height`, black), delivered.
    static func deliveredWebP(on server: WebTestServer, width: Int = 640, height: Int = 480) async throws
        -> (scene: GalleryScene, download: String, archive: String) {
        let scene = try await GalleryScene.make(forAccount: false, title: "Archiv", on: server)
        let file = server.directory + "/IMG_0001.webp"
        _ = try GalleryTools.run("vips", ["black", file, "\(width)", "\(height)", "--bands", "3"])
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        scene.be(scene.photographer)
        let uploaded = try await server.submitMultipart(scene.path + "/photos", [], files: [
            FormFile(field: "files", filename: "IMG_0001.webp", contentType: "image/webp", data: data),
        ])
        #expect(uploaded.status == 303)
        try await scene.deliver()
        scene.be(nil)
        let id = try #require(try scene.details().photos.first?.photo.id)
        return (scene, "\(scene.clientPath)/photos/\(id)/download", "\(scene.clientPath)/download.zip")
    }

    /// GETs `path` from the daemon over a socket, on a thread started now, as a browser
    /// downloads: under way before this returns, whatever Swift's few shared threads are doing.
    static func downloading(_ path: String, port: Int, sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) -> Download {
        let download = Download()
        Thread {
            let result = Result { try SocketDownload.get(port: port, path: path, cookies: [:], timeout: .seconds(90), sink: sink) }
            download.result.with { $0 = result }
        }.start()
        return download
    }

    /// A download under way on a thread of its own.
    final class Download: Sendable {
        let result = Locked<Result<(status: Int, headers: [String: String], length: Int), any Error>?>(nil)

        var value: (status: Int, headers: [String: String], length: Int) {
            get async throws {
                try await waitUntil("the download ends", timeout: .seconds(120)) { result.with { $0 != nil } }
                return try result.with { $0! }.get()
            }
        }
    }

    @Test func aSharePasswordBeingCheckedHoldsUpNoOtherConnection() async throws {
        let server = try Self.oneThread()
        try server.seedDiscovery()
        let link = try server.shareLink(of: try server.portfolioId(named: "Svatby"),
                                        form: ShareLinkForm(label: "Novákovi", password: "tajne-heslo"))
        let unlock = try await server.pendingSubmit("/s/\(link.token)", ["password": "tajne-heslo"])
        let slots = server.passwordHasher.slots
        slots.take()
        let held = Locked(true)
        defer { if held.with({ $0 }) { slots.give() } }
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(unlock.wire)
        try await waitUntil("the password waits for argon2") { slots.waitingRuns == 1 }
        // The only polling thread answers another connection meanwhile.
        #expect(try await server.send("/search").status == 200)
        held.with { $0 = false }
        slots.give()
        let answer = try connection.readResponse(timeout: .seconds(20))
        #expect(answer.status == 303)
        #expect(answer.headers["location"] == "/s/\(link.token)")
    }

    @Test func anArchiveMakingItsNextPhotoHoldsUpNoOtherConnection() async throws {
        let server = try Self.oneThread()
        let (scene, _, archive) = try await Self.deliveredWebP(on: server)
        let budget = server.decodingBudget
        try budget.take(budget.megapixels, waitingAtMost: .zero)
        let held = Locked(true)
        defer { if held.with({ $0 }) { budget.give(budget.megapixels) } }
        let tail = Locked<[UInt8]>([])
        let download = Self.downloading(archive, port: server.daemon.port) { bytes in tail.with { $0 = Array(($0 + bytes).suffix(64)) } }
        try await waitUntil("the archive waits to decode its photo") { budget.waitingDecodes == 1 }
        #expect(try await server.send(scene.clientPath).status == 200)
        held.with { $0 = false }
        budget.give(budget.megapixels)
        let reply = try await download.value
        #expect(reply.status == 200 && reply.headers["content-type"] == "application/zip")
        #expect(tail.with { $0 }.firstRange(of: [0x50, 0x4B, 0x05, 0x06]) != nil, "the archive is complete")
    }

    @Test func aDeliveredPhotoBeingMadeHoldsUpNoOtherConnection() async throws {
        let server = try Self.oneThread()
        let (scene, path, _) = try await Self.deliveredWebP(on: server)
        let budget = server.decodingBudget
        try budget.take(budget.megapixels, waitingAtMost: .zero)
        let held = Locked(true)
        defer { if held.with({ $0 }) { budget.give(budget.megapixels) } }
        let length = Locked(0)
        let download = Self.downloading(path, port: server.daemon.port) { bytes in length.with { $0 += bytes.count } }
        try await waitUntil("the photo waits to be decoded") { budget.waitingDecodes == 1 }
        #expect(try await server.send(scene.clientPath).status == 200)
        held.with { $0 = false }
        budget.give(budget.megapixels)
        let reply = try await download.value
        #expect(reply.status == 200 && reply.headers["content-type"] == "image/jpeg")
        #expect(length.with { $0 } > 0)
    }

    @Test func aDeliveryPastTheDecodingBudgetWaitsAndThenAnswers503WithRetryAfter() async throws {
        let server = try WebTestServer(decodingBudget: DecodingBudget(megapixels: 60))
        let (scene, path, _) = try await Self.deliveredWebP(on: server)
        let budget = server.decodingBudget
        try budget.take(budget.megapixels, waitingAtMost: .zero)
        let busy = try await server.send(path)
        budget.give(budget.megapixels)
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "5")
        #expect(try scene.details().gallery.downloadCount == 0, "a refused download is not counted")
        #expect(try await server.bytes(path).status == 200)
        #expect(try scene.details().gallery.downloadCount == 1)
    }

    @Test func headOfADeliveredPhotoOrAnArchiveDecodesNothingAndCountsNothing() async throws {
        let server = try WebTestServer(decodingBudget: DecodingBudget(megapixels: 60))
        let (scene, path, archive) = try await Self.deliveredWebP(on: server)
        let photo = try await server.send(path, method: "HEAD")
        #expect(photo.status == 200 && photo.body.isEmpty)
        #expect(photo.headers["content-type"] == "image/jpeg")
        #expect(photo.headers["content-disposition"]?.hasPrefix("attachment; filename=\"IMG_0001.jpg\"") == true)
        let zip = try await server.send(archive, method: "HEAD")
        #expect(zip.status == 200 && zip.body.isEmpty)
        #expect(zip.headers["content-type"] == "application/zip")
        #expect(server.decodingBudget.decodesStarted == 0, "nothing was decoded")
        #expect(try scene.details().gallery.downloadCount == 0, "nothing was counted")
        // GET still makes and counts it.
        #expect(try await server.bytes(path).status == 200)
        #expect(server.decodingBudget.decodesStarted == 1)
        #expect(try scene.details().gallery.downloadCount == 1)
    }

    /// Two archives of one client at once; a third is told when to come back, and may once
    /// one of the two is done.
    @Test func aClientDownloadsTwoArchivesAtOnceAndIsToldWhenToAskForAThird() async throws {
        let server = try Self.oneThread()
        let (_, _, archive) = try await Self.deliveredWebP(on: server)
        let budget = server.decodingBudget
        try budget.take(budget.megapixels, waitingAtMost: .zero)
        let held = Locked(true)
        defer { if held.with({ $0 }) { budget.give(budget.megapixels) } }
        let port = server.daemon.port
        let downloads = (0..<2).map { _ in Self.downloading(archive, port: port) { _ in } }
        try await waitUntil("both archives wait to decode their photo") { budget.waitingDecodes == 2 }
        let third = try await server.send(archive)
        #expect(third.status == 429)
        #expect(third.headers["retry-after"] == "30")
        held.with { $0 = false }
        budget.give(budget.megapixels)
        for download in downloads { #expect(try await download.value.status == 200) }
        try await waitUntil("the archives' slots are given back") { try await server.bytes(archive).status == 200 }
    }

    @Test func archiveSlotsArePerClientPerAddressAndInAll() throws {
        let slots = ArchiveSlots(limits: ArchiveSlots.Limits(perClient: 2, perAddress: 3, total: 4))
        var held = [try slots.take(client: "person 1", address: "192.0.2.1"), try slots.take(client: "person 1", address: "192.0.2.1")]
        #expect(throws: HTTPFailure(.tooManyRequests, "Too many archives are being downloaded from here at once.")) {
            try slots.take(client: "person 1", address: "192.0.2.9")
        }
        held.append(try slots.take(client: "person 2", address: "192.0.2.1"))
        #expect(throws: HTTPFailure(.tooManyRequests, "Too many archives are being downloaded from here at once.")) {
            try slots.take(client: "person 3", address: "192.0.2.1")
        }
        held.append(try slots.take(client: "person 3", address: "192.0.2.2"))
        #expect(throws: HTTPFailure(.serviceUnavailable, "Too many archives are being downloaded at once.")) {
            try slots.take(client: "person 4", address: "192.0.2.3")
        }
        held.removeFirst()
        #expect(slots.inUse == 3)
        held.append(try slots.take(client: "person 1", address: "192.0.2.1"))
        #expect(slots.inUse == 4)
    }
}

extension WebTestServer.PendingRequest {
    /// The request as a client writes it on the wire.
    var wire: [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for field in headers where field.name.lowercased() != "content-length" { head += "\(field.name): \(field.value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }
}
