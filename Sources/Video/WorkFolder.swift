import Crypto
import Foundation

/// A hidden folder inside the media directory that FFmpeg writes into. On the media
/// directory's filesystem, so a finished file is put in place with one rename; named with
/// a leading dot, so no file name in a record can point into it. Whatever happens, `remove()`
/// takes it away with all it holds.
struct WorkFolder {
    static let namePrefix = ".film-"

    let path: String
    let mediaDirectory: String

    /// Creates the media directory if missing, and a fresh folder in it.
    init(in mediaDirectory: String) throws(VideoError) {
        do {
            try FileManager.default.createDirectory(atPath: mediaDirectory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: mediaDirectory, detail: error.localizedDescription)
        }
        var template = Array((FilmMaker.absolute(mediaDirectory) + "/" + Self.namePrefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .writeFailed(path: mediaDirectory, detail: String(cString: strerror(errno)))
        }
        path = String(cString: made)
        self.mediaDirectory = FilmMaker.absolute(mediaDirectory)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Names each finished file (a name in this folder) by its content and moves it into the
    /// media directory, all or none: a file already there under that name is the same bytes
    /// and is left alone; if one move fails, the files this call moved are taken back out.
    func place(_ files: [(name: String, file: FilmFile)]) throws(VideoError) {
        var placed: [String] = []
        for (name, file) in files {
            let target = mediaDirectory + "/" + file.fileName
            if access(target, F_OK) == 0 { continue }
            guard rename(self.file(name), target) == 0 else {
                let reason = String(cString: strerror(errno))
                placed.forEach { unlink($0) }
                throw .writeFailed(path: target, detail: reason)
            }
            placed.append(target)
        }
    }

    /// The content address of a finished file in this folder: its SHA-256, read 1 MiB at a time.
    func address(_ name: String, extension fileExtension: String) throws(VideoError) -> FilmFile {
        var hash = SHA256()
        var byteCount = 0
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file(name)))
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hash.update(data: chunk)
                byteCount += chunk.count
            }
        } catch {
            throw .writeFailed(path: file(name), detail: error.localizedDescription)
        }
        let digest = Hex.string(hash.finalize())
        return FilmFile(fileName: "\(digest.prefix(16)).\(fileExtension)", byteCount: byteCount, sha256: digest)
    }
}

/// Lower-case hexadecimal text of bytes.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func string(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
