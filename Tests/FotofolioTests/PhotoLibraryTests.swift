import Foundation
import Imaging
import Synchronization
import Testing
@testable import Fotofolio

/// The photos the demo world uses, from the project's `Demo/photos/`.
enum DemoPhotos {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Demo/photos").path

    static func path(_ name: String) -> String { "\(directory)/\(name)" }
}

@Suite struct PhotoLibraryTests {
    private func library(_ world: TestDatabase, processing: PhotoProcessing = PhotoProcessing()) -> PhotoLibrary {
        PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media", processing: processing)
    }

    @Test func anImportedPhotoHasItsVariantsItsOriginalAndARecord() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let library = library(world)
        let photo = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner.id!)
        #expect(photo.id != nil)
        #expect(photo.variants.count == VariantKind.allCases.count * VariantFormat.allCases.count)
        for variant in photo.variants { #expect(FileManager.default.fileExists(atPath: library.path(of: variant.fileName)!)) }
        let original = try Data(contentsOf: URL(fileURLWithPath: library.path(of: photo.originalFile)!))
        #expect(original == (try Data(contentsOf: URL(fileURLWithPath: DemoPhotos.path("food-espresso-cup.jpg")))))
        let stored = try #require(try library.photo(id: photo.id!))
        #expect(stored.variants == photo.variants && stored.originalFile == photo.originalFile)
    }

    @Test func onePersonKeepsNoMorePhotoBytesThanTheirQuota() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let other = try world.client("jana.k").id!
        let photo = DemoPhotos.path("food-espresso-cup.jpg")
        let size = try FileManager.default.attributesOfItem(atPath: photo)[.size] as! Int
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media",
                                   storagePerPerson: size + size / 2)
        _ = try library.importPhoto(fileAt: photo, owner: owner)
        do {
            _ = try library.importPhoto(fileAt: photo, owner: owner)
            Issue.record("a photo past the quota was imported")
        } catch {
            guard case .quotaExceeded = error else { Issue.record("\(error)"); return }
        }
        #expect(try library.storedBytes(of: owner) == size)
        // Someone else's quota is their own.
        _ = try library.importPhoto(fileAt: photo, owner: other)
    }

    @Test func aPreparedPhotoIsStoredWithinTheQuotaAsAnImportedOneIs() throws {
        let world = try TestDatabase()
        let owner = try world.creator().id!
        let photo = DemoPhotos.path("food-espresso-cup.jpg")
        let size = try FileManager.default.attributesOfItem(atPath: photo)[.size] as! Int
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media",
                                   storagePerPerson: size + size / 2)
        // Prepared twice before either is stored (as seeding prepares side by side): nothing counts yet.
        let (first, second) = (try library.prepare(fileAt: photo), try library.prepare(fileAt: photo))
        #expect(try library.storedBytes(of: owner) == 0)
        let stored = try library.store(first, owner: owner)
        #expect(stored.variants == (try library.importPhoto(fileAt: photo, owner: try world.client("jana.k").id!)).variants)
        do {
            _ = try library.store(second, owner: owner)
            Issue.record("a prepared photo past the quota was stored")
        } catch {
            guard case .quotaExceeded = error else { Issue.record("\(error)"); return }
        }
        #expect(try library.storedBytes(of: owner) == size)
    }

    @Test func aFileThatIsNotAPhotoIsRejectedAndNothingIsStored() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let fake = world.directory + "/fake.jpg"
        try Data("not a photo at all".utf8).write(to: URL(fileURLWithPath: fake))
        do {
            _ = try library(world).importPhoto(fileAt: fake, owner: owner.id!)
            Issue.record("a text file was accepted")
        } catch {
            guard case .rejected(.unsupportedFormat) = error else { Issue.record("unexpected \(error)"); return }
        }
        #expect(try world.rowCount("photo") == 0)
    }

    @Test func theCreditOfALicensedPhotoIsKept() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let credit = PhotoCredit(author: "Jan Fotograf", licence: "CC BY 4.0", licenceURL: "https://creativecommons.org/licenses/by/4.0/")
        let photo = try library(world).importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner.id!, credit: credit)
        #expect(photo.credit == "Jan Fotograf")
        #expect(photo.licence == "CC BY 4.0")
    }

    @Test func pathsThatWouldLeaveTheMediaDirectoryAreRefused() throws {
        let world = try TestDatabase()
        let library = library(world)
        #expect(library.path(of: "../fotofolio.sqlite") == nil)
        #expect(library.path(of: "/etc/passwd") == nil)
        #expect(library.path(of: "originals/.hidden") == nil)
        #expect(library.path(of: "ab12.webp") == world.directory + "/media/ab12.webp")
    }
}

