import Foundation

/// The facts `VisibilityRules` decides on, each read in one statement. The moderation store
/// reads them, as it keeps what operators hid; its own check of a report's subject asks the
/// same rule on the same facts, inside its transaction.
public protocol VisibilityStore: Sendable {
    /// The subject as `viewerId` (nil: a guest) finds it at `date`; nil when there is none.
    func visibilityFacts(of subject: Subject, for viewerId: Int64?, at date: Date) throws -> VisibilityFacts?

    /// Every photo that uses the file served as `/media/<fileName>`, with its facts for
    /// `viewerId`; empty when none does. On every request for a file: one indexed statement.
    func fileUses(_ fileName: String, for viewerId: Int64?, at date: Date) throws -> [FileUse]
}
