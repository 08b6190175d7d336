import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Imaging

@Suite struct DeliveredFileTests {
    /// Czech letters everywhere, and markup characters in the author's name and the address.
    static let rights = XMPRights(
        rights: "© Jana Nováková, všechna práva vyhrazena",
        webStatement: "https://creativecommons.org/licenses/by/4.0/?lang=cs&x=<1>",
        creator: "Jana \"Nováková\" & <Syn>", marked: true)

    /// What exiftool reads from the file's XMP, by tag name.
    private static func xmp(_ fixtures: Fixtures, _ path: String, tags: [String] = [
        "-XMP-dc:Rights", "-XMP-xmpRights:WebStatement", "-XMP-dc:Creator", "-XMP-xmpRights:Marked",
    ]) throws -> [String: Any] {
        let output = try fixtures.run("exiftool", ["-j"] + tags + [path])
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return try #require(json?.first)
    }

    /// Writes the delivered file next to the fixtures; its path.
    private static func deliver(
        _ fixtures: Fixtures, _ original: String, _ format: PhotoFormat, rights: XMPRights = rights
    ) throws -> (path: String, bytes: [UInt8]) {
        let delivered = try DeliveredFile.bytes(ofOriginalAt: original, format: format, rights: rights)
        let path = fixtures.path("delivered-\(format.rawValue).\(delivered.fileExtension)")
        try Data(delivered.bytes).write(to: URL(fileURLWithPath: path))
        return (path, delivered.bytes)
    }

    private static func occurrences(of needle: String, in bytes: [UInt8]) -> Int {
        let needle = Array(needle.utf8)
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.count
    }

    @Test(arguments: [
        ("photo.jpg", PhotoFormat.jpeg, "jpg"), ("photo.png", .png, "png"), ("photo.webp", .webp, "jpg"),
        ("photo.heic", .heic, "jpg"),
    ])
    func exiftoolReadsTheRights(name: String, format: PhotoFormat, fileExtension: String) throws {
        let fixtures = try Fixtures()
        let original = try fixtures.quadrants(name, width: 600, height: 400)
        let delivered = try DeliveredFile.bytes(ofOriginalAt: original, format: format, rights: Self.rights)
        #expect(delivered.fileExtension == fileExtension)
        let (path, _) = try Self.deliver(fixtures, original, format)
        let tags = try Self.xmp(fixtures, path)
        #expect(tags["Rights"] as? String == "© Jana Nováková, všechna práva vyhrazena")
        #expect(tags["WebStatement"] as? String == "https://creativecommons.org/licenses/by/4.0/?lang=cs&x=<1>")
        #expect(tags["Creator"] as? String == "Jana \"Nováková\" & <Syn>")
        #expect(tags["Marked"] as? Bool == true || tags["Marked"] as? String == "True", "\(tags)")
        // exiftool finds nothing wrong with the file's structure or its metadata.
        let validation = try fixtures.run("exiftool", "-validate", "-warning", "-error", "-a", "-s", path)
        #expect(validation.contains("Validate") && validation.contains("OK"), "\(validation)")
        let image = try DecodedImage(path)
        #expect((image.width, image.height) == (600, 400))
        #expect(image.pixel(10, 10).isClose(to: .red) && image.pixel(-10, -10).isClose(to: .yellow))
    }

    @Test func aJPEGKeepsItsPixelsAndOtherMetadata() throws {
        let fixtures = try Fixtures()
        let original = try fixtures.picture("photo.jpg", width: 640, height: 480) { x, y in
            RGB(red: UInt8(x % 256), green: UInt8(y % 256), blue: UInt8((x ^ y) % 256))
        }
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=EOS R5", original)
        let originalBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        let (path, bytes) = try Self.deliver(fixtures, original, .jpeg)
        #expect(try DecodedImage(path).bytes == DecodedImage(original).bytes)
        // Everything from the first scan on is byte for byte the original's.
        let scan = try #require(originalBytes.indices.first { originalBytes[$0] == 0xFF && originalBytes[$0 + 1] == 0xDA })
        #expect(bytes.suffix(originalBytes.count - scan).elementsEqual(originalBytes[scan...]))
        let tags = try Self.xmp(fixtures, path, tags: ["-EXIF:Make", "-EXIF:Model", "-XMP-dc:Rights"])
        #expect(tags["Make"] as? String == "Canon" && tags["Model"] as? String == "EOS R5")
        #expect(tags["Rights"] as? String == Self.rights.rights)
    }

