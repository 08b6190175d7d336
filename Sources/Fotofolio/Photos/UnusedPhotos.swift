import Foundation

/// Clears away photos nobody uses: uploads whose portfolio was never saved, replaced
/// avatars, the files of deleted photos, and a removed or deleted message's photos and PDF. Content-addressed files may be shared by
/// several photos, so a file goes only when no photo names it.
public struct UnusedPhotos: Sendable {
    let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// Deletes photo records older than `age` that no portfolio or avatar uses, then files
    /// under the media directory that no record names and that are older than `fileAge`
    /// (younger ones may belong to an upload still being saved). Returns what it removed;
    /// nothing when another process of the site is sweeping at the same time.
    @discardableResult
    public func sweep(recordsOlderThan age: TimeInterval = 24 * 3600, filesOlderThan fileAge: TimeInterval = 3600,
                      now: Date = Date()) throws -> (records: Int, files: Int) {
        try library.store.sweepingAlone {
            let (records, named) = try library.store.deleteUnused(madeBefore: now.addingTimeInterval(-age))
            return (records, try removeFiles(notIn: named, olderThan: now.addingTimeInterval(-fileAge)))
        } ?? (0, 0)
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
