import Foundation
import Testing
@testable import HTTPServer

@Suite struct MultipartFormParserTests {
    // MARK: - Parsing

    @Test func textFieldsAndAFileBecomeAForm() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(
            .field("title", "Sunset"),
            .field("tags", "sea"),
            .field("tags", "sky"),
            .file("photo", filename: "sunset.jpg", contentType: "image/jpeg", content: Array("JPEG DATA".utf8)))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form["title"] == "Sunset")
        #expect(form.values("tags") == ["sea", "sky"])
        let photo = try #require(form.file("photo"))
        #expect(photo.filename == "sunset.jpg")
        #expect(photo.contentType == "image/jpeg")
        #expect(photo.size == 9)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo.path)) == Data("JPEG DATA".utf8))
    }

    @Test func feedingOneByteAtATimeGivesTheSameForm() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.sampleBody

        let (whole, _) = try Multipart.parse(body, in: scratch)
        let (byByte, _) = try Multipart.parse(body, chunkSizes: [1], in: scratch)

        try Multipart.expectSameForm(byByte, whole)
        #expect(byByte["title"] == "Été")
        #expect(byByte["caption"] == "line\r\nbreak")
        let photo = try #require(byByte.file("photo"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo.path)) == Data(Multipart.samplePhoto))
        #expect(byByte.files.count == 1)
    }

    @Test(arguments: [1, 2, 3, 42, 1234] as [UInt64])
    func feedingRandomChunkSizesGivesTheSameForm(seed: UInt64) throws {
        let scratch = ScratchDirectory()
        let body = Multipart.sampleBody
        var random = SplitMix64(seed: seed)
        let sizes = (0..<body.count).map { _ in Int.random(in: 1...(Multipart.boundary.count + 10), using: &random) }

        let (whole, _) = try Multipart.parse(body, in: scratch)
        let (chunked, _) = try Multipart.parse(body, chunkSizes: sizes, in: scratch)

        try Multipart.expectSameForm(chunked, whole)
    }

    @Test func quotedBoundaryIsAccepted() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.field("a", "1"))
        let contentType = "multipart/form-data; boundary=\"\(Multipart.boundary)\""

        let (form, _) = try Multipart.parse(body, contentType: contentType, in: scratch)

        #expect(form["a"] == "1")
    }

    @Test func unquotedBoundaryIsAccepted() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.field("a", "1"))
        let contentType = "Multipart/Form-Data;boundary=\(Multipart.boundary)"

        let (form, _) = try Multipart.parse(body, contentType: contentType, in: scratch)

        #expect(form["a"] == "1")
    }

    @Test func fileContentResemblingABoundaryIsKeptIntact() throws {
        let scratch = ScratchDirectory()
        let tricky = "\r\n--\r\n-\r\n--\(Multipart.boundary.dropLast())X\r\n--\(Multipart.boundary.dropLast())"
            + "--\(Multipart.boundary)\r--\(Multipart.boundary)\n\r\n\r\n\r\n-"
        let content = Array(tricky.utf8)
        let body = Multipart.body(.file("f", filename: "t.bin", contentType: nil, content: content))

        for chunkSize in [1, 3, 7, Multipart.boundary.count, 4096] {
            let (form, _) = try Multipart.parse(body, chunkSizes: [chunkSize], in: scratch)
            let file = try #require(form.file("f"))
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: file.path))) == content)
        }
    }

    @Test func textContentResemblingABoundaryIsKeptIntact() throws {
        let scratch = ScratchDirectory()
        let value = "line one\r\n--line two\r\n--\(Multipart.boundary.dropLast())"
        let body = Multipart.body(.field("notes", value))

        let (form, _) = try Multipart.parse(body, chunkSizes: [5], in: scratch)

        #expect(form["notes"] == value)
    }

    @Test func preambleAndEpilogueAreIgnored() throws {
        let scratch = ScratchDirectory()
        let body = Array("This is a preamble.\r\n".utf8) + Multipart.body(.field("a", "1"))
            + Array("This is an epilogue.\r\n".utf8)

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form["a"] == "1")
        #expect(form.fields.map(\.name) == ["a"])
    }

    @Test func emptyFieldValueIsKept() throws {
        let scratch = ScratchDirectory()
        let (form, _) = try Multipart.parse(Multipart.body(.field("caption", "")), in: scratch)

        #expect(form["caption"] == "")
    }

    @Test func unicodeFieldNamesValuesAndFilenamesAreDecoded() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(
            .field("légende", "Été à Zürich 🌅"),
            .file("photo", filename: "été.jpg", contentType: nil, content: [1]))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form["légende"] == "Été à Zürich 🌅")
        #expect(form.file("photo")?.filename == "été.jpg")
    }

    @Test func extendedFilenameParameterWinsOverPlainFilename() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(
            headers: "Content-Disposition: form-data; name=\"photo\"; filename=\"ete.jpg\"; filename*=UTF-8''%C3%A9t%C3%A9.jpg",
            content: [1, 2]))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form.file("photo")?.filename == "été.jpg")
    }

    @Test func browserEscapesInFilenamesAreDecoded() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(
            headers: "Content-Disposition: form-data; name=\"photo\"; filename=\"say %22cheese%22 100%.jpg\"",
            content: [1]))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form.file("photo")?.filename == "say \"cheese\" 100%.jpg")
    }

    @Test func fileContentTypeDefaultsToOctetStream() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.file("f", filename: "a.raw", contentType: nil, content: [1]))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form.file("f")?.contentType == "application/octet-stream")
    }

    @Test func headerNamesAreCaseInsensitiveAndUnknownHeadersIgnored() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(
            headers: "X-Custom: whatever\r\ncontent-disposition:form-data;name=a\r\nCONTENT-TYPE: text/plain; charset=utf-8",
            content: Array("1".utf8)))

        let (form, _) = try Multipart.parse(body, in: scratch)

        #expect(form["a"] == "1")
    }

    @Test func emptyFileInputIsSkipped() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(
            .field("title", "x"),
            .file("photo", filename: "", contentType: "application/octet-stream", content: []))

        let (form, parser) = try Multipart.parse(body, in: scratch)

        #expect(form.files.isEmpty)
        #expect(parser.temporaryFiles.isEmpty)
        #expect(form["title"] == "x")
    }

    @Test func emptyFileWithAFilenameIsKept() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.file("doc", filename: "empty.txt", contentType: "text/plain", content: []))

        let (form, parser) = try Multipart.parse(body, in: scratch)

        let file = try #require(form.file("doc"))
        #expect(file.size == 0)
        #expect(parser.temporaryFiles == [file.path])
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    // MARK: - Temporary files

    @Test func temporaryFilesAreListedAndHoldExactlyTheBytes() throws {
        let scratch = ScratchDirectory()
        let first = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
        let second = Array(repeating: UInt8(0x0D), count: 77) + [0x0A, 0x2D, 0x2D]
        let body = Multipart.body(
            .file("a", filename: "a.bin", contentType: nil, content: first),
            .file("b", filename: "b.bin", contentType: nil, content: second))

        let (form, parser) = try Multipart.parse(body, chunkSizes: [13], in: scratch)

        #expect(parser.temporaryFiles == form.files.map(\.path))
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: form.files[0].path))) == first)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: form.files[1].path))) == second)
        #expect(form.files.map(\.size) == [first.count, second.count])
    }

    @Test func temporaryFilesAreListedAfterAnError() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.fileBytes = 100
        let body = Multipart.body(
            .file("a", filename: "small.bin", contentType: nil, content: [1, 2, 3]),
            .file("b", filename: "big.bin", contentType: nil, content: Array(repeating: 7, count: 500)))
        var parser = try Multipart.parser(limits: limits, in: scratch)

        #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [10]) }

        #expect(parser.temporaryFiles.count == 2)
        for path in parser.temporaryFiles {
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func temporaryFilesAreNamedRandomlyInsideTheTemporaryDirectory() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.file("f", filename: "../../etc/passwd", contentType: nil, content: [1]))

        let (form, _) = try Multipart.parse(body, in: scratch)

        let file = try #require(form.file("f"))
        #expect(file.filename == "../../etc/passwd")
        #expect((file.path as NSString).deletingLastPathComponent == scratch.path)
        #expect(!file.path.contains("passwd"))
    }

    @Test func missingTemporaryDirectoryIsCreatedPrivate() throws {
        let scratch = ScratchDirectory()
        let directory = scratch.path + "/nested/uploads"
        let body = Multipart.body(.file("f", filename: "a.jpg", contentType: nil, content: [1]))
        var parser = try MultipartFormParser(
            contentType: Multipart.contentType, limits: BodyLimits(), uploadsAllowed: true,
            temporaryDirectory: directory)

        try Multipart.feed(body, to: &parser, chunkSizes: [body.count])
        _ = try parser.finish()

        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        #expect(parser.temporaryFiles.first?.hasPrefix(directory + "/") == true)
    }

    @Test func fiveMebibyteFileStreamsThroughIn64KiBChunks() throws {
        let scratch = ScratchDirectory()
        var random = SplitMix64(seed: 7)
        // Random bytes repeated with a prime period, so no two chunks carry the same bytes.
        let pattern = (0..<65_521).map { _ in UInt8.random(in: 0...255, using: &random) }
        var content: [UInt8] = []
        while content.count < 5 << 20 { content += pattern }
        content.removeLast(content.count - (5 << 20))
        let body = Multipart.body(.field("title", "big"), .file("f", filename: "big.bin", contentType: nil, content: content))
        var parser = try Multipart.parser(in: scratch)

        var largestBuffer = 0
        for chunk in Multipart.chunks(of: body, sizes: [64 << 10]) {
            try chunk.withUnsafeBytes { try parser.consume($0) }
            largestBuffer = max(largestBuffer, try Multipart.bufferedByteCount(of: parser))
        }
        let form = try parser.finish()

        let file = try #require(form.file("f"))
        #expect(file.size == content.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == Data(content))
        // What stays in memory between chunks is less than one delimiter, not the file.
        #expect(largestBuffer < Multipart.boundary.count + 4)
    }

    // MARK: - Limits

    @Test func fileOverThePerFileLimitIsRefusedBeforeTheBodyEnds() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.fileBytes = 1000
        let content = [UInt8](repeating: 1, count: 10_000)
        let body = Multipart.body(.file("photo", filename: "x.jpg", contentType: "image/jpeg", content: content))
        var parser = try Multipart.parser(limits: limits, in: scratch)

        var fed = 0
        let error = #expect(throws: HTTPFailure.self) {
            for chunk in Multipart.chunks(of: body, sizes: [100]) {
                try chunk.withUnsafeBytes { try parser.consume($0) }
                fed += chunk.count
            }
        }

        #expect(error?.status == .contentTooLarge)
        #expect(error?.message == "The file “x.jpg” is larger than 1000 bytes.")
        #expect(fed < 2000)
    }

    @Test func bodyOverTheUploadLimitIsRefused() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.uploadBytes = 3 << 10
        let body = Multipart.body(
            .file("a", filename: "a.bin", contentType: nil, content: Array(repeating: 1, count: 2000)),
            .file("b", filename: "b.bin", contentType: nil, content: Array(repeating: 2, count: 2000)))
        var parser = try Multipart.parser(limits: limits, in: scratch)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [500]) }

        #expect(error?.status == .contentTooLarge)
        #expect(error?.message == "The upload is larger than 3 KB.")
    }

    @Test func withoutUploadsTheWholeBodyIsLimitedToFormBytes() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.formBytes = 1 << 10
        let body = Multipart.body(.file("a", filename: "a.bin", contentType: nil, content: Array(repeating: 1, count: 2000)))
        var parser = try Multipart.parser(limits: limits, uploadsAllowed: false, in: scratch)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [100]) }

        #expect(error?.status == .contentTooLarge)
        #expect(error?.message == "The form is larger than 1 KB.")
    }

    @Test func withoutUploadsSmallFilesAreStillAccepted() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.file("a", filename: "a.txt", contentType: "text/plain", content: Array("hi".utf8)))

        let (form, _) = try Multipart.parse(body, uploadsAllowed: false, in: scratch)

        #expect(form.file("a")?.size == 2)
    }

    @Test func textFieldsTogetherAreLimitedToFormBytesInUploads() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.formBytes = 100
        let body = Multipart.body(.field("a", String(repeating: "x", count: 60)), .field("b", String(repeating: "y", count: 60)))
        var parser = try Multipart.parser(limits: limits, in: scratch)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [body.count]) }

        #expect(error?.status == .contentTooLarge)
        #expect(error?.message == "The text fields of the form together are larger than 100 bytes.")
    }

    @Test func tooManyFieldsAreRefused() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.fieldCount = 3
        let body = Multipart.body(.field("a", "1"), .field("b", "2"), .field("c", "3"), .field("d", "4"))
        var parser = try Multipart.parser(limits: limits, in: scratch)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [body.count]) }

        #expect(error?.status == .contentTooLarge)
        #expect(error?.message == "The form has more than 3 fields.")
    }

    @Test func fieldCountLimitAllowsExactlyTheLimit() throws {
        let scratch = ScratchDirectory()
        var limits = BodyLimits()
        limits.fieldCount = 3
        let body = Multipart.body(.field("a", "1"), .field("b", "2"), .field("c", "3"))

        let (form, _) = try Multipart.parse(body, limits: limits, in: scratch)

        #expect(form.fields.map(\.value) == ["1", "2", "3"])
    }

    @Test func limitsAreDescribedAsPeopleReadThem() {
        #expect(ByteCount.describe(30 << 20) == "30 MB")
        #expect(ByteCount.describe(3 << 19) == "1.5 MB")
        #expect(ByteCount.describe(512 << 10) == "512 KB")
        #expect(ByteCount.describe(200 << 20) == "200 MB")
        #expect(ByteCount.describe(1) == "1 byte")
    }

    // MARK: - Malformed input

    @Test func invalidUTF8InAValueIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data; name=\"title\"", content: [0x41, 0xFF, 0x42]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The form field “title” is not valid UTF-8 text.")
    }

    @Test func nulInAValueIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data; name=\"title\"", content: [0x41, 0x00]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The form field “title” contains a NUL character.")
    }

    @Test func invalidUTF8InAFilenameIsRefused() throws {
        let scratch = ScratchDirectory()
        let headers = Array("Content-Disposition: form-data; name=\"f\"; filename=\"a".utf8) + [0xC3, 0x28] + Array(".jpg\"".utf8)
        let body = Multipart.body(.rawBytes(headers: headers, content: [1]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The form data is malformed: the headers of a part are not valid UTF-8.")
    }

    @Test func missingClosingBoundaryIsRefusedAtFinish() throws {
        let scratch = ScratchDirectory()
        let body = Array("--\(Multipart.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1".utf8)
        var parser = try Multipart.parser(in: scratch)
        try Multipart.feed(body, to: &parser, chunkSizes: [body.count])

        let error = #expect(throws: HTTPFailure.self) { try parser.finish() }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The upload ended before the form was complete.")
    }

    @Test func bodyWithoutTheBoundaryIsRefusedAtFinish() throws {
        let scratch = ScratchDirectory()
        let body = Array("title=Sunset".utf8)
        var parser = try Multipart.parser(in: scratch)
        try Multipart.feed(body, to: &parser, chunkSizes: [body.count])

        let error = #expect(throws: HTTPFailure.self) { try parser.finish() }

        #expect(error?.status == .badRequest)
    }

    @Test func partWithoutANameIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data; filename=\"a.jpg\"", content: [1]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The form data is malformed: a part has no field name.")
    }

    @Test func partWithoutContentDispositionIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Type: text/plain", content: [1]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
    }

    @Test func unterminatedQuoteInContentDispositionIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data; name=\"a", content: [1]))

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
    }

    @Test func oversizedPartHeadersAreRefused() throws {
        let scratch = ScratchDirectory()
        let padding = "X-Padding: " + String(repeating: "p", count: MultipartFormParser.maxPartHeaderBytes)
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data; name=\"a\"\r\n" + padding, content: [1]))
        var parser = try Multipart.parser(in: scratch)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [100]) }

        #expect(error?.status == .badRequest)
    }

    @Test func garbageAfterABoundaryIsRefused() throws {
        let scratch = ScratchDirectory()
        let body = Array(("--\(Multipart.boundary)X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1"
            + "\r\n--\(Multipart.boundary)--\r\n").utf8)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
    }

    @Test func bareLineFeedsAreNotLineEnds() throws {
        let scratch = ScratchDirectory()
        let body = Array(("--\(Multipart.boundary)\nContent-Disposition: form-data; name=\"a\"\n\n1"
            + "\n--\(Multipart.boundary)--\n").utf8)

        let error = #expect(throws: HTTPFailure.self) { try Multipart.parse(body, in: scratch) }

        #expect(error?.status == .badRequest)
    }

    @Test func missingBoundaryParameterIsRefused() {
        let error = #expect(throws: HTTPFailure.self) {
            try MultipartFormParser(
                contentType: "multipart/form-data", limits: BodyLimits(), uploadsAllowed: true,
                temporaryDirectory: "/nonexistent")
        }

        #expect(error?.status == .badRequest)
        #expect(error?.message == "The multipart form has no boundary in its Content-Type.")
    }

    @Test(arguments: ["", String(repeating: "b", count: 71), "ends-with-space ", "semi\u{e9}"])
    func invalidBoundaryIsRefused(boundary: String) {
        let error = #expect(throws: HTTPFailure.self) {
            try MultipartFormParser(
                contentType: "multipart/form-data; boundary=\"\(boundary)\"", limits: BodyLimits(),
                uploadsAllowed: true, temporaryDirectory: "/nonexistent")
        }

        #expect(error?.status == .badRequest)
    }

    @Test func otherMediaTypesAreRefused() {
        let error = #expect(throws: HTTPFailure.self) {
            try MultipartFormParser(
                contentType: "application/x-www-form-urlencoded", limits: BodyLimits(),
                uploadsAllowed: true, temporaryDirectory: "/nonexistent")
        }

        #expect(error?.status == .unsupportedMediaType)
    }

    @Test func afterAnErrorEveryCallThrowsItAgain() throws {
        let scratch = ScratchDirectory()
        let body = Multipart.body(.raw(headers: "Content-Disposition: form-data", content: [1]))
        var parser = try Multipart.parser(in: scratch)
        let first = #expect(throws: HTTPFailure.self) { try Multipart.feed(body, to: &parser, chunkSizes: [body.count]) }

        let again = #expect(throws: HTTPFailure.self) { try Multipart.feed([1], to: &parser, chunkSizes: [1]) }
        let atFinish = #expect(throws: HTTPFailure.self) { try parser.finish() }

        #expect(first != nil)
        #expect(again == first)
        #expect(atFinish == first)
    }
}

