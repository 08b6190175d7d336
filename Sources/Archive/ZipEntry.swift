import Foundation

/// One file of a ZIP archive: its name, its time and a way to get its bytes when the
/// archive reaches it.
public struct ZipEntry: Sendable {
    /// The name as written: UTF-8 (the archive sets general-purpose flag bit 11), "/"
    /// between folders, made safe to extract (see `ZipName.sanitized`): no "..", no leading
    /// "/", no backslashes, controls or NULs. Names that collide are told apart by the
    /// archive, not here (" (2)" before the extension).
    public let name: String
    public let modified: Date
    /// Called once, when the entry's turn comes; its bytes are dropped once written.
    public let contents: @Sendable () throws -> [UInt8]

    public init(name: String, modified: Date, contents: @escaping @Sendable () throws -> [UInt8]) {
        self.name = ZipName.sanitized(name)
        self.modified = modified
        self.contents = contents
    }
}
