import CQREncode

/// A QR code symbol: a square of dark and light modules, made by libqrencode.
public struct QRCode: Sendable {
    /// Modules per side.
    public let size: Int
    private let modules: [Bool]

    /// Encodes `text` as 8-bit data with medium error correction. Throws if the text is too
    /// long for a QR code (about 2,300 bytes) or contains a NUL.
    public init(encoding text: String) throws(QRCodeError) {
        guard !text.utf8.contains(0) else { throw QRCodeError("A QR code cannot carry a NUL character.") }
        guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw QRCodeError("The text is too long for a QR code (\(text.utf8.count) bytes).")
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        let data = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)
        size = width
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The symbol drawn with Unicode half blocks, two module rows per text line, with the
    /// quiet zone the standard asks for. Dark modules are drawn as the terminal's
    /// background, so it scans on dark and light terminals alike when `invert` matches.
    public func terminalText(quietZone: Int = 2, invert: Bool = true) -> String {
        var lines: [String] = []
        let range = -quietZone..<(size + quietZone)
        for y in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = ""
            for x in range {
                let top = isDark(x: x, y: y) != invert
                let bottom = isDark(x: x, y: y + 1) != invert
                let block: Character = switch (top, bottom) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
                line.append(block)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The symbol as an SVG image: one path of unit squares for the dark modules on a light
    /// square, with the quiet zone the standard asks for. Black on white whatever the page's
    /// theme, because scanners expect dark modules on a light ground.
    /// The page that shows it names it (e.g. `role="img"` with a label around it).
    public func svg(quietZone: Int = 4) -> String {
        let side = size + 2 * quietZone
        var path = ""
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) { path += "M\(x + quietZone) \(y + quietZone)h1v1h-1z" }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\" aria-hidden=\"true\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}

/// Why a QR code could not be made.
public struct QRCodeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