// MARK: - Helpers

/// Builds and parses multipart bodies the way a browser sends them.
private enum Multipart {
    static let boundary = "----FormBoundary7MA4YWxkTrZu0gW"
    static let contentType = "multipart/form-data; boundary=\(boundary)"

    enum Part {
        case field(String, String)
        case file(String, filename: String, contentType: String?, content: [UInt8])
        case raw(headers: String, content: [UInt8])
        case rawBytes(headers: [UInt8], content: [UInt8])

        var bytes: [UInt8] {
            switch self {
            case .field(let name, let value):
                Part.raw(headers: "Content-Disposition: form-data; name=\"\(name)\"", content: Array(value.utf8)).bytes
            case .file(let name, let filename, let contentType, let content):
                Part.raw(
                    headers: "Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\""
                        + (contentType.map { "\r\nContent-Type: \($0)" } ?? ""),
                    content: content).bytes
            case .raw(let headers, let content):
                Part.rawBytes(headers: Array(headers.utf8), content: content).bytes
            case .rawBytes(let headers, let content):
                headers + Array("\r\n\r\n".utf8) + content
            }
        }
    }

    static func body(_ parts: Part...) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            body += Array("--\(boundary)\r\n".utf8) + part.bytes + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }

    static let samplePhoto = Array("ab\r\n--\(boundary.prefix(9))\r\ncd\r\n".utf8)

    /// Fields, a file with near-boundary content and an empty file input.
    static let sampleBody = body(
        .field("title", "Été"),
        .file("photo", filename: "p.jpg", contentType: "image/jpeg", content: samplePhoto),
        .field("caption", "line\r\nbreak"),
        .file("extra", filename: "", contentType: "application/octet-stream", content: []))

    static func parser(
        limits: BodyLimits = BodyLimits(), uploadsAllowed: Bool = true, contentType: String = contentType,
        in scratch: ScratchDirectory
    ) throws(HTTPFailure) -> MultipartFormParser {
        try MultipartFormParser(
            contentType: contentType, limits: limits, uploadsAllowed: uploadsAllowed,
            temporaryDirectory: scratch.path)
    }

    /// Splits `body` into chunks whose sizes cycle through `sizes`.
    static func chunks(of body: [UInt8], sizes: [Int]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var sizeIndex = 0
        while start < body.count {
            let end = min(body.count, start + max(1, sizes[sizeIndex % sizes.count]))
            chunks.append(body[start..<end])
            start = end
            sizeIndex += 1
        }
        return chunks
    }

    static func feed(_ body: [UInt8], to parser: inout MultipartFormParser, chunkSizes: [Int]) throws {
        for chunk in chunks(of: body, sizes: chunkSizes) {
            try chunk.withUnsafeBytes { try parser.consume($0) }
        }
    }

    @discardableResult
    static func parse(
        _ body: [UInt8], chunkSizes: [Int]? = nil, limits: BodyLimits = BodyLimits(),
        uploadsAllowed: Bool = true, contentType: String = contentType, in scratch: ScratchDirectory
    ) throws -> (Form, MultipartFormParser) {
        var parser = try parser(limits: limits, uploadsAllowed: uploadsAllowed, contentType: contentType, in: scratch)
        try feed(body, to: &parser, chunkSizes: chunkSizes ?? [max(1, body.count)])
        return (try parser.finish(), parser)
    }

    /// The bytes the parser holds between chunks, read through reflection because memory
    /// use is a promise of the type but not part of its interface.
    static func bufferedByteCount(of parser: MultipartFormParser) throws -> Int {
        let buffer = Mirror(reflecting: parser).children.first { $0.label == "buffer" }?.value
        return try #require(buffer as? [UInt8]).count
    }

    /// Same fields, and files with the same metadata and content (paths differ).
    static func expectSameForm(_ actual: Form, _ expected: Form) throws {
        #expect(actual.fields == expected.fields)
        #expect(actual.files.count == expected.files.count)
        for (a, e) in zip(actual.files, expected.files) {
            #expect(a.fieldName == e.fieldName)
            #expect(a.filename == e.filename)
            #expect(a.contentType == e.contentType)
            #expect(a.size == e.size)
            #expect(try Data(contentsOf: URL(fileURLWithPath: a.path)) == Data(contentsOf: URL(fileURLWithPath: e.path)))
        }
    }
}

/// A directory of its own for each test, removed when the test ends.
private final class ScratchDirectory {
    let path = NSTemporaryDirectory().appending("/multipart-tests-\(UUID().uuidString)")
        .replacingOccurrences(of: "//", with: "/")

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A seeded generator, so random chunkings are the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
