import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// Where a portfolio's film opens: `?t=1:05.250` (as the player writes times) or `?t=65.25`
/// (plain seconds, what a search result's `SeekToAction` puts in), for the film named by
/// `?film=<photo id>` or else the portfolio's first. Read with the seek bar's own parsers;
/// anything else, a time past the film's end or a film not in the portfolio opens it at
/// the beginning.
struct FilmStart: Equatable {
    let photoId: Int64?
    let time: Double

    /// The longest `t` read: "1:05:05.250" has 11 bytes.
    static let longestText = 32

    init?(_ query: QueryItems) {
        guard let text = query["t"], !text.isEmpty, text.utf8.count <= Self.longestText else { return nil }
        let parsed = text.contains(":") ? parseDuration(text) : parseNumber(text)
        guard case .success(let seconds) = parsed, seconds.isFinite, seconds >= 0 else { return nil }
        var photoId: Int64?
        if let film = query["film"] {
            guard film.utf8.count <= 19, film.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int64(film), id > 0 else { return nil }
            photoId = id
        }
        self.photoId = photoId
        time = seconds
    }

    /// The time `photo`'s film opens at, when it is the film meant and the time is within it.
    func seconds(for photo: Photo, firstFilm: Int64?) -> Double? {
        guard let film = photo.film, photo.id == (photoId ?? firstFilm), time <= film.duration else { return nil }
        return time
    }

    /// Seconds as a media fragment and a data attribute write them: "65.25", "5".
    static func text(_ seconds: Double) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
