import Crypto
import Foundation

/// Static assets from one folder, catalogued at start-up.
///
/// Only regular files found by the start-up scan are ever served, so no request path
/// (`..`, escapes, unknown names) can reach anything else. Hidden names (starting with `.`)
/// are skipped, and a symbolic link is followed only when its real path stays inside the
/// folder. Each file is hashed once (SHA-256) for its `ETag` and fingerprinted URL; text
/// files are gzip-compressed once; small files are kept in memory. A folder named like a
/// file plus `.d` is served as that one file, its parts joined (`StaticFiles.JoinedFile`).
public struct StaticFiles: Sendable {
    /// Files up to this size are answered from memory; larger ones are sent from disk.
    static let inMemoryLimit = 256 * 1024
    /// Text files up to this size are precompressed; past it the memory is not worth it.
    static let compressionLimit = 8 * 1024 * 1024
    /// Hex digits of the content hash in a fingerprinted URL (64 bits).
    static let fingerprintLength = 16

    let catalogue: Catalogue

    /// Scans `root` recursively and catalogues every servable file in it.
    ///
    /// - Throws: `StaticFilesError` if `root` is missing or not a folder, or if a file or
    ///   folder in it cannot be read (better to fail at start-up than to answer 404 later).
    public init(root: String) throws {
        catalogue = try Catalogue(assets: Scanner.scan(root: root))
    }

    /// The fingerprinted URL of an asset: `/css/app.css` → `/css/app.3f2a9c1b5d7e0a42.css`,
    /// built from the SHA-256 of the content, so it may be cached for a year.
    ///
    /// A query or fragment is kept. Unknown paths are returned unchanged.
    public func url(for path: String) -> String {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        guard let parsed = try? RequestPath(encoded: String(path[..<end])),
              let fingerprinted = catalogue.fingerprintedURLs[parsed.description]
        else { return path }
        return fingerprinted + path[end...]
    }

    /// Every catalogued file whose plain URL starts with `prefix` and ends with `suffix`
    /// (`"/js/"`, `".js"`), as its plain and fingerprinted URLs, both percent-encoded, in
    /// the order of the plain URLs: what a browser's import map needs so that a module
    /// imported by its plain address is fetched by its fingerprinted one.
    public func fingerprintedURLs(under prefix: String, ending suffix: String) -> [(plain: String, fingerprinted: String)] {
        catalogue.fingerprintedURLs
            .filter { $0.key.hasPrefix(prefix) && $0.key.hasSuffix(suffix) }
            .map { (plain: Catalogue.encodedPath($0.key), fingerprinted: $0.value) }
            .sorted { $0.plain < $1.plain }
    }

    /// Answers a GET or HEAD for a catalogued file, by plain or fingerprinted path.
    ///
    /// Handles `If-None-Match`/`If-Modified-Since` (304), `Range`/`If-Range` (206, 416) and
    /// gzip negotiation. HEAD gets the same status, headers and body as GET (the server drops
    /// the body), except that `Range` is ignored: RFC 9110 defines ranges for GET only.
    /// - Returns: nil for other methods, unknown paths, folders, files deleted since start-up,
    ///   and files too large for memory that changed since (their ETag would be wrong).
    public func response(for request: Request) -> Response? {
        guard request.method == .get || request.method == .head,
              let route = catalogue.routes[request.path.description],
              route.asset.isStillOnDisk
        else { return nil }
        return Answer(asset: route.asset, isFingerprinted: route.isFingerprinted, request: request).response()
    }
}

/// Why the static files folder could not be catalogued.
public struct StaticFilesError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and with which path.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension StaticFiles {
    /// One catalogued file: everything needed to answer for it without reading it again.
    struct Asset: Sendable {
        /// The real path of the file (symbolic links resolved); for a joined file, its folder.
        let filePath: String
        /// The decoded segments of the plain (not fingerprinted) URL.
        let segments: [String]
        let size: Int
        /// The modification time seen at start-up, to notice a file replaced since.
        let modified: FileTime
        /// `Last-Modified` in seconds, never later than start-up: a file stamped in the
        /// future would otherwise never revalidate by date.
        let lastModified: Int
        /// Hex SHA-256 of the content.
        let hash: String
        let mediaType: MediaType
        /// The content, when small enough to keep in memory.
        let identity: SharedBytes?
        /// The gzip-compressed content, when the type is text and compression made it smaller.
        let gzipped: SharedBytes?

