import Foundation
import Fotofolio
import GRDB

extension Schema {
    /// A message's photos and PDFs (`MessageAttachment`), in the order sent. A photo's row
    /// names its photo record, which keeps its files from `UnusedPhotos` and counts its bytes
    /// to its owner; a PDF's row names its file and counts its own bytes to `ownerId`.
    static func createMessageAttachments(_ db: Database) throws {
        let kinds = AttachmentKind.allCases.map(\.rawValue)
        try db.create(table: "chatAttachment") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("messageId", .integer).notNull().indexed().references("chatMessage", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("ownerId", .integer).notNull().indexed()
            table.column("kind", .text).notNull().check { kinds.contains($0) }
            table.column("name", .text).notNull()
            table.column("byteCount", .integer).notNull()
            table.column("file", .text).notNull()
            table.column("width", .integer).notNull()
            table.column("height", .integer).notNull()
            table.column("thumbnailFile", .text)
            table.column("thumbnailWidth", .integer).notNull()
            table.column("thumbnailHeight", .integer).notNull()
            table.column("photoId", .integer).indexed().references("photo", onDelete: .cascade)
        }
    }
}
