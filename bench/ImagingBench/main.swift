// Makes every variant of one photo for bench/imaging.sh, which times the whole process from
// outside (wall time and peak memory, as for ImageMagick's convert). With a repeat count it
// makes them that many times in one process and prints the median time per photo: what a
// long-running server pays, without process start-up and libvips's initialisation.
//
//   ImagingBench <photo> <output-directory> [repeat-count]
import Foundation
import Imaging

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let repeats = Int(arguments.count == 4 ? arguments[3] : "1"),
      repeats > 0 else {
    FileHandle.standardError.write(Data("usage: ImagingBench <photo> <output-directory> [repeat-count]\n".utf8))
    exit(2)
}

var durations: [Duration] = []
do {
    for round in 1...repeats {
        // A fresh directory each time, so every round writes its files.
        let directory = repeats == 1 ? arguments[2] : "\(arguments[2])/\(round)"
        let start = ContinuousClock.now
        let result = try VariantMaker.makeVariants(fromFileAt: arguments[1], into: directory)
        durations.append(ContinuousClock.now - start)
        guard round == 1 else { continue }
        print("\(result.width)×\(result.height) \(result.placeholderColor) \(result.framing)")
        for variant in result.variants {
            print("\(variant.kind.rawValue) \(variant.format.rawValue) \(variant.width)×\(variant.height) "
                + "\(variant.byteCount) B \(variant.fileName)")
        }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
if repeats > 1 {
    let median = durations.sorted()[repeats / 2]
    let milliseconds = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1000
    print("per photo: median \(Int(milliseconds.rounded())) ms over \(repeats) runs")
}
