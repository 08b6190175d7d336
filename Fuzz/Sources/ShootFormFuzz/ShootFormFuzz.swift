// The shoot forms (`ShootRequestForm`, `ShootOfferForm`) and the day and clock readers they
// use (`CalendarDay`, `ClockTime`), on what anyone may type into them. The input's lines
// are the fields, in the order of the request form and then the offer form.
//
// Oracles: nothing traps; a day or time read writes back as the same text (the canonical
// form is the only one accepted); an accepted form holds only values inside their bounds:
// days from today to the horizon, the last not before the first, hours, budget and price in
// their ranges, texts within their limits and without control characters.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Foundation
@testable import Fotofolio

#if !FUZZ_CORPUS_REPLAY
@main
enum ShootFormFuzzMain {
    static func main() { runFuzzer(fuzzShootFormEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShootFormEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzShootForm(data, size) }
#endif

/// A fixed "today", so a replay finds what the campaign found.
private let fuzzToday = CalendarDay(year: 2026, month: 11, day: 28)!

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzShootForm(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

    for value in fields.prefix(14) {
        if let day = CalendarDay(value) {
            require(day.text == value, "the day \(visible(value)) writes back as \(visible(day.text))")
            require(CalendarDay(day.start) == day, "the day \(visible(value)) does not begin on itself")
        }
        if let minutes = ClockTime.minutes(value) {
            require((0..<1440).contains(minutes), "the time \(visible(value)) is \(minutes) minutes")
            require(ClockTime.minutes(ClockTime.text(minutes)) == minutes, "the time \(visible(value)) does not read back")
        }
    }

    var request = ShootRequestForm()
    (request.kind, request.firstDay, request.lastDay, request.town) = (field(0), field(1), field(2), field(3))
    (request.hours, request.budget, request.message) = (field(4), field(5), field(6))
    if let draft = try? request.validated(today: fuzzToday) {
        require(draft.firstDay >= fuzzToday && draft.lastDay >= draft.firstDay, "days out of order: \(draft.firstDay) \(draft.lastDay)")
        require(fuzzToday.days(to: draft.lastDay) <= Bookings.horizon, "the last day \(draft.lastDay) is past the horizon")
        require(draft.firstDay.days(to: draft.lastDay) <= Bookings.longestRange, "the range is too long")
        require(Bookings.hoursRange.contains(draft.hours) && Bookings.budgetRange.contains(draft.budget), "a number out of range")
        require(Bookings.kindLimit.allows(draft.kind) && Bookings.placeLimit.allows(draft.town)
                && Bookings.messageLimit.allows(draft.message), "a text past its limit")
        require(!draft.kind.isEmpty && !draft.town.isEmpty, "a required text is empty")
        require(!draft.kind.containsControlCharacters() && !draft.town.containsControlCharacters()
                && !draft.message.containsControlCharacters(allowing: multilineControls), "a control character got through")
    }

    var offer = ShootOfferForm()
    (offer.day, offer.start, offer.hours, offer.place) = (field(7), field(8), field(9), field(10))
    (offer.price, offer.included, offer.validUntil) = (field(11), field(12), field(13))
    if let draft = try? offer.validated(today: fuzzToday) {
        require(draft.day >= fuzzToday && draft.validUntil >= fuzzToday && draft.validUntil <= draft.day, "offer days out of order")
        require((0..<1440).contains(draft.startMinutes), "the start is \(draft.startMinutes) minutes")
        require(Bookings.hoursRange.contains(draft.hours) && Bookings.priceRange.contains(draft.price), "a number out of range")
        require(Bookings.placeLimit.allows(draft.place) && Bookings.includedLimit.allows(draft.included), "a text past its limit")
        require(!draft.place.containsControlCharacters(), "a control character got through")
        _ = draft.day.at(minutes: draft.startMinutes)
    }
    return 0
}
