import Synchronization

/// The names templates asked for, and those no model along the way had: a misspelt name
/// renders as nothing, so `TemplateModelTests` renders every template with a log set and
/// fails on what nobody answered. Nil while serving.
final class TemplateNames: Sendable {
    @TaskLocal static var log: TemplateNames?

    private let names = Mutex<(answered: Set<String>, unanswered: Set<String>)>(([], []))

    func answered(_ name: String) {
        names.withLock { _ = $0.answered.insert(name) }
    }

    func unanswered(_ name: String) {
        names.withLock { _ = $0.unanswered.insert(name) }
    }

    /// Names that some model did not have and no other model had either. A name an inner
    /// model lacks is normal (Mustache then asks the outer ones); one nobody has is a typo.
    var missing: Set<String> {
        names.withLock { $0.unanswered.subtracting($0.answered) }
    }
}
