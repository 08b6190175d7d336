/// An MQTT topic filter: topic levels separated by `/`, where `+` stands for exactly one
/// level and a final `#` for any number of levels (including none).
///
/// Matching follows the MQTT 3.1.1 rules (section 4.7): `sport/#` also matches `sport`,
/// `+` matches an empty level, and topics starting with `$` (broker internals such as
/// `$SYS/…`) are never matched by a filter that starts with a wildcard.
public struct TopicFilter: Hashable, Sendable, CustomStringConvertible {
    /// The filter as sent to the broker.
    public let text: String
    private let levels: [Substring]

    /// Checks the filter against the MQTT rules.
    /// - Throws: `MQTTError.invalidTopicFilter` when the filter is empty, too long, contains
    ///   NUL, or uses `+`/`#` other than as a whole level (`#` only as the last one).
    public init(_ text: String) throws(MQTTError) {
        guard !text.isEmpty, text.utf8.count <= 65_535, !text.utf8.contains(0) else {
            throw .invalidTopicFilter(text, reason: "a filter must be 1 to 65,535 bytes without NUL")
        }
        let levels = text.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) {
                throw .invalidTopicFilter(text, reason: "'#' must be the whole last level")
            }
            if level.contains("+") && level != "+" {
                throw .invalidTopicFilter(text, reason: "'+' must be a whole level")
            }
        }
        self.text = text
        self.levels = levels
    }

    public var description: String { text }

    /// True when the filter contains `+` or `#`.
    public var hasWildcards: Bool { levels.contains { $0 == "+" || $0 == "#" } }

    /// Whether a message published on `topic` is selected by this filter.
    public func matches(_ topic: String) -> Bool {
        // A wildcard in the first level must not reach into the broker's `$` topics.
        if topic.hasPrefix("$"), let first = levels.first, first == "+" || first == "#" {
            return false
        }
        let topicLevels = topic.split(separator: "/", omittingEmptySubsequences: false)
        var index = 0
        for level in levels {
            if level == "#" { return true }
            guard index < topicLevels.count else { return false }
            if level != "+" && level != topicLevels[index] { return false }
            index += 1
        }
        return index == topicLevels.count
    }
}

/// Checks a topic name for publishing: not empty, no wildcards, no NUL.
func validatePublishTopic(_ topic: String) throws(MQTTError) {
    guard !topic.isEmpty, topic.utf8.count <= 65_535 else {
        throw .invalidTopic(topic, reason: "a topic must be 1 to 65,535 bytes")
    }
    guard !topic.utf8.contains(where: { $0 == 0 || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) else {
        throw .invalidTopic(topic, reason: "a topic to publish on cannot contain '+', '#' or NUL")
    }
}
