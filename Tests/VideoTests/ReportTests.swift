import Foundation
import Testing
@testable import Video

/// ffprobe's report carries the file's numbers: every one is checked, none traps.
@Suite struct ReportTests {
    /// A report of one H.264 picture and one AAC sound, with `picture` fields replacing the defaults.
    func report(format duration: String = "\"2.0\"", picture: [String: String] = [:], extraStream: String? = nil) -> String {
        let fields = ["\"index\"": "0", "\"codec_name\"": "\"h264\"", "\"codec_type\"": "\"video\"", "\"width\"": "320",
                      "\"height\"": "240", "\"avg_frame_rate\"": "\"30/1\"", "\"r_frame_rate\"": "\"30/1\""]
            .merging(picture.map { ("\"\($0.key)\"", $0.value) }) { $1 }
        let stream = "{" + fields.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        let sound = #"{"index": 1, "codec_name": "aac", "codec_type": "audio", "channels": 2}"#
        let streams = [stream, sound] + (extraStream.map { [$0] } ?? [])
        return #"{"streams": ["# + streams.joined(separator: ", ")
            + #"], "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "# + duration + "}}"
    }

    func probe(_ json: String) throws(VideoError) -> VideoProbe {
        let film = try VideoProbe(report: FFprobeReport.decoded(json), container: .mp4, byteCount: 1_000)
        try VideoLimits.standard.check(film)
        return film
    }

    @Test func aPlainReportIsAFilm() throws {
        let film = try probe(report())
        #expect((film.width, film.height, film.duration, film.hasAudio) == (320, 240, 2, true))
        #expect(film.videoStream == 0 && film.audioStream == 1)
    }

    @Test(arguments: ["\"nan\"", "\"inf\"", "\"-5\"", "\"0\"", "\"1e400\"", "\"\"", "null", "\"N/A\""])
    func aDurationThatIsNoDurationIsDamage(duration: String) {
        #expect(throws: VideoError.damaged(detail: "it gives no duration")) { _ = try probe(report(format: duration)) }
    }

    @Test func tenHoursInEitherHeaderIsTooLong() {
        #expect(throws: VideoError.tooLong(seconds: 36_000, limit: 180)) { _ = try probe(report(format: "\"36000\"")) }
        #expect(throws: VideoError.tooLong(seconds: 36_000, limit: 180)) {
            _ = try probe(report(picture: ["duration": "\"36000.0\""]))
        }
    }

    @Test(arguments: ["\"0/0\"", "\"-30/1\"", "\"30/0\"", "\"99999999999999999999/1\"", "\"30\"", "\"1/-1\"", "\"a/b\""])
    func aFrameRateThatIsNoRateIsDamage(rate: String) {
        #expect(throws: VideoError.damaged(detail: "its picture has no frame rate")) {
            _ = try probe(report(picture: ["avg_frame_rate": rate, "r_frame_rate": rate]))
        }
    }

    @Test func theAverageRateFallsBackToTheStreamsRate() throws {
        let film = try probe(report(picture: ["avg_frame_rate": "\"0/0\"", "r_frame_rate": "\"25/1\""]))
        #expect(film.frameRate == FrameRate(numerator: 25, denominator: 1))
    }

    @Test func aFrameRateOverTheLimitIsRefused() {
        #expect(throws: VideoError.frameRateTooHigh(framesPerSecond: 240, limit: 120)) {
            _ = try probe(report(picture: ["avg_frame_rate": "\"240/1\""]))
        }
    }

    @Test(arguments: [("100000", "16"), ("3841", "100"), ("2161", "2161"), ("4000", "3000")])
    func aFrameOverTheLimitIsRefusedEitherWayRound(width: String, height: String) {
        guard case .tooManyPixels = videoError({ _ = try probe(report(picture: ["width": width, "height": height])) }) else {
            Issue.record("expected .tooManyPixels for \(width) × \(height)")
            return
        }
    }

    @Test func aPortraitFrameWithinTheLimitIsAccepted() throws {
        let film = try probe(report(picture: ["width": "2160", "height": "3840"]))
        #expect((film.width, film.height) == (2160, 3840))
    }

    @Test(arguments: ["0", "-320", "1e30", "\"320\"", "null"])
    func aWidthThatIsNoWidthIsRefused(width: String) {
        guard case .damaged = videoError({ _ = try probe(report(picture: ["width": width])) }) else {
            Issue.record("expected .damaged for width \(width)")
            return
        }
    }

    /// A side no header holds (ffprobe writes a C int), even with pixels to make square, whose
    /// squared width would be no Int.
    @Test(arguments: ["2147483648", "9223372036854775807"])
    func aSizeBeyondWhatFFprobeWritesIsDamage(side: String) {
        let damage = VideoError.damaged(detail: "its picture has no size")
        #expect(throws: damage) { _ = try probe(report(picture: ["width": side, "sample_aspect_ratio": "\"16:15\""])) }
        #expect(throws: damage) { _ = try probe(report(picture: ["height": side, "tags": #"{"rotate": "90"}"#])) }
    }

    @Test func aQuarterTurnInEitherPlaceSwapsTheSides() throws {
        let matrix = try probe(report(picture: ["side_data_list": #"[{"side_data_type": "Display Matrix", "rotation": -90}]"#]))
        #expect((matrix.width, matrix.height) == (240, 320))
        let tag = try probe(report(picture: ["tags": #"{"rotate": "270"}"#]))
        #expect((tag.width, tag.height) == (240, 320))
        let half = try probe(report(picture: ["tags": #"{"rotate": "180"}"#]))
        #expect((half.width, half.height) == (320, 240))
        let odd = try probe(report(picture: ["side_data_list": #"[{"rotation": 45}]"#]))
        #expect((odd.width, odd.height) == (320, 240)) // FFmpeg turns such a film within its frame
        _ = try probe(report(picture: ["side_data_list": #"[{"rotation": 1e308}]"#]))
    }

    @Test func nonSquarePixelsAreMadeSquare() throws {
        let film = try probe(report(picture: ["sample_aspect_ratio": "\"4:3\"", "width": "720", "height": "576"]))
        #expect((film.width, film.height) == (960, 576))
        let absurd = try probe(report(picture: ["sample_aspect_ratio": "\"9999999:1\""]))
        #expect(absurd.width == 320)
    }

    @Test func coverArtIsNotThePicture() {
        let cover = #"{"index": 0, "codec_name": "mjpeg", "codec_type": "video", "width": 600, "height": 600, "disposition": {"attached_pic": 1}}"#
        let json = #"{"streams": ["# + cover + #"], "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "2"}}"#
        #expect(throws: VideoError.notAVideo(detail: "it holds no picture")) { _ = try probe(json) }
    }

    @Test func anotherReaderIsNotAccepted() {
        let json = report().replacingOccurrences(of: "mov,mp4,m4a,3gp,3g2,mj2", with: "hls")
        guard case .notAVideo = videoError({ _ = try probe(json) }) else {
            Issue.record("expected .notAVideo")
            return
        }
    }

    @Test(arguments: ["", "not json", "[]", #"{"streams": 5}"#, #"{"streams": [{"index": 1e99}]}"#])
    func aReportThatIsNotOneIsDamage(json: String) {
        guard case .damaged = videoError({ _ = try probe(json) }) else {
            Issue.record("expected .damaged for \(json)")
            return
        }
    }

    @Test func soundInACodecNotAcceptedIsLeftOut() throws {
        let json = report().replacingOccurrences(of: "\"aac\"", with: "\"adpcm_ima_qt\"")
        #expect(try !probe(json).hasAudio)
    }
}
