import Foundation

/// The rules for what a person may send and call a group, and how it is stored.
enum MessageText {
    /// The text as stored: `\r\n` becomes `\n`, everything else is kept as written.
    /// Throws when it is empty, too long or holds control characters.
    static func validated(_ content: String) throws(MessengerError) -> String {
        let text = withUnixLineBreaks(content)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyMessage }
        guard text.count <= MessengerService.messageLimit else { throw .messageTooLong(limit: MessengerService.messageLimit) }
        guard !containsControlCharacters(text, allowing: ["\n", "\t"]) else { throw .invalidText }
        return text
    }

    /// The UUID lower-cased, or `invalidUUID` unless it is 8-4-4-4-12 hexadecimal digits.
    static func validatedUUID(_ uuid: String) throws(MessengerError) -> String {
        let groups = uuid.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.utf8.count) == [8, 4, 4, 4, 12],
              groups.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isHexDigit) })
        else { throw .invalidUUID }
        return uuid.lowercased()
    }

    static let roomNameLength = 1...80

    /// The name trimmed, or `invalidRoomName` when it is empty, longer than 80 characters
    /// or spans lines.
    static func validatedRoomName(_ name: String) throws(MessengerError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard roomNameLength.contains(trimmed.count), !containsControlCharacters(trimmed, allowing: [])
        else { throw .invalidRoomName }
        return trimmed
    }

    /// Works on scalars because `"\r\n"` is a single `Character` in Swift.
    private static func withUnixLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// C0 and C1 controls (NUL, escape, a lone carriage return…) hide text or break terminals
    /// and logs; format characters such as the zero-width joiner are kept, emoji need them.
    private static func containsControlCharacters(_ text: String, allowing allowed: Set<Unicode.Scalar>) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && !allowed.contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isHexDigit: Bool {
        ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }
}
