import Foundation

/// A number written with a fixed count of decimals: exactly what C's `printf("%.Nf")` writes
/// (and so `String(format:)`), without going through a format string. The exact binary value
/// is rounded to N decimals, halves to even, and a negative value keeps its minus sign even
/// when it rounds to zero ("-0.000"), as printf does. Sliders write dozens of coordinates
/// per page, and the format string's machinery cost more than the rest of the page.
public enum FixedDecimals {
    /// The most decimals written exactly; beyond them (and for infinities, NaN and
    /// magnitudes of 2^52 or more) the C library writes the text.
    public static let maximumDecimals = 17

    public static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, (0...maximumDecimals).contains(decimals), value.magnitude < 0x1p52 else {
            return cFormatted(value, decimals: decimals)
        }
        let power = powersOfTen[decimals]
        let rounded = scaledAndRounded(value.magnitude, by: power)
        var text = value.sign == .minus ? "-" : ""
        text += String(rounded / UInt128(power))
        guard decimals > 0 else { return text }
        let fraction = String(UInt64(rounded % UInt128(power)))
        text += "."
        text += String(repeating: "0", count: decimals - fraction.utf8.count)
        text += fraction
        return text
    }

    /// `magnitude × power` rounded to an integer, halves to even, computed exactly: a finite
    /// double is an integer significand times a power of two.
    private static func scaledAndRounded(_ magnitude: Double, by power: UInt64) -> UInt128 {
        guard magnitude != 0 else { return 0 }
        let significand: UInt128
        let shift: Int
        if magnitude.isNormal {
            significand = UInt128(magnitude.significandBitPattern | (1 << 52))
            shift = 52 - Int(magnitude.exponent)
        } else {
            significand = UInt128(magnitude.significandBitPattern)
            shift = 1074
        }
        // Below 2^52 the shift is positive; the product stays under 2^53 × 10^17 < 2^110.
        let product = significand * UInt128(power)
        guard shift < 128 else { return 0 } // under 2^-75: far below half of the last decimal
        let whole = product >> shift
        let rest = product & ((1 << shift) - 1)
        let half = UInt128(1) << (shift - 1)
        return rest > half || (rest == half && whole & 1 == 1) ? whole + 1 : whole
    }

    private static let powersOfTen: [UInt64] = (0...maximumDecimals).map { exponent in
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }

    private static func cFormatted(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
