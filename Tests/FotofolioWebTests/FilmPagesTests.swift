import Foundation
import Fotofolio
@testable import FotofolioWeb
import TestClips
import Testing
import Waiting

extension FormFile {
    /// A film made by FFmpeg's test sources, sent as a browser would send `name`.
    static func film(in directory: String, name: String = "film.mp4", seconds: Double = 1, field: String = "files") throws -> FormFile {
        let path = try TestClips.make(in: directory + "/clips", name: name, seconds: seconds, size: "320x240", rate: 25)
        return FormFile(field: field, filename: name, contentType: "video/mp4", data: try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

extension WebTestServer {
    /// Opens a film job's progress stream on a thread of its own.
    func filmProgress(_ path: String, cookies: [String: String]) async throws -> EventStreamClient {
        let port = daemon.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try EventStreamClient(port: port, path: path, cookies: cookies) }) }.start()
        }
    }

    /// Uploads a film through the editor's endpoint and waits for its poster photo.
    func uploadFilm(seconds: Double = 1) async throws -> Photo {
        let reply = try await submitMultipart("/photos", [], files: [try .film(in: directory, seconds: seconds, field: "file")])
        guard reply.status == 202, let job = (Self.json(reply.body)["job"] as? NSNumber)?.int64Value else {
            throw TestFailure("a film upload answered \(reply.status): \(reply.body.prefix(300))")
        }
        guard let owner = try app.accounts.user(username: "vojta.test")?.id else { throw TestFailure("no vojta.test") }
        try await waitUntil("the film is made", timeout: .seconds(120)) { try app.films.job(job, of: owner)?.state.isFinished == true }
        guard let photoId = try app.films.job(job, of: owner)?.photoId, let photo = try app.photos.photo(id: photoId) else {
            throw TestFailure("the film was not made")
        }
        return photo
    }

    /// vojta.test (signed up here) with a portfolio of one 2-second film: its path and film.
    func portfolioWithAFilm() async throws -> (path: String, film: Photo) {
        try await signUpCreator()
        let film = try await uploadFilm(seconds: 2)
        let saved = try await submitMultipart("/portfolios", [
            ("name", "Svatební film"), ("description", "Krátký film"), ("tags", "svatba film"),
            ("photo", String(film.id!)), ("alt-\(film.id!)", "Novomanželé tančí"), ("save", "1"),
        ])
        guard saved.status == 303, let location = saved.headers["location"] else { throw TestFailure("saving answered \(saved.status)") }
        return (String(location.split(separator: "?")[0]), film)
    }
}

@Suite struct FilmPagesTests {
    @Test func aFilmSentToTheEditorsEndpointIsQueuedAndItsProgressStreamedToItsUploaderAlone() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/photos", [], files: [try .film(in: server.directory, seconds: 2, field: "file")])
        #expect(reply.status == 202)
        let answer = WebTestServer.json(reply.body)
        let progress = try #require(answer["progress"] as? String)
        #expect(progress.hasPrefix("/films/jobs/") && progress.hasSuffix("/progress"))
        let stream = try await server.filmProgress(progress, cookies: server.jar)
        #expect(stream.status == 200 && stream.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        var events: [EventStreamClient.Event] = []
        while events.last?.event != "ready" && events.last?.event != "failed" { events.append(try await stream.next(timeout: .seconds(60))) }
        #expect(events.last?.event == "ready", "\(events)")
        #expect(events.dropLast().allSatisfy { $0.event == "progress" && Int($0.data) != nil })
        let ready = WebTestServer.json(events.last!.data)
        let item = try #require(ready["item"] as? String)
        // The same item the form renders: thumbnail, length, the poster frame's slider.
        #expect(item.contains("data-photo-item") && item.contains("photo__duration") && item.contains("0:02"))
        #expect(item.contains("name=\"poster-\(ready["id"] as? String ?? "?")\"") && item.contains("data-precise-slider"))
        try await waitUntil("the stream ends") { (try? await stream.staysQuiet(for: .milliseconds(50))) == nil && stream.ended }