    @Test func thePacketComesAfterTheJFIFAndEXIFSegments() throws {
        let fixtures = try Fixtures()
        let original = try fixtures.quadrants("photo.jpg")
        // libvips writes EXIF but no JFIF segment; exiftool adds one, first, as is usual.
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-Make=Canon", "-JFIF:XResolution=72", original)
        let (_, bytes) = try Self.deliver(fixtures, original, .jpeg)
        var markers: [String] = []
        var offset = 2
        while bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let payload = bytes[(offset + 4)..<(offset + 2 + length)]
            let name = payload.prefix(4).elementsEqual("Exif".utf8) ? "EXIF"
                : payload.starts(with: JPEGMetadata.xmpSignature) ? "XMP" : String(bytes[offset + 1], radix: 16)
            markers.append(name)
            offset += 2 + length
        }
        #expect(Array(markers.prefix(3)) == ["e0", "EXIF", "XMP"], "\(markers)")
    }

    @Test(arguments: ["photo.jpg", "photo.png"])
    func aPacketAlreadyThereIsReplaced(name: String) throws {
        let fixtures = try Fixtures()
        let original = try fixtures.quadrants(name)
        try fixtures.run(
            "exiftool", "-q", "-overwrite_original", "-XMP-dc:Rights=Old rights", "-XMP-dc:Title=Old title",
            "-XMP-dc:Creator=Someone else", original)
        let before = try Self.xmp(fixtures, original, tags: ["-XMP-dc:Rights", "-XMP-dc:Title"])
        #expect(before["Rights"] as? String == "Old rights" && before["Title"] as? String == "Old title")
        let format: PhotoFormat = name.hasSuffix("jpg") ? .jpeg : .png
        let (path, bytes) = try Self.deliver(fixtures, original, format)
        let after = try Self.xmp(fixtures, path, tags: ["-XMP-dc:Rights", "-XMP-dc:Title", "-XMP-dc:Creator"])
        #expect(after["Rights"] as? String == Self.rights.rights)
        #expect(after["Creator"] as? String == Self.rights.creator)
        #expect(after["Title"] == nil)
        #expect(Self.occurrences(of: "<x:xmpmeta", in: bytes) == 1)
        #expect(Self.occurrences(of: "Old rights", in: bytes) == 0)
        #expect(try DecodedImage(path).bytes == DecodedImage(original).bytes)
    }

    @Test func thePacketIsWellFormedXML() throws {
        var rights = Self.rights
        rights.rights = "a\u{0}b\u{1F}c\u{7F}d\u{FFFF}e\nf & 'g' ©"
        rights.marked = false
        rights.webStatement = nil
        let packet = try rights.xmpPacket()
        #expect(packet.hasPrefix("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"))
        #expect(packet.hasSuffix("<?xpacket end=\"w\"?>"))
        #expect(packet.contains("<rdf:li xml:lang=\"x-default\">abcde f &amp; &apos;g&apos; ©</rdf:li>"))
        #expect(packet.contains("<rdf:Seq><rdf:li>Jana &quot;Nováková&quot; &amp; &lt;Syn&gt;</rdf:li></rdf:Seq>"))
        #expect(packet.contains("<xmpRights:Marked>False</xmpRights:Marked>"))
        #expect(!packet.contains("WebStatement"))
        #if canImport(FoundationXML) || os(macOS)
        let parser = XMLParser(data: Data(packet.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #endif
    }

    @Test func textsAreLimitedSoThePacketFitsOneSegment() throws {
        let longest = String(repeating: "&", count: XMPRights.maximumTextBytes)
        let packet = try XMPRights(rights: longest, webStatement: longest, creator: longest).xmpPacket()
        #expect(packet.utf8.count <= JPEGMetadata.maximumPacketBytes)
        let tooLong = XMPRights(rights: String(repeating: "č", count: XMPRights.maximumTextBytes / 2 + 1))
        guard case .processingFailed = imagingError({ _ = try tooLong.xmpPacket() }) else {
            Issue.record("expected .processingFailed")
            return
        }
        #expect(throws: ImagingError.self) {
            _ = try JPEGMetadata.inserting(Array(repeating: 0x20, count: JPEGMetadata.maximumPacketBytes + 1),
                                           into: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9])
        }
    }

    @Test func truncatedAndForeignFilesAreRefused() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.picture("whole.jpg", width: 800, height: 600) { x, y in
            RGB(red: UInt8(x % 256), green: UInt8(y % 256), blue: UInt8((x * y) % 256))
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let truncated = fixtures.path("truncated.jpg")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let error = imagingError { _ = try DeliveredFile.bytes(ofOriginalAt: truncated, format: .jpeg, rights: Self.rights) }
        guard case .damaged = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        let text = try fixtures.text("notes.jpg", "Not a photo at all.\n")
        guard case .unsupportedFormat = imagingError({
            _ = try DeliveredFile.bytes(ofOriginalAt: text, format: .jpeg, rights: Self.rights)
        }) else {
            Issue.record("expected .unsupportedFormat for text")
            return
        }
        let png = try fixtures.quadrants("photo.png")
        guard case .unsupportedFormat = imagingError({
            _ = try DeliveredFile.bytes(ofOriginalAt: png, format: .jpeg, rights: Self.rights)
        }) else {
            Issue.record("expected .unsupportedFormat for a PNG said to be a JPEG")
            return
        }
        guard case .unreadableFile = imagingError({
            _ = try DeliveredFile.bytes(ofOriginalAt: fixtures.path("missing.jpg"), format: .jpeg, rights: Self.rights)
        }) else {
            Issue.record("expected .unreadableFile")
            return
        }
    }

    /// Every cut of a real file, and hand-made hostile headers, throw `.damaged` rather
    /// than trap; random damage either throws or gives a file.
    @Test(arguments: ["photo.jpg", "photo.png"], [CameraDetails.kept, .removed])
    func hostileStructuresNeverTrap(name: String, cameraDetails: CameraDetails) throws {
        let fixtures = try Fixtures()
        let path = try fixtures.quadrants(name, width: 64, height: 48)
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-Make=Canon", "-XMP-dc:Title=Old", "-GPSLatitude=50.1",
                         "-GPSLatitudeRef=N", "-EXIF:SerialNumber=123", path)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let insert: ([UInt8], [UInt8]) throws(ImagingError) -> [UInt8] = name.hasSuffix("jpg")
            ? { packet, file throws(ImagingError) in try JPEGMetadata.inserting(packet, into: file, cameraDetails: cameraDetails) }
            : { packet, file throws(ImagingError) in try PNGMetadata.inserting(packet, into: file, cameraDetails: cameraDetails) }
        let packet = Array(try Self.rights.xmpPacket().utf8)
        _ = try insert(packet, whole)
        for length in 0..<whole.count - 2 {
            guard case .damaged = imagingError({ _ = try insert(packet, Array(whole.prefix(length))) }) else {
                Issue.record("a cut at \(length) of \(whole.count) bytes was not refused as .damaged")
                return
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var damaged = whole
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 0..<min(200, damaged.count), using: &generator)] = .random(in: 0...255, using: &generator)
            }
            do {
                _ = try insert(packet, damaged)
            } catch {
                guard case .damaged = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
        }
    }

    @Test func handMadeJPEGHeadersAreRefused() {
        let packet = Array("<x/>".utf8)
        let cases: [[UInt8]] = [
            [], [0xFF], [0xFF, 0xD8], [0xD8, 0xFF, 0xE0], [0xFF, 0xD8, 0xFF], [0xFF, 0xD8, 0xFF, 0xFF, 0xFF],
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00], [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0x00],
            [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0x00, 0x00], [0xFF, 0xD8, 0x00, 0x00],
            [0xFF, 0xD8, 0xFF, 0xD8], [0xFF, 0xD8, 0xFF, 0xD9], [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34],
        ]
        for bytes in cases {
            guard case .damaged = imagingError({ _ = try JPEGMetadata.inserting(packet, into: bytes) }) else {
                Issue.record("\(bytes) was not refused as .damaged")
                continue
            }
        }
        // The smallest acceptable shape: SOI, a scan header, data, EOI.
        let minimal: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0xFF, 0xD9]
        let result = try? JPEGMetadata.inserting(packet, into: minimal)
        #expect(result?.count == minimal.count + 4 + JPEGMetadata.xmpSignature.count + packet.count)
    }
}
