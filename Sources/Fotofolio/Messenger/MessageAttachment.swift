import Foundation

/// What a file attached to a message is: a photo (made by the photo pipeline: variants,
/// camera details and GPS gone) or a PDF (kept as it came).
public enum AttachmentKind: String, Sendable, Codable, CaseIterable {
    case photo, pdf
}

/// A file attached to a message, as stored. Only the members of the message's room read
/// it (`MessengerService.attachment`), and only while the message is neither removed by an
/// operator nor deleted by its author.
public struct MessageAttachment: Sendable, Equatable, Codable {
    /// nil until stored.
    public var id: Int64?
    public var kind: AttachmentKind
    /// The file's name as sent, made safe to show (`AttachmentRules.displayName`).
    public var name: String
    /// The bytes it counts towards its sender's storage: a PDF's as sent, a photo's original.
    public var byteCount: Int
    /// Under the media directory: a PDF's bytes (`files/<hash>.pdf`), a photo's large variant.
    public var file: String
    public var width: Int
    public var height: Int
    /// A photo's small variant and its size; nil for a PDF.
    public var thumbnailFile: String?
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int
    /// The photo record that keeps a photo's files and counts its bytes; nil for a PDF.
    public var photoId: Int64?

    public init(id: Int64? = nil, kind: AttachmentKind, name: String, byteCount: Int, file: String, width: Int = 0,
                height: Int = 0, thumbnailFile: String? = nil, thumbnailWidth: Int = 0, thumbnailHeight: Int = 0,
                photoId: Int64? = nil) {
        self.id = id
        self.kind = kind
        self.name = name
        self.byteCount = byteCount
        self.file = file
        self.width = width
        self.height = height
        self.thumbnailFile = thumbnailFile
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
        self.photoId = photoId
    }

    /// A photo the pipeline made, as a message shows it: its full-frame variant large, its
    /// smallest square as the thumbnail (WebP, else JPEG); nil for a photo without them.
    public init?(photo: Photo, name: String) {
        guard let (large, small) = photo.largeAndSquare else { return nil }
        self.init(kind: .photo, name: name, byteCount: photo.byteCount, file: large.fileName, width: large.width,
                  height: large.height, thumbnailFile: small.fileName, thumbnailWidth: small.width,
                  thumbnailHeight: small.height, photoId: photo.id)
    }

    /// Where members open it: `/messages/{room}/files/{id}` (a photo's large variant, a PDF's
    /// bytes); the MQTT envelope carries this address.
    public static func path(of id: Int64, in roomId: Int64) -> String { "/messages/\(roomId)/files/\(id)" }

    /// A photo's small variant.
    public static func thumbnailPath(of id: Int64, in roomId: Int64) -> String { path(of: id, in: roomId) + "/small" }
}

/// A stored attachment and the room its message is in: what serving it needs.
public struct RoomAttachment: Sendable, Equatable {
    public var attachment: MessageAttachment
    public var roomId: Int64
    public var messageId: Int64

    public init(attachment: MessageAttachment, roomId: Int64, messageId: Int64) {
        self.attachment = attachment
        self.roomId = roomId
        self.messageId = messageId
    }
}
