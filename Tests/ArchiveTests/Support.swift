import Archive
import Foundation
import Spawn

/// A whole archive read through `ZipStreamReader` with reads of `bufferSize` bytes.
func archive(_ entries: [ZipEntry], bufferSize: Int = 65_536) throws -> [UInt8] {
    let reader = ZipStreamReader(entries: entries)
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
        let count = try reader.read(into: buffer)
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    precondition(reader.bytesProduced == Int64(bytes.count))
    return bytes
}

/// A temporary file holding `bytes`, removed when this is released.
final class TemporaryFile {
    let path: String

    init(_ bytes: [UInt8], suffix: String = ".zip") throws {
        path = NSTemporaryDirectory() + "archive-test-" + UUID().uuidString + suffix
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// An executable found on `PATH`, or nil.
func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What Python's `zipfile` makes of an archive.
struct PythonReading: Decodable {
    struct Member: Decodable {
        let name: String
        /// The contents, base64.
        let data: String
        let flags: Int
        let versionNeeded: Int
        let compression: Int
        /// (year, month, day, hour, minute, second) from the DOS fields.
        let dateTime: [Int]
        /// The modification time in the extended-timestamp field, if any.
        let unixTime: Int?
        let zip64Extra: Bool

        var bytes: [UInt8] { Array(Data(base64Encoded: data) ?? Data()) }
    }

    /// `testzip()`: the first member whose CRC or header is bad, or nil.
    let bad: String?
    let members: [Member]
}

/// Opens the archive with Python's `zipfile`, runs `testzip()` and reads every member.
/// Throws when Python rejects the archive.
func readWithPython(_ path: String) throws -> PythonReading {
    let script = #"""
import base64, json, struct, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    bad = archive.testzip()
    members = []
    for info in archive.infolist():
        unix, zip64, extra = None, False, info.extra
        while len(extra) >= 4:
            kind, size = struct.unpack('<HH', extra[:4])
            if kind == 0x5455 and size >= 5 and extra[4] & 1:
                unix = struct.unpack('<i', extra[5:9])[0]
            if kind == 0x0001:
                zip64 = True
            extra = extra[4 + size:]
        members.append({'name': info.filename, 'data': base64.b64encode(archive.read(info)).decode(),
                        'flags': info.flag_bits, 'versionNeeded': info.extract_version,
                        'compression': info.compress_type, 'dateTime': list(info.date_time),
                        'unixTime': unix, 'zip64Extra': zip64})
print('RESULT ' + json.dumps({'bad': bad, 'members': members}))
"""#
    let run = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, path])
    guard run.status.succeeded, let line = run.output.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }) else {
        throw TestFailure("Python rejected the archive (\(run.status)): \(run.output.suffix(2000))")
    }
    return try JSONDecoder().decode(PythonReading.self, from: Data(line.dropFirst("RESULT ".count).utf8))
}

/// The test process's resident memory in bytes (VmRSS of /proc/self/status).
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return kilobytes * 1024
}
