import Foundation
import Fotofolio
import FotofolioSQLite
import Spawn
import Testing
@testable import FotofolioWeb

/// A proofing gallery made through the pages, and the people around it, each with the
/// cookies of their own browser: its photographer, its client, another photographer and
/// another client.
struct GalleryScene {
    let server: WebTestServer
    let photographer: [String: String]
    let client: [String: String]
    let otherPhotographer: [String: String]
    let otherClient: [String: String]
    let id: Int64
    let token: String

    var path: String { "/galleries/\(id)" }
    var clientPath: String { "/g/\(token)" }

    /// Registers the four people and makes the gallery as its photographer, for the client
    /// `jana.k` (or for its link alone when `forAccount` is false).
    static func make(forAccount: Bool = true, pickLimit: String = "", title: String = "Svatba Novákových",
                     on server: WebTestServer? = nil) async throws -> GalleryScene {
        let server = try server ?? WebTestServer()
        server.signOut()
        try await server.signUp(username: "jana.k")
        let client = server.jar
        server.signOut()
        try await server.signUp(username: "petra.k")
        let otherClient = server.jar
        server.signOut()
        try await server.signUpCreator(username: "michal.test")
        let otherPhotographer = server.jar
        server.signOut()
        try await server.signUpCreator(username: "vojta.test")
        let photographer = server.jar
        let made = try await server.submit("/galleries", [
            "title": title, "client": forAccount ? "@jana.k" : "", "pickLimit": pickLimit, "message": "Vyberte si, prosím.",
        ])
        guard made.status == 303, let location = made.headers["location"], let id = Int64(location.split(separator: "/").last ?? "") else {
            throw TestFailure("making a gallery answered \(made.status): \(made.body.prefix(300))")
        }
        let token = try Galleries(stores: .sqlite(server.database)).owned(id, by: try server.userId("vojta.test")).gallery.token
        return GalleryScene(server: server, photographer: photographer, client: client, otherPhotographer: otherPhotographer,
                            otherClient: otherClient, id: id, token: token)
    }

    /// Makes the server's browser that person's (nil: a guest's).
    func be(_ person: [String: String]?) {
        server.jar = person ?? [:]
    }

    /// The gallery as stored.
    func details() throws -> GalleryDetails {
        try Galleries(stores: .sqlite(server.database)).owned(id, by: try server.userId("vojta.test"))
    }

    /// The photos' ids in the order of their names here (the gallery shows them by name).
    func ids(of names: [String]) throws -> [Int64] {
        let photos = try details().photos
        return names.map { name in photos.first { $0.fileName == name }!.photo.id! }
    }

    /// Uploads demo photos as the photographer, the way the form without script does.
    @discardableResult
    func upload(_ names: [String], json: Bool = false) async throws -> WebTestServer.Reply {
        be(photographer)
        return try await server.submitMultipart(path + "/photos", [], files: try names.map { try FormFile.demoPhoto($0) },
                                                headers: json ? ["Accept": "application/json"] : [:])
    }

    func deliver() async throws {
        be(photographer)
        let delivered = try await server.submit(path + "/deliver", [:])
        #expect(delivered.status == 303)
        #expect(delivered.headers["location"] == path + "?delivered=1")
    }

    /// Rows of the gallery's tables, to see that a refused step changed nothing.
    func snapshot() throws -> [String] {
        try server.database.pool.read { db in
            try String.fetchAll(db, sql: """
                SELECT 'gallery ' || id || ' ' || IFNULL(submittedAt, '-') || ' ' || IFNULL(deliveredAt, '-') || ' ' || downloadCount FROM gallery
                UNION ALL SELECT 'photo ' || galleryId || ' ' || photoId || ' ' || position FROM galleryPhoto
                UNION ALL SELECT 'pick ' || galleryId || ' ' || photoId || ' ' || comment FROM galleryPick
                UNION ALL SELECT 'photos ' || COUNT(*) FROM photo
                """)
        }
    }
}

