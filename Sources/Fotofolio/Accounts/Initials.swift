/// "VV" for Vojta Votruba: the avatar until people upload a photo, and the author's badge
/// in messages.
public enum Initials {
    /// The first letters of the first two names, upper-cased.
    public static func of(_ name: String) -> String {
        String(name.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
    }
}
