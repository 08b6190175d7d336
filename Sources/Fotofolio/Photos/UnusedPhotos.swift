import Foundation
import GRDB

/// Clears away photos nobody uses: uploads whose portfolio was never saved, replaced
/// avatars, and the files of deleted photos. Content-addressed files may be shared by
/// several photos, so a file goes only when no photo names it.
public struct UnusedPhotos: Sendable {
    let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// Deletes photo records older than `age` that no portfolio or avatar uses, then files
    /// under the media directory that no record names and that are older than `fileAge`
    /// (younger ones may belong to an upload still being saved). Returns what it removed.
    @discardableResult
    public func sweep(recordsOlderThan age: TimeInterval = 24 * 3600, filesOlderThan fileAge: TimeInterval = 3600,
                      now: Date = Date()) throws -> (records: Int, files: Int) {
        let (records, named) = try library.database.pool.write { db in
            try db.execute(sql: """
                DELETE FROM photo WHERE createdAt < ?
                  AND id NOT IN (SELECT photoId FROM portfolioPhoto)
                  AND id NOT IN (SELECT avatarPhotoId FROM user WHERE avatarPhotoId IS NOT NULL)
                """, arguments: [now.addingTimeInterval(-age)])
            let removed = db.changesCount
            // Only the file names, read straight from the stored JSON: decoding every
            // photo record costs seconds once there are tens of thousands.
            var names = Set<String>()
            let rows = try Row.fetchCursor(db, sql: "SELECT originalFile, variants FROM photo")
            while let row = try rows.next() {
                names.insert(row["originalFile"])
                names.formUnion(Self.fileNames(inVariantsJSON: row["variants"]))
            }
            return (removed, names)
        }
        return (records, try removeFiles(notIn: named, olderThan: now.addingTimeInterval(-fileAge)))
    }

    /// The `fileName` values of a stored variant list. The names are hex digits and an
    /// extension (see `Variant.fileName`), so they never hold an escaped quote.
    static func fileNames(inVariantsJSON json: String) -> [String] {
        json.components(separatedBy: "\"fileName\":\"").dropFirst().compactMap { rest in
            rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    private func removeFiles(notIn named: Set<String>, olderThan cutoff: Date) throws -> Int {
        let root = URL(fileURLWithPath: library.mediaDirectory)
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey]) else { return 0 }
        var removed = 0
        for case let url as URL in walker {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values.isRegularFile == true, let modified = values.contentModificationDate, modified < cutoff else { continue }
            let name = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if !named.contains(name) {
                try FileManager.default.removeItem(at: url)
                removed += 1
            }
        }
        return removed
    }
}