extension WebTestServer {
    /// A binary answer, as bytes (`send` reads bodies as text), answered in process.
    func bytes(_ path: String, headers: [String: String] = [:]) async throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        let pending = request(path, headers: headers)
        let response = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: pending.client.respond(method: pending.method, target: pending.target,
                                                                      headers: pending.headers, body: Array(pending.body)))
            }.start()
        }
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name.lowercased()] = field.value }
        switch response.body {
        case .bytes(let bytes): return (response.status.code, fields, bytes)
        case .shared(let bytes): return (response.status.code, fields, bytes.bytes)
        case .empty: return (response.status.code, fields, [])
        default: throw TestFailure("\(path) answered with a body that is not bytes")
        }
    }

    /// GETs `path` over a real socket from the daemon with `cookies`, hands each piece of
    /// the de-chunked body to `sink` as it arrives, and returns the status, the headers and
    /// the body's length. Runs on a thread of its own (it blocks on the socket).
    func download(_ path: String, cookies: [String: String], timeout: Duration = .seconds(60),
                  sink: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) async throws -> (status: Int, headers: [String: String], length: Int) {
        let port = daemon.port
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try SocketDownload.get(port: port, path: path, cookies: cookies, timeout: timeout, sink: sink)
                })
            }.start()
        }
    }
}

/// One GET over a socket, its chunked body decoded as it streams in, never held whole.
enum SocketDownload {
    static func get(port: Int, path: String, cookies: [String: String], timeout: Duration,
                    sink: (UnsafeRawBufferPointer) -> Void) throws -> (status: Int, headers: [String: String], length: Int) {
        let deadline = ContinuousClock.now + timeout
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect failed: errno \(errno)") }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept-Language: en\r\nConnection: close\r\n"
        if !cookies.isEmpty { request += "Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw TestFailure("could not send the request")
        }
        var block = [UInt8](repeating: 0, count: 256 * 1024)
        func receive() throws -> Int {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw TestFailure("timed out reading \(path)") }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(remaining.components.seconds * 1000 + 1, 600_000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { throw TestFailure("timed out reading \(path)") }
            return max(0, block.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) })
        }
        // The head.
        var head: [UInt8] = []
        var rest: [UInt8] = []
        while true {
            let count = try receive()
            guard count > 0 else { throw TestFailure("closed before the response head") }
            head += block[..<count]
            if let end = head.firstRange(of: [13, 10, 13, 10]) {
                rest = Array(head[end.upperBound...])
                head = Array(head[..<end.lowerBound])
                break
            }
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var decoder = ChunkedDecoder(chunked: headers["transfer-encoding"]?.lowercased() == "chunked")
        rest.withUnsafeBytes { decoder.feed($0, sink) }
        while !decoder.done {
            let count = try receive()
            if count == 0 { break }
            block.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[..<count]), sink) }
        }
        if decoder.chunked && !decoder.done { throw TestFailure("the body ended before its last chunk") }
        return (status, headers, decoder.length)
    }

    /// `Transfer-Encoding: chunked`, decoded a piece at a time.
    struct ChunkedDecoder {
        let chunked: Bool
        private(set) var length = 0
        private(set) var done = false
        private var line: [UInt8] = []
        /// Data bytes left in the current chunk, then its CRLF.
        private var remaining = 0
        private var crlf = 0
        private var inTrailer = false

        init(chunked: Bool) { self.chunked = chunked }

        mutating func feed(_ bytes: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) -> Void) {
            guard chunked else {
                length += bytes.count
                sink(bytes)
                return
            }
            var index = 0
            while index < bytes.count, !done {
                if remaining > 0 {
                    let take = min(remaining, bytes.count - index)
                    sink(UnsafeRawBufferPointer(rebasing: bytes[index..<index + take]))
                    length += take
                    remaining -= take
                    index += take
                    if remaining == 0 { crlf = 2 }
                } else if crlf > 0 {
                    crlf -= 1
                    index += 1
                } else {
                    let byte = bytes[index]
                    index += 1
                    guard byte == 10 else { if byte != 13 { line.append(byte) }; continue }
                    let text = String(decoding: line, as: UTF8.self)
                    line.removeAll()
                    if inTrailer {
                        if text.isEmpty { done = true }
                        continue
                    }
                    let size = Int(text.split(separator: ";").first.map(String.init) ?? "", radix: 16) ?? 0
                    if size == 0 { inTrailer = true } else { remaining = size }
                }
            }
        }
    }
}

