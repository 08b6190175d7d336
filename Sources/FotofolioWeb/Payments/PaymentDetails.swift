import Fotofolio
import QRCode

/// One payment of a booking as the client pays it: its name, the QR payment to the
/// photographer's account and the same details as text for people who type them. The
/// booking's page and the mails that ask for money show these alike.
struct PaymentDetails {
    struct Row {
        let label: String
        let value: String
        /// An account number or a symbol: set in a monospace face.
        let code: Bool
    }

    /// "Záloha", "Doplatek", or "Platba" for a booking paid at once.
    let title: String
    let amount: Amount
    let dueDay: CalendarDay
    /// Nil without the photographer's bank details.
    let payment: PaymentCode?
    let rows: [Row]

    init(_ due: PaymentDue, of booking: Booking, payments: [PaymentDue], payee: Payee?, table: StringTable) {
        let text = ShootText(table: table)
        title = table.string("payments.parts.\(payments.count == 1 && due.part == .rest ? "whole" : due.part.rawValue)")
        amount = due.amount
        dueDay = due.dueDay
        guard let payee else {
            payment = nil
            rows = []
            return
        }
        let currency = booking.payment.currency
        let payment = Payments.paymentCode(due, of: booking, to: payee, partName: title)
        var rows = [Row(label: table.string("payments.fields.recipient"), value: payee.name, code: false)]
        // A euro transfer goes to the IBAN alone; a crown one may be typed in the Czech form.
        if currency == .czk, let czech = payee.account.czech {
            rows.append(Row(label: table.string("payments.fields.czechAccount"), value: czech.text, code: true))
        }
        rows += [
            Row(label: table.string("payments.fields.iban"), value: payee.account.iban.printed, code: true),
            Row(label: table.string("payments.fields.amount"), value: text.amount(due.amount, currency), code: false),
            Row(label: table.string("payments.fields.variableSymbol"), value: String(booking.id), code: true),
            Row(label: table.string("payments.fields.message"), value: payment.message, code: false),
            Row(label: table.string("payments.fields.dueDay"), value: text.day(due.dueDay), code: false),
        ]
        self.payment = payment
        self.rows = rows
    }

    /// The code to scan (QR Platba, or the EPC's code for euros); nil without bank details
    /// (or, never in practice, a text too long).
    var qrCode: QRCode? { payment.flatMap { try? QRCode(encoding: $0.text) } }
}
