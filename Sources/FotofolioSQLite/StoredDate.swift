import Foundation
import GRDB

/// A moment as GRDB stores it ("yyyy-MM-dd HH:mm:ss.SSS" in UTC), written without its
/// `DateFormatter`: binding a date to a statement through GRDB cost a photographer's feed
/// page more than the statement it was bound to (`bench/demands.sh`). The same text as
/// `date.databaseValue` for every moment (`StoredDateTests`), so it compares with stored
/// dates as they do.
enum StoredDate {
    static func text(_ date: Date) -> String {
        // To the nearest millisecond, as Foundation hands a moment to the formatter.
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        // Years 1970 through 9999, the ones with four digits and no sign; GRDB's for the rest.
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000 else { return String.fromDatabaseValue(date.databaseValue) ?? "" }
        let whole = Int64(milliseconds)
        var seconds = time_t(whole / 1000)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return String.fromDatabaseValue(date.databaseValue) ?? "" }
        var bytes = [UInt8](repeating: 0, count: 23)
        func put(_ value: Int, at start: Int, width: Int) {
            var value = value
            for index in stride(from: start + width - 1, through: start, by: -1) {
                bytes[index] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
                value /= 10
            }
        }
        put(Int(parts.tm_year) + 1900, at: 0, width: 4)
        put(Int(parts.tm_mon) + 1, at: 5, width: 2)
        put(Int(parts.tm_mday), at: 8, width: 2)
        put(Int(parts.tm_hour), at: 11, width: 2)
        put(Int(parts.tm_min), at: 14, width: 2)
        put(Int(parts.tm_sec), at: 17, width: 2)
        put(Int(whole % 1000), at: 20, width: 3)
        bytes[4] = 0x2D; bytes[7] = 0x2D; bytes[10] = 0x20; bytes[13] = 0x3A; bytes[16] = 0x3A; bytes[19] = 0x2E
        return String(decoding: bytes, as: UTF8.self)
    }
}
