import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Proofing galleries through the pages: who may open and change each route, uploads and
/// their watermarked previews (compared pixel by pixel with the plain variants), the
/// client's picks with their limit and notes, the photographer's live view of them, and
/// delivery: the originals with the licence in their XMP, one by one or as a ZIP made while
/// it downloads, in bounded memory even for 500 photos.
@Suite struct GalleryPagesTests {
    static let unknownAddress = SharePagesTests.unknownAddress

    /// The page with the one part that echoes the address asked for made alike.
    static func page(_ html: String) -> String { SharePagesTests.page(html) }

    static func tileCount(_ html: String) -> Int { html.matches(of: /data-gallery-tile data-photo="\d+"/).count }

    /// The address each tile links its full image to, in order.
    static func fullURLs(_ html: String) -> [String] {
        html.matches(of: /<a class="gallery-tile__image" href="([^"]+)" data-gallery-image>/).map { String($0.1) }
    }

    /// The square each tile shows (the `src` of its `<img>`), in order.
    static func squareURLs(_ html: String) -> [String] {
        html.matches(of: /<img class="photo__image" src="([^"]+)"/).map { String($0.1) }
    }

    static func json(_ reply: WebTestServer.Reply) -> [String: Any] { WebTestServer.json(reply.body) }

    // MARK: - Who may do what

    @Test func everyRouteAnswersItsPhotographerAndItsClientAndIsA404ToEveryoneElse() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        #expect(try await scene.upload(["food-espresso-cup.jpg", "night-city-skyline.jpg"]).status == 303)
        let photo = try scene.details().photos[0].photo.id!
        let pick = "\(scene.clientPath)/photos/\(photo)/pick"
        let download = "\(scene.clientPath)/photos/\(photo)/download", zip = "\(scene.clientPath)/download.zip"
        let before = try scene.snapshot()

        // The photographer: every /galleries route; /g/ sends them to their own page; only the client chooses.
        scene.be(scene.photographer)
        let list = try await server.send("/galleries")
        #expect(list.status == 200)
        #expect(list.body.contains("href=\"\(scene.path)\"") && list.body.contains("Svatba Novákových"))
        let own = try await server.send(scene.path)
        #expect(own.status == 200)
        #expect(own.body.contains("<h1 class=\"page-header__title\">Svatba Novákových</h1>"))
        #expect(own.body.contains("value=\"http://127.0.0.1:\(server.daemon.port)\(scene.clientPath)\""))
        #expect(own.headers["cache-control"] == "private, no-store" && own.headers["referrer-policy"] == "no-referrer")
        let fragment = try await server.send(scene.path, headers: ["X-Fragment": "photos"])
        #expect(fragment.status == 200)
        #expect(Self.tileCount(fragment.body) == 2 && !fragment.body.contains("<html"))
        #expect(try await server.send(scene.path + "/picks.txt").status == 200)
        let redirected = try await server.send(scene.clientPath)
        #expect(redirected.status == 303 && redirected.headers["location"] == scene.path)
        #expect(try await server.submit(scene.clientPath + "/picks", ["pick": "\(photo)"]).status == 403)
        #expect(try await server.submit(pick, ["picked": "true"]).status == 403)
        #expect(try await server.send(download).status == 404, "nothing is delivered yet")
        #expect(try await server.send(zip).status == 404)
        #expect(try scene.snapshot() == before)

        // The client: the gallery at /g/, none of the photographer's routes.
        scene.be(scene.client)
        let clientsList = try await server.send("/galleries")
        #expect(clientsList.status == 200 && clientsList.body.contains("href=\"\(scene.clientPath)\""))
        #expect(!clientsList.body.contains("href=\"\(scene.path)\""))
        let clientsPage = try await server.send(scene.clientPath)
        #expect(clientsPage.status == 200)
        #expect(clientsPage.body.contains("<h1 class=\"page-header__title\">Svatba Novákových</h1>"))
        #expect(clientsPage.body.contains("action=\"\(scene.clientPath)/picks\""))
        #expect(!clientsPage.body.contains("data-gallery-upload") && !clientsPage.body.contains("data-gallery-deliver"))
        #expect(clientsPage.headers["cache-control"] == "private, no-store")
        #expect(clientsPage.headers["x-robots-tag"] == "noindex, nofollow")
        try await expectPhotographerRoutesAre404(scene, photo: photo)
        #expect(try await server.send(download).status == 404)
        #expect(try await server.send(zip).status == 404)
        #expect(try await server.submit("/galleries", ["title": "Klientova"]).status == 403, "a client makes no gallery")
        #expect(try scene.snapshot() == before)

        // Another photographer and another client: the same 404 as an unknown address, everywhere.
        for other in [scene.otherPhotographer, scene.otherClient] {
            scene.be(other)
            let unknown = try await server.send(Self.unknownAddress)
            #expect(!(try await server.send("/galleries")).body.contains("Svatba Novákových"))
            try await expectPhotographerRoutesAre404(scene, photo: photo)
            let opened = try await server.send(scene.clientPath)
            #expect(opened.status == 404)
            #expect(Self.page(opened.body) == Self.page(unknown.body))
            #expect(try await server.submit(scene.clientPath + "/picks", ["pick": "\(photo)", "send": "1"]).status == 404)
            #expect(try await server.submit(pick, ["picked": "true"], headers: ["Accept": "application/json"]).status == 404)
            #expect(try await server.send(download).status == 404)
            #expect(try await server.send(zip).status == 404)
        }
        #expect(try scene.snapshot() == before)

        // A guest is sent to log in, from every route of a gallery of an account.
        scene.be(nil)
        for path in ["/galleries", scene.path, scene.path + "/picks.txt", scene.clientPath, download, zip] {
            let reply = try await server.send(path)
            #expect(reply.status == 303, "\(path)")
            #expect(reply.headers["location"]?.hasPrefix("/login?return=") == true, "\(path)")
        }
        for path in ["/galleries", scene.path + "/deliver", scene.clientPath + "/picks", pick] {
            let reply = try await server.submit(path, ["title": "Cizí", "pick": "\(photo)", "picked": "true"])
            #expect(reply.status == 303 && reply.headers["location"]?.hasPrefix("/login") == true, "\(path)")
        }
        let guestUpload = try await server.submitMultipart(scene.path + "/photos", [], files: [try .demoPhoto("food-espresso-cup.jpg")])
        #expect(guestUpload.status == 303 && guestUpload.headers["location"]?.hasPrefix("/login") == true)
        #expect(try scene.snapshot() == before)

        // After delivery: the client and the photographer download, no one else.
        try await scene.deliver()
        let delivered = try scene.snapshot()
        for (person, status) in [(scene.client, 200), (scene.photographer, 200), (scene.otherPhotographer, 404), (scene.otherClient, 404)] {
            scene.be(person)
            #expect(try await server.bytes(download).status == status)
            #expect(try await server.bytes(zip).status == status)
        }
        scene.be(nil)
        #expect(try await server.send(download).headers["location"]?.hasPrefix("/login?return=") == true)
        #expect(try await server.send(zip).headers["location"]?.hasPrefix("/login?return=") == true)
        // The client's two downloads were counted; the photographer's and the refused ones were not.
        #expect(try scene.details().gallery.downloadCount == 2)
        _ = delivered
    }

    /// Every route of the photographer's is the same 404 as a gallery that does not exist,
    /// for whoever is signed in now, and changes nothing.
    private func expectPhotographerRoutesAre404(_ scene: GalleryScene, photo: Int64, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let server = scene.server
        let missing = try await server.send("/galleries/999999")
        #expect(missing.status == 404, sourceLocation: sourceLocation)
        for headers in [[:], ["X-Fragment": "photos"]] {
            let reply = try await server.send(scene.path, headers: headers)
            #expect(reply.status == 404, sourceLocation: sourceLocation)
            #expect(Self.page(reply.body) == Self.page(missing.body), sourceLocation: sourceLocation)
            #expect(!reply.body.contains("Svatba Novákových"), sourceLocation: sourceLocation)
        }
        #expect(try await server.send(scene.path + "/picks.txt").status == 404, sourceLocation: sourceLocation)
        #expect(try await server.submit(scene.path + "/deliver", [:]).status == 404, sourceLocation: sourceLocation)
        let upload = try await server.submitMultipart(scene.path + "/photos", [], files: [try .demoPhoto("food-espresso-cup.jpg")])
        #expect(upload.status == 404, sourceLocation: sourceLocation)
    }

    @Test func aGalleryWithoutAClientOpensToAnyoneWithItsLink() async throws {
        let scene = try await GalleryScene.make(forAccount: false)
        let server = scene.server
        try await scene.upload(["food-espresso-cup.jpg"])
        let photo = try scene.details().photos[0].photo.id!
        for person in [nil, scene.client, scene.otherClient, scene.otherPhotographer] {
            scene.be(person)
            let page = try await server.send(scene.clientPath)
            #expect(page.status == 200)
            #expect(page.body.contains("<h1 class=\"page-header__title\">Svatba Novákových</h1>"))
            #expect(page.body.contains("data-pick-action=\"\(scene.clientPath)/photos/\(photo)/pick\""))
            // The photographer's own routes stay theirs.
            let own = try await server.send(scene.path)
            #expect(own.status == (person == nil ? 303 : 404))
        }
        // A guest holding the link chooses.
        scene.be(nil)
        let picked = try await server.submit("\(scene.clientPath)/photos/\(photo)/pick", ["picked": "true"], headers: ["Accept": "application/json"])
        #expect(picked.status == 200)
        #expect(Self.json(picked)["count"] as? Int == 1)
        scene.be(scene.photographer)
        #expect(try await server.send(scene.clientPath).headers["location"] == scene.path)
    }

    @Test func unknownAndMalformedTokensAreTheSame404AsAnUnknownAddress() async throws {
        let scene = try await GalleryScene.make(forAccount: false)
        let server = scene.server
        try await scene.upload(["food-espresso-cup.jpg"])
        try await scene.deliver()
        let photo = try scene.details().photos[0].photo.id!
        let token = scene.token
        let tokens = [String(repeating: "0", count: 48), "abc", token.uppercased(), String(token.dropLast()), token + "0",
                      String(token.dropLast()) + "g", token + "/x"]
        for person in [nil, scene.client] {
            scene.be(person)
            let unknown = try await server.send(Self.unknownAddress)
            #expect(unknown.status == 404)
            for bad in tokens {
                let reply = try await server.send("/g/\(bad)")
                #expect(reply.status == 404, "\(bad)")
                #expect(Self.page(reply.body) == Self.page(unknown.body), "\(bad)")
                #expect(try await server.send("/g/\(bad)/photos/\(photo)/download").status == 404, "\(bad)")
                #expect(try await server.send("/g/\(bad)/download.zip").status == 404, "\(bad)")
                #expect(try await server.submit("/g/\(bad)/photos/\(photo)/pick", ["picked": "true"]).status == 404, "\(bad)")
                #expect(try await server.submit("/g/\(bad)/picks", ["pick": "\(photo)"]).status == 404, "\(bad)")
            }
            // A photo of no gallery, or not this one's, through the right token.
            #expect(try await server.send("\(scene.clientPath)/photos/999999/download").status == 404)
            #expect(try await server.send("\(scene.clientPath)/photos/abc/download").status == 404)
        }
        #expect(try scene.details().gallery.downloadCount == 0)
    }

    @Test func aPostWithoutTheCSRFTokenIsRefusedAndStoresNothing() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        try await scene.upload(["food-espresso-cup.jpg"])
        let photo = try scene.details().photos[0].photo.id!
        let before = try scene.snapshot()
        let sameOrigin = ["Sec-Fetch-Site": "same-origin"]

        scene.be(scene.photographer)
        #expect(try await server.send("/galleries", method: "POST", headers: sameOrigin, form: "title=Podvrh").status == 403)
        let forgedUpload = try await server.submitMultipart(scene.path + "/photos", [], files: [try .demoPhoto("night-city-skyline.jpg")],
                                                            csrf: false)
        #expect(forgedUpload.status == 403)
        #expect(try await server.send(scene.path + "/deliver", method: "POST", headers: sameOrigin, form: "").status == 403)

        scene.be(scene.client)
        #expect(try await server.send(scene.clientPath + "/picks", method: "POST", headers: sameOrigin,
                                      form: "pick=\(photo)&send=1").status == 403)
        #expect(try await server.send("\(scene.clientPath)/photos/\(photo)/pick", method: "POST",
                                      headers: sameOrigin.merging(["Accept": "application/json"]) { _, new in new },
                                      form: "picked=true").status == 403)
        #expect(try scene.snapshot() == before)
        #expect(try Galleries(stores: .sqlite(server.database)).galleries(of: server.userId("vojta.test")).count == 1)
    }

    // MARK: - Uploads and previews

    @Test func uploadingTwoPhotosAddsTwoTilesShowingTheirWatermarkedPreviews() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        let uploaded = try await scene.upload(["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        #expect(uploaded.status == 303)
        #expect(uploaded.headers["location"] == scene.path + "?added=2")
        let page = try await server.send(scene.path + "?added=2")
        #expect(page.body.contains("2 photos added."))
        #expect(Self.tileCount(page.body) == 2)
        #expect(page.body.contains("food-espresso-cup.jpg") && page.body.contains("night-city-skyline.jpg"))

        let details = try scene.details()
        #expect(details.photos.map(\.fileName) == ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let previewFiles = Set(details.photos.flatMap { $0.previews.map(\.fileName) })
        let plainFiles = Set(details.photos.flatMap { $0.photo.variants.map(\.fileName) })
        #expect(!previewFiles.isEmpty && previewFiles.isDisjoint(with: plainFiles))
        scene.be(scene.client)
        let clientsPage = try await server.send(scene.clientPath).body
        for html in [page.body, clientsPage] {
            let shown = Self.fullURLs(html) + Self.squareURLs(html)
            #expect(shown.count == 4)
            // Every address a tile shows is one of the watermarked previews, none a plain variant.
            for url in shown {
                let name = String(url.dropFirst("/media/".count))
                #expect(url.hasPrefix("/media/") && previewFiles.contains(name), "\(url)")
            }
            for plain in plainFiles { #expect(!html.contains(plain), "\(plain) is a plain variant") }
        }
        for url in Self.fullURLs(clientsPage) {
            let served = try await server.bytes(url)
            #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg")
        }

        // The script sends one file a request and is answered in JSON.
        let json = try await scene.upload(["landscape-forest-stream.jpg"], json: true)
        #expect(json.status == 201)
        #expect(Self.json(json)["added"] as? Int == 1)
        #expect((Self.json(json)["problems"] as? [Any])?.isEmpty == true)
        #expect(Self.tileCount(try await server.send(scene.path).body) == 3)

        // Once delivered, nothing more is added.
        try await scene.deliver()
        let photos = try scene.snapshot()
        let late = try await scene.upload(["animals-cat-chelsea.jpg"])
        #expect(late.status == 409)
        #expect(try await scene.upload(["animals-cat-chelsea.jpg"], json: true).status == 409)
        #expect(try scene.snapshot() == photos, "no photo imported, none added")
        #expect(!(try await server.send(scene.path)).body.contains("data-gallery-upload"))
    }

    @Test func thePreviewsPixelsDifferFromThePlainVariantsAndTheDeliveredFileIsTheOriginal() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        let name = "night-city-skyline.jpg"
        try await scene.upload([name])
        let item = try #require(try scene.details().photos.first)
        let scratch = server.directory + "/compare"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        func save(_ url: String, as file: String) async throws -> String {
            let reply = try await server.bytes(url)
            #expect(reply.status == 200, "\(url)")
            let path = scratch + "/" + file
            try Data(reply.body).write(to: URL(fileURLWithPath: path))
            return path
        }

        // What the client is shown: the full preview the tile links and the square it shows.
        scene.be(scene.client)
        let proofing = try await server.send(scene.clientPath).body
        let previewFull = try #require(Self.fullURLs(proofing).first)
        let previewSquare = try #require(Self.squareURLs(proofing).first)
        let plainFull = MediaFiles.url(try #require(item.photo.variant(.full, .jpeg)).fileName)
        let plainSquare = MediaFiles.url(try #require(item.photo.variant(.square640, .jpeg)).fileName)
        #expect(previewFull != plainFull && previewSquare != plainSquare)
        for (preview, plain, kind) in [(previewFull, plainFull, "full"), (previewSquare, plainSquare, "square")] {
            let marked = try await save(preview, as: "preview-\(kind).jpg")
            // The plain files reach the client only once delivered; until then, the photographer's.
            #expect(try await server.bytes(plain).status == 404, "\(kind) before delivery")
            scene.be(scene.photographer)
            let clean = try await save(plain, as: "plain-\(kind).jpg")
            scene.be(scene.client)
            #expect(try GalleryTools.size(marked) == GalleryTools.size(clean), "\(kind): cut alike")
            let difference = try GalleryTools.difference(marked, clean, scratch: scratch)
            // Measured on this photo: a mean of 3.4 (full, 2048 × 1536) and 3.1 (square, 640)
            // and a largest difference of 100 of 255; the same image encoded twice by libvips
            // differs by a mean of 0.0002 and at most 4.
            #expect(difference.mean > 1.5, "\(kind): \(difference)")
            #expect(difference.max > 60, "\(kind): \(difference)")
        }

        // Delivered: the plain variants, and the download is the original.
        try await scene.deliver()
        scene.be(scene.client)
        let delivered = try await server.send(scene.clientPath).body
        #expect(Self.fullURLs(delivered) == [plainFull])
        #expect(Self.squareURLs(delivered) == [plainSquare])
        #expect(!delivered.contains(String(previewFull.dropFirst("/media/".count))))
        let download = try await server.bytes("\(scene.clientPath)/photos/\(item.photo.id!)/download")
        #expect(download.status == 200)
        #expect(download.headers["content-type"] == "image/jpeg")
        #expect(download.headers["content-disposition"] == "attachment; filename=\"\(name)\"; filename*=UTF-8''\(name)")
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: WebTestServer.repository + "/Demo/photos/" + name)))
        #expect(download.body != original, "the licence is written in")
        #expect(JPEGBytes.withoutXMP(download.body) == original, "only the XMP packet was added")
        let downloaded = scratch + "/delivered.jpg"
        try Data(download.body).write(to: URL(fileURLWithPath: downloaded))
        let pixels = try GalleryTools.difference(downloaded, WebTestServer.repository + "/Demo/photos/" + name, scratch: scratch)
        #expect(pixels.max == 0, "\(pixels)")
    }

    // MARK: - Picks

    @Test func heartsFollowTheLimitAndTheCommentsTheirLength() async throws {
        let scene = try await GalleryScene.make(pickLimit: "2")
        let server = scene.server
        try await scene.upload(["food-espresso-cup.jpg", "night-city-skyline.jpg", "animals-cat-chelsea.jpg"])
        let ids = try scene.ids(of: ["food-espresso-cup.jpg", "night-city-skyline.jpg", "animals-cat-chelsea.jpg"])
        let json = ["Accept": "application/json"]
        func pick(_ id: Int64, _ fields: [String: String], headers: [String: String] = json) async throws -> WebTestServer.Reply {
            try await server.submit("\(scene.clientPath)/photos/\(id)/pick", fields, headers: headers)
        }
        scene.be(scene.client)
        let first = try await pick(ids[0], ["picked": "true", "comment": "Světlejší, prosím"])
        #expect(first.status == 200)
        #expect(Self.json(first)["picked"] as? Bool == true)
        #expect(Self.json(first)["count"] as? Int == 1)
        #expect(Self.json(first)["summary"] as? String == "1 of 2 chosen")
        #expect(Self.json(try await pick(ids[1], ["picked": "true"]))["summary"] as? String == "2 of 2 chosen")

        // The third is one too many: told why, nothing stored.
        let full = try scene.snapshot()
        let third = try await pick(ids[2], ["picked": "true"])
        #expect(third.status == 409)
        #expect(Self.json(third)["error"] as? String == "You can choose at most 2 photos. Take another one back first.")
        let thirdWithoutScript = try await pick(ids[2], ["picked": "true"], headers: [:])
        #expect(thirdWithoutScript.status == 409)
        #expect(thirdWithoutScript.body.contains("You can choose at most 2 photos. Take another one back first."))
        #expect(try scene.snapshot() == full)

        // A note of 600 characters is refused; the note stored stays.
        let long = try await pick(ids[0], ["picked": "true", "comment": String(repeating: "á", count: 600)])
        #expect(long.status == 422)
        #expect(Self.json(long)["error"] as? String == "A note can have at most 500 characters.")
        #expect(try await pick(ids[0], ["picked": "true", "comment": String(repeating: "a", count: 600)], headers: [:]).status == 422)
        #expect(try scene.snapshot() == full)
        #expect(try scene.details().photos.first { $0.photo.id == ids[0] }?.pick?.comment == "Světlejší, prosím")

        // Taking one back makes room; without the script the answer is the page at the photo.
        let back = try await pick(ids[1], ["picked": "false"])
        #expect(Self.json(back)["picked"] as? Bool == false && Self.json(back)["count"] as? Int == 1)
        #expect(Self.json(back)["summary"] as? String == "1 of 2 chosen")
        let plain = try await pick(ids[2], ["picked": "true"], headers: [:])
        #expect(plain.status == 303 && plain.headers["location"] == "\(scene.clientPath)#photo-\(ids[2])")
        #expect(Set(try scene.details().picks.map { $0.photo.id! }) == [ids[0], ids[2]])
    }

    @Test func theWholeFormRefusesTooManyIdsAndSendsTheChoice() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        let names = ["food-espresso-cup.jpg", "night-city-skyline.jpg", "animals-cat-chelsea.jpg"]
        try await scene.upload(names)
        let ids = try scene.ids(of: names)
        scene.be(scene.client)
        let before = try scene.snapshot()

        // 10,000 ids: refused as a whole, plainly, with nothing changed.
        let flood = try await server.submitPairs(scene.clientPath + "/picks", (1...10_000).map { ("pick", "\($0)") } + [("send", "1")])
        #expect((400..<500).contains(flood.status), "\(flood.status)")
        #expect(flood.body.contains("That photo is not in this gallery."))
        #expect(try scene.snapshot() == before)
        // A note too long in the form: the same sentence as with the script, nothing changed.
        let long = try await server.submitPairs(scene.clientPath + "/picks",
                                                [("pick", "\(ids[0])"), ("comment-\(ids[0])", String(repeating: "x", count: 600))])
        #expect(long.status == 422)
        #expect(long.body.contains("A note can have at most 500 characters."))
        #expect(try scene.snapshot() == before)
        // A photo of no gallery.
        #expect(try await server.submitPairs(scene.clientPath + "/picks", [("pick", "999999")]).status == 404)
        // Sending nothing.
        let empty = try await server.submitPairs(scene.clientPath + "/picks", [("send", "1")])
        #expect(empty.status == 422)
        #expect(empty.body.contains("Choose at least one photo first."))
        #expect(try scene.details().gallery.submittedAt == nil)

        // Two hearts with notes, sent.
        let sent = try await server.submitPairs(scene.clientPath + "/picks", [
            ("pick", "\(ids[2])"), ("comment-\(ids[2])", "Tuhle do alba"), ("pick", "\(ids[0])"), ("comment-\(ids[0])", ""),
            ("comment-\(ids[1])", "jen poznámka bez srdce"), ("send", "1"),
        ])
        #expect(sent.status == 303)
        #expect(sent.headers["location"] == scene.clientPath + "?sent=1")
        let clientsPage = try await server.send(scene.clientPath + "?sent=1").body
        #expect(clientsPage.contains("Your choice is sent. You can still change it until the photos are delivered."))
        #expect(clientsPage.contains("2 chosen"))
        let details = try scene.details()
        #expect(details.gallery.submittedAt != nil)
        #expect(details.picks.map { $0.photo.id! } == [ids[2], ids[0]], "by name: the cat before the espresso")
        #expect(details.photos.first { $0.photo.id == ids[2] }?.pick?.comment == "Tuhle do alba")

        scene.be(scene.photographer)
        let page = try await server.send(scene.path).body
        #expect(page.contains(">Choice sent</span>"))
        #expect(page.contains("data-note>Tuhle do alba</p>"))
        let list = try await server.send("/galleries").body
        #expect(list.contains("Choice sent"))
        let export = try await server.send(scene.path + "/picks.txt")
        #expect(export.status == 200)
        #expect(export.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(export.headers["content-disposition"] == "attachment; filename=\"picks-\(scene.id).txt\"")
        #expect(export.body == "animals-cat-chelsea.jpg\nfood-espresso-cup.jpg\n", "the picked names in the gallery's order (by name)")
    }

    // MARK: - Live

    @Test func aClientsPickReachesThePhotographersLiveStreamAndTheirTiles() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        try await scene.upload(["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let ids = try scene.ids(of: ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let stream = try await server.stream(for: scene.photographer)
        #expect(stream.status == 200)
        // Another photographer's stream hears nothing of it.
        let others = try await server.stream(for: scene.otherPhotographer)

        scene.be(scene.client)
        let picked = try await server.submit("\(scene.clientPath)/photos/\(ids[1])/pick", ["picked": "true", "comment": "Ta s mlhou"],
                                             headers: ["Accept": "application/json"])
        #expect(picked.status == 200)
        let event = try await stream.next()
        #expect(event.event == "gallery")
        let data = WebTestServer.json(event.data)
        #expect(data["type"] as? String == "gallery", "\(event.data)")
        let payload = data["data"] as? [String: Any] ?? [:]
        #expect(payload["gallery"] as? Int == Int(scene.id), "\(event.data)")
        #expect(payload["picks"] as? Int == 1, "\(event.data)")
        #expect(!event.data.contains("Ta s mlhou"), "the client's words do not travel in the event")
        #expect(try await others.staysQuiet(for: .milliseconds(500)) == nil)

        // The page's script then asks for the tiles alone.
        scene.be(scene.photographer)
        let tiles = try await server.send(scene.path, headers: ["X-Fragment": "photos"])
        #expect(tiles.status == 200)
        #expect(!tiles.body.contains("<html"))
        #expect(tiles.body.contains("1 chosen"))
        #expect(tiles.body.contains("class=\"gallery-tile gallery-tile--picked\" id=\"photo-\(ids[1])\""))
        #expect(tiles.body.contains("data-note>Ta s mlhou</p>"))
        #expect(!tiles.body.contains("class=\"gallery-tile gallery-tile--picked\" id=\"photo-\(ids[0])\""))
    }

    // MARK: - Delivery

    @Test func deliveryOpensTheOriginalsWithTheLicenceAndAZipOfThePicks() async throws {
        let scene = try await GalleryScene.make(title: "Svatba Novákových 2026")
        let server = scene.server
        let names = ["food-espresso-cup.jpg", "night-city-skyline.jpg", "animals-cat-chelsea.jpg"]
        try await scene.upload(names)
        let ids = try scene.ids(of: names)
        // The photographer's default licence: CC BY.
        try await server.database.pool.write { db in
            try db.execute(sql: "UPDATE user SET licence = ? WHERE username = ?", arguments: [Licence.ccBy.rawValue, "vojta.test"])
        }
        scene.be(scene.client)
        #expect(try await server.submitPairs(scene.clientPath + "/picks", [("pick", "\(ids[0])"), ("pick", "\(ids[2])"), ("send", "1")])
            .status == 303)
        let download = "\(scene.clientPath)/photos/\(ids[0])/download", zip = "\(scene.clientPath)/download.zip"
        #expect(try await server.send(download).status == 404)
        #expect(try await server.send(zip).status == 404)
        #expect(!(try await server.send(scene.clientPath)).body.contains("data-gallery-zip"))

        try await scene.deliver()
        scene.be(scene.client)
        let page = try await server.send(scene.clientPath).body
        #expect(page.contains("href=\"\(zip)\" data-gallery-zip"))
        #expect(page.contains("href=\"\(download)\" data-download"))
        #expect(!page.contains("data-pick-action"), "picks are final")
        // A photo the client did not pick is not delivered: no download, and it keeps its watermark.
        let notPicked = try scene.details().photos.first { $0.photo.id == ids[1] }!
        #expect(try await server.send("\(scene.clientPath)/photos/\(ids[1])/download").status == 404)
        #expect(!page.contains("\(scene.clientPath)/photos/\(ids[1])/download"))
        #expect(notPicked.previews.contains { page.contains($0.fileName) }, "the watermarked preview still shows")
        #expect(!notPicked.photo.variants.contains { page.contains($0.fileName) }, "no plain variant of it shows")

        // One photo: the original with the photographer's licence in its XMP.
        let one = try await server.bytes(download)
        #expect(one.status == 200)
        #expect(one.headers["content-disposition"]?.hasPrefix("attachment; filename=\"food-espresso-cup.jpg\"") == true)
        let file = server.directory + "/delivered.jpg"
        try Data(one.body).write(to: URL(fileURLWithPath: file))
        let rights = try GalleryTools.xmpRights(file)
        #expect(rights["Rights"] as? String == "CC BY 4.0, Vojta Test", "\(rights)")
        #expect(rights["WebStatement"] as? String == "https://creativecommons.org/licenses/by/4.0/", "\(rights)")
        #expect(rights["Creator"] as? String == "Vojta Test", "\(rights)")

        // The archive, read over a socket as a browser reads it.
        let archive = server.directory + "/gallery.zip"
        FileManager.default.createFile(atPath: archive, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: archive))
        let written = Locked(handle)
        let reply = try await server.download(zip, cookies: scene.client) { bytes in
            written.with { $0.write(Data(bytes)) }
        }
        try handle.close()
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/zip")
        #expect(reply.headers["content-disposition"]?.hasPrefix("attachment; filename=\"Svatba Nov_kov_ch 2026.zip\"") == true,
                "\(reply.headers["content-disposition"] ?? "")")
        #expect(reply.headers["cache-control"] == "private, no-store")
        let checked = try GalleryTools.zipCheck(archive)
        #expect(checked.bad == "None")
        #expect(checked.names == ["animals-cat-chelsea.jpg", "food-espresso-cup.jpg"], "the picks, under their uploaded names")
        let size = try FileManager.default.attributesOfItem(atPath: archive)[.size] as? Int
        #expect(reply.length > 0 && reply.length == size)

        // Two downloads on the photographer's page.
        scene.be(scene.photographer)
        let own = try await server.send(scene.path).body
        #expect(own.contains("data-gallery-downloads>2 downloads</span>"))
        #expect(!own.contains("data-gallery-deliver"))
        #expect(own.contains(">Delivered</span>"))
    }

    /// A gallery of photos of 1.2 MB (one demo photo saved again at quality 90) whose ZIP, read
    /// over a socket and thrown away as it comes, is at least twice the growth of resident
    /// memory allowed: 200 photos (242 MB), or 500 (606 MB) with `FOTOFOLIO_LARGE_TESTS=1`
    /// (`make test-large`). Resident memory is the whole process's, and the suites running
    /// beside this one were seen adding 24–45 MB to it: the bound stays well above that. Measured on the development machine (2 cores, debug build) at 500:
    /// the test process's resident memory grew by 5–6 MB while the whole archive went through
    /// in 6–8 s; with the archive built in memory instead it grew by 615 MB, and this test
    /// failed.
    @Test func aGalleryZipIsMadeWhileItDownloadsInBoundedMemory() async throws {
        let photos = ProcessInfo.processInfo.environment["FOTOFOLIO_LARGE_TESTS"] == nil ? 200 : 500
        await ResidentMemory.turns.take()
        defer { ResidentMemory.turns.give() }
        let scene = try await GalleryScene.make(forAccount: false, title: "Pět set")
        let server = scene.server
        let setUp = ContinuousClock.now
        let fixture = server.directory + "/big.jpg"
        try GalleryTools.run("vips", ["copy", WebTestServer.repository + "/Demo/photos/landscape-forest-stream.jpg", fixture + "[Q=90]"])
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture))
        scene.be(scene.photographer)
        let uploaded = try await server.submitMultipart(scene.path + "/photos", [],
                                                        files: [FormFile(field: "files", filename: "IMG_0001.jpg", contentType: "image/jpeg", data: data)])
        #expect(uploaded.status == 303)
        let first = try #require(try scene.details().photos.first)

        // 499 more photos sharing the first one's original and previews: no pipeline work.
        let stores = Stores.sqlite(server.database)
        var added: [NewGalleryPhoto] = []
        for number in 2...photos {
            var copy = first.photo
            copy.id = nil
            let stored = try stores.photos.insert(copy)
            added.append(NewGalleryPhoto(photoId: stored.id!, fileName: String(format: "IMG_%04d.jpg", number), previews: first.previews))
        }
        try Galleries(stores: stores).add(added, to: scene.id, by: try server.userId("vojta.test"))
        #expect(try scene.details().photos.count == photos)
        try await scene.deliver()

        let allowedGrowth = min(photos * data.count / 2, 100 * 1_048_576)
        let counter = Locked(DownloadWatch(baseline: galleryResidentBytes()))
        let started = ContinuousClock.now
        print("\(photos)-photo ZIP: set up in \(started - setUp)")
        let reply = try await server.download("\(scene.clientPath)/download.zip", cookies: [:], timeout: .seconds(60)) { bytes in
            counter.with { $0.saw(bytes) }
        }
        let elapsed = ContinuousClock.now - started
        let watch = counter.with { $0 }
        #expect(reply.status == 200)
        #expect(reply.length >= photos * data.count, "\(reply.length) bytes")
        // The end of central directory record closes the archive.
        #expect(watch.tail.firstRange(of: [0x50, 0x4B, 0x05, 0x06]) != nil)
        let growth = watch.peak - watch.baseline
        print("\(photos)-photo ZIP: \(reply.length) bytes in \(elapsed); resident memory \(watch.baseline >> 20) MB before, peak \(watch.peak >> 20) MB (+\(growth >> 20) MB)")
        #expect(growth < allowedGrowth, "resident memory grew by \(growth >> 20) MB for a \(reply.length >> 20) MB archive")
        #expect(try scene.details().gallery.downloadCount == 1)
    }
}

