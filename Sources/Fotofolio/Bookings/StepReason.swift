/// The words a decline or a cancellation is taken with, and the step's message in words with
/// them and without them. Either side may always withdraw, a block between them or not; but
/// while either blocks the other, nothing they write reaches the other: the step is taken
/// and told without its words. The stores read the `ContactFacts` in the step's transaction
/// and keep what `said(_:)` answers.
public struct StepReason: Sendable, Equatable {
    public let reason: String
    /// The message with the reason in it.
    public let text: String
    /// The same message with an empty reason.
    public let textWithoutReason: String

    public init(reason: String, text: String, textWithoutReason: String) {
        self.reason = reason
        self.text = text
        self.textWithoutReason = textWithoutReason
    }

    /// The reason to store and the message to post, between people with these facts.
    public func said(_ facts: ContactFacts) -> (reason: String, text: String) {
        facts.blockedBySender || facts.blockedByTarget ? ("", textWithoutReason) : (reason, text)
    }
}