@Suite struct PhotoProcessingTests {
    @Test func workRunsOnAnotherThreadAndReturnsItsResult() throws {
        let processing = PhotoProcessing(concurrency: 1, waitingLimit: 0)
        let caller = pthread_self()
        let ranElsewhere = try processing.run { pthread_equal(pthread_self(), caller) == 0 }
        #expect(ranElsewhere)
        #expect(processing.inProgress == 0)
    }

    @Test func errorsComeBackToTheCaller() {
        struct Failure: Error {}
        #expect(throws: Failure.self) { try PhotoProcessing().run { () throws -> Int in throw Failure() } }
    }

    @Test func aFullQueueRefusesNewWorkAtOnce() throws {
        let processing = PhotoProcessing(concurrency: 1, waitingLimit: 0)
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? processing.run { started.signal(); release.wait(); return 1 }
            finished.signal()
        }
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(throws: PhotoProcessingBusy.self) { try processing.run { 2 } }
        release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(try processing.run { 3 } == 3)
    }

    @Test func noMoreThanTheConcurrencyRunAtOnce() throws {
        let processing = PhotoProcessing(concurrency: 2, waitingLimit: 10)
        let running = Mutex(0), peak = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                _ = try? processing.run {
                    let now = running.withLock { $0 += 1; return $0 }
                    peak.withLock { $0 = max($0, now) }
                    Thread.sleep(forTimeInterval: 0.02)
                    running.withLock { $0 -= 1 }
                }
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success)
        #expect(peak.withLock { $0 } == 2)
    }
}

@Suite struct UnusedPhotosTests {
    @Test func oldUploadsNobodyUsesAreDeletedWithTheirFilesAndUsedOnesStay() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        let used = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner.id!)
        let unused = try library.importPhoto(fileAt: DemoPhotos.path("landscape-misty-fields.jpg"), owner: owner.id!)
        var draft = PortfolioDraft()
        draft.name = "Káva"
        draft.photos = [.init(photoId: used.id!)]
        _ = try world.portfolios.create(draft, by: owner)
        let later = Date().addingTimeInterval(2 * 24 * 3600)

        let removed = try UnusedPhotos(library: library).sweep(now: later)

        #expect(removed.records == 1)
        #expect(removed.files == unused.variants.count + 1)
        #expect(try library.photo(id: unused.id!) == nil)
        for variant in unused.variants { #expect(!FileManager.default.fileExists(atPath: library.path(of: variant.fileName)!)) }
        for variant in used.variants { #expect(FileManager.default.fileExists(atPath: library.path(of: variant.fileName)!)) }
        #expect(FileManager.default.fileExists(atPath: library.path(of: used.originalFile)!))
    }

    /// Nodes that share a database and the media folder take turns: a sweep that finds
    /// another under way skips its turn instead of racing it for the same files.
    @Test func oneSweepRunsAtATimeAndAnotherProcessSkipsItsTurn() throws {
        let world = try TestDatabase()
        let otherProcess = try world.reopened()
        let meanwhile = try world.stores.photos.sweepingAlone { try otherProcess.photos.sweepingAlone { "swept" } }
        #expect(meanwhile == .some(nil))
        #expect(try otherProcess.photos.sweepingAlone { "swept" } == "swept")
    }

    @Test func aFreshUploadIsLeftAloneWhileItsFormMayStillBeSaved() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        let fresh = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner.id!)
        #expect(try UnusedPhotos(library: library).sweep() == (records: 0, files: 0))
        #expect(try library.photo(id: fresh.id!) != nil)
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "reads SQLite's photo table"))
    func fileNamesAreReadFromTheStoredVariantList() throws {
        let world = try TestDatabase()
        let owner = try world.creator()
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        let photo = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: owner.id!)
        let stored = try #require(try world.database.pool.read { db in
            try String.fetchOne(db, sql: "SELECT variants FROM photo WHERE id = ?", arguments: [photo.id!])
        })
        #expect(Variant.fileNames(inStoredJSON: stored) == photo.variants.map(\.fileName))
        #expect(Variant.fileNames(inStoredJSON: "[]").isEmpty)
        #expect(Variant.fileNames(inStoredJSON: #"[{"alt":"žluť ́","fileName":"a1.webp"},{"fileName":"b2"#) == ["a1.webp"])
    }
}
