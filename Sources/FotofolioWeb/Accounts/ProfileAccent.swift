import Foundation

/// A creator's accent colour for their profile page: a hue (0–360°) and a saturation
/// (0–100 %) they pick; the lightness is ours, chosen per theme so that the colour as text
/// on the page, and the page's button text on it, keep a contrast of at least 4.5:1.
struct ProfileAccent: Equatable {
    let hue: Double
    let saturation: Double

    /// The themes' page backgrounds and the text on accent buttons (app.css).
    static let lightBackground = RGB(hex: 0xFAF9F7), lightOnAccent = RGB(hex: 0xFFFFFF)
    static let darkBackground = RGB(hex: 0x141312), darkOnAccent = RGB(hex: 0x1D1108)
    static let minimumContrast = 4.5

    /// The darkest-needed lightness for the light theme: the lightest that still reads.
    var lightTheme: HSL { fitting(from: 0.62, step: -0.005, background: Self.lightBackground, onAccent: Self.lightOnAccent) }
    /// The dark theme's: the darkest light colour that still reads on the dark page.
    var darkTheme: HSL { fitting(from: 0.45, step: 0.005, background: Self.darkBackground, onAccent: Self.darkOnAccent) }

    private func fitting(from start: Double, step: Double, background: RGB, onAccent: RGB) -> HSL {
        var lightness = start
        while lightness >= 0, lightness <= 1 {
            let colour = HSL(hue: hue, saturation: saturation / 100, lightness: lightness)
            let rgb = colour.rgb
            if rgb.contrast(with: background) >= Self.minimumContrast, rgb.contrast(with: onAccent) >= Self.minimumContrast {
                return colour
            }
            lightness += step
        }
        // Unreachable for these backgrounds (black or white always reads); stay safe anyway.
        return HSL(hue: hue, saturation: 0, lightness: step < 0 ? 0.3 : 0.8)
    }

    /// The stylesheet a profile page links: the accent variables for `.profile`, per theme.
    var stylesheet: String {
        func rule(_ colour: HSL, soft: Double) -> String {
            "--color-accent: \(colour.css); --color-accent-hover: \(colour.css); --color-focus: \(colour.css); "
                + "--color-accent-soft: \(HSL(hue: colour.hue, saturation: colour.saturation * 0.6, lightness: soft).css);"
        }
        return ".profile { \(rule(lightTheme, soft: 0.93)) }\n"
            + "@media (prefers-color-scheme: dark) { .profile { \(rule(darkTheme, soft: 0.2)) } }\n"
    }
}

struct HSL: Equatable {
    let hue: Double, saturation: Double, lightness: Double

    var css: String {
        String(format: "hsl(%.1f %.1f%% %.1f%%)", hue, saturation * 100, lightness * 100)
    }

    var rgb: RGB {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        return RGB(red: r + m, green: g + m, blue: b + m)
    }
}

struct RGB: Equatable {
    let red: Double, green: Double, blue: Double

    init(red: Double, green: Double, blue: Double) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    init(hex: Int) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    /// WCAG 2 relative luminance.
    var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    func contrast(with other: RGB) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
