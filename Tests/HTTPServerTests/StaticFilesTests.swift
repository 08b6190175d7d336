import CZlib
import Foundation
import Testing
@testable import HTTPServer

/// A temporary Public folder, removed when the fixture goes away.
///
/// Layout: css/app.css (compressible text), js/app.js, js/vendor.js (400 KiB), tiny.css (too small to gzip),
/// logo.png, big.bin (300 KiB), docs/guide/readme.txt (subfolder), "my file.txt",
/// .env and .secret/key.css (hidden), leak.txt → ../outside/secret.txt (link out),
/// alias.css → css/app.css (link in), loop → . (link back up).
private final class Fixture {
    static let css = String(repeating: "body { color: #333; margin: 0 auto; }\n", count: 100)
    /// `sha256sum` of `css`.
    static let cssHash = "7965d4f27360c060418aa5d25b7061dc3ce692444d33f586f92a7f1cd7c5538f"
    static let js = String(repeating: "export function greet(name) { return `Hello, ${name}!`; }\n", count: 50)
    /// Text past the in-memory limit: identity goes from disk, gzip from memory.
    static let vendor = String(repeating: "var x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];\n", count: 6_400)
    static let big: [UInt8] = (0..<(300 * 1024)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }

    let base: String
    let root: String

    init() throws {
        base = NSTemporaryDirectory() + "static-files-\(UUID().uuidString)"
        root = base + "/Public"
        for folder in ["css", "js", "docs/guide", ".secret"] { try makeFolder(root + "/" + folder) }
        try makeFolder(base + "/outside")
        try write("css/app.css", Array(Self.css.utf8))
        try write("js/app.js", Array(Self.js.utf8))
        try write("js/vendor.js", Array(Self.vendor.utf8))
        try write("tiny.css", Array("a{}".utf8))
        try write("logo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 500))
        try write("big.bin", Self.big)
        try write("docs/guide/readme.txt", Array("Read me.\n".utf8))
        try write("my file.txt", Array("spaced\n".utf8))
        try write(".env", Array("PASSWORD=x\n".utf8))
        try write(".secret/key.css", Array("hidden{}".utf8))
        try Array("top secret\n".utf8).write(to: base + "/outside/secret.txt")
        try link("leak.txt", to: "../outside/secret.txt")
        try link("alias.css", to: "css/app.css")
        try link("loop", to: ".")
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    func files() throws -> StaticFiles { try StaticFiles(root: root) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        try bytes.write(to: root + "/" + relative)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: root + "/" + relative)
    }

    private func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    private func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + relative, withDestinationPath: destination)
    }
}

private extension Array where Element == UInt8 {
    func write(to path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path))
    }
}

// MARK: Helpers

private func request(
    _ path: String, _ headers: HTTPHeaders = HTTPHeaders(), method: HTTPMethod = .get
) throws -> Request {
    Request(method: method, path: try RequestPath(encoded: path), headers: headers)
}

private func answer(
    _ files: StaticFiles, _ path: String, _ headers: HTTPHeaders = HTTPHeaders(), method: HTTPMethod = .get
) throws -> Response {
    try #require(files.response(for: request(path, headers, method: method)))
}

/// The bytes a response body would send, reading file regions from their descriptor.
private func contents(_ body: ResponseBody) throws -> [UInt8] {
    switch body {
    case .empty: return []
    case .bytes(let bytes): return bytes
    case .shared(let bytes): return bytes.bytes
    case .file(let region): return try read(region)
    case .stream, .pull: throw TestFailure("a stream or pulled body was not expected")
    }
}

private func read(_ region: FileRegion) throws -> [UInt8] {
    let fd = try #require(region.takeDescriptor())
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: region.length)
    let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, region.length, off_t(region.offset)) }
    try #require(count == region.length)
    return bytes
}

private struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Decompresses a gzip member with zlib's inflate.
private func gunzip(_ input: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    let ready = inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    try #require(ready == Z_OK)
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var input = input
    var status: Int32 = Z_OK
    input.withUnsafeMutableBufferPointer { source in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        while status == Z_OK {
            chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                status = inflate(&stream, Z_NO_FLUSH)
                output += out[..<(out.count - Int(stream.avail_out))]
            }
        }
    }
    try #require(status == Z_STREAM_END)
    return output
}

// MARK: Without a folder

