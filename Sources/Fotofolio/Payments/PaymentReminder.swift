import Foundation

/// What a booking's client is mailed about its money: at once, what to pay and by when; and
/// the day before each payment is due, in the morning in Prague, a reminder. All are queued
/// with the booking (in the transaction that accepts the offer) and read the booking when they
/// are sent: a payment marked received meanwhile, a cancelled booking, or a person who turned
/// shoot mail off sends nothing.
public enum PaymentReminder {
    /// When in the day before the due day the reminder goes: 08:00 in Prague.
    public static let hourOfDay = 8

    public static func moment(before dueDay: CalendarDay) -> Date {
        dueDay.adding(days: -1).start.addingTimeInterval(TimeInterval(hourOfDay * 3600))
    }

    /// The mails of a booking just made, to its client at `address`: what to pay (when there
    /// is anything), and a reminder per payment whose moment is still ahead (a payment due
    /// tomorrow or sooner is told in the first mail).
    public static func mails(for booking: Booking, to address: String, at date: Date) -> [NewMail] {
        let payments = booking.payments()
        guard !payments.isEmpty else { return [] }
        return [NewMail(to: booking.clientId, address: address, content: .bookingPayments(bookingId: booking.id), dueAt: date)]
            + payments.compactMap { payment in
            let moment = moment(before: payment.dueDay)
            guard moment > date else { return nil }
            return NewMail(to: booking.clientId, address: address,
                           content: .paymentReminder(bookingId: booking.id, part: payment.part, dueOn: payment.dueDay.text),
                           dueAt: moment, batch: "payment:\(booking.id):\(payment.part.rawValue)")
        }
    }

    /// The payment the reminder is about, if it is still worth telling: the booking not
    /// cancelled, the payment still due on that day and not received.
    public static func stillDue(_ part: PaymentPart, dueOn: String, of booking: Booking, payments: [PaymentDue]) -> PaymentDue? {
        guard booking.cancellation == nil,
              let payment = payments.first(where: { $0.part == part }), !payment.isPaid, payment.dueDay.text == dueOn
        else { return nil }
        return payment
    }
}
