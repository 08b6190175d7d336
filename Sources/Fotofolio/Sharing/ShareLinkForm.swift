/// The form that makes a share link, as typed: a note, an optional last day and an
/// optional password.
public struct ShareLinkForm: Sendable, Equatable {
    public var label = ""
    public var lastDay = ""
    public var password = ""

    public init(label: String = "", lastDay: String = "", password: String = "") {
        self.label = label
        self.lastDay = lastDay
        self.password = password
    }

    public static let labelLimit = TextLimit(characters: 60)
    /// As an account's password; the longest is still a few hundred bytes to hash.
    public static let passwordLength = 6...128
    public static let passwordBytes = 512
    /// A link lasts at most two years.
    public static let longestDays = 731

    /// The draft, or every problem found at once.
    public func validated(today: CalendarDay) throws(ShareLinkErrors) -> ShareLinkDraft {
        var problems: [ShareLinkField: ShareLinkProblem] = [:]
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.labelLimit.allows(label) { problems[.label] = .tooLong }
        else if label.containsControlCharacters() { problems[.label] = .invalidText }
        var day: CalendarDay?
        let dayText = lastDay.trimmingCharacters(in: .whitespaces)
        if !dayText.isEmpty {
            day = CalendarDay(dayText)
            if let chosen = day {
                if chosen < today { problems[.lastDay] = .inThePast }
                else if today.days(to: chosen) > Self.longestDays { problems[.lastDay] = .tooFar }
            } else {
                problems[.lastDay] = .notADay
            }
        }
        // A password is taken as typed: spaces are part of it.
        if !password.isEmpty {
            if password.utf8.count > Self.passwordBytes || password.count > Self.passwordLength.upperBound {
                problems[.password] = .tooLong
            } else if password.count < Self.passwordLength.lowerBound {
                problems[.password] = .tooShort
            } else if password.containsControlCharacters() {
                problems[.password] = .invalidText
            }
        }
        guard problems.isEmpty else { throw ShareLinkErrors(problems: problems) }
        return ShareLinkDraft(label: label, lastDay: day, password: password.isEmpty ? nil : password)
    }
}

public enum ShareLinkField: String, Sendable, CaseIterable {
    case label, lastDay, password
}

public enum ShareLinkProblem: String, Sendable, Equatable {
    case tooLong, tooShort, invalidText, notADay, inThePast, tooFar
}

public struct ShareLinkErrors: Error, Sendable, Equatable {
    public let problems: [ShareLinkField: ShareLinkProblem]

    public init(problems: [ShareLinkField: ShareLinkProblem]) {
        self.problems = problems
    }
}
