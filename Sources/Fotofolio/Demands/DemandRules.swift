import Crypto
import Foundation
import Imaging

/// Why a step of a demand was refused. A demand that is not there for the person (another
/// client's, hidden, blocked between them) is `unknown`, as if it did not exist.
public enum DemandError: Error, Sendable, Equatable {
    case unknown
    /// Only its client edits or closes it.
    case onlyTheClient
    /// Only photographers answer demands.
    case notAPhotographer
    /// A client cannot answer their own demand.
    case ownDemand
    /// Booked, closed, expired or hidden: no more offers, no more edits.
    case notOpen
    /// Edited only until the first offer: what photographers answered stays what they read.
    case hasOffers
    /// The photographer answered it already: their request on it, where a new offer replaces the old.
    case alreadyAnswered(requestId: Int64)
    /// The account posted as many demands as a day allows; it may post again after the wait.
    case tooManyDemands(retryAfter: Duration)
    /// The form's identifier was used for another demand.
    case duplicate
}

/// Who may do what with a demand, and which photographers it is for: pure, so both stores
/// decide alike inside their transactions with the facts read there.
public enum DemandRules {
    /// Reference photos one demand takes.
    public static let maxPhotos = 5
    /// The largest body a demand's form may have: every photo at the pipeline's limit, with a
    /// mebibyte for the fields and the multipart framing. A longer declared body is refused
    /// before it is read.
    public static let largestBody = maxPhotos * PhotoLimits.standard.maxBytes + (1 << 20)

    /// Only its client, only while it is open, only before any photographer answered.
    public static func checkEdit(_ demand: Demand, by userId: Int64, answers: Int, today: CalendarDay) throws {
        guard demand.clientId == userId else { throw DemandError.unknown }
        guard demand.state(today: today) == .open else { throw DemandError.notOpen }
        guard answers == 0 else { throw DemandError.hasOffers }
    }

    /// Only its client, while it is open.
    public static func checkClose(_ demand: Demand, by userId: Int64, today: CalendarDay) throws {
        guard demand.clientId == userId else { throw DemandError.unknown }
        guard demand.state(today: today) == .open else { throw DemandError.notOpen }
    }

    /// A photographer who may see it (`mayView`), on an open demand of someone else's, once.
    /// `answered`: the photographer's request on it, if they answered before.
    public static func checkAnswer(_ demand: Demand, by userId: Int64, role: User.Role?, blocked: Bool, answered: Int64?,
                                   today: CalendarDay) throws {
        guard demand.clientId != userId else { throw DemandError.ownDemand }
        guard !blocked, demand.hiddenAt == nil else { throw DemandError.unknown }
        guard role == .creator else { throw DemandError.notAPhotographer }
        if let answered { throw DemandError.alreadyAnswered(requestId: answered) }
        guard demand.state(today: today) == .open else { throw DemandError.notOpen }
    }

    /// Who sees a demand: its client always; a photographer who answered it while neither
    /// blocks the other; any other photographer only while it is open; nobody else.
    public static func mayView(_ demand: Demand, viewerId: Int64, role: User.Role?, blocked: Bool, answered: Bool,
                               today: CalendarDay) -> Bool {
        if demand.clientId == viewerId { return true }
        guard !blocked, demand.hiddenAt == nil, role == .creator else { return false }
        return answered || demand.state(today: today) == .open
    }

    /// The one mail a photographer gets about a new demand that matches them, due at once;
    /// its batch keeps it one however often it is queued.
    public static func mail(of demand: Demand, to photographerId: Int64, address: String, at date: Date) -> NewMail {
        NewMail(to: photographerId, address: address, content: .demand(demandId: demand.id), dueAt: date,
                batch: "demand:\(demand.id):\(photographerId)")
    }

    /// The uuid of the request card an answer posts before its offer card, made from the
    /// offer's: the same form sent twice makes the same two messages.
    public static func requestCardUUID(answering offerUUID: String) -> String {
        SHA256.hash(data: Data("demand-request:\(offerUUID)".utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// Which photographers a demand is for. The stores select with the same rule in SQL
/// (`DemandStore.matching`); this is its statement, which the tests hold the stores to.
public enum DemandMatch {
    /// What matching reads of a photographer.
    public struct Photographer: Sendable, Equatable {
        /// Folded tags of their portfolios.
        public var tags: Set<String>
        /// Their town, folded (`Demands.townKey`).
        public var townKey: String
        /// They take demands from anywhere, not only their town.
        public var anywhere: Bool
        /// Days they are busy (by hand or booked).
        public var busy: Set<CalendarDay>

        public init(tags: Set<String>, townKey: String, anywhere: Bool, busy: Set<CalendarDay>) {
            self.tags = tags
            self.townKey = townKey
            self.anywhere = anywhere
            self.busy = busy
        }
    }

    /// An open demand shares a tag with the photographer's portfolios, is in their town
    /// (or they take demands from anywhere), and has a day from today on they are free.
    public static func matches(_ demand: Demand, _ photographer: Photographer, today: CalendarDay) -> Bool {
        guard demand.state(today: today) == .open else { return false }
        guard demand.tags.contains(where: { photographer.tags.contains($0.folded) }) else { return false }
        guard photographer.anywhere || Demands.townKey(demand.town) == photographer.townKey else { return false }
        var day = max(demand.firstDay, today)
        while day <= demand.lastDay {
            if !photographer.busy.contains(day) { return true }
            day = day.adding(days: 1)
        }
        return false
    }
}

extension SpamLimits {
    /// How many demands an account may post in any day: a new account fewer.
    public func demandsPerDay(accountCreatedAt: Date, at date: Date) -> Int {
        isNew(createdAt: accountCreatedAt, at: date) ? newAccountDemandsPerDay : demandsPerDayLimit
    }

    /// `posted`: when the account posted demands in the last day, oldest first. Throws
    /// `DemandError.tooManyDemands` with the wait until the oldest that counts is a day old.
    public func checkDemand(accountCreatedAt: Date, posted: [Date], at date: Date) throws {
        let limit = demandsPerDay(accountCreatedAt: accountCreatedAt, at: date)
        let recent = posted.filter { $0 > date.addingTimeInterval(-86_400) }
        guard recent.count >= limit else { return }
        let wait = recent[recent.count - limit].timeIntervalSince(date) + 86_400
        throw DemandError.tooManyDemands(retryAfter: .seconds(max(1, Int(wait.rounded(.up)))))
    }
}
