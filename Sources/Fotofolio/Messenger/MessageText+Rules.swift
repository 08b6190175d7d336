import Foundation

/// The rules for what a person may send and call a group, and how it is stored.
extension MessageText {
    /// The text as stored: `\r\n` becomes `\n`, everything else is kept as written.
    /// Throws when it is empty, too long or holds control characters.
    static func validated(_ content: String) throws(MessengerError) -> String {
        guard MessengerService.messageLimit.allows(content) else { throw .messageTooLong(limit: MessengerService.messageLimit.characters) }
        let text = content.withUnixLineBreaks
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyMessage }
        guard !text.containsControlCharacters(allowing: multilineControls) else { throw .invalidText }
        return text
    }

    /// Nothing but white space: a message with attachments may say nothing.
    static func isBlank(_ content: String) -> Bool {
        content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The UUID lower-cased (8-4-4-4-12 hexadecimal digits, as browsers make them), or the
    /// MQTT messenger's own form as it came: 64 ASCII letters and digits. Anything else is
    /// `invalidUUID`.
    static func validatedUUID(_ uuid: String) throws(MessengerError) -> String {
        if uuid.utf8.count == 64, uuid.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            return uuid
        }
        let groups = uuid.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.utf8.count) == [8, 4, 4, 4, 12],
              groups.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isHexDigit) })
        else { throw .invalidUUID }
        return uuid.lowercased()
    }

    /// A message sent again (the same form, so the same uuid) is the one stored the first
    /// time: the same words by the same author in the same room. `earlier`: the message stored
    /// under the uuid, nil when it is new; anything else under it is refused.
    public static func sentBefore(_ earlier: ChatMessage?, content: String, in roomId: Int64, by userId: Int64) throws
        -> ChatMessage? {
        guard let earlier else { return nil }
        guard earlier.roomId == roomId, earlier.authorId == userId, earlier.content == content
        else { throw MessengerError.uuidTakenByAnotherMessage }
        return earlier
    }

    static let roomNameLimit = TextLimit(characters: 80)

    /// The name trimmed, or `invalidRoomName` when it is empty, longer than 80 characters
    /// (or 320 bytes) or spans lines.
    public static func validatedRoomName(_ name: String) throws(MessengerError) -> String {
        guard name.utf8.count <= roomNameLimit.bytes * 2 else { throw .invalidRoomName } // before trimming walks it
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, roomNameLimit.allows(trimmed), !trimmed.containsControlCharacters() else { throw .invalidRoomName }
        return trimmed
    }
}

extension Unicode.Scalar {
    fileprivate var isHexDigit: Bool {
        ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }
}
