import Foundation
import Testing
@testable import Imaging

/// A delivered file leaves out where the photo was taken and which camera took it, unless
/// the photographer keeps them; read back by exiftool, an independent reader.
@Suite struct CameraDetailsTests {
    static let rights = XMPRights(rights: "© Jana Nováková", webStatement: nil, creator: "Jana Nováková", marked: true)

    /// What a phone or a camera writes that says where and with what: exiftool's names.
    static let private_: [String] = [
        "-GPSLatitude=50.08753", "-GPSLatitudeRef=N", "-GPSLongitude=14.42138", "-GPSLongitudeRef=E",
        "-GPSAltitude=235", "-GPSDateStamp=2026:05:01", "-EXIF:SerialNumber=BODY-771234",
        "-EXIF:LensSerialNumber=LENS-55821", "-EXIF:OwnerName=Jan Fotograf",
        "-IPTC:City=Praha", "-IPTC:Sub-location=Karlín", "-IPTC:Province-State=Hlavní město",
        "-IPTC:Country-PrimaryLocationName=Česko", "-IPTC:Country-PrimaryLocationCode=CZE",
    ]
    /// What stays: the camera's model, the settings, the orientation and the rights.
    static let kept: [String] = [
        "-EXIF:Make=Canon", "-EXIF:Model=EOS R5", "-EXIF:ExposureTime=1/250", "-EXIF:FNumber=2.8",
        "-EXIF:Copyright=© Jana Nováková", "-EXIF:Artist=Jana Nováková", "-IPTC:By-line=Jana Nováková",
        "-IPTC:CopyrightNotice=© Jana Nováková", "-codedcharacterset=utf8",
    ]
    static let privateTexts = ["BODY-771234", "LENS-55821", "Jan Fotograf", "Praha", "Karl", "esko", "CZE"]

    /// Every tag exiftool reads from `path`, by group and name.
    private static func tags(_ fixtures: Fixtures, _ path: String) throws -> [String: Any] {
        let output = try fixtures.run("exiftool", "-j", "-a", "-G1", "-n", path)
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return try #require(json?.first)
    }

    private static func write(_ fixtures: Fixtures, _ bytes: [UInt8], _ name: String) throws -> String {
        let path = fixtures.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    private static func photo(_ fixtures: Fixtures, _ name: String, orientation: Int = 6) throws -> String {
        let path = try fixtures.picture(name, width: 320, height: 240) { x, y in
            RGB(red: UInt8(x % 256), green: UInt8(y % 256), blue: UInt8((x ^ y) % 256))
        }
        try fixtures.run("exiftool", ["-q", "-overwrite_original", "-EXIF:Orientation#=\(orientation)"] + kept + private_ + [path])
        return path
    }

    @Test func aJPEGIsDeliveredWithoutPositionSerialNumbersOwnerOrPlace() throws {
        let fixtures = try Fixtures()
        let original = try Self.photo(fixtures, "photo.jpg")
        let before = try Self.tags(fixtures, original)
        #expect(before["GPS:GPSLatitude"] != nil && before["ExifIFD:SerialNumber"] as? String == "BODY-771234",
                "the original carries them: \(before)")
        #expect(before["IPTC:City"] as? String == "Praha")

        let delivered = try DeliveredFile.bytes(ofOriginalAt: original, format: .jpeg, rights: Self.rights)
        let path = try Self.write(fixtures, delivered.bytes, "delivered.jpg")
        let after = try Self.tags(fixtures, path)
        #expect(after.keys.filter { $0.hasPrefix("GPS:") || $0.contains("GPS") }.isEmpty, "\(after)")
        for name in ["ExifIFD:SerialNumber", "ExifIFD:LensSerialNumber", "ExifIFD:OwnerName", "IPTC:City",
                     "IPTC:Sub-location", "IPTC:Province-State", "IPTC:Country-PrimaryLocationName",
                     "IPTC:Country-PrimaryLocationCode"] {
            #expect(after[name] == nil, "\(name) is still there: \(after[name] ?? "")")
        }
        for text in Self.privateTexts {
            #expect(!Self.contains(delivered.bytes, text), "the bytes still hold \(text)")
        }
        #expect(after["IFD0:Make"] as? String == "Canon" && after["IFD0:Model"] as? String == "EOS R5")
        #expect(after["IFD0:Orientation"] as? Int == 6)
        #expect(after["ExifIFD:FNumber"] as? Double == 2.8)
        #expect(after["IFD0:Copyright"] as? String == "© Jana Nováková" && after["IFD0:Artist"] as? String == "Jana Nováková")
        #expect(after["IPTC:By-line"] as? String == "Jana Nováková")
        #expect(after["IPTC:CopyrightNotice"] as? String == "© Jana Nováková")
        #expect(after["XMP-dc:Rights"] as? String == "© Jana Nováková")
        let validation = try fixtures.run("exiftool", "-validate", "-warning", "-error", "-a", "-s", path)
        #expect(validation.contains("Validate") && validation.contains("OK"), "\(validation)")
        #expect(try DecodedImage(path).bytes == DecodedImage(original).bytes)
    }

