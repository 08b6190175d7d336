import Foundation

/// Without a mail server: each message becomes `<directory>/<yyyyMMdd-HHmmss>-<name>.eml`,
/// written to a temporary name and renamed (never half a file), where `<name>` is given by the
/// caller (the outbox row's key), so writing the same mail twice replaces it.
public struct MailDirectory: Sendable {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// A file of the directory.
    public struct Entry: Sendable, Equatable {
        public let fileName: String
        /// From the file's name: the `at` it was written with, to the second.
        public let date: Date
        public let size: Int
    }

    public struct NameError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `name`: `[A-Za-z0-9._-]+` without `..`, at most 128 bytes, else throws. A file of the
    /// same name written before (at any date) is replaced.
    public func write(_ message: [UInt8], name: String, at date: Date) throws {
        guard Self.isAcceptableName(name) else { throw NameError(description: "A mail file name must be letters, digits, dots, dashes and underscores.") }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fileName = Self.stamp(date) + "-" + name + ".eml"
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        try Data(message).write(to: temporary)
        guard rename(temporary.path, directory.appendingPathComponent(fileName).path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed: \(String(cString: strerror(code)))"])
        }
        // The names alone, without a look at each file: this runs for every mail written.
        let ending = "-" + name + ".eml"
        for other in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where other != fileName && other.hasSuffix(ending) && Self.name(of: other) == name {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(other))
        }
    }

    /// Newest first; files of other shapes are ignored. An absent directory has none.
    public func entries() throws -> [Entry] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        var entries: [Entry] = []
        for fileName in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            guard let date = Self.date(of: fileName), Self.name(of: fileName).map(Self.isAcceptableName) == true,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(fileName).path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            entries.append(Entry(fileName: fileName, date: date, size: (attributes[.size] as? NSNumber)?.intValue ?? 0))
        }
        return entries.sorted { ($0.date, $0.fileName) > ($1.date, $1.fileName) }
    }

    /// nil for a name not in the directory (only names `entries()` lists are read).
    public func read(fileName: String) throws -> [UInt8]? {
        // Only a name of the shape `write` makes, naming a plain file right in the directory.
        guard Self.date(of: fileName) != nil, Self.name(of: fileName).map(Self.isAcceptableName) == true else { return nil }
        let path = directory.appendingPathComponent(fileName).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func isAcceptableName(_ name: String) -> Bool {
        (1...128).contains(name.utf8.count) && !name.contains("..")
            && name.utf8.allSatisfy { MIMEWriter.isLetterOrDigit($0) || Array("._-".utf8).contains($0) }
    }

    private static let stampLength = "yyyyMMdd-HHmmss".count

    static func stamp(_ date: Date) -> String {
        let parts = UTCDate.parts(date), digits = UTCDate.digits
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2) + "-"
            + digits(parts.hour, 2) + digits(parts.minute, 2) + digits(parts.second, 2)
    }

    static func date(of fileName: String) -> Date? {
        let bytes = Array(fileName.utf8)
        guard bytes.count > stampLength + 5, fileName.hasSuffix(".eml"), bytes[8] == UInt8(ascii: "-"), bytes[stampLength] == UInt8(ascii: "-"),
              bytes[0..<stampLength].enumerated().allSatisfy({ $0.offset == 8 || (0x30...0x39).contains($0.element) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let components = DateComponents(year: number(0..<4), month: number(4..<6), day: number(6..<8),
                                        hour: number(9..<11), minute: number(11..<13), second: number(13..<15))
        return UTCDate.calendar.date(from: components)
    }

    /// The caller's name inside a file name, or nil.
    static func name(of fileName: String) -> String? {
        guard date(of: fileName) != nil else { return nil }
        return String(fileName.dropFirst(stampLength + 1).dropLast(4))
    }
}