        // Nobody else follows it: another person gets 404, a guest 401.
        server.signOut()
        try await server.signUpCreator(username: "jiny.tvurce")
        let foreign = try await server.filmProgress(progress, cookies: server.jar)
        #expect(foreign.status == 404)
        let guest = try await server.filmProgress(progress, cookies: [:])
        #expect(guest.status == 401)
    }

    @Test func aHEICPhotoOpensLikeAFilmButIsTakenAsThePhotoItIs() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let heic = try TestClips.heicPhoto(from: WebTestServer.repository + "/Demo/photos/food-espresso-cup.jpg", in: server.directory)
        let data = try Data(contentsOf: URL(fileURLWithPath: heic))
        #expect(data.subdata(in: 4..<12) == Data("ftypheic".utf8))
        let reply = try await server.submitMultipart("/photos", [], files: [FormFile(field: "file", filename: "photo.heic", contentType: "image/heic", data: data)])
        #expect(reply.status == 201, "\(reply.body.prefix(200))")
    }

    @Test func aFileThatIsNotAFilmButLooksLikeOneGetsAClear422AndNoJob() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        // An MP4's first box and then nonsense: recognised as a container, refused by the probe.
        var bytes = Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
        bytes.append(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        let reply = try await server.submitMultipart("/photos", [], files: [FormFile(field: "file", filename: "x.mp4", contentType: "video/mp4", data: bytes)])
        #expect(reply.status == 422)
        let error = try #require(WebTestServer.json(reply.body)["error"] as? String)
        #expect(error.contains("x.mp4"))
        let owner = try #require(try server.app.accounts.user(username: "vojta.test")?.id)
        #expect(try server.app.films.job(1, of: owner) == nil)
        #expect(!FileManager.default.fileExists(atPath: server.directory + "/media/incoming"))
    }

    @Test func aPortfolioWithAFilmPlaysItWithThePreciseSeekBarAndItsCardShowsTheLength() async throws {
        let server = try WebTestServer()
        let (path, film) = try await server.portfolioWithAFilm()
        let page = try await server.send(path)
        #expect(page.status == 200)
        let info = try #require(film.film)
        #expect(page.body.contains("<video class=\"film__video\" controls"))
        #expect(page.body.contains("src=\"/media/\(info.mp4File)\" type=\"video/mp4\""))
        #expect(page.body.contains("src=\"/media/\(info.webmFile)\" type=\"video/webm\""))
        #expect(page.body.contains("data-storyboard=\"/media/\(info.storyboardMapFile)\""))
        #expect(page.body.contains("aria-label=\"Novomanželé tančí\""))
        #expect(page.body.contains("data-precise-slider") && page.body.contains("film-player"))
        #expect(page.body.contains("data-frame-rate=\"25/1\""))
        let feed = try await server.send("/")
        #expect(feed.body.contains("class=\"photo__duration\"") && feed.body.contains("0:02</span>"))
    }

    @Test func filmFilesAreServedInRangesAsPlayersAskForThem() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let uploaded = try await server.uploadFilm()
        let film = try #require(uploaded.film)
        let whole = try await server.send("/media/\(film.mp4File)")
        #expect(whole.status == 200 && whole.headers["content-type"] == "video/mp4" && whole.headers["accept-ranges"] == "bytes")
        let part = try await server.send("/media/\(film.mp4File)", headers: ["Range": "bytes=0-99"])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 0-99/\(film.mp4Bytes)")
        #expect(part.headers["content-length"] == "100")
        let tail = try await server.send("/media/\(film.webmFile)", headers: ["Range": "bytes=-10"])
        #expect(tail.status == 206 && tail.headers["content-range"] == "bytes \(film.webmBytes - 10)-\(film.webmBytes - 1)/\(film.webmBytes)")
        let past = try await server.send("/media/\(film.mp4File)", headers: ["Range": "bytes=\(film.mp4Bytes + 5)-"])
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(film.mp4Bytes)")
        // A stale copy (If-Range names another file) gets the whole file again.
        let stale = try await server.send("/media/\(film.mp4File)", headers: ["Range": "bytes=0-9", "If-Range": "\"0000000000000000.mp4\""])
        #expect(stale.status == 200)
        let map = try await server.send("/media/\(film.storyboardMapFile)")
        #expect(map.status == 200 && map.headers["content-type"] == "text/vtt; charset=utf-8" && map.body.hasPrefix("WEBVTT"))
        #expect(map.body.contains(film.storyboardFile + "#xywh="))
        #expect(try await server.send("/media/\(film.mp4File.dropLast(4)).mov").status == 404)
    }

    @Test func thePosterFrameIsChosenOnItsSliderAndCutAgainOnSave() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let film = try await server.uploadFilm(seconds: 2)
        let id = film.id!
        let created = try await server.submitMultipart("/portfolios", [
            ("name", "Film"), ("photo", String(id)), ("save", "1"),
        ])
        let path = String(try #require(created.headers["location"]).split(separator: "?")[0])
        let editor = try await server.send(path + "/edit")
        #expect(editor.body.contains("name=\"poster-\(id)\""))
        // Refused text keeps the form with a message; nothing is cut.
        let refused = try await server.submitMultipart(path, [("name", "Film"), ("photo", String(id)), ("poster-\(id)", "nesmysl"), ("save", "1")])
        #expect(refused.status == 422)
        #expect(try server.app.photos.photo(id: id)?.variants == film.variants)
        let beyond = try await server.submitMultipart(path, [("name", "Film"), ("photo", String(id)), ("poster-\(id)", "0:05"), ("save", "1")])
        #expect(beyond.status == 422)
        // Frame 31 of 25 fps: 1.24 s, typed as the slider writes it.
        let moved = try await server.submitMultipart(path, [("name", "Film"), ("photo", String(id)), ("poster-\(id)", "0:01.250"), ("save", "1")])
        #expect(moved.status == 303, "\(moved.body.components(separatedBy: "field__error").dropFirst().map { $0.prefix(200) })")
        let stored = try server.app.photos.photo(id: id)
        let after = try #require(stored)
        #expect(abs(try #require(after.film).posterTime - 31.0 / 25) < 1e-9)
        #expect(after.variants != film.variants)
    }

    @Test func aFilmSentWithTheFormWithoutAScriptIsMadeBeforeTheFormAnswers() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/portfolios", [("name", "Film"), ("description", ""), ("tags", "film"), ("save", "1")],
                                                     files: [try .film(in: server.directory)])
        #expect(reply.status == 303, "\(reply.body.prefix(400))")
        let page = try await server.send(String(try #require(reply.headers["location"]).split(separator: "?")[0]))
        #expect(page.body.contains("<video"))
    }
}
