import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// The photographer's offer: the form, filled in from the request or the previous offer, and sending it.
extension ShootPages {
    func offerForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        let form = Self.prefilledOffer(firstDay: shoot.request.firstDay, hours: shoot.request.hours, town: shoot.request.town,
                                       budget: shoot.request.budget, previous: shoot.currentOffer, table: renderer.strings(for: request))
        return try offerPage(request, shoot: shoot, form: form)
    }

    func sendOffer(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        let table = renderer.strings(for: request)
        let form = Self.submittedOffer(request)
        do {
            try bookings.offer(form, on: shoot.request.id, uuid: request.form["uuid"] ?? "", by: userId, text: ShootText(table: table).offer)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let problems as ShootProblems {
            return try offerPage(request, shoot: shoot, form: form, problems: problems, uuid: request.form["uuid"],
                                 status: .unprocessableContent)
        } catch let error as BookingError {
            var problems = ShootProblems()
            // A busy day is the day field's problem, said to the photographer as theirs.
            if error == .busyDay { problems.fields[.day] = .busyDay }
            return try offerPage(request, shoot: shoot, form: form, problems: problems,
                                 problem: error == .busyDay ? nil : Self.problem(error, table), uuid: request.form["uuid"],
                                 status: Self.status(error))
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try offerPage(request, shoot: shoot, form: form, problem: table.string(failure.key), uuid: request.form["uuid"],
                                 status: failure.status)
        }
    }

    func offerPage(_ request: Request, shoot: Shoot, form: ShootOfferForm, problems: ShootProblems = ShootProblems(),
                           problem: String? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let fields = Self.offerFields(form, problems: problems, table: table)
        return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "offer", fields: fields,
                            problem: problem ?? (problems.fields.isEmpty ? nil : table.string("forms.fixErrors")), uuid: uuid,
                            status: status)
    }

    /// An offer's form filled in from what was asked (a request or a demand), or from the
    /// photographer's previous offer on it.
    static func prefilledOffer(firstDay: CalendarDay, hours: Int, town: String, budget: Int, previous: ShootOffer?,
                               table: StringTable) -> ShootOfferForm {
        var form = ShootOfferForm()
        let today = CalendarDay.today()
        form.day = (previous?.day ?? max(firstDay, today)).text
        form.start = previous.map { ClockTime.text($0.startMinutes) } ?? "10:00"
        form.hours = String(previous?.hours ?? hours)
        form.place = previous?.place ?? town
        form.price = String(previous?.price ?? budget * hours)
        form.included = previous?.included ?? ""
        form.validUntil = (previous?.validUntil ?? min(today.adding(days: 7), max(firstDay, today))).text
        let terms = previous?.payment ?? .standard
        form.currency = terms.currency.rawValue
        form.deposit = terms.hasDeposit ? ShootText(table: table).amountField(terms.deposit) : ""
        form.depositDueDays = String(terms.depositDueDays)
        form.restDueDays = String(terms.restDueDays)
        return form
    }

    /// The offer's form as sent.
    static func submittedOffer(_ request: Request) -> ShootOfferForm {
        var form = ShootOfferForm()
        form.day = request.form["day"] ?? ""
        form.start = request.form["start"] ?? ""
        form.hours = request.form["hours"] ?? ""
        form.place = request.form["place"] ?? ""
        form.price = request.form["price"] ?? ""
        form.included = request.form["included"] ?? ""
        form.validUntil = request.form["validUntil"] ?? ""
        form.currency = request.form["currency"] ?? ""
        form.deposit = request.form["deposit"] ?? ""
        form.depositDueDays = request.form["depositDueDays"] ?? ""
        form.restDueDays = request.form["restDueDays"] ?? ""
        return form
    }

    /// The offer's fields, for a request's offer and a demand's answer alike.
    static func offerFields(_ form: ShootOfferForm, problems: ShootProblems, table: StringTable) -> [FormFieldView] {
        let today = CalendarDay.today(), horizon = today.adding(days: Bookings.horizon).text
        return [
            FormFieldView("day", label: table.string("bookings.fields.day"), type: "date", value: form.day,
                          error: problems.message(.day, table: table), min: today.text, max: horizon),
            FormFieldView("start", label: table.string("bookings.fields.start"), type: "time", value: form.start,
                          error: problems.message(.start, table: table)),
            FormFieldView("hours", label: table.string("bookings.fields.hours"), type: "number", value: form.hours,
                          error: problems.message(.hours, table: table), min: "1", max: "24", inputmode: "numeric"),
            FormFieldView("place", label: table.string("bookings.fields.place"), value: form.place,
                          error: problems.message(.place, table: table), maxlength: Bookings.placeLimit.characters),
            FormFieldView("price", label: table.string("bookings.fields.price"), type: "number", value: form.price,
                          hint: table.string("bookings.hints.price"), error: problems.message(.price, table: table), min: "0",
                          max: String(Bookings.priceRange.upperBound), inputmode: "numeric"),
            FormFieldView("currency", label: table.string("payments.fields.currency"), value: form.currency.isEmpty ? "CZK" : form.currency,
                          hint: table.string("payments.hints.currency"), error: problems.message(.currency, table: table),
                          options: Currency.allCases.map { ($0.rawValue, table.string("payments.currencies.\($0.rawValue)")) }),
            FormFieldView("included", label: table.string("bookings.fields.included"), value: form.included,
                          hint: table.string("bookings.hints.included"), error: problems.message(.included, table: table),
                          required: false, multiline: true, maxlength: Bookings.includedLimit.characters),
            FormFieldView("validUntil", label: table.string("bookings.fields.validUntil"), type: "date", value: form.validUntil,
                          hint: table.string("bookings.hints.validUntil"), error: problems.message(.validUntil, table: table),
                          min: today.text, max: horizon),
            FormFieldView("deposit", label: table.string("payments.fields.deposit"), value: form.deposit,
                          hint: table.string("payments.hints.deposit"), error: problems.message(.deposit, table: table), required: false,
                          maxlength: 20, inputmode: "decimal"),
            FormFieldView("depositDueDays", label: table.string("payments.fields.depositDueDays"), type: "number",
                          value: form.depositDueDays, hint: table.string("payments.hints.depositDueDays"),
                          error: problems.message(.depositDueDays, table: table), required: false, min: "0",
                          max: String(PaymentTerms.dueDaysRange.upperBound), inputmode: "numeric"),
            FormFieldView("restDueDays", label: table.string("payments.fields.restDueDays"), value: form.restDueDays,
                          error: problems.message(.restDueDays, table: table), required: false,
                          options: Self.restDueChoices(including: form.restDueDays, text: ShootText(table: table))),
        ]
    }

    /// When the rest may be due: the usual choices, and a typed one kept when it is none of them.
    static func restDueChoices(including typed: String, text: ShootText) -> [(value: String, label: String)] {
        var days = [-14, -7, -1, 0, 7, 14, 30]
        if let value = Int(typed), PaymentTerms.restDueDaysRange.contains(value), !days.contains(value) {
            days.append(value)
            days.sort()
        }
        return days.map { (String($0), text.restDue($0)) }
    }
}
