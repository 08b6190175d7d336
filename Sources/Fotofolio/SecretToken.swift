/// The secret part of an address that opens something without an account (a calendar
/// feed, a share link, a gallery): 24 random bytes as 48 lower-case hex digits.
public enum SecretToken {
    public static func make() -> String {
        var bytes = [UInt8](repeating: 0, count: 24)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        return Hex.string(bytes)
    }

    /// Whether the text could be a token at all: anything else is never looked up.
    public static func isWellFormed(_ token: some StringProtocol) -> Bool {
        token.utf8.count == 48 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
