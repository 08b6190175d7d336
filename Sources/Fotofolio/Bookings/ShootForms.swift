import Foundation

/// The fields of the shoot forms, as their problems name them.
public enum ShootField: String, Sendable, CaseIterable {
    case kind, firstDay, lastDay, town, hours, budget, message
    case day, start, place, price, included, validUntil
    case currency, deposit, depositDueDays, restDueDays
    case reason
    case tags, description, openUntil, photos
}

/// Why a field was refused: each has a sentence in the string tables (`bookings.problems.*`).
public enum ShootProblem: String, Sendable {
    case missing
    case tooLong
    case invalidText
    case notADay
    case inThePast
    case endBeforeStart
    case tooFar
    case rangeTooLong
    case notANumber
    case outOfRange
    case notATime
    case afterShoot
    case busyDay
    case notAnAmount
    case negative
    case zeroAmount
    case tooManyDecimals
    case depositAbovePrice
    case unknownCurrency
    case tooManyTags
    case tagCharacters
    /// Later than a demand may stay open.
    case tooLate
    /// Offers welcome after the last day the shoot could be on.
    case afterLastDay
    /// More reference photos than a demand takes.
    case tooManyPhotos
    /// A photo that is not the client's own (or no longer exists).
    case unknownPhoto
}

/// Every refused field of a form at once, so the page marks them all and keeps what was typed.
public struct ShootProblems: Error, Sendable, Equatable {
    public var fields: [ShootField: ShootProblem]

    public init(_ fields: [ShootField: ShootProblem] = [:]) {
        self.fields = fields
    }

    var isEmpty: Bool { fields.isEmpty }
}

/// Reading a form's texts into values, noting each field's problem.
struct FieldReader {
    var problems = ShootProblems()

    mutating func text(_ field: ShootField, _ raw: String, limit: TextLimit, required: Bool = true, multiline: Bool = false) -> String {
        let text = raw.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty, required { problems.fields[field] = .missing }
        else if !limit.allows(text) { problems.fields[field] = .tooLong }
        else if text.containsControlCharacters(allowing: multiline ? multilineControls : []) { problems.fields[field] = .invalidText }
        return text
    }

    /// A whole number within `range`, digits only (no sign, no spaces inside, at most 9 digits).
    mutating func number(_ field: ShootField, _ raw: String, in range: ClosedRange<Int>) -> Int {
        let text = raw.filter { !$0.isWhitespace }
        guard !text.isEmpty else { problems.fields[field] = .missing; return range.lowerBound }
        guard text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text) else {
            problems.fields[field] = .notANumber
            return range.lowerBound
        }
        guard range.contains(value) else { problems.fields[field] = .outOfRange; return range.lowerBound }
        return value
    }

    /// A day from today up to `Bookings.horizon` days ahead.
    mutating func day(_ field: ShootField, _ raw: String, today: CalendarDay) -> CalendarDay {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { problems.fields[field] = .missing; return today }
        guard let day = CalendarDay(text) else { problems.fields[field] = .notADay; return today }
        if day < today { problems.fields[field] = .inThePast }
        else if today.days(to: day) > Bookings.horizon { problems.fields[field] = .tooFar }
        return day
    }

    /// The first day and the last (an empty last day means the first alone), the last not
    /// before the first nor more than `Bookings.longestRange` days after it.
    mutating func days(_ firstDay: String, _ lastDay: String, today: CalendarDay) -> (first: CalendarDay, last: CalendarDay) {
        let first = day(.firstDay, firstDay, today: today)
        let last = lastDay.trimmingCharacters(in: .whitespaces).isEmpty ? first : day(.lastDay, lastDay, today: today)
        if problems.fields[.firstDay] == nil, problems.fields[.lastDay] == nil {
            if last < first { problems.fields[.lastDay] = .endBeforeStart }
            else if first.days(to: last) > Bookings.longestRange { problems.fields[.lastDay] = .rangeTooLong }
        }
        return (first, last)
    }

    mutating func clock(_ field: ShootField, _ raw: String) -> Int {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { problems.fields[field] = .missing; return 0 }
        guard let minutes = ClockTime.minutes(text) else { problems.fields[field] = .notATime; return 0 }
        return minutes
    }
}

/// A client's request as typed into its form.
public struct ShootRequestForm: Sendable, Equatable {
    public var kind = ""
    public var firstDay = ""
    public var lastDay = ""
    public var town = ""
    public var hours = ""
    public var budget = ""
    public var message = ""

    public init() {}

