import Foundation
import TestClips
import Testing
import Waiting
@testable import Fotofolio

/// Films through the same library as photos: an upload becomes a job, the job a photo (the
/// poster) with its film, on a real FFmpeg and the test's own store.
@Suite struct FilmLibraryTests {
    private func libraries(_ world: TestDatabase) -> (photos: PhotoLibrary, films: FilmLibrary) {
        let photos = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        return (photos, FilmLibrary(photos: photos))
    }

    /// Every file under the media folder, by path inside it.
    private func mediaFiles(_ world: TestDatabase) -> Set<String> {
        let root = world.directory + "/media"
        let walker = FileManager.default.enumerator(atPath: root)
        var files = Set<String>()
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue { files.insert(name) }
        }
        return files
    }

    @Test func anImportedFilmIsAPosterPhotoNamingItsRenditionsAndStoryboard() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (photos, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory, seconds: 2, size: "320x240", rate: 25)
        let photo = try films.importFilm(fileAt: clip, owner: owner)
        let film = try #require(photo.film)
        #expect(abs(film.duration - 2) < 0.1)
        #expect(film.frameRateNumerator == 25 && film.frameRateDenominator == 1)
        #expect(film.width == 320 && film.height == 240 && film.hasAudio)
        for file in film.files { #expect(FileManager.default.fileExists(atPath: photos.path(of: file)!), "\(file)") }
        #expect(film.mp4File.hasSuffix(".mp4") && film.webmFile.hasSuffix(".webm") && film.storyboardMapFile.hasSuffix(".vtt"))
        #expect(photo.width == 320 && photo.height == 240 && !photo.variants.isEmpty)
        let found = try photos.photo(id: photo.id!)
        let stored = try #require(found)
        #expect(stored.film == film)
        // The renditions count to the owner's bytes, so films cannot fill the disk past the quota.
        #expect(try photos.storedBytes(of: owner) >= film.mp4Bytes + film.webmBytes)
        // The poster was cut before the first second's end, at the start of a frame.
        #expect(film.posterTime < 1 && abs(film.posterTime / film.frameDuration - (film.posterTime / film.frameDuration).rounded()) < 1e-6)
    }

    @Test func anUploadBecomesAJobAndTheJobAFilm() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (photos, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory, seconds: 1, size: "160x120")
        let job = try films.accept(fileAt: clip, fileName: "svatba.mp4", owner: owner)
        #expect(job.state == .waiting && job.fileName == "svatba.mp4")
        #expect(!FileManager.default.fileExists(atPath: clip), "the upload was taken away from the spool")
        #expect(try eventually { try films.job(job.id!, of: owner)?.state == .ready })
        let finished = try films.job(job.id!, of: owner)
        let done = try #require(finished)
        #expect(done.progress == 1)
        let made = try photos.photo(id: try #require(done.photoId))
        let photo = try #require(made)
        #expect(photo.ownerId == owner && photo.film != nil)
        // The job says ready first; its kept upload goes right after (a crash in between leaves
        // a file no unfinished job names, which the sweep removes).
        let source = photos.path(of: done.sourceFile)!
        #expect(eventually { !FileManager.default.fileExists(atPath: source) }, "the kept upload is gone once made")
        // Someone else asking sees nothing.
        let other = try world.client().id!
        #expect(try films.job(job.id!, of: other) == nil)
    }

    @Test func aTextFileNamedLikeAFilmIsRefusedAtOnceAndNothingIsKept() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (_, films) = libraries(world)
        let fake = world.directory + "/film.mp4"
        try FileManager.default.createDirectory(atPath: world.directory, withIntermediateDirectories: true)
        try Data("just some text, not a film".utf8).write(to: URL(fileURLWithPath: fake))
        #expect(!FilmLibrary.looksLikeFilm(fileAt: fake))
        #expect(throws: FilmImportError.self) { try films.accept(fileAt: fake, fileName: "film.mp4", owner: owner) }
        do {
            _ = try films.accept(fileAt: fake, fileName: "film.mp4", owner: owner)
        } catch {
            #expect(error.problem == .notAVideo)
        }
        #expect(mediaFiles(world).isEmpty)
        #expect(try world.rowCount("filmJob") == 0)
    }

    @Test func aTruncatedFilmIsRefusedWithoutAJob() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (_, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory, seconds: 2, size: "320x240")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        let cut = world.directory + "/cut.mp4"
        try bytes.prefix(bytes.count * 3 / 10).write(to: URL(fileURLWithPath: cut))
        do {
            _ = try films.accept(fileAt: cut, fileName: "cut.mp4", owner: owner)
            Issue.record("a truncated film was accepted")
        } catch {
            #expect([.damaged, .notAVideo].contains(error.problem))
        }
        #expect(mediaFiles(world).isEmpty)
    }

    @Test func thePosterIsCutAgainAtTheExactFrameChosen() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (photos, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory, seconds: 2, size: "320x240", rate: 25, audio: false)
        let photo = try films.importFilm(fileAt: clip, owner: owner)
        let film = try #require(photo.film)
        // Anywhere inside frame 37 is frame 37.
        let chosen = try films.choosePoster(of: photo.id!, by: owner, at: 37.6 / 25)
        let moved = try #require(chosen.film)
        #expect(abs(moved.posterTime - 37.0 / 25) < 1e-9)
        #expect(chosen.variants != photo.variants, "frame 37 of the counter differs from the first poster")
        #expect(try photos.photo(id: photo.id!)?.film?.posterTime == moved.posterTime)
        // The same frame again changes nothing.
        let again = try films.choosePoster(of: photo.id!, by: owner, at: 37.2 / 25)
        #expect(again.variants == chosen.variants)
        // Only the owner chooses.
        let other = try world.client().id!
        #expect(throws: FilmImportError.self) { try films.choosePoster(of: photo.id!, by: other, at: 0.5) }
        _ = film
    }

    @Test func aJobWhoseWorkerWentAwayIsTakenUpAgain() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let (photos, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory + "/media/incoming", name: "left-behind", seconds: 1, size: "160x120",
                                        extra: ["-f", "mp4"])
        let long = Date().addingTimeInterval(-FilmLibrary.abandonedAfter - 60)
        let job = try world.stores.photos.insert(FilmJob(ownerId: owner, sourceFile: "incoming/left-behind", fileName: "a.mp4",
                                                         state: .processing, progress: 0.4, createdAt: long, updatedAt: long))
        #expect(FileManager.default.fileExists(atPath: clip))
        try films.resumeAbandonedJobs()
        #expect(try eventually { try films.job(job.id!, of: owner)?.state == .ready })
        let photoId = try #require(try films.job(job.id!, of: owner)?.photoId)
        #expect(try photos.photo(id: photoId)?.film != nil)
    }

    @Test func aJobStillMovingIsNotTakenFromItsWorker() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let job = try world.stores.photos.insert(FilmJob(ownerId: owner, sourceFile: "incoming/x", fileName: "a.mp4",
                                                         state: .processing, createdAt: Date(), updatedAt: Date()))
        let now = Date()
        #expect(try !world.stores.photos.claimFilmJob(id: job.id!, at: now, staleBefore: now.addingTimeInterval(-120)))
        #expect(try world.stores.photos.claimFilmJob(id: job.id!, at: now, staleBefore: now.addingTimeInterval(1)))
    }

    @Test func theSweepKeepsAFilmsFilesAndTheUploadsOfJobsNotFinished() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let (photos, films) = libraries(world)
        let clip = try TestClips.make(in: world.directory, seconds: 1, size: "160x120")
        let photo = try films.importFilm(fileAt: clip, owner: owner.id!)
        var draft = PortfolioDraft()
        draft.name = "Film"
        draft.photos = [.init(photoId: photo.id!, altText: "Film")]
        _ = try world.portfolios.create(draft, by: owner)
        try TestClips.make(in: world.directory + "/media/incoming", name: "waiting", seconds: 1, size: "160x120", extra: ["-f", "mp4"])
        _ = try world.stores.photos.insert(FilmJob(ownerId: owner.id!, sourceFile: "incoming/waiting", fileName: "b.mp4",
                                                   createdAt: Date(), updatedAt: Date()))
        let later = Date().addingTimeInterval(3 * 86_400)
        try UnusedPhotos(library: photos).sweep(now: later)
        for file in photo.film!.files { #expect(FileManager.default.fileExists(atPath: photos.path(of: file)!), "\(file)") }
        #expect(FileManager.default.fileExists(atPath: photos.path(of: "incoming/waiting")!))
    }
}
