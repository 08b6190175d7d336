import Foundation
import Fotofolio
import GRDB

/// Bank details in `payee`, received payments in `bookingPayment`.
struct SQLitePaymentStore: PaymentStore {
    let database: AppDatabase

    func payee(of userId: Int64) throws -> Payee? {
        try database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM payee WHERE userId = ?", arguments: [userId]).map { row in
                try PayeeRecord(userId: row["userId"], iban: row["iban"], name: row["name"], address: row["address"],
                                companyId: row["companyId"], vatNumber: row["vatNumber"], paymentNote: row["paymentNote"]).payee()
            }
        }
    }

    func setPayee(_ payee: Payee, at date: Date) throws {
        try database.pool.write { db in
            try db.execute(sql: """
                INSERT INTO payee (userId, iban, name, address, companyId, vatNumber, paymentNote, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (userId) DO UPDATE SET iban = excluded.iban, name = excluded.name, address = excluded.address,
                    companyId = excluded.companyId, vatNumber = excluded.vatNumber, paymentNote = excluded.paymentNote,
                    updatedAt = excluded.updatedAt
                """, arguments: [payee.userId, payee.account.iban.text, payee.name, payee.address, payee.companyId?.text,
                                 payee.vatNumber?.text, payee.paymentNote, date])
        }
    }

    func removePayee(of userId: Int64) throws {
        try database.pool.write { db in try db.execute(sql: "DELETE FROM payee WHERE userId = ?", arguments: [userId]) }
    }

    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: CalendarDay]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try database.pool.read { db in
            var paid: [Int64: [PaymentPart: CalendarDay]] = [:]
            let rows = try Row.fetchAll(db, sql: "SELECT bookingId, part, paidOn FROM bookingPayment WHERE bookingId IN (SELECT value FROM json_each(?))",
                                        arguments: [String(describing: bookingIds)])
            for row in rows {
                guard let part = PaymentPart(rawValue: row["part"]) else { continue }
                paid[row["bookingId"], default: [:]][part] = try SQLiteBookingStore.day(row, "paidOn")
            }
            return paid
        }
    }

    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, by photographerId: Int64, at date: Date) throws {
        try database.pool.write { db in
            guard let booking = try SQLiteBookingStore.booking(bookingId, db), booking.involves(photographerId)
            else { throw BookingError.unknown }
            guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
            if let day {
                try db.execute(sql: """
                    INSERT INTO bookingPayment (bookingId, part, paidOn, markedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (bookingId, part) DO UPDATE SET paidOn = excluded.paidOn, markedAt = excluded.markedAt
                    """, arguments: [bookingId, part.rawValue, day.text, date])
            } else {
                try db.execute(sql: "DELETE FROM bookingPayment WHERE bookingId = ? AND part = ?", arguments: [bookingId, part.rawValue])
            }
        }
    }
}
