/// A message's text read once, by the one rule every reader shares: runs of plain text,
/// `http(s)://` links and `@username` mentions, in order and covering the whole text.
///
/// Every boundary falls between Unicode scalars, never inside the walk of `Character`s:
/// `"` followed by a combining accent is one grapheme that is not `"`, and a rule that
/// compared characters would glue markup-significant scalars to their neighbours.
public struct MessageText: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case plain
        /// The segment's text is the address.
        case link
        /// `@` and the name as written; `username` is the member it names (lower-case).
        case mention(username: String)
    }

    public struct Segment: Sendable, Equatable {
        public let kind: Kind
        /// A range of `MessageText.content`, on scalar boundaries.
        public let range: Range<String.Index>
    }

    public let content: String
    public let segments: [Segment]

    /// Reads `content`, marking as mentions only names among `usernames` (lower-case).
    public init(_ content: String, mentioning usernames: Set<String>) {
        self.content = content
        segments = Reader(content, candidates: usernames).read()
    }

    /// The text of one segment.
    public func text(of segment: Segment) -> Substring {
        Substring(content.unicodeScalars[segment.range])
    }

    /// The usernames mentioned, each once, in the order of their first mention.
    public var mentions: [String] {
        var found: [String] = []
        for case .mention(let username) in segments.map(\.kind) where !found.contains(username) { found.append(username) }
        return found
    }
}

extension MessageText {
    /// Walks the scalars once. A link starts at `http://` or `https://` and runs to a space
    /// or one of `<>"'`, without a sentence's closing `.,;:!?)]}`. A mention is an `@` that
    /// does not follow a letter or digit (so e-mail addresses are not mentions), then
    /// letters, digits, `.`, `_` and `-`; a name that names nobody is tried again without
    /// its trailing `.`, `_` and `-` ("thanks @jana.k.").
    private struct Reader {
        typealias Scalars = String.UnicodeScalarView
        let scalars: Scalars
        let candidates: Set<String>
        var segments: [Segment] = []
        var plainStart: Scalars.Index

        init(_ text: String, candidates: Set<String>) {
            scalars = text.unicodeScalars
            self.candidates = candidates
            plainStart = scalars.startIndex
        }

        consuming func read() -> [Segment] {
            var index = scalars.startIndex
            while index < scalars.endIndex {
                if let end = linkEnd(at: index) {
                    close(at: index)
                    segments.append(Segment(kind: .link, range: index..<end))
                    plainStart = end
                    index = end
                } else if let (username, end) = mention(at: index) {
                    close(at: index)
                    segments.append(Segment(kind: .mention(username: username), range: index..<end))
                    plainStart = end
                    index = end
                } else {
                    index = scalars.index(after: index)
                }
            }
            close(at: scalars.endIndex)
            return segments
        }

        private mutating func close(at end: Scalars.Index) {
            if plainStart < end { segments.append(Segment(kind: .plain, range: plainStart..<end)) }
        }

        private static let schemes = ["https://", "http://"].map { Array($0.unicodeScalars) }
        private static let linkStops: Set<Unicode.Scalar> = ["<", ">", "\"", "'"]
        private static let closingPunctuation: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")", "]", "}"]

        private func linkEnd(at start: Scalars.Index) -> Scalars.Index? {
            guard scalars[start] == "h",
                  Self.schemes.contains(where: { scalars[start...].starts(with: $0) }) else { return nil }
            var end = scalars[start...].firstIndex { $0.properties.isWhitespace || Self.linkStops.contains($0) } ?? scalars.endIndex
            // A sentence's full stop or closing bracket after a link is not part of it.
            while scalars.distance(from: start, to: end) > 8, Self.closingPunctuation.contains(scalars[scalars.index(before: end)]) {
                end = scalars.index(before: end)
            }
            return end
        }

        private func mention(at start: Scalars.Index) -> (String, Scalars.Index)? {
            guard scalars[start] == "@", !followsWord(start) else { return nil }
            let nameStart = scalars.index(after: start)
            var end = scalars[nameStart...].firstIndex { !Self.isName($0) } ?? scalars.endIndex
            while end > nameStart {
                let name = String(String.UnicodeScalarView(scalars[nameStart..<end])).lowercased()
                if candidates.contains(name) { return (name, end) }
                let last = scalars[scalars.index(before: end)]
                guard last == "." || last == "_" || last == "-" else { return nil }
                end = scalars.index(before: end)
            }
            return nil
        }

        /// Whether the scalar before `index` belongs to a letter or digit: combining marks
        /// are passed over to the character they sit on ("é@" written as e + U+0301).
        private func followsWord(_ index: Scalars.Index) -> Bool {
            var before = index
            while before > scalars.startIndex {
                before = scalars.index(before: before)
                let scalar = scalars[before]
                if Self.isMark(scalar) { continue }
                return Self.isWord(scalar)
            }
            return false
        }

        private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }

        /// A name also takes the combining marks on its letters, so "@jana" + U+0301 reads
        /// as "janá" (nobody) rather than marking "jana" with the accent left outside.
        private static func isName(_ scalar: Unicode.Scalar) -> Bool {
            isWord(scalar) || isMark(scalar) || scalar == "." || scalar == "_" || scalar == "-"
        }

        private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }
    }
}