    /// The request's values, or every problem with them.
    public func validated(today: CalendarDay) throws -> ShootRequestDraft {
        var reader = FieldReader()
        let kind = reader.text(.kind, self.kind, limit: Bookings.kindLimit)
        let (first, last) = reader.days(firstDay, lastDay, today: today)
        let town = reader.text(.town, self.town, limit: Bookings.placeLimit)
        let hours = reader.number(.hours, self.hours, in: Bookings.hoursRange)
        let budget = reader.number(.budget, self.budget, in: Bookings.budgetRange)
        let message = reader.text(.message, self.message, limit: Bookings.messageLimit, required: false, multiline: true)
        guard reader.problems.isEmpty else { throw reader.problems }
        return ShootRequestDraft(kind: kind, firstDay: first, lastDay: last, town: town, hours: hours, budget: budget, message: message)
    }
}

public struct ShootRequestDraft: Sendable, Equatable {
    public var kind: String
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    public var town: String
    public var hours: Int
    public var budget: Int
    public var message: String
}

/// A photographer's offer as typed into its form.
public struct ShootOfferForm: Sendable, Equatable {
    public var day = ""
    public var start = ""
    public var hours = ""
    public var place = ""
    public var price = ""
    public var included = ""
    public var validUntil = ""
    /// `CZK` (or empty) or `EUR`: what the price and the deposit are in.
    public var currency = ""
    /// Empty for none, an amount in Kč (`3 000`, `2500,50`) or a share of the price (`30 %`).
    public var deposit = ""
    public var depositDueDays = ""
    /// Days from the shoot: `-7` a week before it, `14` two weeks after.
    public var restDueDays = ""

    public init() {}

    public func validated(today: CalendarDay) throws -> ShootOfferDraft {
        var reader = FieldReader()
        let day = reader.day(.day, self.day, today: today)
        let start = reader.clock(.start, self.start)
        let hours = reader.number(.hours, self.hours, in: Bookings.hoursRange)
        let place = reader.text(.place, self.place, limit: Bookings.placeLimit)
        let price = reader.number(.price, self.price, in: Bookings.priceRange)
        let included = reader.text(.included, self.included, limit: Bookings.includedLimit, required: false, multiline: true)
        let validUntil = reader.day(.validUntil, self.validUntil, today: today)
        if reader.problems.fields[.day] == nil, reader.problems.fields[.validUntil] == nil, day < validUntil {
            reader.problems.fields[.validUntil] = .afterShoot
        }
        let payment = reader.payment(self, price: reader.problems.fields[.price] == nil ? price : nil)
        guard reader.problems.isEmpty else { throw reader.problems }
        return ShootOfferDraft(day: day, startMinutes: start, hours: hours, place: place, price: price, included: included,
                               validUntil: validUntil, payment: payment)
    }
}

public struct ShootOfferDraft: Sendable, Equatable {
    public var day: CalendarDay
    public var startMinutes: Int
    public var hours: Int
    public var place: String
    public var price: Int
    public var included: String
    public var validUntil: CalendarDay
    public var payment: PaymentTerms = .standard
}

extension FieldReader {
    /// The offer's payment terms: the deposit (an amount or a percentage of `price`, never
    /// above it) and the two numbers of days. `price` is nil when the price itself was refused.
    mutating func payment(_ form: ShootOfferForm, price: Int?) -> PaymentTerms {
        var terms = PaymentTerms.standard
        let currency = form.currency.trimmingCharacters(in: .whitespacesAndNewlines)
        if !currency.isEmpty {
            if let chosen = Currency(rawValue: currency) { terms.currency = chosen } else { problems.fields[.currency] = .unknownCurrency }
        }
        let raw = form.deposit.trimmingCharacters(in: .whitespaces)
        if !raw.isEmpty {
            if raw.hasSuffix("%") {
                let percent = number(.deposit, String(raw.dropLast()), in: 1...100)
                if problems.fields[.deposit] == nil, let price { terms.deposit = Amount(crowns: price).percent(percent) }
            } else {
                do {
                    terms.deposit = try Amount.parse(raw)
                } catch {
                    problems.fields[.deposit] = switch error {
                    case .missing, .format: .notAnAmount
                    case .negative: .negative
                    case .zero: .zeroAmount
                    case .tooManyDecimals: .tooManyDecimals
                    case .tooLarge: .outOfRange
                    }
                }
            }
            if problems.fields[.deposit] == nil, let price, terms.deposit > Amount(crowns: price) || terms.deposit == .zero {
                problems.fields[.deposit] = .depositAbovePrice
            }
        }
        // Empty: the standard week.
        if !form.depositDueDays.trimmingCharacters(in: .whitespaces).isEmpty {
            terms.depositDueDays = number(.depositDueDays, form.depositDueDays, in: PaymentTerms.dueDaysRange)
        }
        let restDays = form.restDueDays.trimmingCharacters(in: .whitespaces)
        if !restDays.isEmpty {
            // A whole number of days from the shoot, before it with a minus sign.
            let before = restDays.hasPrefix("-") || restDays.hasPrefix("−")
            let days = number(.restDueDays, before ? String(restDays.unicodeScalars.dropFirst()) : restDays, in: PaymentTerms.dueDaysRange)
            terms.restDueDays = before ? -days : days
        }
        return terms
    }
}
