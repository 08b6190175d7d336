import Testing
@testable import Video

@Suite struct PlanTests {
    @Test(arguments: [
        ((3840, 2160), (1920, 1080)), ((1080, 1920), (1080, 1920)), ((2160, 3840), (1080, 1920)),
        ((321, 241), (320, 240)), ((4000, 1000), (1920, 480)), ((1000, 1000), (1000, 1000)), ((2000, 2000), (1080, 1080)),
        ((3840, 3), (1920, 2)),
    ])
    func aFrameFitsTheBoxTurnedItsWayNeverLargerAndEven(frame: (Int, Int), fitted: (Int, Int)) {
        let size = FilmPlan.fitted(width: frame.0, height: frame.1)
        #expect((size.width, size.height) == fitted)
    }

    @Test(arguments: [
        ((30, 1), (30, 1)), ((30_000, 1_001), (30_000, 1_001)), ((960_000, 32_069), (30, 1)), ((2_997, 100), (30_000, 1_001)),
        ((120, 1), (60, 1)), ((90, 1), (60, 1)), ((15, 1), (15, 1)), ((1, 2), (1, 1)), ((1_000_000, 37_037), (27_000, 1_000)),
    ])
    func theRenditionRateIsTheAverageDrawnToACommonRateAndAtMostSixty(source: (Int, Int), rendition: (Int, Int)) {
        let rate = FilmPlan.renditionRate(FrameRate(numerator: source.0, denominator: source.1)!)
        #expect(rate == FrameRate(numerator: rendition.0, denominator: rendition.1))
    }

    @Test func theFrameAtATimeIsTheOneShowingThen() {
        let rate = FrameRate(numerator: 30_000, denominator: 1_001)!
        #expect(FilmPlan.frame(at: 31 * 1.001 / 30, rate: rate, frames: 60) == 31)
        #expect(FilmPlan.frame(at: 31 * 1.001 / 30 - 0.001, rate: rate, frames: 60) == 30)
        #expect(FilmPlan.frame(at: 1e300, rate: rate, frames: 60) == 59)
        #expect(FilmPlan.frame(at: -5, rate: rate, frames: 60) == 0)
        #expect(FilmPlan.frame(at: .nan, rate: rate, frames: 60) == 0)
        #expect(FilmPlan.frame(at: .infinity, rate: rate, frames: 60) == 59)
    }

    @Test func aLongFilmsStoryboardHasAtMost200Tiles() {
        let hour = StoryboardLayout(duration: 3_600, frameWidth: 1920, frameHeight: 1080)
        #expect((hour.interval, hour.count, hour.columns, hour.rows) == (18, 200, 10, 20))
        #expect((hour.tileWidth, hour.tileHeight, hour.spriteWidth, hour.spriteHeight) == (160, 90, 1600, 1800))
        let limit = StoryboardLayout(duration: 180, frameWidth: 1080, frameHeight: 1920)
        #expect((limit.interval, limit.count, limit.rows, limit.tileHeight) == (1, 180, 18, 284))
        let short = StoryboardLayout(duration: 0.4, frameWidth: 320, frameHeight: 240)
        #expect((short.count, short.columns, short.rows) == (1, 1, 1))
        #expect(short.tile(0) == (0, 0) && hour.tile(13) == (480, 90))
    }

    @Test func theMapRunsFromStartToEndWithoutGaps() throws {
        let layout = StoryboardLayout(duration: 2.5, frameWidth: 320, frameHeight: 240)
        #expect(StoryboardMap.webVTT(layout, spriteName: "0123456789abcdef.jpg", duration: 2.521) == """
            WEBVTT

            00:00:00.000 --> 00:00:01.000
            0123456789abcdef.jpg#xywh=0,0,160,120

            00:00:01.000 --> 00:00:02.000
            0123456789abcdef.jpg#xywh=160,0,160,120

            00:00:02.000 --> 00:00:02.521
            0123456789abcdef.jpg#xywh=320,0,160,120

            """)
        let hour = StoryboardLayout(duration: 3_600, frameWidth: 1920, frameHeight: 1080)
        let cues = try WebVTTCue.all(in: StoryboardMap.webVTT(hour, spriteName: "s.jpg", duration: 3_600.5))
        #expect(cues.count == 200 && cues.last?.end == 3_600_500 && cues.last?.start == 3_582_000)
    }

    @Test func secondsAreWrittenInFixedPoint() {
        #expect(Seconds.text(0.0083333) == "0.008333")
        #expect(Seconds.text(181) == "181.000000")
        #expect(Seconds.text(-1) == "0.000000" && Seconds.text(.nan) == "0.000000")
    }
}
