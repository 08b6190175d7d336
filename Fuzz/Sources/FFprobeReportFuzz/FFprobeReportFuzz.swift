// ffprobe's report of an uploaded film, read as `FilmMaker.probe(fileAt:)` reads it once
// ffprobe has run: `FFprobeReport.decoded(_:)`, `VideoProbe(report:container:byteCount:)`,
// then `VideoLimits.check(_:)`. Every figure in the report comes from the file. The first
// input byte picks the container (bit 0) and the file's size in bytes (the other bits); the
// rest is ffprobe's JSON.
//
// Oracles: an accepted film runs a finite time in (0, the longest accepted]; its stored
// frame is at least 1 × 1 and within the limits (the long side and the short side, either
// way round); the frame as shown is that frame turned, one side scaled by a pixel aspect
// in 1/4…4; its frame rate has a positive numerator and denominator and is within the
// limit; the film's plan (`FilmPlan`) is worked out without trapping. A refusal's message
// is written without trapping. Reading the same report twice gives the same film or the
// same refusal.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Video

private let limits = VideoLimits.standard

/// File sizes in bytes: ffprobe runs only on a file within the limit, but the reading must
/// not depend on it.
private let byteCounts = [1_048_576, 0, 1, limits.maxBytes, Int.max]

#if !FUZZ_CORPUS_REPLAY
@main
enum FFprobeReportFuzzMain {
    static func main() { runFuzzer(fuzzFFprobeReportEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFFprobeReportEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzFFprobeReport(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzFFprobeReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let container: VideoContainer = selector & 1 == 0 ? .mp4 : .matroska
    let byteCount = byteCounts[Int(selector >> 1) % byteCounts.count]
    let report = fuzzText(Array(bytes.dropFirst()))

    let outcome = probe(report, container: container, byteCount: byteCount)
    let again = probe(report, container: container, byteCount: byteCount)
    require(outcome == again, "the report read twice gives \(visible(outcome)), then \(visible(again))")
    switch outcome {
    case .success(let film): checkAccepted(film, container: container, byteCount: byteCount)
    case .failure(let refusal): _ = refusal.description
    }
    return 0
}

private func probe(_ report: String, container: VideoContainer, byteCount: Int) -> Result<VideoProbe, VideoError> {
    Result { () throws(VideoError) -> VideoProbe in
        let film = try VideoProbe(report: FFprobeReport.decoded(report), container: container, byteCount: byteCount)
        try limits.check(film)
        return film
    }
}

private func checkAccepted(_ film: VideoProbe, container: VideoContainer, byteCount: Int) {
    require(film.container == container && film.byteCount == byteCount, "\(visible(film)): not the file's container or size")
    for seconds in [film.duration, film.pictureDuration, film.longestClaimedDuration] {
        require(seconds.isFinite && seconds > 0 && seconds <= limits.maxDuration, "\(visible(film)): runs \(seconds) s")
    }
    require(film.duration <= film.longestClaimedDuration && film.pictureDuration <= film.longestClaimedDuration,
            "\(visible(film)): a duration beyond the longest claimed")

    let (stored, shown) = ((film.storedWidth, film.storedHeight), (film.width, film.height))
    require(min(stored.0, stored.1) >= 1 && min(shown.0, shown.1) >= 1, "\(visible(film)): an empty frame")
    require(max(stored.0, stored.1) <= limits.maxLongSide && min(stored.0, stored.1) <= limits.maxShortSide,
            "\(visible(film)): a stored frame beyond \(limits.maxLongSide) × \(limits.maxShortSide)")
    require(isShown(stored, as: shown), "\(visible(film)): shown as \(shown.0) × \(shown.1), stored \(stored.0) × \(stored.1)")

    let rate = film.frameRate
    require(rate.numerator > 0 && rate.denominator > 0, "\(visible(film)): frame rate \(rate)")
    require(rate.framesPerSecond.isFinite && rate.framesPerSecond > 0 && rate.framesPerSecond <= limits.maxFrameRate,
            "\(visible(film)): \(rate.framesPerSecond) frames a second")
    require(film.videoStream >= 0 && (film.audioStream ?? 0) >= 0 && film.hasAudio == (film.audioStream != nil),
            "\(visible(film)): stream numbers")
    require((film.pictureFrames ?? 1) > 0, "\(visible(film)): a picture of \(film.pictureFrames ?? 0) frames")

    _ = FilmPlan(source: film, posterAt: nil)
}

/// Whether `shown` is `stored` with its width scaled by a pixel aspect in 1/4…4 (rounded,
/// at least 1), then perhaps turned a quarter.
private func isShown(_ stored: (Int, Int), as shown: (Int, Int)) -> Bool {
    let (squaredWidth, height) = shown.1 == stored.1 ? shown : (shown.1, shown.0)
    guard height == stored.1 else { return false }
    let width = Double(stored.0)
    return Double(squaredWidth) >= (width / 4).rounded(.down) && Double(squaredWidth) <= width * 4
}