@Test(arguments: [
    ("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
    ("mod.mjs", "text/javascript; charset=utf-8"), ("index.html", "text/html; charset=utf-8"),
    ("notes.txt", "text/plain; charset=utf-8"), ("icon.svg", "image/svg+xml"),
    ("data.json", "application/json"), ("favicon.ico", "image/x-icon"), ("a.png", "image/png"),
    ("a.jpg", "image/jpeg"), ("a.JPEG", "image/jpeg"), ("a.webp", "image/webp"), ("a.avif", "image/avif"),
    ("a.gif", "image/gif"), ("f.woff2", "font/woff2"), ("f.woff", "font/woff"), ("v.mp4", "video/mp4"),
    ("v.webm", "video/webm"), ("s.mp3", "audio/mpeg"), ("d.pdf", "application/pdf"),
    ("site.webmanifest", "application/manifest+json"), ("feed.xml", "application/xml"),
    ("archive.xyz", "application/octet-stream"), ("Makefile", "application/octet-stream"),
])
func mediaTypeFollowsExtension(name: String, type: String) {
    #expect(MediaType.forFile(named: name).value == type)
}

@Test func httpDateReadsAllThreeForms() {
    let expected = 784_111_777
    #expect(StaticFiles.HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
    #expect(StaticFiles.HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
    #expect(StaticFiles.HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
    #expect(StaticFiles.HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(StaticFiles.HTTPDate.parse("yesterday") == nil)
}

@Test func missingRootThrowsAClearError() throws {
    let error = #expect(throws: StaticFilesError.self) {
        try StaticFiles(root: "/nonexistent/static-files-root")
    }
    #expect(error?.message.contains("/nonexistent/static-files-root") == true)
}

/// Each test gets its own Public folder (created in `init`, removed with the fixture).
@Suite final class StaticFilesTests {
    private let fixture: Fixture
    private let files: StaticFiles

    init() throws {
        fixture = try Fixture()
        files = try fixture.files()
    }

    // MARK: Content types

    @Test func responseCarriesContentTypeOfTheFile() throws {
        #expect(try answer(files, "/css/app.css").headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(try answer(files, "/js/app.js").headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(try answer(files, "/logo.png").headers["Content-Type"] == "image/png")
        #expect(try answer(files, "/big.bin").headers["Content-Type"] == "application/octet-stream")
    }

    // MARK: Fingerprinted URLs and caching

    @Test func fingerprintedURLIsBuiltFromSHA256OfContent() {
        #expect(files.url(for: "/css/app.css") == "/css/app.\(Fixture.cssHash.prefix(16)).css")
    }

    @Test func fingerprintedURLServesContentAsImmutable() throws {
        let response = try answer(files, files.url(for: "/css/app.css"))
        #expect(response.status == .ok)
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(try contents(response.body) == Array(Fixture.css.utf8))
    }