        /// Strong validator of the identity representation.
        let etag: String
        /// Strong validator of the gzip representation: a different representation must not
        /// share a strong ETag with the identity one (RFC 9110 §8.8.3).
        let gzipETag: String
        /// `lastModified` as an HTTP date, formatted once.
        let lastModifiedText: String

        init(filePath: String, segments: [String], size: Int, modified: FileTime, lastModified: Int,
             hash: String, mediaType: MediaType, identity: SharedBytes?, gzipped: SharedBytes?) {
            self.filePath = filePath
            self.segments = segments
            self.size = size
            self.modified = modified
            self.lastModified = lastModified
            self.hash = hash
            self.mediaType = mediaType
            self.identity = identity
            self.gzipped = gzipped
            etag = "\"\(hash.prefix(32))\""
            gzipETag = "\"\(hash.prefix(32))-gzip\""
            lastModifiedText = HTTPDate.format(lastModified)
        }

        /// Whether the asset can still be served as catalogued.
        ///
        /// A file kept in memory is served from the start-up copy, which matches its ETag,
        /// without touching the disk; a file sent from disk must be unchanged, or its bytes
        /// would contradict ETag and fingerprint.
        var isStillOnDisk: Bool {
            if identity != nil { return true }
            var info = stat()
            guard stat(filePath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
            return Int(info.st_size) == size && FileTime(info) == modified
        }
    }

    /// A file modification time to the nanosecond.
    struct FileTime: Sendable, Equatable {
        let seconds: Int
        let nanoseconds: Int

        init(_ info: stat) {
            #if canImport(Darwin)
            seconds = Int(info.st_mtimespec.tv_sec)
            nanoseconds = Int(info.st_mtimespec.tv_nsec)
            #else
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
            #endif
        }
    }

    /// The lookup tables built from the scanned assets; immutable once built.
    final class Catalogue: Sendable {
        struct Route: Sendable {
            let asset: Asset
            let isFingerprinted: Bool
        }

        /// Assets by decoded URL path ("/css/app.css" and "/css/app.<hash>.css").
        let routes: [String: Route]
        /// Percent-encoded fingerprinted URL by decoded plain path.
        let fingerprintedURLs: [String: String]

        init(assets: [Asset]) {
            var routes: [String: Route] = [:]
            for asset in assets {
                routes[Self.path(asset.segments)] = Route(asset: asset, isFingerprinted: false)
            }
            var urls: [String: String] = [:]
            for asset in assets {
                let segments = Self.fingerprinted(asset.segments, hash: asset.hash)
                let key = Self.path(segments)
                // A real file whose name happens to look fingerprinted keeps its own URL.
                guard routes[key] == nil else { continue }
                routes[key] = Route(asset: asset, isFingerprinted: true)
                urls[Self.path(asset.segments)] = "/" + segments.map(Self.percentEncoded).joined(separator: "/")
            }
            self.routes = routes
            self.fingerprintedURLs = urls
        }

        /// A decoded plain path (a key of `fingerprintedURLs`) as a URL path: no segment
        /// of a catalogued file holds a `/`, so splitting at them gives its segments back.
        static func encodedPath(_ path: String) -> String {
            path.split(separator: "/", omittingEmptySubsequences: false).map { percentEncoded(String($0)) }
                .joined(separator: "/")
        }

        /// The same key `RequestPath.description` gives for these segments.
        static func path(_ segments: [String]) -> String { "/" + segments.joined(separator: "/") }

        /// Inserts the fingerprint before the extension of the last segment
        /// (`app.min.js` → `app.min.<hash>.js`; `LICENSE` → `LICENSE.<hash>`).
        static func fingerprinted(_ segments: [String], hash: String) -> [String] {
            guard let name = segments.last else { return segments }
            let fingerprint = String(hash.prefix(StaticFiles.fingerprintLength))
            let renamed: String
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                renamed = String(name[..<dot]) + "." + fingerprint + String(name[dot...])
            } else {
                renamed = name + "." + fingerprint
            }
            return Array(segments.dropLast()) + [renamed]
        }

        /// Escapes all but RFC 3986 unreserved characters, so any file name gives a valid URL.
        static func percentEncoded(_ segment: String) -> String {
            var output = ""
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "_"), UInt8(ascii: "~"):
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    output += "%" + Hex.byte(byte).uppercased()
                }
            }
            return output
        }
    }
}
