import Testing
import Foundation
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

@Suite struct QRCodePNGTests {
    /// zbarimg, an independent reader, scans the PNG back to the text.
    @Test func thePNGScansBackToItsText() throws {
        let text = "SPD*1.0*ACC:CZ6508000000192000145399*AM:5000.00*CC:CZK*X-VS:42*MSG:ZALOHA SVATBA"
        let png = try QRCode(encoding: text).png(scale: 4)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        reader.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path]
        let output = Pipe()
        reader.standardOutput = output
        reader.standardError = FileHandle.nullDevice
        try reader.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 0)
        #expect(String(decoding: read, as: UTF8.self).split(separator: "\n").contains(Substring(text)))
    }

    @Test func thePNGIsASquareOfTheScaledSymbolAndItsQuietZone() throws {
        let code = try QRCode(encoding: "fotofolio")
        let png = code.png(scale: 3, quietZone: 4)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: png[12..<16], as: UTF8.self) == "IHDR")
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == (code.size + 8) * 3 && height == width)
        #expect(String(decoding: png.suffix(8).prefix(4), as: UTF8.self) == "IEND")
    }
}
