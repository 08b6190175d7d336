import Fotofolio
import FotofolioSQLite
import Foundation
import GRDB
import Spawn

/// The demo world's film: a slow pan and zoom over four of the demo landscapes (all by
/// stefonarch under CC BY-SA 3.0, so the film is too), made with FFmpeg at seed time and
/// uploaded through the same pipeline as any film. It opens michal1's "Krajina" portfolio,
/// so a new visitor meets a film on the first page of the feed.
public struct DemoFilms: Sendable {
    static let owner = "michal1"
    static let portfolio = "Krajina"
    static let alt = "Krajina v pohybu: mlhavá pole, zvlněné kopce, rozkvetlá louka a paprsky nad kopci"
    /// The photos in order, and how the camera moves over each (FFmpeg `zoompan` expressions
    /// over its 100 frames: zoom, x, y).
    static let shots: [(file: String, zoom: String, x: String, y: String)] = [
        ("landscape-misty-fields.jpg", "1+0.0015*on", "iw/2-(iw/zoom/2)", "ih/2-(ih/zoom/2)"),
        ("landscape-rolling-hills.jpg", "1.15", "(iw-iw/zoom)*on/100", "ih/2-(ih/zoom/2)"),
        ("landscape-wildflower-meadow.jpg", "1.15-0.0015*on", "iw/2-(iw/zoom/2)", "ih/2-(ih/zoom/2)"),
        ("landscape-sunbeams-over-hills.jpg", "1.15", "(iw-iw/zoom)*(1-on/100)", "ih/2-(ih/zoom/2)"),
    ]

    let database: AppDatabase
    let films: FilmLibrary
    let photosDirectory: String
    let ffmpeg: String

    public init(database: AppDatabase, films: FilmLibrary, photosDirectory: String, ffmpeg: String = "/usr/bin/ffmpeg") {
        self.database = database
        self.films = films
        self.photosDirectory = photosDirectory
        self.ffmpeg = ffmpeg
    }

    /// Puts the film first in the portfolio unless it holds a film already; returns how many
    /// films it made (0 or 1).
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        let accounts = AccountsService(stores: .sqlite(database))
        let service = PortfoliosService(stores: .sqlite(database))
        guard let owner = try accounts.user(username: Self.owner), let ownerId = owner.id,
              let id = try database.pool.read({ db in
                  try Int64.fetchOne(db, sql: "SELECT id FROM portfolio WHERE ownerId = ? AND name = ?", arguments: [ownerId, Self.portfolio])
              }),
              let details = try service.details(id: id), !details.photos.contains(where: { $0.photo.film != nil })
        else { return 0 }
        let folder = NSTemporaryDirectory() + "fotofolio-demo-film-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/krajina.mp4"
        let made = try ChildProcess.run(ffmpeg, arguments(output: source))
        guard case .exited(0) = made.status else { throw DemoFilmFailed(description: "FFmpeg: \(made.output)") }
        let credits = DemoCredits.read(from: try String(contentsOfFile: "\(photosDirectory)/CREDITS.md", encoding: .utf8))
        let photo = try films.importFilm(fileAt: source, owner: ownerId, credit: credits[Self.shots[0].file], at: date)
        var draft = PortfolioDraft(details)
        draft.photos.insert(.init(photoId: photo.id!, altText: Self.alt), at: 0)
        draft.coverPhotoId = photo.id
        _ = try service.update(id, with: draft, by: ownerId, at: date)
        return 1
    }

    /// 16 s at 1280 × 720 and 25 frames a second, four seconds a photo.
    private func arguments(output: String) -> [String] {
        var arguments = ["-nostdin", "-v", "error", "-y"]
        var chains: [String] = []
        for (index, shot) in Self.shots.enumerated() {
            arguments += ["-i", "\(photosDirectory)/\(shot.file)"]
            chains.append("[\(index)]scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080,"
                + "zoompan=z='\(shot.zoom)':x='\(shot.x)':y='\(shot.y)':d=100:s=1280x720:fps=25,setsar=1[s\(index)]")
        }
        let inputs = Self.shots.indices.map { "[s\($0)]" }.joined()
        chains.append("\(inputs)concat=n=\(Self.shots.count):v=1:a=0,format=yuv420p[film]")
        return arguments + ["-filter_complex", chains.joined(separator: ";"), "-map", "[film]",
                            "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", output]
    }
}

struct DemoFilmFailed: Error, CustomStringConvertible {
    let description: String
}
