import Foundation
import Testing
@testable import Video

/// Files that are not films, or lie about themselves: each refused from its header with the
/// right error, within a second, nothing left in the media directory.
@Suite struct RefusalTests {
    /// Makes a film of `path` and returns how it was refused, checking the refusal bound.
    func refusal(_ clips: Clips, _ path: String) throws -> VideoError? {
        let start = ContinuousClock.now
        let error = videoError { _ = try clips.maker.makeFilm(fromFileAt: path, into: clips.media) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(1), "refused after \(elapsed)")
        #expect(try clips.mediaContents().isEmpty)
        return error
    }

    @Test func anUploadCutShortIsDamaged() throws {
        let clips = try Clips()
        let cut = try clips.truncated(clips.clip("whole.mp4"), to: 0.3, as: "cut.mp4")
        guard case .damaged = try refusal(clips, cut) else {
            Issue.record("expected .damaged")
            return
        }
    }

    @Test func aTextFileNamedMP4IsNotAVideo() throws {
        let clips = try Clips()
        let text = clips.path("notes.mp4")
        try Data("Not a film at all, just some words.\n".utf8).write(to: URL(fileURLWithPath: text))
        guard case .notAVideo = try refusal(clips, text) else {
            Issue.record("expected .notAVideo")
            return
        }
    }

    @Test func noiseAfterAValidFileTypeBoxIsDamaged() throws {
        let clips = try Clips()
        guard case .damaged = try refusal(clips, clips.noiseAfterFileType("noise.mp4")) else {
            Issue.record("expected .damaged")
            return
        }
    }

    @Test func aHeaderClaimingTenHoursIsTooLong() throws {
        let clips = try Clips()
        let long = try clips.claimingDuration(clips.clip("short.mp4"), seconds: 36_000, as: "long.mp4")
        #expect(try clips.report(long).format.duration == "36000.000000", "the header should claim ten hours")
        #expect(try refusal(clips, long) == .tooLong(seconds: 36_000, limit: 180))
    }

    @Test func aHeaderClaimingAFrame100000PixelsWideHasTooManyPixels() throws {
        let clips = try Clips()
        let wide = try clips.claimingWidth(100_000, as: "wide.mkv")
        #expect(try clips.report(wide).video?.width == 100_000, "the header should claim 100,000 pixels")
        #expect(try refusal(clips, wide) == .tooManyPixels(width: 100_000, height: 16, longSide: 3840, shortSide: 2160))
    }

    /// A real film 8 pixels tall and 1,280 wide: too thin to show, and its storyboard tiles
    /// would be 160 × 1 pixels. Refused from the header like the rest.
    @Test func aPictureTooThinToShowHasAnOddShape() throws {
        let clips = try Clips()
        let thin = try clips.clip("thin.mp4", size: "1280x8", seconds: 1, audio: false)
        #expect(try refusal(clips, thin) == .oddShape(width: 1280, height: 8))
        let long = try clips.clip("long.mp4", size: "1280x96", seconds: 1, audio: false)
        #expect(try refusal(clips, long) == .oddShape(width: 1280, height: 96))
    }

    @Test func aFileOverTheByteLimitIsRefusedBeforeAnyToolRuns() throws {
        let clips = try Clips(limits: VideoLimits(maxBytes: 1_000))
        let path = try clips.clip("clip.mp4")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(try refusal(clips, path) == .tooLarge(byteCount: size, limit: 1_000))
    }
}
