import Crypto
import Foundation

extension StaticFiles {
    /// One file served from the parts in a folder: `css/app.css.d/` is served as `/css/app.css`,
    /// the files in it that end like it (`*.css`) joined in name order, byte for byte, with
    /// nothing between them. Name the parts `01-tokens.css`, `02-base.css`… to fix the order.
    ///
    /// The joined bytes are built once at start-up and answered like any file's: ETag and
    /// fingerprint from their hash, gzip once, `Last-Modified` of the newest part. They are
    /// always kept in memory, as no one file on disk holds them. The parts are not served on
    /// their own, and a file and a folder that would both be served at one path stop start-up.
    struct JoinedFile {
        static let folderSuffix = ".d"

        /// The real path of the folder.
        let folder: String
        /// The real path of the static files root, which every part must lie inside.
        let root: String

        /// The name a folder is served as (`app.css.d` → `app.css`), or nil for an ordinary folder.
        static func servedName(ofFolder name: String) -> String? {
            guard name.hasSuffix(folderSuffix) else { return nil }
            let served = String(name.dropLast(folderSuffix.count))
            guard let dot = served.lastIndex(of: "."), dot != served.startIndex,
                  served.index(after: dot) != served.endIndex else { return nil }
            return served
        }

        /// The parts joined, catalogued at `segments`.
        func asset(segments: [String], startTime: Int) throws -> Asset {
            let name = segments.last ?? ""
            let parts = try self.parts(endingLike: name)
            guard let newest = parts.map(\.modified).max(by: { ($0.seconds, $0.nanoseconds) < ($1.seconds, $1.nanoseconds) })
            else { throw StaticFilesError("The folder “\(folder)” has no parts to join into \(name).") }
            let content = parts.flatMap(\.bytes)
            let mediaType = MediaType.forFile(named: name)
            return Asset(
                filePath: folder, segments: segments, size: content.count, modified: newest,
                lastModified: min(newest.seconds, startTime), hash: Hex.string(SHA256.hash(data: content)),
                mediaType: mediaType, identity: SharedBytes(content),
                gzipped: mediaType.isCompressible ? Loader.smallerGzip(of: content).map(SharedBytes.init) : nil)
        }

        /// The visible regular files of the folder with the served name's extension, in name
        /// order; a link is followed only when its target stays inside the root.
        private func parts(endingLike name: String) throws -> [(bytes: [UInt8], modified: FileTime)] {
            let ending = String(name[name.lastIndex(of: ".")!...])
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                throw StaticFilesError("Cannot list the folder “\(folder)”: \(error.localizedDescription)")
            }
            return try names.filter { !$0.hasPrefix(".") && $0.hasSuffix(ending) }.compactMap { part in
                let path = Scanner.child(part, of: folder)
                var info = stat()
                guard let real = Scanner.realPath(path), real.hasPrefix(Scanner.child("", of: root)),
                      stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                guard let data = FileManager.default.contents(atPath: real) else {
                    throw StaticFilesError("Cannot read the part “\(path)”.")
                }
                return (Array(data), FileTime(info))
            }
        }
    }
}
