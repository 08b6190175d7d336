/// How much text a field holds: in characters, as a person counts them, and in UTF-8 bytes, as
/// it is stored, rendered and sent. Counting characters alone bounds nothing: one character
/// may carry any number of combining marks, so "one character" can be a megabyte.
public struct TextLimit: Sendable, Equatable {
    public let characters: Int
    public let bytes: Int

    /// `bytes` defaults to four per character: room for any script and for emoji, but not for
    /// a character stacked with marks.
    public init(characters: Int, bytes: Int? = nil) {
        self.characters = characters
        self.bytes = bytes ?? characters * 4
    }

    /// Bytes are checked first: they cost nothing to count, while counting characters walks
    /// the whole text.
    public func allows(_ text: some StringProtocol) -> Bool {
        text.utf8.count <= bytes && text.count <= characters
    }
}

extension StringProtocol {
    /// True if the text holds a C0 or C1 control character other than those `allowed`. They
    /// hide text or break terminals and logs; format characters such as the zero-width joiner
    /// are not controls and stay (emoji need them). Scalars, because `"\r\n"` is one `Character`.
    public func containsControlCharacters(allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control && !allowed.contains($0) }
    }

    /// The text with `\r\n` as `\n`: a browser's text area sends line breaks as `\r\n`; they
    /// are stored one way. A lone `\r` stays (and counts as a control character).
    public var withUnixLineBreaks: String {
        guard unicodeScalars.contains("\r") else { return String(self) }
        var result = String.UnicodeScalarView()
        var pendingReturn = false
        for scalar in unicodeScalars {
            if pendingReturn && scalar != "\n" { result.append("\r") }
            pendingReturn = scalar == "\r"
            if !pendingReturn { result.append(scalar) }
        }
        if pendingReturn { result.append("\r") }
        return String(result)
    }
}

/// Line breaks and tabs: what a multi-line text may hold of the controls.
public let multilineControls: Set<Unicode.Scalar> = ["\n", "\t"]
