import Crypto
import Foundation

extension StaticFiles {
    /// Walks the folder once at start-up and loads every servable file.
    struct Scanner {
        /// The real path of the root, which every served file must lie inside.
        let root: String
        let startTime = Int(Date().timeIntervalSince1970)
        private(set) var assets: [Asset] = []

        static func scan(root: String) throws -> [Asset] {
            guard let real = realPath(root) else {
                throw StaticFilesError("The static files folder “\(root)” does not exist or cannot be resolved.")
            }
            var info = stat()
            guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StaticFilesError("The static files path “\(root)” is not a folder.")
            }
            var scanner = Scanner(root: real)
            try scanner.scan(directory: real, segments: [], ancestors: [real])
            return scanner.assets
        }

        /// Catalogues one folder; `ancestors` holds the real paths being walked, so a link back
        /// up the tree is not followed round in circles.
        private mutating func scan(directory: String, segments: [String], ancestors: Set<String>) throws {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            } catch {
                throw StaticFilesError("Cannot list the static files folder “\(directory)”: \(error.localizedDescription)")
            }
            // Hidden files and folders (.git, .env, .DS_Store) are never published.
            for name in names where !name.hasPrefix(".") {
                try add(path: Self.child(name, of: directory), segments: segments + [name], ancestors: ancestors)
            }
        }

        private mutating func add(path: String, segments: [String], ancestors: Set<String>) throws {
            var info = stat()
            // Gone between listing and looking: nothing to serve.
            guard lstat(path, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                try load(path: path, segments: segments)
            case S_IFDIR:
                try enter(folder: path, segments: segments, ancestors: ancestors)
            case S_IFLNK:
                try follow(link: path, segments: segments, ancestors: ancestors)
            default:
                return  // FIFOs, sockets and devices are never content.
            }
        }

        /// Follows a symbolic link only if its target resolves to a file or folder inside the root.
        private mutating func follow(link: String, segments: [String], ancestors: Set<String>) throws {
            guard let target = Self.realPath(link), target.hasPrefix(Self.child("", of: root)),
                  !ancestors.contains(target) else { return }
            var info = stat()
            guard stat(target, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                try load(path: target, segments: segments)
            case S_IFDIR:
                try enter(folder: target, segments: segments, ancestors: ancestors)
            default:
                return
            }
        }

        /// A folder is walked, unless it is the parts of one joined file (`app.css.d/`).
        private mutating func enter(folder path: String, segments: [String], ancestors: Set<String>) throws {
            if let name = segments.last, let served = JoinedFile.servedName(ofFolder: name) {
                let joined = Array(segments.dropLast()) + [served]
                // "app.css" sorts before "app.css.d": a file of the same name is catalogued by now.
                guard !assets.contains(where: { $0.segments == joined }) else {
                    throw StaticFilesError("Both a file and the folder “\(path)” would be served as /\(joined.joined(separator: "/")).")
                }
                assets.append(try JoinedFile(folder: path, root: root).asset(segments: joined, startTime: startTime))
            } else {
                try scan(directory: path, segments: segments, ancestors: ancestors.union([path]))
            }
        }

        private mutating func load(path: String, segments: [String]) throws {
            if let asset = try Loader(path: path, segments: segments, startTime: startTime).load() {
                assets.append(asset)
            }
        }

        /// `directory/name`, without doubling the slash when the directory is `/`.
        static func child(_ name: String, of directory: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        static func realPath(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }
}

extension StaticFiles {
    /// Reads one file: hashes it in chunks, keeps it if small, precompresses text.
    struct Loader {
        private static let chunkSize = 64 * 1024

        let path: String
        let segments: [String]
        let startTime: Int

        /// The asset, or nil if the file vanished or stopped being a regular file since the scan saw it.
        func load() throws -> Asset? {
            // O_NONBLOCK: a FIFO swapped in after the type check must not hang start-up.
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 && errno == ENOENT { return nil }
            guard fd >= 0 else { throw failure("open") }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw failure("inspect") }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return try load(fd, info: info)
        }

        private func load(_ fd: Int32, info: stat) throws -> Asset {
            let mediaType = MediaType.forFile(named: segments.last ?? "")
            let size = Int(info.st_size)
            let keep = size <= StaticFiles.inMemoryLimit
                || (mediaType.isCompressible && size <= StaticFiles.compressionLimit)
            let (hash, content) = try readAll(fd, keeping: keep, expected: size)
            let modified = FileTime(info)
            return Asset(
                filePath: path, segments: segments, size: size, modified: modified,
                lastModified: min(modified.seconds, startTime), hash: hash, mediaType: mediaType,
                identity: size <= StaticFiles.inMemoryLimit ? content.map(SharedBytes.init) : nil,
                gzipped: mediaType.isCompressible ? Self.smallerGzip(of: content).map(SharedBytes.init) : nil)
        }

        /// Reads to the end, hashing as it goes, so large files are never held whole in memory.
        private func readAll(_ fd: Int32, keeping: Bool, expected: Int) throws -> (hash: String, content: [UInt8]?) {
            var hasher = SHA256()
            var content: [UInt8]? = keeping ? [] : nil
            var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
            var total = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw failure("read") }
                if count == 0 { break }
                buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                content?.append(contentsOf: buffer[..<count])
                total += count
            }
            // Size, hash and memory copy must describe the same bytes.
            guard total == expected else { throw StaticFilesError("The static file “\(path)” changed while it was being read.") }
            return (Hex.string(hasher.finalize()), content)
        }

        /// The gzip form, kept only when it saves bytes (tiny files grow under gzip's header).
        static func smallerGzip(of content: [UInt8]?) -> [UInt8]? {
            guard let content, let compressed = Gzip.compress(content), compressed.count < content.count
            else { return nil }
            return compressed
        }

        private func failure(_ action: String) -> StaticFilesError {
            StaticFilesError("Cannot \(action) the static file “\(path)”: \(String(cString: strerror(errno))).")
        }
    }

    /// Lower-case hexadecimal text of bytes.
    enum Hex {
        private static let digits = Array("0123456789abcdef".utf8)

        static func byte(_ byte: UInt8) -> String {
            String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }

        static func string<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
            bytes.map { byte($0) }.joined()
        }
    }
}
