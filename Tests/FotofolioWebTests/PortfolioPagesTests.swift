import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct PortfolioPagesTests {
    @Test func aCreatorCreatesAPortfolioWithoutJavaScriptAndSeesIt() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(name: "Svatby 2026", photos: ["food-espresso-cup.jpg", "night-city-skyline.jpg"],
                                                    tags: "svatba Portrét, Praha")
        let page = try await server.send(path, headers: ["Accept-Language": "cs"])
        #expect(page.status == 200)
        #expect(page.body.contains("<h1 class=\"page-header__title\">Svatby 2026</h1>"))
        #expect(page.body.contains("<li class=\"tag\">Portrét</li>"))
        #expect(page.body.contains("2 fotky"))
        #expect(page.body.matches(of: /<img class="photo__image" src="\/media\/[0-9a-f]{16}\.jpg" srcset="[^"]+" sizes="[^"]+" width="\d+" height="\d+" alt="[^"]+" loading="(eager|lazy)" decoding="async">/).map { String($0.1) } == ["eager", "lazy"])
        #expect(page.body.contains("<source type=\"image/webp\" srcset=\"/media/"))
        #expect(page.body.contains("<meta property=\"og:image\" content=\"http://127.0.0.1:\(server.daemon.port)/media/"))
        let profile = try await server.send("/u/vojta.test")
        #expect(profile.body.contains("data-carousel"))
        #expect(profile.body.contains("href=\"/en\(path)\">Svatby 2026</a>"))
        #expect(profile.body.contains("href=\"/en\(path)#photo-2\""))
        #expect(page.body.contains("id=\"photo-2\""))
    }

    @Test func aMistakeShowsTheFormAgainWithEverythingTypedAndEveryUploadedPhoto() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/portfolios", [
            ("name", ""), ("description", "Můj popis"), ("tags", "a b c d e f"), ("save", "1"),
        ], files: [try .demoPhoto("food-espresso-cup.jpg")])
        #expect(reply.status == 422)
        #expect(reply.body.contains("Name your portfolio") || reply.body.contains("Pojmenujte portfolio") || reply.body.contains("Give the portfolio a name."))
        #expect(reply.body.contains(">Můj popis</textarea>"))
        #expect(reply.body.contains("value=\"a b c d e f\""))
        #expect(reply.body.matches(of: /<input type="hidden" name="photo" value="(\d+)">/).count == 1)
        #expect(try await server.database.pool.read { db in try Portfolio.fetchCount(db) } == 0)
    }

    @Test func aFileThatIsNotAPhotoIsRefusedWithAMessageAndTheRestKept() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/portfolios", [("name", "Krajina"), ("save", "1")],
                                                     files: [.text("<?php echo 1; ?>", named: "krajina.jpg"), try .demoPhoto("night-city-skyline.jpg")])
        #expect(reply.status == 422)
        #expect(reply.body.contains("“krajina.jpg” is not a photo we can read") || reply.body.contains("„krajina.jpg“ není fotka"))
        #expect(reply.body.contains("value=\"Krajina\""))
        #expect(reply.body.matches(of: /name="photo" value="\d+"/).count == 1)
    }

    @Test func movingAPhotoWithoutJavaScriptChangesTheFormOnlyUntilSaved() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(photos: ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let id = Int64(path.split(separator: "/").last!)!
        let before = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id))
        let ids = before.photos.map { $0.photo.id! }
        let moved = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("photo", "\(ids[0])"), ("photo", "\(ids[1])"), ("move", "\(ids[0]):down"),
        ])
        #expect(moved.status == 200)
        let order = moved.body.matches(of: /name="photo" value="(\d+)"/).map { Int64($0.1)! }
        #expect(order == [ids[1], ids[0]])
        #expect(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)?.photos.map { $0.photo.id! } == ids)
        let saved = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("description", "Nový popis"), ("photo", "\(ids[1])"), ("photo", "\(ids[0])"),
            ("alt-\(ids[0])", "Šálek kávy"), ("cover", "\(ids[0])"), ("save", "1"),
        ])
        #expect(saved.status == 303)
        let after = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id))
        #expect(after.photos.map { $0.photo.id! } == [ids[1], ids[0]])
        #expect(after.photos[1].altText == "Šálek kávy")
        #expect(after.cover?.photo.id == ids[0])
        #expect(after.portfolio.description == "Nový popis")
    }

    @Test func removingAPhotoInTheFormKeepsItUntilSaved() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(photos: ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let id = Int64(path.split(separator: "/").last!)!
        let ids = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)).photos.map { $0.photo.id! }
        let removed = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("photo", "\(ids[0])"), ("photo", "\(ids[1])"), ("remove", "\(ids[0])"),
        ])
        #expect(removed.body.matches(of: /name="photo" value="(\d+)"/).map { Int64($0.1)! } == [ids[1]])
        #expect(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)?.photos.count == 2)
    }

    @Test func guestsAreSentToLogInAndChangeNothing() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio()
        server.signOut()
        #expect(try await server.send("/portfolios/new").headers["location"]?.hasPrefix("/login?return=") == true)
        #expect(try await server.send("\(path)/edit").status == 303)
        let create = try await server.submitMultipart("/portfolios", [("name", "Cizí"), ("save", "1")])
        #expect(create.status == 303 && create.headers["location"]?.hasPrefix("/login") == true)
        let delete = try await server.submitMultipart("\(path)/delete", [])
        #expect(delete.headers["location"]?.hasPrefix("/login") == true)
        #expect(try await server.database.pool.read { db in try Portfolio.fetchCount(db) } == 1)
        #expect(try await server.send(path).status == 200)
    }

    @Test func anotherPersonCannotEditOrDeleteAPortfolio() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio()
        server.signOut()
        try await server.signUpCreator(username: "michal.test")
        #expect(try await server.send("\(path)/edit").status == 403)
        #expect(try await server.send("\(path)/delete").status == 403)
        let update = try await server.submitMultipart(path, [("name", "Ukradené"), ("save", "1")])
        #expect(update.status == 403)
        let delete = try await server.submitMultipart("\(path)/delete", [])
        #expect(delete.status == 403)
        #expect(try await server.database.pool.read { db in try String.fetchOne(db, sql: "SELECT name FROM portfolio") } == "Svatby")
    }

    @Test func aFormWithoutTheCSRFTokenIsRefused() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/portfolios", [("name", "Bez tokenu"), ("save", "1")],
                                                     files: [try .demoPhoto("food-espresso-cup.jpg")], csrf: false)
        #expect(reply.status == 403)
        #expect(try await server.database.pool.read { db in try Photo.fetchCount(db) } == 0)
    }

    @Test func aClientIsOfferedToBecomeAPhotographerInsteadOfAPortfolioForm() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        #expect(try await server.send("/portfolios/new").headers["location"] == "/profile/edit?creator=1")
        #expect(try await server.submitMultipart("/portfolios", [("name", "X"), ("save", "1")]).status == 403)
    }

    @Test func theAuthorDeletesAPortfolioAfterConfirming() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio()
        let confirm = try await server.send("\(path)/delete", headers: ["Accept-Language": "en"])
        #expect(confirm.body.contains("Delete portfolio?"))
        #expect(confirm.body.contains("action=\"\(path)/delete\""))
        let deleted = try await server.submitMultipart("\(path)/delete", [])
        #expect(deleted.headers["location"] == "/profile?deleted=1")
        #expect(try await server.send(path).status == 404)
    }

    @Test func shotDetailsShowUnlessTheCreatorHidesThem() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        // A photo with camera details.
        let path = try await server.createPortfolio(photos: ["landscape-misty-fields.jpg"])
        let shown = try await server.send(path, headers: ["Accept-Language": "cs"])
        #expect(shown.body.contains("class=\"frame__shot\""))
        let id = Int64(path.split(separator: "/").last!)!
        let photoId = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)?.photos.first?.photo.id)
        _ = try await server.submitMultipart(path, [("name", "Svatby"), ("photo", "\(photoId)"), ("hidesShotDetails", "on"), ("save", "1")])
        #expect(try await !server.send(path).body.contains("class=\"frame__shot\""))
    }
}

