import Foundation
import Fotofolio

/// A message's photos and files as `partials/chat-attachments` shows them: photos as a grid
/// of small squares, each a link to its large variant (the room's viewer opens it), and
/// files as rows with their name and size.
struct ChatAttachmentsView: ViewModel {
    let photos: [ChatPhotoView]
    let files: [ChatFileView]
    let hasPhotos: Bool
    let hasFiles: Bool

    init?(_ message: ChatMessage, dates: MessageDates) {
        guard !message.attachments.isEmpty, !message.isRemoved, !message.isDeleted else { return nil }
        let photoAttachments = message.attachments.filter { $0.kind == .photo }
        photos = photoAttachments.enumerated().map { ChatPhotoView($1, roomId: message.roomId, position: $0) }
        files = message.attachments.filter { $0.kind == .pdf }.map { ChatFileView($0, roomId: message.roomId, locale: dates.locale) }
        hasPhotos = !photos.isEmpty
        hasFiles = !files.isEmpty
    }
}

/// One photo of a message: its square thumbnail and the large variant it links to.
struct ChatPhotoView: ViewModel {
    let url: String
    let thumbnail: String
    let width: Int
    let height: Int
    let largeWidth: Int
    let largeHeight: Int
    /// Its file name as sent (the `alt`); the template says "Photo" for none.
    let name: String
    let position: Int

    init(_ attachment: MessageAttachment, roomId: Int64, position: Int) {
        let id = attachment.id ?? 0
        url = MessageAttachment.path(of: id, in: roomId)
        thumbnail = MessageAttachment.thumbnailPath(of: id, in: roomId)
        width = attachment.thumbnailWidth
        height = attachment.thumbnailHeight
        largeWidth = attachment.width
        largeHeight = attachment.height
        name = attachment.name == "photo" ? "" : attachment.name
        self.position = position
    }
}

/// One file of a message: its name and its size in the reader's number format.
struct ChatFileView: ViewModel {
    let url: String
    let name: String
    let size: String

    init(_ attachment: MessageAttachment, roomId: Int64, locale: Locale) {
        url = MessageAttachment.path(of: attachment.id ?? 0, in: roomId)
        name = attachment.name
        size = Self.size(attachment.byteCount, locale: locale)
    }

    /// "840 kB", "1.5 MB" ("1,5 MB" in Czech): decimal units, one decimal place below 10 MB.
    static func size(_ bytes: Int, locale: Locale) -> String {
        if bytes < 1_000_000 {
            return "\(max(1, Int((Double(bytes) / 1000).rounded()))) kB"
        }
        let megabytes = Double(bytes) / 1_000_000
        let digits = megabytes < 10 ? 1 : 0
        return megabytes.formatted(.number.precision(.fractionLength(digits)).locale(locale)) + " MB"
    }
}

/// The one line a message says where no more fits (the conversation list, a push, a mail):
/// its text, or for a message with only attachments "📷 Photo", "📷 3 photos", "📄 name.pdf".
enum MessageLine {
    static func text(of message: ChatMessage, table: StringTable) -> String {
        guard message.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
              let summary = AttachmentSummary(message.attachments) else { return message.content }
        return switch summary {
        case .photos(1): "📷 " + table.string("messages.attachments.photo")
        case .photos(let count): "📷 " + table.plural("messages.attachments.photoCount", count: count)
        case .file(let name): "📄 " + name
        }
    }
}
