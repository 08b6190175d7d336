// What a delivered file's metadata goes through: `EXIFPrivacy.scrubbed(_:)` on an EXIF
// block, and `JPEGMetadata.inserting` / `PNGMetadata.inserting` with the camera details
// removed, which scrub EXIF, drop IPTC location fields and cut what follows a JPEG's end.
// The first input byte picks the reader (0: a bare EXIF block, 1: a JPEG, 2: a PNG); the
// rest is the block or the file.
//
// Oracles: a scrubbed block keeps its length, and scrubbing it again finds nothing left to
// take out (the same bytes) or a structure it will not walk; a file is refused only as
// `.damaged` or `.processingFailed`, and a file given out is read again without refusal.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
@testable import Imaging

private let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)

#if !FUZZ_CORPUS_REPLAY
@main
enum DeliveredMetadataFuzzMain {
    static func main() { runFuzzer(fuzzDeliveredMetadataEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeliveredMetadataEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzDeliveredMetadata(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzDeliveredMetadata(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let selector = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    switch selector % 3 {
    case 0: checkScrub(input)
    case 1: checkFile(input) { file throws(ImagingError) in try JPEGMetadata.inserting(packet, into: file, cameraDetails: .removed) }
    default: checkFile(input) { file throws(ImagingError) in try PNGMetadata.inserting(packet, into: file, cameraDetails: .removed) }
    }
    return 0
}

private func checkScrub(_ block: [UInt8]) {
    guard let scrubbed = EXIFPrivacy.scrubbed(block) else { return }
    require(scrubbed.count == block.count, "a block of \(block.count) bytes scrubbed to \(scrubbed.count)")
    if let again = EXIFPrivacy.scrubbed(scrubbed) {
        require(again == scrubbed, "scrubbing a scrubbed block changed it again")
    }
}

private func checkFile(_ file: [UInt8], _ insert: ([UInt8]) throws(ImagingError) -> [UInt8]) {
    let output: [UInt8]
    do {
        output = try insert(file)
    } catch {
        switch error {
        case .damaged, .processingFailed: return
        default: require(false, "refused as \(error), not as damaged")
        }
        return
    }
    do {
        _ = try insert(output)
    } catch {
        require(false, "the file given out is refused when read again: \(error)")
    }
}
