import Foundation
import Synchronization
import Testing
@testable import Video

@Suite struct FilmTests {
    @Test func aLandscapeClipWithSoundBecomesMP4WebMPosterAndStoryboard() throws {
        let clips = try Clips()
        let progress = Mutex<[Double]>([])
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip("landscape.mp4"), into: clips.media) { done in
            progress.withLock { $0.append(done) }
        }
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        let mp4 = try clips.report(clips.media + "/" + film.mp4.fileName)
        #expect(mp4.format.formatName.contains("mp4"))
        #expect(mp4.video?.codecName == "h264" && mp4.audio?.codecName == "aac" && mp4.audio?.channels == 2)
        #expect((mp4.video?.width, mp4.video?.height) == (320, 240))
        let webm = try clips.report(clips.media + "/" + film.webm.fileName)
        #expect(webm.format.formatName.contains("webm"))
        #expect(webm.video?.codecName == "vp9" && webm.audio?.codecName == "opus")
        #expect((film.width, film.height, film.frameRate) == (320, 240, FrameRate(numerator: 25, denominator: 1)))
        #expect(abs(film.duration - 2) < 0.1)
        let poster = try clips.report(film.posterPath)
        #expect(poster.video?.codecName == "png" && (poster.video?.width, poster.video?.height) == (320, 240))
        let fractions = progress.withLock { $0 }
        #expect(fractions.last == 1 && fractions == fractions.sorted())
    }

    @Test func everyFileIsNamedByItsContentAndNothingElseIsLeft() throws {
        let clips = try Clips()
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip("clip.mp4"), into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        let files = [film.mp4, film.webm, film.storyboard.sprite, film.storyboard.map]
        #expect(try clips.mediaContents() == Set(files.map(\.fileName)))
        for file in files {
            let path = clips.media + "/" + file.fileName
            #expect(try clips.contentName(path) == String(file.fileName.prefix(16)))
            #expect(file.sha256.hasPrefix(file.fileName.prefix(16)) && file.sha256.count == 64)
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == file.byteCount)
        }
        #expect(film.mp4.fileName.hasSuffix(".mp4") && film.webm.fileName.hasSuffix(".webm"))
        #expect(film.storyboard.sprite.fileName.hasSuffix(".jpg") && film.storyboard.map.fileName.hasSuffix(".vtt"))
    }

    @Test func aPortraitPhoneClipIsMadeUpright() throws {
        let clips = try Clips()
        let portrait = clips.path("portrait.mov")
        try clips.ffmpeg(["-i", clips.clip("stored.mp4"), "-c", "copy", "-metadata:s:v", "rotate=90", portrait])
        let film = try clips.maker.makeFilm(fromFileAt: portrait, into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect((film.width, film.height) == (240, 320))
        for file in [film.mp4, film.webm] {
            let video = try clips.report(clips.media + "/" + file.fileName).video
            #expect((video?.width, video?.height) == (240, 320), "\(file.fileName)")
            #expect(video?.sideDataList?.compactMap(\.rotation).allSatisfy { $0 == 0 } ?? true, "no turn left to apply")
        }
        let poster = try clips.report(film.posterPath).video
        #expect((poster?.width, poster?.height) == (240, 320))
        #expect((film.storyboard.tileWidth, film.storyboard.tileHeight) == (160, 212))
    }

    @Test func aLargeFrameIsScaledToFitTheBoxTurnedItsWay() throws {
        let clips = try Clips()
        let stored = try clips.clip("large.mp4", size: "2400x1350", rate: "10", seconds: 0.4, audio: false)
        let portrait = clips.path("large-portrait.mp4")
        try clips.ffmpeg(["-i", stored, "-c", "copy", "-metadata:s:v", "rotate=90", portrait])
        let film = try clips.maker.makeFilm(fromFileAt: portrait, into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect((film.width, film.height) == (1080, 1920))
    }

    @Test func aVariableFrameRateClipIsMadeConstantSoEveryFrameCanBeSteppedTo() throws {
        let clips = try Clips()
        let path = try clips.clip("variable.mp4", rate: "30", filter: "settb=1/1000,setpts='N*33+mod(N\\,4)*8'",
                                  output: ["-fps_mode", "vfr", "-enc_time_base:v", "1/1000"])
        let film = try clips.maker.makeFilm(fromFileAt: path, into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect(film.frameRate == FrameRate(numerator: 30, denominator: 1))
        let video = try #require(try clips.report(clips.media + "/" + film.mp4.fileName).video)
        #expect(video.avgFrameRate == "30/1" && video.rFrameRate == "30/1")
    }

    @Test func aSilentClipMakesSilentFilms() throws {
        let clips = try Clips()
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip("silent.mp4", audio: false), into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect(!film.rendition.hasAudio)
        #expect(try clips.report(clips.media + "/" + film.webm.fileName).audio == nil)
    }

    @Test(arguments: ["clip.webm", "clip.mkv"])
    func matroskaClipsAreMadeToo(name: String) throws {
        let clips = try Clips()
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip(name), into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect(film.source.container == .matroska && film.rendition.container == .mp4)
        #expect(film.rendition.hasAudio && (film.width, film.height) == (320, 240))
    }

    @Test func noPositionOrDeviceSurvives() throws {
        let clips = try Clips()
        let tagged = clips.path("tagged.mov")
        try clips.ffmpeg(["-i", clips.clip("clip.mp4"), "-c", "copy", "-metadata", "location=+50.0755+014.4378/",
                          "-metadata", "make=Apple", "-metadata", "model=iPhone 15", tagged])
        #expect(try clips.report(tagged).allTags["location"] == "+50.0755+014.4378/")
        #expect(try clips.run("/usr/bin/exiftool", [tagged]).contains("GPS Position"))
        let film = try clips.maker.makeFilm(fromFileAt: tagged, into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        for path in [film.mp4, film.webm].map({ clips.media + "/" + $0.fileName }) + [film.posterPath] {
            let tags = try clips.report(path).allTags
            for key in tags.keys {
                #expect(!["location", "location-eng", "make", "model", "creation_time", "com.apple.quicktime.location.iso6709"]
                    .contains(key), "\(key) in \(path)")
            }
            // (FFmpeg's MP4 writer names Apple as the vendor of its own metadata handler.)
            let exif = try clips.run("/usr/bin/exiftool", ["-s", path]).split(separator: "\n")
            #expect(!exif.contains { $0.hasPrefix("GPS") || $0.hasPrefix("Make ") || $0.hasPrefix("Model ") || $0.contains("iPhone") },
                    "\(path): \(exif)")
        }
    }

    @Test func theStoryboardMapCoversTheWholeFilmWithTilesInsideTheSprite() throws {
        let clips = try Clips()
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip("clip.mp4", seconds: 2.5), into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        let board = film.storyboard
        #expect((board.interval, board.tileCount, board.columns, board.rows) == (1, 3, 3, 1))
        let sprite = try #require(try clips.report(clips.media + "/" + board.sprite.fileName).video)
        #expect((sprite.width, sprite.height) == (board.columns * board.tileWidth, board.rows * board.tileHeight))
        let text = try String(contentsOfFile: clips.media + "/" + board.map.fileName, encoding: .utf8)
        let cues = try WebVTTCue.all(in: text)
        #expect(text.hasPrefix("WEBVTT\n"))
        #expect(cues.count == board.tileCount)
        #expect(cues.first?.start == 0)
        #expect(cues.last?.end == Int((film.duration * 1_000).rounded()))
        for (cue, next) in zip(cues, cues.dropFirst()) { #expect(cue.end == next.start) }
        for cue in cues {
            #expect(cue.sprite == board.sprite.fileName)
            #expect(cue.x >= 0 && cue.y >= 0 && cue.x + cue.width <= sprite.width! && cue.y + cue.height <= sprite.height!)
            #expect((cue.width, cue.height) == (board.tileWidth, board.tileHeight))
        }
    }

    @Test func thePosterIsExactlyTheFrameAskedFor() throws {
        let clips = try Clips()
        let source = try clips.clip("counter.mp4", audio: false)
        let film = try clips.maker.makeFilm(fromFileAt: source, into: clips.media, posterAt: 26.0 / 25)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        let poster = try clips.pictureHash(film.posterPath)
        #expect(try poster == clips.frameHash(source, 26))
        #expect(try poster != clips.frameHash(source, 25) && poster != clips.frameHash(source, 27), "frames should differ")
    }

    @Test func theDefaultPosterIsATenthOfTheWayIntoAShortFilm() throws {
        let clips = try Clips()
        let source = try clips.clip("counter.mp4", audio: false)
        let film = try clips.maker.makeFilm(fromFileAt: source, into: clips.media)
        defer { try? FileManager.default.removeItem(atPath: film.posterPath) }
        #expect(try clips.pictureHash(film.posterPath) == clips.frameHash(source, 5)) // 0.2 s at 25 a second
    }

    @Test func aPosterRecutFromTheRenditionIsExactlyThatFrame() throws {
        let clips = try Clips()
        let film = try clips.maker.makeFilm(fromFileAt: clips.clip("counter.mp4", rate: "30000/1001"), into: clips.media)
        try FileManager.default.removeItem(atPath: film.posterPath)
        let rendition = clips.media + "/" + film.mp4.fileName
        let rate = film.frameRate.framesPerSecond
        let cut = clips.path("cut.png")
        // A frame's own time, a time just after it, the first and last frames, past the end.
        for (seconds, frame) in [(31 / rate, 31), (12 / rate + 0.01, 12), (0, 0), (59 / rate, 59), (100, 59)] {
            try clips.maker.cutPoster(fromFileAt: rendition, at: seconds, into: cut)
            #expect(try clips.pictureHash(cut) == clips.frameHash(rendition, frame), "\(seconds) s")
        }
    }
}

/// One cue of a storyboard map, times in milliseconds.
struct WebVTTCue {
    var start: Int
    var end: Int
    var sprite: String
    var x: Int, y: Int, width: Int, height: Int

    static func all(in text: String) throws -> [WebVTTCue] {
        try text.components(separatedBy: "\n\n").dropFirst().map { block in
            let lines = block.split(separator: "\n")
            let times = try #require(lines.first?.components(separatedBy: " --> "))
            let target = try #require(lines.dropFirst().first?.split(separator: "#xywh="))
            let box = target[1].split(separator: ",").compactMap { Int($0) }
            try #require(times.count == 2 && box.count == 4)
            return WebVTTCue(start: try milliseconds(times[0]), end: try milliseconds(times[1]), sprite: String(target[0]),
                             x: box[0], y: box[1], width: box[2], height: box[3])
        }
    }

    /// "00:01:02.345" as 62,345.
    static func milliseconds(_ timestamp: String) throws -> Int {
        let parts = timestamp.split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int($0) }
        try #require(parts.count == 4)
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1_000 + parts[3]
    }
}
