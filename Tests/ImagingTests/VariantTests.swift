import Crypto
import Foundation
import Testing
@testable import Imaging

@Suite struct VariantTests {
    @Test func everySizeIsMadeInWebPAndJPEG() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.jpg", width: 3000, height: 2000)
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.width == 3000 && result.height == 2000)
        #expect(result.variants.count == 8)
        let expected: [VariantKind: (Int, Int)] = [
            .square320: (320, 320), .square640: (640, 640), .square1080: (1080, 1080), .full: (2048, 1365),
        ]
        for variant in result.variants {
            let file = try DecodedImage(fixtures.path("out/\(variant.fileName)"))
            #expect(file.loader == (variant.format == .webp ? "webpload" : "jpegload"))
            #expect(variant.fileName.hasSuffix(variant.format == .webp ? ".webp" : ".jpg"))
            #expect((file.width, file.height) == expected[variant.kind]!, "\(variant.kind)")
            #expect((variant.width, variant.height) == (file.width, file.height))
        }
        for kind in VariantKind.allCases {
            for format in VariantFormat.allCases { #expect(result.variant(kind, format) != nil) }
        }
    }

    @Test func aSmallPhotoIsNeverEnlarged() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("small.png", width: 500, height: 400)
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        let sizes = VariantKind.allCases.map { kind in result.variant(kind, .jpeg).map { [$0.width, $0.height] } }
        #expect(sizes == [[320, 320], [400, 400], [400, 400], [500, 400]])
    }

    @Test(arguments: ["photo.png", "photo.webp", "photo.heic"])
    func otherAcceptedFormatsMakeVariants(name: String) throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants(name, width: 600, height: 400)
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.variant(.full, .webp)?.width == 600)
        let full = try DecodedImage(fixtures.path("out/\(result.variant(.full, .jpeg)!.fileName)"))
        #expect(full.pixel(10, 10).isClose(to: .red))
        #expect(full.pixel(-10, -10).isClose(to: .yellow))
    }

    @Test func theEXIFOrientationIsApplied() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("rotated.jpg", width: 300, height: 200)
        // 6: the camera was turned; show the stored image turned 90° clockwise.
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-n", "-Orientation=6", photo)
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.width == 200 && result.height == 300)
        let full = try DecodedImage(fixtures.path("out/\(result.variant(.full, .jpeg)!.fileName)"))
        #expect(full.width == 200 && full.height == 300)
        // Turned clockwise, the stored top-left (red) is seen top right, bottom-left (blue)
        // top left, top-right (green) bottom right.
        #expect(full.pixel(-10, 10).isClose(to: .red), "\(full.pixel(-10, 10))")
        #expect(full.pixel(10, 10).isClose(to: .blue), "\(full.pixel(10, 10))")
        #expect(full.pixel(-10, -10).isClose(to: .green), "\(full.pixel(-10, -10))")
    }

    @Test func allMetadataIsStripped() throws {
        let fixtures = try Fixtures()
        let plain = try fixtures.quadrants("plain.jpg", width: 600, height: 400)
        let photo = fixtures.path("tagged.jpg")
        // An embedded ICC profile, then EXIF with GPS, XMP and IPTC on top.
        try fixtures.run("vips", "icc_transform", plain, photo, "srgb")
        try fixtures.run(
            "exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5",
            "-GPSLatitude=50.08", "-GPSLatitudeRef=N", "-GPSLongitude=14.42", "-GPSLongitudeRef=E",
            "-XMP:Creator=Someone", "-IPTC:City=Prague", photo)
        let before = try DecodedImage(photo).fields
        for prefix in ["exif-ifd3-GPSLatitude", "xmp-data", "iptc-data", "icc-profile-data"] {
            #expect(before.contains { $0.hasPrefix(prefix) }, "the input should carry \(prefix)")
        }
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        for variant in result.variants {
            let fields = try DecodedImage(fixtures.path("out/\(variant.fileName)")).fields
            let leftovers = fields.filter {
                $0.hasPrefix("exif") || $0.hasPrefix("xmp") || $0.hasPrefix("iptc") || $0.hasPrefix("icc")
                    || $0.lowercased().contains("gps")
            }
            #expect(leftovers.isEmpty, "\(variant.kind) \(variant.format): \(leftovers)")
        }
    }

    @Test func aTruncatedJPEGIsRefusedAndNothingIsWritten() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.picture("whole.jpg", width: 1200, height: 800) { x, y in
            RGB(red: UInt8(x % 256), green: UInt8(y % 256), blue: UInt8((x * y) % 256))
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let truncated = fixtures.path("truncated.jpg")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let output = try fixtures.outputDirectory()
        let error = imagingError { _ = try VariantMaker.makeVariants(fromFileAt: truncated, into: output) }
        guard case .damaged = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).isEmpty)
    }

    @Test func namesComeFromTheBytesAndAreStable() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.jpg", width: 900, height: 600)
        let first = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("a"))
        let second = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("b"))
        #expect(first.variants.map(\.fileName) == second.variants.map(\.fileName))
        for variant in first.variants {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: fixtures.path("a/\(variant.fileName)")))
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            #expect(variant.sha256 == digest)
            #expect(variant.fileName == "\(digest.prefix(16)).\(variant.format.fileExtension)")
            #expect(variant.byteCount == bytes.count)
        }
    }

    @Test func thePlaceholderIsTheAverageColour() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.picture("flat.png", width: 400, height: 300) { x, _ in
            x < 200 ? RGB(red: 200, green: 100, blue: 50) : RGB(red: 100, green: 50, blue: 150)
        }
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.placeholderColor == "#964b64")
    }
}
