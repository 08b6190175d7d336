import Testing
@testable import PreciseSlider

/// Fields that refuse a value beyond their bounds read every format the others read.
@Suite struct BoundedValidationTests {
    let film = try! SliderAxis(min: 0, max: 2, numberOfUnits: 20, minScale: 0.3, maxScale: 0.3)

    @Test func aTypedDurationIsReadAsMinutesAndSeconds() throws {
        #expect(try film.validateWithinBounds("0:01.250", format: .duration).get() == 1.25)
        #expect(try film.validateWithinBounds("0:01,5", format: .duration).get() == 1.5)
        #expect(try film.validateWithinBounds("1.75", format: .duration).get() == 1.75)
    }

    @Test func aDurationPastTheEndIsRefusedNotClamped() {
        guard case .failure(.outOfRange) = film.validateWithinBounds("0:05", format: .duration) else {
            Issue.record("0:05 on a 2 s axis was not refused as out of range")
            return
        }
        guard case .failure(.notADuration) = film.validateWithinBounds("0:xx", format: .duration) else {
            Issue.record("0:xx was not refused as a duration")
            return
        }
    }

    @Test func aTypedDateIsReadOnADateAxis() throws {
        let year = try SliderAxis(min: 1_704_067_200, max: 1_735_689_600)
        #expect(try year.validateWithinBounds("2024-07-01T00:00", format: .date).get() == 1_719_792_000)
        guard case .failure(.outOfRange) = year.validateWithinBounds("2030-01-01T00:00", format: .date) else {
            Issue.record("a date past the axis was not refused")
            return
        }
    }
}
