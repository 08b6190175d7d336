import Foundation
import Testing
@testable import Imaging

@Suite struct ProbeTests {
    @Test(arguments: [
        ("photo.jpg", PhotoFormat.jpeg), ("photo.png", .png), ("photo.webp", .webp), ("photo.heic", .heic),
    ])
    func eachAcceptedFormatIsRecognised(name: String, format: PhotoFormat) throws {
        let fixtures = try Fixtures()
        let photo = try ImageProbe.probe(fileAt: fixtures.quadrants(name, width: 300, height: 200))
        #expect(photo.format == format)
        #expect(photo.width == 300 && photo.height == 200)
    }

    @Test func theFormatComesFromTheContentNotTheName() throws {
        let fixtures = try Fixtures()
        let png = try fixtures.quadrants("photo.png")
        let misnamed = fixtures.path("really-a-png.jpg")
        try FileManager.default.copyItem(atPath: png, toPath: misnamed)
        #expect(try ImageProbe.probe(fileAt: misnamed).format == .png)
    }

    @Test func aTextFileNamedJPGIsRefused() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.text("notes.jpg", "Not a photo at all, just some words.\n")
        guard case .unsupportedFormat = imagingError({ _ = try ImageProbe.probe(fileAt: path) }) else {
            Issue.record("expected .unsupportedFormat")
            return
        }
    }

    @Test func anSVGIsRefused() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.text("drawing.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">\
            <rect width="100" height="100" fill="red"/></svg>
            """)
        let error = imagingError { _ = try ImageProbe.probe(fileAt: path) }
        guard case .unsupportedFormat = error else {
            Issue.record("expected .unsupportedFormat, got \(String(describing: error))")
            return
        }
        #expect(error?.message == "This file is not a photo we can read. Use JPEG, PNG, WebP or HEIC.")
    }

    @Test(arguments: ["photo.tif", "photo.gif", "photo.avif"])
    func otherFormatsLibvipsCouldReadAreRefused(name: String) throws {
        let fixtures = try Fixtures()
        let path = try fixtures.quadrants(name)
        guard case .unsupportedFormat = imagingError({ _ = try ImageProbe.probe(fileAt: path) }) else {
            Issue.record("expected .unsupportedFormat for \(name)")
            return
        }
    }

    @Test func anAnimatedWebPIsRefused() throws {
        let fixtures = try Fixtures()
        let gif = fixtures.path("animation.gif")
        try fixtures.run("convert", "-delay", "10", "-size", "64x64", "xc:red", "xc:blue", gif)
        let webp = fixtures.path("animation.webp")
        try fixtures.run("vips", "copy", gif + "[n=-1]", webp)
        guard case .animated(frames: 2) = imagingError({ _ = try ImageProbe.probe(fileAt: webp) }) else {
            Issue.record("expected .animated(frames: 2)")
            return
        }
    }

    @Test func aPNGDeclaringAnimationFramesIsRefused() throws {
        let fixtures = try Fixtures()
        let still = try Data(contentsOf: URL(fileURLWithPath: fixtures.quadrants("still.png")))
        // An acTL chunk (2 frames, loop forever) right after IHDR, as APNG encoders write it.
        let chunk = pngChunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0])
        let ihdrEnd = 8 + 12 + 13
        let animated = still.prefix(ihdrEnd) + chunk + still.dropFirst(ihdrEnd)
        let path = fixtures.path("animated.png")
        try animated.write(to: URL(fileURLWithPath: path))
        guard case .animated(frames: 2) = imagingError({ _ = try ImageProbe.probe(fileAt: path) }) else {
            Issue.record("expected .animated(frames: 2)")
            return
        }
    }

    @Test func aPNGBombIsRefusedFromItsHeaderBeforeDecoding() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("bomb.png")
        try fixtures.run("vips", "black", path + "[compression=9,bitdepth=1]", "30000", "30000")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max
        #expect(size < 200_000, "900 megapixels in about 110 KB")
        // The pixel count is only known before decoding: this error means nothing was decoded.
        let error = imagingError { _ = try ImageProbe.probe(fileAt: path) }
        guard case .tooManyPixels(width: 30_000, height: 30_000, limit: 60_000_000) = error else {
            Issue.record("expected .tooManyPixels, got \(String(describing: error))")
            return
        }
    }

    @Test func aFileOverTheByteLimitIsRefused() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.quadrants("photo.png")
        let limits = PhotoLimits(maxBytes: 100)
        guard case .fileTooLarge(_, limit: 100) = imagingError({
            _ = try ImageProbe.probe(fileAt: path, limits: limits)
        }) else {
            Issue.record("expected .fileTooLarge")
            return
        }
    }

    @Test func aMissingFileIsReportedAsUnreadable() {
        guard case .unreadableFile = imagingError({
            _ = try ImageProbe.probe(fileAt: "/nonexistent/photo.jpg")
        }) else {
            Issue.record("expected .unreadableFile")
            return
        }
    }

    @Test func bracketsEndingTheFileNameAreNotReadAsLoadOptions() throws {
        let fixtures = try Fixtures()
        let source = try fixtures.quadrants("photo.jpg", width: 64, height: 48)
        // libvips would read a trailing "[shrink=8]" as "load at 1/8 size".
        let odd = fixtures.path("photo.jpg[shrink=8]")
        try FileManager.default.copyItem(atPath: source, toPath: odd)
        let photo = try ImageProbe.probe(fileAt: odd)
        #expect(photo.width == 64 && photo.height == 48)
        let result = try VariantMaker.makeVariants(fromFileAt: odd, into: fixtures.outputDirectory())
        #expect(result.variant(.full, .jpeg)?.width == 64)
    }

    @Test func theOrientationTurnsTheReportedSize() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.quadrants("photo.jpg", width: 300, height: 200)
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-n", "-Orientation=6", path)
        let photo = try ImageProbe.probe(fileAt: path)
        #expect(photo.orientation == 6)
        #expect(photo.storedWidth == 300 && photo.storedHeight == 200)
        #expect(photo.width == 200 && photo.height == 300)
    }
}

/// A PNG chunk: length, type, data, CRC-32 of type and data.
func pngChunk(_ type: String, _ data: [UInt8]) -> Data {
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    return Data(bigEndian(UInt32(data.count)) + body + bigEndian(crc))
}
