import Foundation
import Fotofolio
import Postgres

/// Bank details in `payee`, received payments in `booking_payment`. Each change is one
/// statement, so two at the same moment leave the later one.
struct PostgresPaymentStore: PaymentStore {
    let pool: PostgresPool

    func payee(of userId: Int64) throws -> Payee? {
        try pool.withConnection { connection in
            try connection.query("SELECT * FROM payee WHERE user_id = $1", [userId]).first.map { row in
                try PayeeRecord(userId: try row.decode("user_id"), iban: try row.decode("iban"), name: try row.decode("name"),
                                address: try row.decode("address"), companyId: try row.decodeIfPresent("company_id"),
                                vatNumber: try row.decodeIfPresent("vat_number"), paymentNote: try row.decode("payment_note")).payee()
            }
        }
    }

    func setPayee(_ payee: Payee, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("""
                INSERT INTO payee (user_id, iban, name, address, company_id, vat_number, payment_note, updated_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                ON CONFLICT (user_id) DO UPDATE SET iban = excluded.iban, name = excluded.name, address = excluded.address,
                    company_id = excluded.company_id, vat_number = excluded.vat_number, payment_note = excluded.payment_note,
                    updated_at = excluded.updated_at
                """, [payee.userId, payee.account.iban.text, payee.name, payee.address, payee.companyId?.text, payee.vatNumber?.text,
                      payee.paymentNote, date.stored])
        }
    }

    func removePayee(of userId: Int64) throws {
        try pool.withConnection { connection in try connection.query("DELETE FROM payee WHERE user_id = $1", [userId]) }
    }

    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: CalendarDay]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try pool.withConnection { connection in
            var paid: [Int64: [PaymentPart: CalendarDay]] = [:]
            for row in try connection.query("""
                SELECT booking_id, part, paid_on FROM booking_payment WHERE booking_id = ANY($1::bigint[])
                """, [IdList(bookingIds)]) {
                guard let part = PaymentPart(rawValue: try row.decode("part")) else { continue }
                paid[try row.decode("booking_id"), default: [:]][part] = try PostgresBookingStore.day(row, "paid_on")
            }
            return paid
        }
    }

    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, by photographerId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            guard let booking = try PostgresBookingStore.booking(bookingId, connection), booking.involves(photographerId)
            else { throw BookingError.unknown }
            guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
            if let day {
                try connection.query("""
                    INSERT INTO booking_payment (booking_id, part, paid_on, marked_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (booking_id, part) DO UPDATE SET paid_on = excluded.paid_on, marked_at = excluded.marked_at
                    """, [bookingId, part.rawValue, day.text, date.stored])
            } else {
                try connection.query("DELETE FROM booking_payment WHERE booking_id = $1 AND part = $2", [bookingId, part.rawValue])
            }
        }
    }
}