    @Test func aGalleryThatKeepsThemDeliversThemAsTheyWere() throws {
        let fixtures = try Fixtures()
        let original = try Self.photo(fixtures, "photo.jpg")
        let delivered = try DeliveredFile.bytes(ofOriginalAt: original, format: .jpeg, rights: Self.rights, cameraDetails: .kept)
        let after = try Self.tags(fixtures, Self.write(fixtures, delivered.bytes, "kept.jpg"))
        #expect(after["GPS:GPSLatitude"] as? Double == 50.08753)
        #expect(after["ExifIFD:SerialNumber"] as? String == "BODY-771234")
        #expect(after["IPTC:City"] as? String == "Praha")
    }

    @Test func thePicturesAMultiPictureFileAppendsAfterTheImageGoWithTheirPositions() throws {
        let fixtures = try Fixtures()
        let original = try Self.photo(fixtures, "photo.jpg")
        let second = try Self.photo(fixtures, "second.jpg")
        let main = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        let appended = main + [UInt8](try Data(contentsOf: URL(fileURLWithPath: second)))
        let path = try Self.write(fixtures, appended, "multi.jpg")
        let delivered = try DeliveredFile.bytes(ofOriginalAt: path, format: .jpeg, rights: Self.rights)
        for text in Self.privateTexts {
            #expect(!Self.contains(delivered.bytes, text), "the bytes still hold \(text)")
        }
        #expect(Array(delivered.bytes.suffix(2)) == [0xFF, 0xD9])
        #expect(try DecodedImage(Self.write(fixtures, delivered.bytes, "out.jpg")).bytes == DecodedImage(original).bytes)
    }

    @Test func aPNGsEXIFChunkLosesThePositionAndSerialNumbers() throws {
        let fixtures = try Fixtures()
        let original = try fixtures.quadrants("photo.png", width: 200, height: 100)
        try fixtures.run("exiftool", ["-q", "-overwrite_original", "-EXIF:Make=Canon"]
                         + Self.private_.filter { !$0.hasPrefix("-IPTC") } + [original])
        let before = try Self.tags(fixtures, original)
        #expect(before["GPS:GPSLatitude"] != nil, "\(before)")
        let delivered = try DeliveredFile.bytes(ofOriginalAt: original, format: .png, rights: Self.rights)
        let path = try Self.write(fixtures, delivered.bytes, "delivered.png")
        let after = try Self.tags(fixtures, path)
        #expect(after.keys.filter { $0.contains("GPS") }.isEmpty, "\(after)")
        #expect(after["ExifIFD:SerialNumber"] == nil && after["IFD0:Make"] as? String == "Canon", "\(after)")
        for text in Self.privateTexts.prefix(3) {
            #expect(!Self.contains(delivered.bytes, text), "the bytes still hold \(text)")
        }
        let validation = try fixtures.run("exiftool", "-validate", "-warning", "-error", "-a", "-s", path)
        #expect(validation.contains("Validate") && validation.contains("OK"), "\(validation)")
    }

    /// A scrub keeps the block's length (every offset in it stays right), takes every
    /// removed tag out, and scrubbing again changes nothing; hostile blocks never trap.
    @Test func scrubbingKeepsTheLengthAndIsDoneOnce() throws {
        let fixtures = try Fixtures()
        let original = try Self.photo(fixtures, "photo.jpg", orientation: 1)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        let tiff = try #require(Self.exifBlock(of: bytes))
        let scrubbed = try #require(EXIFPrivacy.scrubbed(tiff))
        #expect(scrubbed.count == tiff.count)
        #expect(EXIFPrivacy.scrubbed(scrubbed) == scrubbed)
        #expect(!Self.contains(scrubbed, "BODY-771234"))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            var damaged = tiff
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                damaged[Int.random(in: 0..<min(400, damaged.count), using: &generator)] = .random(in: 0...255, using: &generator)
            }
            if let result = EXIFPrivacy.scrubbed(damaged) { #expect(result.count == damaged.count) }
        }
        for length in 0..<min(tiff.count, 600) { _ = EXIFPrivacy.scrubbed(Array(tiff.prefix(length))) }
        #expect(EXIFPrivacy.scrubbed([]) == nil && EXIFPrivacy.scrubbed(Array("II*\0".utf8)) == nil)
    }

    /// The TIFF structure of a JPEG's first APP1 "Exif" segment.
    static func exifBlock(of jpeg: [UInt8]) -> [UInt8]? {
        var offset = 2
        while offset + 4 < jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            let payload = Array(jpeg[(offset + 4)..<min(jpeg.count, offset + 2 + length)])
            if jpeg[offset + 1] == 0xE1, payload.starts(with: Array("Exif".utf8) + [0, 0]) { return Array(payload.dropFirst(6)) }
            offset += 2 + length
        }
        return nil
    }
}
