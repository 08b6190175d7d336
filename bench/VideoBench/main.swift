// Makes the renditions, poster and storyboard of one film for bench/video.sh, which times
// the whole process from outside (wall time and peak memory, as for plain ffmpeg), and
// prints what was made, one file a line.
//
//   VideoBench <film> <media-directory>
import Foundation
import Video

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: VideoBench <film> <media-directory>\n".utf8))
    exit(2)
}
guard let tools = VideoTools.find() else {
    FileHandle.standardError.write(Data("ffmpeg, ffprobe, prlimit or nice not found\n".utf8))
    exit(1)
}

do {
    let start = ContinuousClock.now
    let film = try FilmMaker(tools: tools).makeFilm(fromFileAt: arguments[1], into: arguments[2])
    let elapsed = ContinuousClock.now - start
    try? FileManager.default.removeItem(atPath: film.posterPath)
    print("\(film.source.width)×\(film.source.height) \(film.source.frameRate) → \(film.width)×\(film.height) "
        + "\(film.frameRate) \(film.duration) s in \(elapsed)")
    for file in [film.mp4, film.webm, film.storyboard.sprite, film.storyboard.map] {
        print("\(file.fileName) \(file.byteCount) B")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
