import Testing
@testable import QRCode

@Suite struct QRCodeTests {
    @Test func shortURLFitsASmallSymbolWithFinderPatterns() throws {
        let code = try QRCode(encoding: "http://192.168.1.20:8080/")
        #expect(code.size >= 21 && code.size <= 33)
        // Each corner but the bottom right holds a 7×7 finder pattern with a dark outer ring.
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code.isDark(x: x, y: y))
            #expect(code.isDark(x: x + 6, y: y + 6))
            #expect(!code.isDark(x: x + 1, y: y + 1))
            #expect(code.isDark(x: x + 3, y: y + 3))
        }
    }

    @Test func terminalTextDrawsTwoRowsPerLineWithAQuietZone() throws {
        let code = try QRCode(encoding: "http://[fd00::2]:8080/")
        let lines = code.terminalText(quietZone: 2).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 4 })
        // Inverted drawing: the light quiet zone is drawn as solid blocks.
        #expect(lines[0].allSatisfy { $0 == "█" })
    }

    @Test func textThatDoesNotFitIsRefused() {
        #expect(throws: QRCodeError.self) { try QRCode(encoding: String(repeating: "x", count: 4000)) }
    }

    @Test func outsideTheSymbolIsLight() throws {
        let code = try QRCode(encoding: "x")
        #expect(!code.isDark(x: -1, y: 0))
        #expect(!code.isDark(x: code.size, y: code.size))
    }

    @Test func svgDrawsEachDarkModuleOnceInsideAQuietZone() throws {
        let code = try QRCode(encoding: "http://192.168.1.20:8080/")
        let svg = code.svg(quietZone: 4)
        let side = code.size + 8
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        let dark = (0..<code.size).flatMap { y in (0..<code.size).filter { x in code.isDark(x: x, y: y) } }.count
        #expect(svg.matches(of: /h1v1h-1z/).count == dark)
        // The top-left finder pattern's corner sits at the quiet zone's edge.
        #expect(svg.contains("M4 4h1v1h-1z"))
    }
}
