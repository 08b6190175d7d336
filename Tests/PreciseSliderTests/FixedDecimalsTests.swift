import Foundation
import PreciseSlider
import Testing

/// `FixedDecimals` must write what the C library's `%.Nf` writes, digit for digit.
@Suite struct FixedDecimalsTests {
    func printf(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    @Test func halvesRoundToEvenAndNegativeZeroKeepsItsSign() {
        for (value, decimals) in [(0.5, 0), (1.5, 0), (2.5, 0), (-2.5, 0), (0.0625, 3), (0.1875, 3), (1.0005, 3),
                                  (-0.0, 3), (-0.0001, 3), (-0.0005, 3), (0.0005, 3), (2.675, 2), (1e-300, 3),
                                  (5e-324, 17), (0x1p52 - 0.5, 1), (0x1p52 - 1, 0), (99.9995, 3), (-99.9995, 3)] {
            #expect(FixedDecimals.text(value, decimals: decimals) == printf(value, decimals), "\(value) to \(decimals)")
        }
    }

    @Test func anyNumberAndDecimalsAsTheCLibraryWritesThem() {
        var generator = SeededGenerator(seed: 0x5eed_f1ed)
        for _ in 0..<200_000 {
            let decimals = Int.random(in: 0...FixedDecimals.maximumDecimals, using: &generator)
            let value: Double
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: // any bit pattern: every exponent, subnormals, infinities and NaN
                value = Double(bitPattern: UInt64.random(in: .min ... .max, using: &generator))
            case 1: // slider coordinates: percents with a few decimals
                value = Double.random(in: -200...200, using: &generator)
            case 2: // exact halves at the last decimal and around them
                let step = pow(10, -Double(decimals))
                value = (Double(Int.random(in: -100_000...100_000, using: &generator)) + 0.5) * step
                    + Double(Int.random(in: -1...1, using: &generator)) * step.ulp
            default: // dyadic fractions, whose halves are exact
                value = Double(Int.random(in: -1 << 20 ... 1 << 20, using: &generator)) / Double(1 << Int.random(in: 0...30, using: &generator))
            }
            #expect(FixedDecimals.text(value, decimals: decimals) == printf(value, decimals),
                    "\(value.bitPattern) to \(decimals)")
        }
    }
}

/// A repeatable source of random numbers (splitmix64), so a failure names a value that fails again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
