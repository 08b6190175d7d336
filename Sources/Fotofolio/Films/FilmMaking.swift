import Foundation
import Video

/// The film work of `FilmLibrary`, done by the `Video` module (FFmpeg): telling a film from
/// other files, probing, making the renditions, storyboard and poster, and cutting a poster
/// again. Its errors become the `FilmProblem`s the pages word.
public struct FilmMaking: Sendable {
    public let limits: VideoLimits
    /// Nil when FFmpeg is not installed: every film is then refused as a server failure.
    let maker: FilmMaker?

    public init(tools: VideoTools? = VideoTools.find(), limits: VideoLimits = .standard) {
        self.limits = limits
        maker = tools.map { FilmMaker(tools: $0, limits: limits) }
    }

    static func looksLikeFilm(fileAt path: String) -> Bool { VideoContainer.recognise(fileAt: path) != nil }

    func probe(fileAt path: String) throws(FilmImportError) -> VideoProbe {
        do {
            return try ready().probe(fileAt: path)
        } catch {
            throw Self.importError(error)
        }
    }

    /// Makes everything a film needs in `mediaDirectory`; the poster is a PNG at a temporary
    /// path the caller removes.
    func make(fileAt path: String, probe: VideoProbe, into mediaDirectory: String,
              progress: @escaping @Sendable (Double) -> Void) throws(FilmImportError) -> (film: Film, posterPath: String) {
        // One second in, or a tenth of the way into a film shorter than ten seconds.
        let posterAt = min(1, probe.duration / 10)
        let made: MadeFilm
        do {
            made = try ready().makeFilm(fromFileAt: path, into: mediaDirectory, probe: probe, posterAt: posterAt, progress: progress)
        } catch {
            throw Self.importError(error)
        }
        let rate = made.frameRate
        var film = Film(
            duration: made.duration, frameRateNumerator: rate.numerator, frameRateDenominator: rate.denominator,
            width: made.width, height: made.height, hasAudio: made.rendition.hasAudio,
            mp4File: made.mp4.fileName, mp4Bytes: made.mp4.byteCount, webmFile: made.webm.fileName, webmBytes: made.webm.byteCount,
            storyboardFile: made.storyboard.sprite.fileName, storyboardMapFile: made.storyboard.map.fileName, posterTime: 0)
        film.posterTime = film.frameStart(at: posterAt)
        return (film, made.posterPath)
    }

    /// Cuts the frame at `seconds` from the MP4 rendition at `rendition` into a temporary PNG
    /// and returns its path.
    func cutPoster(fromFileAt rendition: String, at seconds: Double) throws(FilmImportError) -> String {
        let path = NSTemporaryDirectory() + "fotofolio-poster-\(UUID().uuidString).png"
        do {
            try ready().cutPoster(fromFileAt: rendition, at: seconds, into: path)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw Self.importError(error)
        }
        return path
    }

    /// Removes work folders and posters older than a film run may last: no run still working
    /// is touched, on this node or another sharing the media folder.
    func removeLeftovers(in mediaDirectory: String) {
        FilmMaker.removeLeftovers(in: mediaDirectory, olderThan: limits.film.wallClock + .seconds(60))
    }

    private func ready() throws(VideoError) -> FilmMaker {
        guard let maker else { throw .toolFailed(detail: "FFmpeg is not installed (Debian package ffmpeg)") }
        return maker
    }

    static func importError(_ error: VideoError) -> FilmImportError {
        let problem: FilmProblem = switch error {
        case .notAVideo: .notAVideo
        case .tooLarge: .tooLarge
        case .tooLong: .tooLong
        case .tooManyPixels, .frameRateTooHigh: .tooManyPixels
        case .oddShape: .oddShape
        case .damaged: .damaged
        case .timedOut: .timedOut
        case .unreadableFile, .toolFailed, .writeFailed: .failed
        }
        return FilmImportError(problem, detail: error.description)
    }
}
