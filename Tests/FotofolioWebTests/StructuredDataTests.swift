import Foundation
@testable import Fotofolio
import GRDB
import HTTPServer
import Imaging
import Testing
@testable import FotofolioWeb

/// The JSON-LD of profiles and portfolios, and a film opened at a moment (`?t=`).
/// Tests/Browser/test_open_web.py reads the demo's with extruct and pyld.
@Suite struct StructuredDataTests {
    /// The page's one JSON-LD block, parsed: it must end at the first `</script>`.
    static func structuredData(_ page: String) throws -> [String: Any] {
        let blocks = page.matches(of: /<script type="application\/ld\+json">(.*?)<\/script>/.dotMatchesNewlines())
        #expect(blocks.count == 1)
        let json = String(try #require(blocks.first).1)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static let hostileName = "</script><script>alert(1)</script> <!-- Ja\u{301}n & \"Fotograf\""

    @Test func aHostileNameCannotEndTheScriptAndReadsBackAsTyped() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let saved = try await server.submitMultipart("/profile/edit", [
            ("fullName", Self.hostileName), ("email", "vojta.test@example.cz"), ("location", "Praha </script>"), ("role", "creator"),
            ("bio", "Svatby <b>a</b> portréty."), ("yearsOfExperience", "5"), ("hourlyRate", "2000"), ("licence", "cc-by"),
        ])
        #expect(saved.status == 303)
        _ = try await server.createPortfolio(name: "Svatby </script>", tags: "svatba portrét")
        _ = try await server.createPortfolio(name: "Druhé", tags: "svatba")
        server.signOut()
        let page = try await server.send("/en/u/vojta.test")
        #expect(!page.body.contains("<script>alert(1)"))
        let data = try Self.structuredData(page.body)
        let site = "http://127.0.0.1:\(server.daemon.port)"
        #expect(data["@context"] as? String == "https://schema.org")
        #expect(data["@type"] as? String == "ProfilePage")
        #expect(data["url"] as? String == "\(site)/en/u/vojta.test")
        #expect(data["inLanguage"] as? String == "en")
        let person = try #require(data["mainEntity"] as? [String: Any])
        #expect(person["@type"] as? String == "Person")
        #expect(person["name"] as? String == Self.hostileName)
        #expect(person["alternateName"] as? String == "@vojta.test")
        #expect(person["description"] as? String == "Svatby <b>a</b> portréty.")
        let home = try #require(person["homeLocation"] as? [String: Any])
        #expect((home["address"] as? [String: Any])?["addressLocality"] as? String == "Praha </script>")
        // The kinds of work: the tags of the public portfolios, most used first.
        #expect(person["knowsAbout"] as? [String] == ["svatba", "portrét"])
        // Too few verified ratings for an aggregate.
        #expect(person["aggregateRating"] == nil)
    }

    /// Only enough verified ratings (a finished booking or a two-way conversation) let a
    /// profile state its average.
    @Test(arguments: [(2, false), (3, true)])
    func theAverageIsStatedOnlyWithEnoughVerifiedRatings(verified: Int, stated: Bool) async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        try server.database.pool.unsafeReentrantWrite { db in
            try db.execute(sql: "UPDATE user SET ratingCount = 7, ratingSum = 31, verifiedRatingCount = ? WHERE username = 'vojta.test'",
                           arguments: [verified])
        }
        server.signOut()
        let person = try #require(try Self.structuredData(try await server.send("/u/vojta.test").body)["mainEntity"] as? [String: Any])
        let rating = person["aggregateRating"] as? [String: Any]
        #expect((rating != nil) == stated)
        if stated {
            #expect(rating?["@type"] as? String == "AggregateRating")
            #expect(rating?["ratingValue"] as? String == "4.4")
            #expect(rating?["ratingCount"] as? Int == 7)
            #expect(rating?["bestRating"] as? Int == 5 && rating?["worstRating"] as? Int == 1)
        }
    }