@Suite struct PortfolioUploadLimitTests {
    @Test func filesPastThirtyPhotosAreNotAddedAndSaySo() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let user = try #require(try AccountsService(stores: .sqlite(server.database)).user(username: "vojta.test"))
        var fields: [(String, String)] = [("name", "Plno"), ("upload", "1")]
        // 29 photos already in the form: room for one more.
        let ids = try await server.database.pool.write { db in
            try (0..<29).map { _ -> Int64 in
                try db.execute(sql: """
                    INSERT INTO photo (ownerId, originalFile, format, width, height, byteCount, placeholderColor,
                                       cropCenterX, cropCenterY, cropZoom, variants, shot, createdAt)
                    VALUES (?, 'originals/x.jpg', 'jpeg', 10, 10, 1, '#000000', 0.5, 0.5, 1, '[]', '{}', ?)
                    """, arguments: [user.id!, Date()])
                return db.lastInsertedRowID
            }
        }
        fields += ids.map { ("photo", "\($0)") }
        let reply = try await server.submitMultipart("/portfolios", fields, files: [
            try .demoPhoto("food-espresso-cup.jpg"), try .demoPhoto("night-city-skyline.jpg"),
        ])
        #expect(reply.status == 422)
        #expect(reply.body.matches(of: /name="photo" value="\d+"/).count == 30)
        #expect(reply.body.contains("“night-city-skyline.jpg” was not added") || reply.body.contains("„night-city-skyline.jpg“ nebyla přidána"))
    }
}

@Suite struct PhotoCreditTests {
    @Test func aCreditWithoutAnAuthorNamesJustTheLicence() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(photos: ["night-city-skyline.jpg", "food-espresso-cup.jpg"])
        try await server.database.pool.write { db in
            try db.execute(sql: "UPDATE photo SET credit = '', licence = 'CC BY-SA 3.0', licenceURL = 'https://creativecommons.org/licenses/by-sa/3.0/' WHERE id = (SELECT MIN(id) FROM photo)")
            try db.execute(sql: "UPDATE photo SET credit = 'Jan Fotograf', licence = 'CC BY 4.0', licenceURL = 'https://creativecommons.org/licenses/by/4.0/' WHERE id = (SELECT MAX(id) FROM photo)")
        }
        let page = try await server.send(path, headers: ["Accept-Language": "en"])
        #expect(page.body.contains("<p class=\"frame__credit\">Photo: <a href=\"https://creativecommons.org/licenses/by-sa/3.0/\" rel=\"license\">CC BY-SA 3.0</a>"))
        #expect(page.body.contains("<p class=\"frame__credit\">Photo: Jan Fotograf · <a href=\"https://creativecommons.org/licenses/by/4.0/\" rel=\"license\">CC BY 4.0</a>"))
    }
}
