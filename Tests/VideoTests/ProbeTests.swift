import Foundation
import Testing
@testable import Video

@Suite struct ProbeTests {
    @Test func aLandscapeClipWithSoundIsReadFromItsHeader() throws {
        let clips = try Clips()
        let film = try clips.maker.probe(fileAt: clips.clip("landscape.mp4", rate: "30"))
        #expect(film.container == .mp4)
        #expect((film.width, film.height) == (320, 240))
        #expect(film.frameRate == FrameRate(numerator: 30, denominator: 1))
        #expect(abs(film.duration - 2) < 0.1)
        #expect(film.hasAudio)
        #expect(film.videoCodec == "h264")
    }

    @Test func aPortraitPhoneClipStoredSidewaysIsSeenUpright() throws {
        let clips = try Clips()
        let stored = try clips.clip("stored.mp4")
        let portrait = clips.path("portrait.mov")
        try clips.ffmpeg(["-i", stored, "-c", "copy", "-metadata:s:v", "rotate=90", portrait])
        let rotation = try clips.report(portrait).video?.sideDataList?.compactMap(\.rotation).first
        #expect(rotation.map { abs($0) } == 90, "the source should carry a quarter turn")
        let film = try clips.maker.probe(fileAt: portrait)
        #expect((film.width, film.height) == (240, 320))
    }

    @Test func aVariableFrameRateClipHasItsAverageRate() throws {
        let clips = try Clips()
        let path = try clips.clip("variable.mp4", rate: "30", filter: "settb=1/1000,setpts='N*33+mod(N\\,4)*8'",
                                  output: ["-fps_mode", "vfr", "-enc_time_base:v", "1/1000"])
        let source = try clips.report(path).video
        #expect(source?.rFrameRate != source?.avgFrameRate, "the source's rate should vary")
        let film = try clips.maker.probe(fileAt: path)
        #expect((29...31).contains(film.frameRate.framesPerSecond))
    }

    @Test func aSilentClipHasNoAudio() throws {
        let clips = try Clips()
        let film = try clips.maker.probe(fileAt: clips.clip("silent.mp4", audio: false))
        #expect(!film.hasAudio)
    }

    @Test(arguments: ["clip.webm", "clip.mkv"])
    func matroskaClipsAreRead(name: String) throws {
        let clips = try Clips()
        let film = try clips.maker.probe(fileAt: clips.clip(name))
        #expect(film.container == .matroska)
        #expect((film.width, film.height) == (320, 240) && film.hasAudio)
        #expect(film.videoCodec == (name.hasSuffix(".webm") ? "vp9" : "h264"))
    }

    @Test func theContainerComesFromTheContentNotTheName() throws {
        let clips = try Clips()
        let misnamed = clips.path("really-matroska.mp4")
        try FileManager.default.moveItem(atPath: clips.clip("clip.mkv"), toPath: misnamed)
        #expect(try clips.maker.probe(fileAt: misnamed).container == .matroska)
    }

    @Test func soundOnlyIsNotAFilm() throws {
        let clips = try Clips()
        let sound = clips.path("sound.m4a")
        try clips.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", sound])
        guard case .notAVideo = videoError({ _ = try clips.maker.probe(fileAt: sound) }) else {
            Issue.record("expected .notAVideo")
            return
        }
    }

    @Test func aPictureInACodecNotAcceptedIsRefused() throws {
        let clips = try Clips()
        let path = clips.path("lossless.mkv")
        try clips.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=5:duration=1", "-c:v", "ffv1", path])
        let error = videoError { _ = try clips.maker.probe(fileAt: path) }
        guard case .notAVideo(let detail) = error else {
            Issue.record("expected .notAVideo, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("ffv1"))
    }

    @Test func aFileIsRecognisedWithoutAnyToolRunning() throws {
        let clips = try Clips()
        #expect(try VideoContainer.recognise(fileAt: clips.clip("clip.mov")) == .mp4)
        #expect(try VideoContainer.recognise(fileAt: clips.clip("clip.webm")) == .matroska)
        let text = clips.path("notes.mp4")
        try Data("words".utf8).write(to: URL(fileURLWithPath: text))
        #expect(VideoContainer.recognise(fileAt: text) == nil)
        #expect(VideoContainer.recognise(fileAt: clips.path("absent.mp4")) == nil)
    }

    @Test func aMissingFileIsUnreadable() throws {
        let clips = try Clips()
        guard case .unreadableFile = videoError({ _ = try clips.maker.probe(fileAt: clips.path("absent.mp4")) }) else {
            Issue.record("expected .unreadableFile")
            return
        }
    }
}

@Suite struct ContainerSnifferTests {
    @Test(arguments: ["ftyp", "moov", "mdat", "wide", "free"])
    func isoMediaIsKnownByItsFirstBox(box: String) {
        #expect(ContainerSniffer.container(ofLeadingBytes: [0, 0, 0, 8] + Array(box.utf8)) == .mp4)
    }

    @Test func matroskaIsKnownByItsEBMLMagic() {
        #expect(ContainerSniffer.container(ofLeadingBytes: [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81]) == .matroska)
    }

    @Test(arguments: ["isom", "mp42", "qt  ", "M4V "])
    func filmBrandsAreFilms(brand: String) {
        #expect(ContainerSniffer.container(ofLeadingBytes: [0, 0, 0, 24] + Array("ftyp\(brand)".utf8)) == .mp4)
    }

    /// HEIC and AVIF photos open with `ftyp` too: they go to the photo pipeline, not here.
    @Test(arguments: ["heic", "heix", "mif1", "avif"])
    func stillImageBrandsAreNotFilms(brand: String) {
        #expect(ContainerSniffer.container(ofLeadingBytes: [0, 0, 0, 24] + Array("ftyp\(brand)".utf8)) == nil)
    }

    @Test(arguments: [[], [0x1A, 0x45], Array("GIF89a..".utf8), Array("RIFF\0\0\0\0AVI ".utf8), [0, 0, 0, 8] + Array("uuid".utf8)])
    func anythingElseIsNot(bytes: [UInt8]) {
        #expect(ContainerSniffer.container(ofLeadingBytes: bytes) == nil)
    }
}
