import Foundation

/// A demand as typed into its form (`/demands/new`, `/demands/:id/edit`).
public struct DemandForm: Sendable, Equatable {
    /// Tags as portfolios take them: words separated by spaces or commas.
    public var tags = ""
    public var firstDay = ""
    /// Empty for the first day alone.
    public var lastDay = ""
    public var town = ""
    public var hours = ""
    /// Kč an hour.
    public var budget = ""
    public var description = ""
    public var openUntil = ""
    /// Reference photos: those kept from before (the demand's, or uploaded with a form that
    /// came back with a mistake) and those just uploaded, in order.
    public var photos: [DemandPhoto] = []

    public init() {}

    public init(_ demand: Demand) {
        tags = demand.tags.map(\.label).joined(separator: " ")
        firstDay = demand.firstDay.text
        lastDay = demand.lastDay == demand.firstDay ? "" : demand.lastDay.text
        town = demand.town
        hours = String(demand.hours)
        budget = String(demand.budget)
        description = demand.description
        openUntil = demand.openUntil.text
        photos = demand.photos
    }

    /// The demand's values, or every problem with them at once.
    public func validated(today: CalendarDay) throws -> DemandDraft {
        var reader = FieldReader()
        let tags = reader.tags(self.tags)
        let (first, last) = reader.days(firstDay, lastDay, today: today)
        let town = reader.text(.town, self.town, limit: Bookings.placeLimit)
        let hours = reader.number(.hours, self.hours, in: Bookings.hoursRange)
        let budget = reader.number(.budget, self.budget, in: Bookings.budgetRange)
        let description = reader.text(.description, self.description, limit: Demands.descriptionLimit, required: false, multiline: true)
        let openUntil = reader.day(.openUntil, self.openUntil, today: today)
        if reader.problems.fields[.openUntil] == nil {
            if today.days(to: openUntil) > Demands.longestOpen { reader.problems.fields[.openUntil] = .tooLate }
            else if reader.problems.fields[.lastDay] == nil, reader.problems.fields[.firstDay] == nil, openUntil > last {
                reader.problems.fields[.openUntil] = .afterLastDay
            }
        }
        if photos.count > DemandRules.maxPhotos { reader.problems.fields[.photos] = .tooManyPhotos }
        guard reader.problems.isEmpty else { throw reader.problems }
        return DemandDraft(tags: tags, firstDay: first, lastDay: last, town: town, hours: hours, budget: budget,
                           description: description, openUntil: openUntil, photos: photos)
    }
}

public struct DemandDraft: Sendable, Equatable {
    public var tags: [Tag]
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    public var town: String
    public var hours: Int
    public var budget: Int
    public var description: String
    public var openUntil: CalendarDay
    /// Photos of the client's own, checked to be theirs in the posting's transaction.
    public var photos: [DemandPhoto]

    public init(tags: [Tag], firstDay: CalendarDay, lastDay: CalendarDay, town: String, hours: Int, budget: Int,
                description: String, openUntil: CalendarDay, photos: [DemandPhoto] = []) {
        self.tags = tags
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.town = town
        self.hours = hours
        self.budget = budget
        self.description = description
        self.openUntil = openUntil
        self.photos = photos
    }

    /// The town as matching compares it: folded as tags are ("Plzeň" → "plzen").
    public var townKey: String { Demands.townKey(town) }
}

extension FieldReader {
    /// At least one tag, under the portfolios' rules for tags.
    mutating func tags(_ raw: String) -> [Tag] {
        guard TagParsing.fieldLimit.allows(raw) else { problems.fields[.tags] = .tooLong; return [] }
        let tags = TagParsing.tags(in: raw)
        if tags.isEmpty { problems.fields[.tags] = .missing }
        else if let problem = TagParsing.problem(with: tags) {
            problems.fields[.tags] = switch problem {
            case .tooManyTags: .tooManyTags
            case .tagCharacters: .tagCharacters
            default: .tooLong
            }
        }
        return tags
    }
}