    @Test func aPortfoliosPhotosCarryTheirCreatorCreditCopyrightAndLicence() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(name: "Svatby", photos: ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let id = try #require(Int64(path.split(separator: "/").last!))
        let photos = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)).photos
        let saved = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("photo", "\(photos[0].photo.storedId)"), ("photo", "\(photos[1].photo.storedId)"),
            ("licence", "cc-by-sa"), ("licence-\(photos[1].photo.storedId)", "all-rights-reserved"), ("save", "1"),
        ])
        #expect(saved.status == 303)
        server.signOut()
        let site = "http://127.0.0.1:\(server.daemon.port)"
        let data = try Self.structuredData(try await server.send(path, headers: ["Accept-Language": "cs"]).body)
        #expect(data["@type"] as? String == "ImageGallery")
        #expect(data["url"] as? String == site + path)
        #expect(data["inLanguage"] as? String == "cs")
        #expect((data["author"] as? [String: Any])?["url"] as? String == "\(site)/u/vojta.test")
        let media = try #require(data["associatedMedia"] as? [[String: Any]])
        #expect(media.count == 2)
        for object in media {
            #expect(object["@type"] as? String == "ImageObject")
            #expect((object["creator"] as? [String: Any])?["name"] as? String == "Vojta Test")
            #expect(object["creditText"] as? String == "Vojta Test")
            #expect((object["copyrightNotice"] as? String)?.hasSuffix(" Vojta Test") == true)
            #expect(object["acquireLicensePage"] as? String == "\(site)/u/vojta.test")
            #expect((object["contentUrl"] as? String)?.hasPrefix(site + "/media/") == true)
        }
        #expect(media[0]["license"] as? String == "https://creativecommons.org/licenses/by-sa/4.0/")
        // All rights reserved has no licence to link; asking for one is the profile.
        #expect(media[1]["license"] == nil)
    }

    @Test func aHiddenPhotoIsLeftOutEvenForItsOwner() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(name: "Svatby", photos: ["food-espresso-cup.jpg", "night-city-skyline.jpg"])
        let id = try #require(Int64(path.split(separator: "/").last!))
        let photos = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)).photos
        try server.moderation.apply(.hidePhoto(photos[0].photo.storedId), reason: "Spam", by: try server.userId("spravce"))
        let page = try await server.send("/en" + path)
        #expect(page.body.contains("id=\"photo-2\""), "the owner still sees it on the page")
        let media = try #require(try Self.structuredData(page.body)["associatedMedia"] as? [[String: Any]])
        #expect(media.count == 1)
        #expect(!String(describing: media).contains(photos[0].photo.variants[0].fileName))
    }

    @Test(arguments: [
        ("1:05.250", 65.25), ("65.25", 65.25), ("65", 65), ("0", 0), ("0:00:07", 7), ("1,5", 1.5), (" 5 ", 5),
    ])
    func aTimeInTheAddressIsReadAsTheSeekBarReadsIt(text: String, seconds: Double) throws {
        let start = try #require(FilmStart(try QueryItems(encoded: "t=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))))
        #expect(start.time == seconds)
        #expect(start.photoId == nil)
    }

    @Test(arguments: ["", "-5", "1:75", "abc", "1e3", "nan", "inf", "1:05:05:05", String(repeating: "1", count: 40), "5&film=-1", "5&film=x",
                      "5&film=99999999999999999999"])
    func anythingElseOpensTheFilmAtItsBeginning(text: String) throws {
        #expect(FilmStart(try QueryItems(encoded: "t=" + text)) == nil)
    }

    @Test func aFilmOpensAtTheTimeItsAddressSaysAndSaysHowSearchResultsMayLinkAMoment() async throws {
        let server = try WebTestServer()
        let (path, film) = try await server.portfolioWithAFilm()
        server.signOut()
        let page = try await server.send("/en\(path)?film=\(film.id!)&t=0:01.240")
        let info = try #require(film.film)
        #expect(page.body.contains("data-film-start=\"1.24\""))
        #expect(page.body.contains("src=\"/media/\(info.mp4File)#t=1.24\" type=\"video/mp4\""))
        #expect(page.body.contains("value=\"0:01.24\""), "the time field shows where it opens")
        // Past the end, or another film: from the beginning.
        for query in ["t=0:03", "film=\(film.id! + 1000)&t=1"] {
            #expect(!(try await server.send("/en\(path)?\(query)").body.contains("data-film-start")), "\(query)")
        }
        let site = "http://127.0.0.1:\(server.daemon.port)"
        let media = try #require(try Self.structuredData(page.body)["associatedMedia"] as? [[String: Any]])
        let video = try #require(media.first)
        #expect(video["@type"] as? String == "VideoObject")
        #expect(video["duration"] as? String == StructuredData.duration(info.duration))
        #expect(video["contentUrl"] as? String == "\(site)/media/\(info.mp4File)")
        #expect((video["thumbnailUrl"] as? [String])?.first?.hasPrefix("\(site)/media/") == true)
        #expect(video["uploadDate"] is String && video["description"] as? String == "Krátký film")
        let action = try #require(video["potentialAction"] as? [String: Any])
        #expect(action["@type"] as? String == "SeekToAction")
        #expect(action["target"] as? String == "\(site)/en\(path)?film=\(film.id!)&t={seek_to_second_number}")
        #expect(action["startOffset-input"] as? String == "required name=seek_to_second_number")
    }

    /// The camera's year, else the upload's for one's own photo; a credit of unknown year has none.
    @Test func theCopyrightNamesTheYearTheCameraSaysOrTheUploadsForOnesOwn() throws {
        var photo = Photo(ownerId: 1, originalFile: "x.jpg", format: .jpeg, width: 1, height: 1, byteCount: 1, placeholderColor: "#000",
                          cropCenterX: 0.5, cropCenterY: 0.5, cropZoom: 1, variants: [], shot: ShotDetails(),
                          createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(StructuredData.copyright(photo, by: "Vojta") == "© 2027 Vojta")
        photo.shot = ShotDetails(takenAt: "2011-01-29T13:49:35")
        #expect(StructuredData.copyright(photo, by: "Vojta") == "© 2011 Vojta")
        photo.credit = "stefonarch"
        #expect(StructuredData.copyright(photo, by: "stefonarch") == "© 2011 stefonarch")
        photo.shot = ShotDetails(takenAt: "year 0")
        #expect(StructuredData.copyright(photo, by: "stefonarch") == "© stefonarch")
    }

    @Test(arguments: [(16.2, "PT16.2S"), (65.25, "PT1M5.25S"), (7, "PT7S"), (0.001, "PT0.001S"), (-3, "PT0S"), (.nan, "PT0S")])
    func durationsAreISO8601ToTheMillisecond(seconds: Double, text: String) {
        #expect(StructuredData.duration(seconds) == text)
    }
}