/// The command-line tools the gallery tests read files with, run through `ChildProcess`.
enum GalleryTools {
    /// The tool's output; throws when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run("/usr/bin/env", [tool] + arguments)
        guard run.status.succeeded else { throw TestFailure("\(tool) \(arguments.joined(separator: " ")) failed: \(run.output.suffix(2000))") }
        return run.output
    }

    /// Width and height as libvips reads them.
    static func size(_ path: String) throws -> (Int, Int) {
        let width = try run("vipsheader", ["-f", "width", path]).trimmingCharacters(in: .whitespacesAndNewlines)
        let height = try run("vipsheader", ["-f", "height", path]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (Int(width) ?? -1, Int(height) ?? -1)
    }

    /// The mean and the largest absolute difference of two decoded images of one size, per
    /// band value (0…255), computed by libvips.
    static func difference(_ a: String, _ b: String, scratch: String) throws -> (mean: Double, max: Double) {
        let difference = scratch + "/difference-\(UUID().uuidString).v"
        let absolute = scratch + "/absolute-\(UUID().uuidString).v"
        defer {
            try? FileManager.default.removeItem(atPath: difference)
            try? FileManager.default.removeItem(atPath: absolute)
        }
        try run("vips", ["subtract", a, b, difference])
        try run("vips", ["abs", difference, absolute])
        let mean = try run("vips", ["avg", absolute]).trimmingCharacters(in: .whitespacesAndNewlines)
        let max = try run("vips", ["max", absolute]).trimmingCharacters(in: .whitespacesAndNewlines)
        return (Double(mean) ?? .nan, Double(max) ?? .nan)
    }

    /// What exiftool reads of the file's XMP rights, by tag name.
    static func xmpRights(_ path: String) throws -> [String: Any] {
        let output = try run("exiftool", ["-j", "-XMP-dc:Rights", "-XMP-xmpRights:WebStatement", "-XMP-dc:Creator", path])
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return json?.first ?? [:]
    }

    /// Python's `zipfile`: `testzip()` (the first bad member, or "None") and the names in order.
    static func zipCheck(_ path: String) throws -> (bad: String, names: [String]) {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as archive:
                print('BAD', archive.testzip())
                for name in archive.namelist(): print('NAME', name)
            """
        let output = try run("python3", ["-c", script, path])
        let lines = output.split(separator: "\n")
        let bad = lines.first { $0.hasPrefix("BAD ") }.map { String($0.dropFirst(4)) } ?? "?"
        return (bad, lines.filter { $0.hasPrefix("NAME ") }.map { String($0.dropFirst(5)) })
    }
}

enum JPEGBytes {
    /// The file without its XMP packets (APP1 segments of Adobe's XMP namespace).
    static func withoutXMP(_ bytes: [UInt8]) -> [UInt8] {
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return bytes }
        var kept: [UInt8] = [0xFF, 0xD8]
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            // Start of scan: the rest is image data.
            if marker == 0xDA { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let end = index + 2 + length
            guard end <= bytes.count else { break }
            let payload = bytes[(index + 4)..<end]
            if !(marker == 0xE1 && payload.starts(with: xmp)) { kept += bytes[index..<end] }
            index = end
        }
        return kept + bytes[index...]
    }
}

/// The test process's resident memory in bytes (VmRSS of /proc/self/status).
func galleryResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return kilobytes * 1024
}
