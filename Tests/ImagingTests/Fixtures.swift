import Foundation
import Testing
@testable import Imaging
import Spawn

/// Real image files made at test time with the `vips` command (libvips-tools), `exiftool`
/// (libimage-exiftool-perl) and ImageMagick's `convert`, in a directory removed afterwards.
final class Fixtures {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("imaging-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// An empty directory for variants.
    func outputDirectory(_ name: String = "out") throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A photo of `width` × `height` with four flat quadrants, saved by libvips in the
    /// format the extension names (".jpg", ".png", ".webp", ".heic", ".avif", ".tif", ".gif").
    func quadrants(
        _ name: String, width: Int = 300, height: Int = 200, colors: [RGB] = RGB.quadrants
    ) throws -> String {
        try picture(name, width: width, height: height) { x, y in
            colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
        }
    }

    /// A photo whose every pixel comes from `color(x, y)`, written as PPM and converted by
    /// the `vips` command to the format the extension names.
    func picture(_ name: String, width: Int, height: Int, color: (Int, Int) -> RGB) throws -> String {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                bytes += [pixel.red, pixel.green, pixel.blue]
            }
        }
        let ppm = path("\(name).ppm")
        try Data(bytes).write(to: URL(fileURLWithPath: ppm))
        let output = path(name)
        let options = name.hasSuffix(".jpg") ? "[Q=95]" : ""
        try run("vips", "copy", ppm, output + options)
        return output
    }

    /// Writes `text` into a file called `name`.
    func text(_ name: String, _ text: String) throws -> String {
        let output = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        return output
    }

    /// Runs a command found on the PATH; its output and error output together, or an
    /// error carrying them if it fails.
    @discardableResult
    func run(_ command: String, _ arguments: String...) throws -> String {
        try run(command, arguments)
    }

    @discardableResult
    func run(_ command: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run("/usr/bin/env", [command] + arguments)
        guard run.status.succeeded else { throw FixtureError("\(command) failed (\(run.status)): \(run.output)") }
        return run.output
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct RGB: Equatable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    static let red = RGB(red: 220, green: 30, blue: 30)
    static let green = RGB(red: 30, green: 200, blue: 40)
    static let blue = RGB(red: 30, green: 50, blue: 220)
    static let yellow = RGB(red: 240, green: 220, blue: 20)
    static let grey = RGB(red: 128, green: 128, blue: 128)
    /// Top left, top right, bottom left, bottom right.
    static let quadrants = [red, green, blue, yellow]

    /// Equal within what lossy compression and resampling move a flat colour.
    func isClose(to other: RGB, tolerance: Int = 24) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance
    }

    var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// A decoded output file, read back with libvips.
struct DecodedImage {
    let width: Int
    let height: Int
    let loader: String
    let fields: [String]
    let bands: Int
    /// Every value, row by row, band-interleaved.
    let bytes: [UInt8]

    init(_ path: String) throws {
        try Vips.ensureStarted()
        let image = try VImage.open(path) { .damaged(detail: $0) }
        width = image.width
        height = image.height
        bands = image.bands
        loader = image.string("vips-loader") ?? ""
        fields = image.fieldNames
        bytes = try image.pixelBytes()
    }

    /// The colour at (`x`, `y`); negative coordinates count from the right or bottom.
    func pixel(_ x: Int, _ y: Int) -> RGB {
        let column = x < 0 ? width + x : x
        let row = y < 0 ? height + y : y
        let start = (row * width + column) * bands
        return RGB(red: bytes[start], green: bytes[start + 1], blue: bytes[start + 2])
    }

    /// The mean absolute difference of the values in the `columns` × `rows` tile at
    /// (`column`, `row`) between this image and `other`, which must be the same size.
    func meanDifference(from other: DecodedImage, tile column: Int, _ row: Int, of columns: Int, _ rows: Int) -> Double {
        let xs = (column * width / columns)..<((column + 1) * width / columns)
        let ys = (row * height / rows)..<((row + 1) * height / rows)
        var total = 0
        for y in ys {
            for index in ((y * width + xs.lowerBound) * bands)..<((y * width + xs.upperBound) * bands) {
                total += abs(Int(bytes[index]) - Int(other.bytes[index]))
            }
        }
        return Double(total) / Double(xs.count * ys.count * bands)
    }

    /// Each tile's `meanDifference` over a `columns` × `rows` grid, row by row.
    func tileDifferences(from other: DecodedImage, columns: Int = 4, rows: Int = 4) -> [Double] {
        (0..<rows).flatMap { row in
            (0..<columns).map { meanDifference(from: other, tile: $0, row, of: columns, rows) }
        }
    }
}

/// The error `body` throws, or nil (recorded as a failure) when it throws none.
func imagingError(_ body: () throws -> Void) -> ImagingError? {
    #expect(throws: ImagingError.self) { try body() }
}