    @Test func plainURLMustRevalidate() throws {
        let response = try answer(files, "/css/app.css")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["ETag"] == "\"\(Fixture.cssHash.prefix(32))\"")
        #expect(response.headers["Last-Modified"].flatMap(StaticFiles.HTTPDate.parse) != nil)
    }

    @Test func fingerprintedURLsUnderAFolderListItsFilesPercentEncodedInOrder() throws {
        let scripts = files.fingerprintedURLs(under: "/js/", ending: ".js")
        #expect(scripts.map(\.plain) == ["/js/app.js", "/js/vendor.js"])
        #expect(scripts.map(\.fingerprinted) == [files.url(for: "/js/app.js"), files.url(for: "/js/vendor.js")])
        // A name that needs escaping is escaped on both sides; hidden files and links out are not listed.
        let texts = files.fingerprintedURLs(under: "/", ending: ".txt")
        #expect(texts.map(\.plain) == ["/docs/guide/readme.txt", "/my%20file.txt"])
        let spaced = try #require(texts.last?.fingerprinted)
        #expect(spaced.hasPrefix("/my%20file.") && spaced.hasSuffix(".txt"))
        #expect(try answer(files, spaced).status == .ok)
    }

    @Test func urlForUnknownPathIsUnchanged() throws {
        #expect(files.url(for: "/css/missing.css") == "/css/missing.css")
        #expect(files.url(for: "https://example.com/x.css") == "https://example.com/x.css")
        #expect(files.url(for: "/css") == "/css")
    }

    @Test func urlForKeepsQueryAndFragment() throws {
        #expect(files.url(for: "/css/app.css?v=2#top") == "/css/app.\(Fixture.cssHash.prefix(16)).css?v=2#top")
    }

    @Test func urlForPercentEncodesNamesThatNeedIt() throws {
        let url = files.url(for: "/my file.txt")
        #expect(url.hasPrefix("/my%20file.") && url.hasSuffix(".txt"))
        #expect(try contents(answer(files, url).body) == Array("spaced\n".utf8))
    }

    @Test func staleFingerprintIsNotServed() throws {
        #expect(try files.response(for: request("/css/app.0123456789abcdef.css")) == nil)
    }

    // MARK: Conditional requests

    @Test func matchingIfNoneMatchGives304() throws {
        let etag = try #require(try answer(files, "/css/app.css").headers["ETag"])
        let response = try answer(files, "/css/app.css", ["If-None-Match": etag])
        #expect(response.status == .notModified)
        #expect(response.headers["ETag"] == etag)
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.body.count == 0)
    }

    @Test func ifNoneMatchListWithWeakTagGives304() throws {
        let etag = try #require(try answer(files, "/js/app.js").headers["ETag"])
        let response = try answer(files, "/js/app.js", ["If-None-Match": "\"old\", \"a,b\", W/\(etag)"])
        #expect(response.status == .notModified)
    }

    @Test func ifNoneMatchStarGives304() throws {
        #expect(try answer(files, "/logo.png", ["If-None-Match": "*"]).status == .notModified)
    }

    @Test func otherIfNoneMatchGives200() throws {
        #expect(try answer(files, "/logo.png", ["If-None-Match": "\"something-else\""]).status == .ok)
    }

    @Test func notModifiedOnFingerprintedURLKeepsImmutableCaching() throws {
        let url = files.url(for: "/logo.png")
        let etag = try #require(try answer(files, url).headers["ETag"])
        let response = try answer(files, url, ["If-None-Match": etag])
        #expect(response.status == .notModified)
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }

    @Test func ifModifiedSinceLastModifiedGives304() throws {
        let lastModified = try #require(try answer(files, "/logo.png").headers["Last-Modified"])
        let response = try answer(files, "/logo.png", ["If-Modified-Since": lastModified])
        #expect(response.status == .notModified)
        #expect(response.headers["ETag"] != nil)
        #expect(response.body.count == 0)
    }

    @Test func ifModifiedSinceBeforeTheChangeGives200() throws {
        let response = try answer(files, "/logo.png", ["If-Modified-Since": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(response.status == .ok)
    }

    @Test func ifModifiedSinceIsIgnoredWhenIfNoneMatchIsPresent() throws {
        let lastModified = try #require(try answer(files, "/logo.png").headers["Last-Modified"])
        let headers: HTTPHeaders = ["If-None-Match": "\"other\"", "If-Modified-Since": lastModified]
        #expect(try answer(files, "/logo.png", headers).status == .ok)
    }

    // MARK: Ranges

    @Test func rangeFromToGivesThoseBytes() throws {
        let response = try answer(files, "/css/app.css", ["Range": "bytes=5-14"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Range"] == "bytes 5-14/3800")
        #expect(try contents(response.body) == Array(Array(Fixture.css.utf8)[5...14]))
    }

    @Test func rangeFromOnwardGivesTheRest() throws {
        let response = try answer(files, "/css/app.css", ["Range": "bytes=3790-"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Range"] == "bytes 3790-3799/3800")
        #expect(try contents(response.body) == Array(Array(Fixture.css.utf8)[3790...]))
    }

    @Test func suffixRangeGivesTheLastBytes() throws {
        let response = try answer(files, "/css/app.css", ["Range": "bytes=-7"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Range"] == "bytes 3793-3799/3800")
        #expect(try contents(response.body) == Array(Array(Fixture.css.utf8).suffix(7)))
    }

    @Test func rangeEndPastTheFileIsClamped() throws {
        let response = try answer(files, "/css/app.css", ["Range": "bytes=3795-99999999999999999999999"])
        #expect(response.headers["Content-Range"] == "bytes 3795-3799/3800")
    }

    @Test(arguments: ["bytes=3800-", "bytes=5000-6000", "bytes=-0"])
    func unsatisfiableRangeGives416(range: String) throws {
        let response = try answer(files, "/css/app.css", ["Range": range])
        #expect(response.status == .rangeNotSatisfiable)
        #expect(response.headers["Content-Range"] == "bytes */3800")
    }

    @Test(arguments: ["bytes=abc", "bytes=9-2", "items=0-1", "bytes=0-1,4-5", "bytes=--3", "bytes=1-2-3", "bytes 0-1"])
    func malformedOrMultiRangeGivesWholeFile(range: String) throws {
        let response = try answer(files, "/css/app.css", ["Range": range])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Range"] == nil)
        #expect(try contents(response.body) == Array(Fixture.css.utf8))
    }

    @Test func ifRangeWithCurrentETagGivesTheRange() throws {
        let etag = try #require(try answer(files, "/logo.png").headers["ETag"])
        let response = try answer(files, "/logo.png", ["Range": "bytes=0-3", "If-Range": etag])
        #expect(response.status == .partialContent)
    }

    @Test func ifRangeWithOldValidatorGivesWholeFile() throws {
        let headers: HTTPHeaders = ["Range": "bytes=0-3", "If-Range": "\"stale\""]
        #expect(try answer(files, "/logo.png", headers).status == .ok)
        let dated: HTTPHeaders = ["Range": "bytes=0-3", "If-Range": "Sun, 06 Nov 1994 08:49:37 GMT"]
        #expect(try answer(files, "/logo.png", dated).status == .ok)
    }

    @Test func rangeOfLargeFileIsAFileRegion() throws {
        let response = try answer(files, "/big.bin", ["Range": "bytes=1000-1999"])
        guard case .file(let region) = response.body else {
            Issue.record("expected a file body, got \(response.body)")
            return
        }
        #expect(region.offset == 1000 && region.length == 1000)
        #expect(try read(region) == Array(Fixture.big[1000..<2000]))
    }

    // MARK: Compression

    @Test func gzipIsServedWhenAccepted() throws {
        let response = try answer(files, "/css/app.css", ["Accept-Encoding": "br;q=1.0, gzip;q=0.8, *;q=0.1"])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["ETag"] == "\"\(Fixture.cssHash.prefix(32))-gzip\"")
        let compressed = try contents(response.body)
        #expect(compressed.count < Fixture.css.utf8.count)
        #expect(try gunzip(compressed) == Array(Fixture.css.utf8))
    }

    @Test(arguments: ["gzip;q=0", "GZIP; q=0.000", "identity", "br", "*;q=0", "gzip;q=0, *", "gzip;q=bad"])
    func gzipIsNotServedWhenRefused(acceptEncoding: String) throws {
        let response = try answer(files, "/css/app.css", ["Accept-Encoding": acceptEncoding])
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(try contents(response.body) == Array(Fixture.css.utf8))
    }

    @Test func withoutAcceptEncodingIdentityIsServedWithVary() throws {
        let response = try answer(files, "/js/app.js")
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(try contents(response.body) == Array(Fixture.js.utf8))
    }

    @Test func wildcardAcceptEncodingGetsGzip() throws {
        #expect(try answer(files, "/js/app.js", ["Accept-Encoding": "*"]).headers["Content-Encoding"] == "gzip")
    }

    @Test func rangesAreNeverGzipped() throws {
        let response = try answer(files, "/css/app.css", ["Accept-Encoding": "gzip", "Range": "bytes=0-9"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["ETag"] == "\"\(Fixture.cssHash.prefix(32))\"")
        #expect(try contents(response.body) == Array(Array(Fixture.css.utf8)[0...9]))
    }

    @Test func gzipIsSkippedWhenNotSmaller() throws {
        let response = try answer(files, "/tiny.css", ["Accept-Encoding": "gzip"])
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(try contents(response.body) == Array("a{}".utf8))
    }

    @Test func binaryFilesAreNotCompressedNorVaried() throws {
        let response = try answer(files, "/logo.png", ["Accept-Encoding": "gzip"])
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == nil)
    }

    @Test func gzipETagRevalidatesOnlyTheGzipRepresentation() throws {
        let gzipped = try answer(files, "/css/app.css", ["Accept-Encoding": "gzip"])
        let etag = try #require(gzipped.headers["ETag"])
        let again = try answer(files, "/css/app.css", ["Accept-Encoding": "gzip", "If-None-Match": etag])
        #expect(again.status == .notModified)
        #expect(again.headers["Vary"] == "Accept-Encoding")
        #expect(try answer(files, "/css/app.css", ["If-None-Match": etag]).status == .ok)
    }

    // MARK: Memory or disk

    @Test func smallFileIsServedFromMemory() throws {
        guard case .shared(let bytes) = try answer(files, "/css/app.css").body else {
            Issue.record("expected bytes in memory")
            return
        }
        #expect(bytes.bytes == Array(Fixture.css.utf8))
    }

    @Test func largeFileIsServedFromDisk() throws {
        let response = try answer(files, "/big.bin")
        guard case .file(let region) = response.body else {
            Issue.record("expected a file body, got \(response.body)")
            return
        }
        #expect(region.offset == 0 && region.length == 300 * 1024)
        #expect(try read(region) == Fixture.big)
    }

    @Test func largeTextFileIsGzippedFromMemoryAndSentPlainFromDisk() throws {
        let compressed = try answer(files, "/js/vendor.js", ["Accept-Encoding": "gzip"])
        guard case .shared(let bytes) = compressed.body else {
            Issue.record("expected the gzip bytes in memory, got \(compressed.body)")
            return
        }
        #expect(try gunzip(bytes.bytes) == Array(Fixture.vendor.utf8))
        let plain = try answer(files, "/js/vendor.js")
        guard case .file(let region) = plain.body else {
            Issue.record("expected a file body, got \(plain.body)")
            return
        }
        #expect(try read(region) == Array(Fixture.vendor.utf8))
    }

    // MARK: What is never served

    @Test(arguments: ["/", "/css", "/docs/guide", "/loop"])
    func folderGivesNil(path: String) throws {
        #expect(try files.response(for: request(path)) == nil)
    }

    @Test func fileInSubfolderIsServed() throws {
        #expect(try contents(answer(files, "/docs/guide/readme.txt").body) == Array("Read me.\n".utf8))
    }

    @Test(arguments: ["/.env", "/.secret/key.css", "/css/.env"])
    func hiddenFileGivesNil(path: String) throws {
        #expect(try files.response(for: request(path)) == nil)
        #expect(files.url(for: path) == path)
    }

    @Test func symlinkLeavingTheFolderGivesNil() throws {
        #expect(try files.response(for: request("/leak.txt")) == nil)
    }

    @Test func symlinkInsideTheFolderIsServed() throws {
        let response = try answer(files, "/alias.css")
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(try contents(response.body) == Array(Fixture.css.utf8))
    }

    @Test func linkBackUpTheTreeIsNotWalked() throws {
        #expect(try files.response(for: request("/loop/css/app.css")) == nil)
    }

    @Test func unknownAndTraversalPathsGiveNil() throws {
        #expect(try files.response(for: request("/css/nope.css")) == nil)
        #expect(files.response(for: Request(method: .get, path: RequestPath(segments: ["..", "outside", "secret.txt"]))) == nil)
    }

    @Test(arguments: [HTTPMethod.post, .put, .delete, .options, HTTPMethod("get")])
    func otherMethodsGiveNil(method: HTTPMethod) throws {
        #expect(try files.response(for: request("/css/app.css", method: method)) == nil)
    }

    @Test func headGetsTheSameHeadersAsGet() throws {
        let headers: HTTPHeaders = ["Accept-Encoding": "gzip"]
        let get = try answer(files, "/css/app.css", headers)
        let head = try answer(files, "/css/app.css", headers, method: .head)
        #expect(head.status == get.status)
        #expect(Array(head.headers) == Array(get.headers))
        #expect(head.body.count == get.body.count)
    }

    @Test func headIgnoresRangeAsRFC9110Requires() throws {
        let response = try answer(files, "/css/app.css", ["Range": "bytes=0-1"], method: .head)
        #expect(response.status == .ok)
    }

    @Test func largeFileDeletedAfterStartGivesNil() throws {
        try fixture.remove("big.bin")
        #expect(try files.response(for: request("/big.bin")) == nil)
    }

    /// Small assets are a start-up snapshot: serving them never touches the disk.
    @Test func smallFileDeletedAfterStartIsStillServedFromMemory() throws {
        try fixture.remove("css/app.css")
        #expect(try files.response(for: request("/css/app.css"))?.status == .ok)
    }

    @Test func largeFileChangedAfterStartGivesNil() throws {
        try fixture.write("big.bin", Array(Fixture.big.reversed()) + [1])
        #expect(try files.response(for: request("/big.bin")) == nil)
    }

    @Test func rootThatIsAFileThrows() throws {
        #expect(throws: StaticFilesError.self) { try StaticFiles(root: fixture.root + "/tiny.css") }
    }
}
