import Foundation
import GRDB
import PropertyBased
import Testing
@testable import FotofolioSQLite

/// `StoredDate.text` writes what GRDB stores for a date, byte for byte: statements bind it
/// where a stored date is compared.
@Suite struct StoredDateTests {
    static func stored(_ date: Date) -> String? { String.fromDatabaseValue(date.databaseValue) }

    @Test func everyMomentIsWrittenAsGRDBStoresIt() async {
        // Moments across the four-digit years, at whole and broken milliseconds.
        await propertyCheck(count: 100_000, input: Gen.int64(in: 0...253_402_300_799_999), Gen.int(in: 0...999)) { milliseconds, fraction in
            let date = Date(timeIntervalSince1970: (Double(milliseconds) + Double(fraction) / 1000) / 1000)
            #expect(StoredDate.text(date) == Self.stored(date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test(arguments: [0, 0.0005, 0.999, 0.9999999, 59.9995, 951_782_400, 951_868_799.9995, 1_767_225_599.999, 1_798_761_600,
                      253_402_300_799.999, 253_402_300_800, -0.001, -86_400.5, Date.now.timeIntervalSince1970])
    func edgesAreWrittenAsGRDBStoresThem(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(StoredDate.text(date) == Self.stored(date))
    }
}
