// Makes every variant of one photo, once, for bench/imaging.sh to time from outside
// (wall time and peak memory of the whole process, as for ImageMagick's convert).
//
//   ImagingBench <photo> <output-directory>
import Foundation
import Imaging

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ImagingBench <photo> <output-directory>\n".utf8))
    exit(2)
}
do {
    let result = try VariantMaker.makeVariants(fromFileAt: arguments[1], into: arguments[2])
    print("\(result.width)×\(result.height) \(result.placeholderColor) framing \(result.framing)")
    for variant in result.variants {
        print("\(variant.kind.rawValue) \(variant.format.rawValue) \(variant.width)×\(variant.height) "
            + "\(variant.byteCount) B \(variant.fileName)")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