/// What the memory test keeps of a download: its last bytes and the peak of resident memory.
struct DownloadWatch {
    let baseline: Int
    private(set) var peak: Int
    private(set) var tail: [UInt8] = []
    private var sinceSample = 0

    init(baseline: Int) {
        self.baseline = baseline
        peak = baseline
    }

    mutating func saw(_ bytes: UnsafeRawBufferPointer) {
        // A slice, not `suffix`: Sequence's suffix walks every byte.
        tail += bytes[max(0, bytes.count - 64)...]
        if tail.count > 64 { tail.removeFirst(tail.count - 64) }
        sinceSample += bytes.count
        if sinceSample >= 8 * 1_048_576 {
            sinceSample = 0
            peak = max(peak, galleryResidentBytes())
        }
    }
}

/// A value shared with the thread that reads a download.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func with<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension WebTestServer {
    /// Posts a form as a page of this site does (CSRF token, same origin), fields in order
    /// and names repeated, as a browser sends checkboxes.
    func submitPairs(_ path: String, _ pairs: [(String, String)], headers: [String: String] = [:]) async throws -> Reply {
        let token = try await currentCSRFToken()
        let form = ([("_csrf", token)] + pairs)
            .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        return try await send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"].merging(headers) { _, new in new }, form: form)
    }
}
