import Foundation
import GRDB
import Imaging
import Spawn
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

/// A photo of four flat quadrants (red, green / blue, yellow), made with the `vips` command,
/// and the colours of a produced variant read back with it.
private struct QuadrantPhoto {
    static let red = [220, 30, 30], green = [30, 200, 40], blue = [30, 50, 220], yellow = [240, 220, 20]

    static func write(to path: String, width: Int, height: Int) throws {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        for y in 0..<height {
            for x in 0..<width {
                let colour = y < height / 2 ? (x < width / 2 ? red : green) : (x < width / 2 ? blue : yellow)
                bytes += colour.map(UInt8.init)
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path + ".ppm"))
        _ = try vips("copy", path + ".ppm", path)
    }

    /// The colour at (`x`, `y`) of the image at `path`.
    static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [Int] {
        try vips("getpoint", path, "\(x)", "\(y)").split(separator: " ").compactMap { Int(Double($0) ?? -1) }
    }

    static func isClose(_ a: [Int], _ b: [Int]) -> Bool {
        a.count >= 3 && zip(a.prefix(3), b).allSatisfy { abs($0 - $1) <= 28 }
    }

    private static func vips(_ arguments: String...) throws -> String {
        let run = try ChildProcess.run("/usr/bin/env", ["vips"] + arguments)
        guard run.status.succeeded else { throw CocoaError(.fileReadUnknown) }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

@Suite struct PhotoReframingTests {
    private struct World {
        let database: TestDatabase
        let library: PhotoLibrary
        let owner: Int64
        let photo: Photo
    }

    private func world(width: Int = 800, height: Int = 800) throws -> World {
        let database = try TestDatabase()
        let owner = try database.creator().id!
        let library = PhotoLibrary(stores: database.stores, mediaDirectory: database.directory + "/media")
        let file = database.directory + "/quadrants.png"
        try QuadrantPhoto.write(to: file, width: width, height: height)
        return World(database: database, library: library, owner: owner,
                     photo: try library.importPhoto(fileAt: file, owner: owner))
    }

    private func square320(_ photo: Photo, in world: World) throws -> String {
        let variant = try #require(photo.variant(.square320, .jpeg))
        return try #require(world.library.path(of: variant.fileName))
    }

    @Test func aPhotoNobodyFramedUsesTheSmartCrop() throws {
        let world = try world()
        #expect(world.photo.framingCenterX == nil && world.photo.framingZoom == nil)
        #expect(world.photo.framing == world.photo.smartFraming)
    }

    @Test func framingTheTopLeftQuadrantAtZoomTwoCutsARedSquare() throws {
        let world = try world()
        let framed = try PhotoReframing(library: world.library)
            .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.25, centerY: 0.25, zoom: 2))
        let square = try square320(framed, in: world)
        for (x, y) in [(10, 10), (160, 160), (300, 300), (10, 300), (300, 10)] {
            #expect(QuadrantPhoto.isClose(try QuadrantPhoto.pixel(square, x, y), QuadrantPhoto.red), "(\(x), \(y))")
        }
        let stored = try #require(try world.library.photo(id: world.photo.id!))
        #expect(stored.framing == SquareFraming(centerX: 0.25, centerY: 0.25, zoom: 2))
        #expect(stored.smartFraming == world.photo.smartFraming)
    }

    @Test func theBottomRightQuadrantGivesAYellowSquare() throws {
        let world = try world()
        let framed = try PhotoReframing(library: world.library)
            .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.75, centerY: 0.75, zoom: 2))
        #expect(QuadrantPhoto.isClose(try QuadrantPhoto.pixel(try square320(framed, in: world), 160, 160), QuadrantPhoto.yellow))
    }

    @Test func newSquaresGetNewFileNamesAndTheOldFilesStayUntilSwept() throws {
        let world = try world()
        let framed = try PhotoReframing(library: world.library)
            .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.75, centerY: 0.25, zoom: 2))
        let before = Set(world.photo.variants.filter(\.kind.isSquare).map(\.fileName))
        let after = Set(framed.variants.filter(\.kind.isSquare).map(\.fileName))
        #expect(before.isDisjoint(with: after))
        #expect(framed.variants.count == world.photo.variants.count)
        for name in before.union(after) { #expect(FileManager.default.fileExists(atPath: world.library.path(of: name)!)) }
    }

    @Test func aSquareThatWouldCrossAnEdgeIsSlidInsideAndStoredSo() throws {
        let world = try world(width: 900, height: 600)
        let framed = try PhotoReframing(library: world.library)
            .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.05, centerY: 0.5, zoom: 1))
        let centre = try #require(framed.framingCenterX)
        #expect(abs(centre - 1.0 / 3) < 0.01)
        #expect(QuadrantPhoto.isClose(try QuadrantPhoto.pixel(try square320(framed, in: world), 20, 20), QuadrantPhoto.red))
    }

    @Test func aZoomOutOfRangeIsRefusedBeforeAnyImageWorkAndNothingChanges() throws {
        let world = try world()
        #expect(throws: PhotoFramingError.self) {
            try PhotoReframing(library: world.library)
                .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.5, centerY: 0.5, zoom: 40))
        }
        let stored = try #require(try world.library.photo(id: world.photo.id!))
        #expect(stored.variants == world.photo.variants && stored.framingZoom == nil)
    }

    @Test func onlyTheOwnerFramesAPhoto() throws {
        let world = try world()
        let stranger = try world.database.creator("cizifoto").id!
        do {
            try PhotoReframing(library: world.library)
                .reframe(world.photo.id!, by: stranger, to: SquareFraming(centerX: 0.25, centerY: 0.25, zoom: 2))
            Issue.record("a stranger framed the photo")
        } catch {
            guard case .notOwner = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func reframingAPortfolioPhotoMakesANewPortfolioVersion() throws {
        let world = try world()
        var draft = PortfolioDraft()
        draft.name = "P"
        draft.photos = [.init(photoId: world.photo.id!)]
        let owner = try #require(try world.database.accounts.user(id: world.owner))
        let portfolioId = try world.database.portfolios
            .create(draft, by: owner, at: Date(timeIntervalSince1970: 1_700_000_000)).portfolio.id!
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try PhotoReframing(library: world.library)
            .reframe(world.photo.id!, by: world.owner, to: SquareFraming(centerX: 0.25, centerY: 0.75, zoom: 2), at: now)
        let updated = try world.database.stores.portfolios.portfolio(id: portfolioId)?.updatedAt
        #expect(updated == now)
    }
}
