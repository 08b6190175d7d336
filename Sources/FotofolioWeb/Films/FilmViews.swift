import Fotofolio
import PreciseSlider

/// What templates need to show a film: its sources, poster, storyboard and seek bar.
enum FilmViews {
    /// "0:07", "1:05", "12:00": whole seconds, rounded down, as players show a length.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(max(0, min(seconds, 86_400)).rounded(.down)) : 0
        let minutes = whole / 60, rest = whole % 60
        return "\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// - Parameter start: where the film opens (`FilmStart`), 0 for its beginning.
    static func model(_ photo: Photo, film: Film, alt: String, number: Int, eager: Bool, table: StringTable,
                      at start: Double = 0) -> FilmModel {
        let language: SliderLanguage = table.language == .cs ? .czech : .english
        let seek = FilmSeekField(film: film, name: "seek-\(number)", at: start, frameKeys: false)
        return FilmModel(
            mp4: MediaFiles.url(film.mp4File), webm: MediaFiles.url(film.webmFile),
            storyboard: MediaFiles.url(film.storyboardMapFile),
            poster: photo.variant(.full, .jpeg).map { MediaFiles.url($0.fileName) } ?? "",
            width: film.width, height: film.height, alt: alt, duration: duration(film.duration),
            frameRate: "\(film.frameRateNumerator)/\(film.frameRateDenominator)",
            seek: seek.view(id: "seek-\(number)", label: table.string("film.seek"), hint: table.string("film.seekHint"),
                            language: language),
            eager: eager, start: start > 0 ? FilmStart.text(start) : nil)
    }
}
