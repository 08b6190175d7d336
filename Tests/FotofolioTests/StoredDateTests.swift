import Foundation
import GRDB
import Testing
@testable import FotofolioSQLite

/// `StoredDate.text` writes what GRDB stores for a date, byte for byte: statements bind it
/// where a stored date is compared.
@Suite struct StoredDateTests {
    static func stored(_ date: Date) -> String? { String.fromDatabaseValue(date.databaseValue) }

    @Test func everyMomentIsWrittenAsGRDBStoresIt() {
        // Moments across the four-digit years, at whole and broken milliseconds, from a fixed seed.
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<100_000 {
            let milliseconds = Double(generator.next() % 253_402_300_800_000)
            let fraction = Double(generator.next() % 1000) / 1000
            let date = Date(timeIntervalSince1970: (milliseconds + fraction) / 1000)
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

/// SplitMix64: a small generator whose sequence is fixed by its seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
