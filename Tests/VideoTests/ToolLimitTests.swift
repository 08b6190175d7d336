import Foundation
import Testing
@testable import Video

/// Every run is bounded; one that fails or overruns leaves nothing behind.
@Suite struct ToolLimitTests {
    @Test func aFilmRunPastItsWallClockLimitIsKilledAndLeavesNothing() throws {
        var limits = VideoLimits.standard
        limits.film.wallClock = .milliseconds(50)
        let clips = try Clips(limits: limits)
        let path = try clips.clip("clip.mp4")
        // Posters in a folder of this test's own: other tests make films at the same time.
        let posters = clips.path("posters")
        try FileManager.default.createDirectory(atPath: posters, withIntermediateDirectories: true)
        let maker = FilmMaker(tools: clips.tools, limits: limits, temporaryDirectory: posters)
        let error = videoError { _ = try maker.makeFilm(fromFileAt: path, into: clips.media) }
        #expect(error == .timedOut(tool: "ffmpeg", limit: .milliseconds(50)))
        #expect(try clips.mediaContents().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: posters).isEmpty)
    }

    /// A stand-in for ffmpeg that reports the limits it runs under, then fails.
    @Test func aFailedRunKeepsTheEndOfWhatTheToolSaid() throws {
        let clips = try Clips()
        let path = try clips.clip("clip.mp4")
        let failing = try script(clips, "failing-ffmpeg", """
            #!/bin/sh
            head -c 5000 /dev/zero | tr '\\0' x >&2
            echo >&2
            echo "niceness $(nice) memory $(ulimit -v) KiB cpu $(ulimit -t) s: encoder broke" >&2
            exit 1
            """)
        var tools = clips.tools
        tools.ffmpeg = failing
        let maker = FilmMaker(tools: tools)
        let error = videoError { _ = try maker.makeFilm(fromFileAt: path, into: clips.media) }
        guard case .toolFailed(let detail) = error else {
            Issue.record("expected .toolFailed, got \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix("failing-ffmpeg: exit status 1: "))
        #expect(detail.hasSuffix("niceness 10 memory 3145728 KiB cpu 1200 s: encoder broke"))
        #expect(detail.utf8.count < 2_200, "only the end is kept")
        #expect(try clips.mediaContents().isEmpty)
    }

    /// Someone waits for a probe's answer; a film is made in what the server leaves.
    @Test func aProbeRunsAtTheServersPriorityWithItsOwnLimits() throws {
        let clips = try Clips()
        var tools = clips.tools
        tools.ffprobe = try script(clips, "telling-ffprobe", """
            #!/bin/sh
            echo "niceness $(nice) memory $(ulimit -v) KiB cpu $(ulimit -t) s" >&2
            exit 2
            """)
        let error = videoError { _ = try FilmMaker(tools: tools).probe(fileAt: clips.clip("clip.mp4")) }
        #expect(error == .toolFailed(detail: "telling-ffprobe: exit status 2: niceness 0 memory 1048576 KiB cpu 15 s"))
    }

    @Test func aToolOverItsCPUTimeIsStopped() throws {
        let clips = try Clips()
        var tools = clips.tools
        tools.ffprobe = try script(clips, "spinning-ffprobe", "#!/bin/sh\nwhile :; do :; done\n")
        var limits = VideoLimits.standard
        limits.probe.cpuTime = .seconds(1)
        limits.probe.wallClock = .seconds(120) // a busy machine gives a second of CPU slowly
        let maker = FilmMaker(tools: tools, limits: limits)
        let error = videoError { _ = try maker.probe(fileAt: clips.clip("clip.mp4")) }
        #expect(error == .timedOut(tool: "spinning-ffprobe", limit: .seconds(1)))
    }

    @Test func aMissingToolIsAToolFailure() throws {
        let clips = try Clips()
        var tools = clips.tools
        tools.ffprobe = clips.path("no-such-ffprobe")
        guard case .toolFailed = videoError({ _ = try FilmMaker(tools: tools).probe(fileAt: clips.clip("clip.mp4")) }) else {
            Issue.record("expected .toolFailed")
            return
        }
    }

    @Test func theToolsAreFound() throws {
        let tools = try #require(VideoTools.find())
        #expect(tools.ffmpeg.hasSuffix("/ffmpeg") && tools.ffprobe.hasSuffix("/ffprobe"))
        #expect(tools.prlimit == "/usr/bin/prlimit" && tools.nice == "/usr/bin/nice")
    }

    @Test func leftoversOfRunsCutShortAreRemovedOnceOld() throws {
        let clips = try Clips()
        let manager = FileManager.default
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        let oldWork = clips.media + "/.film-Ab12Cd", newWork = clips.media + "/.film-Ef34Gh"
        let kept = clips.media + "/0123456789abcdef.mp4"
        let oldPoster = manager.temporaryDirectory.path + "/film-poster-\(UUID().uuidString).png"
        for directory in [oldWork, newWork] { try manager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        for file in [oldWork + "/film.mp4", kept, oldPoster] { try Data("x".utf8).write(to: URL(fileURLWithPath: file)) }
        for path in [oldWork, kept, oldPoster] { try manager.setAttributes([.modificationDate: hourAgo], ofItemAtPath: path) }
        defer { try? manager.removeItem(atPath: oldPoster) }
        FilmMaker.removeLeftovers(in: clips.media, olderThan: .seconds(600))
        #expect(try clips.mediaContents() == [".film-Ef34Gh", "0123456789abcdef.mp4"])
        #expect(!manager.fileExists(atPath: oldPoster))
    }

    private func script(_ clips: Clips, _ name: String, _ text: String) throws -> String {
        let path = clips.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }
}
