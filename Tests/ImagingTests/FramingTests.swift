import Foundation
import Testing
@testable import Imaging

@Suite struct FramingTests {
    /// Every sampled pixel of the square variant (corners, edges' middles, centre).
    private func samples(_ image: DecodedImage) -> [RGB] {
        let inset = 8
        let points = [inset, image.width / 2, image.width - inset]
        return points.flatMap { x in points.map { y in image.pixel(x, y) } }
    }

    private func square(_ result: PhotoVariants, _ kind: VariantKind, in fixtures: Fixtures) throws -> DecodedImage {
        try DecodedImage(fixtures.path("out/\(result.variant(kind, .jpeg)!.fileName)"))
    }

    @Test(arguments: [
        (SquareFraming(centerX: 0.25, centerY: 0.25, zoom: 2), RGB.red),
        (SquareFraming(centerX: 0.75, centerY: 0.25, zoom: 2), RGB.green),
        (SquareFraming(centerX: 0.25, centerY: 0.75, zoom: 2), RGB.blue),
        (SquareFraming(centerX: 0.75, centerY: 0.75, zoom: 2), RGB.yellow),
    ])
    func anExplicitFramingCropsWhereAsked(framing: SquareFraming, color: RGB) throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.png", width: 800, height: 800)
        let result = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory(), framing: framing)
        #expect(result.framing == framing)
        let image = try square(result, .square320, in: fixtures)
        for pixel in samples(image) { #expect(pixel.isClose(to: color), "\(pixel) should be \(color)") }
    }

    @Test func aZoomBeyondTheFullFrameDecodeStillGetsFullDetail() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("big.jpg", width: 3000, height: 2000)
        // The square is 1000 px of the original, more than the 2048 px full frame holds (683).
        let framing = SquareFraming(centerX: 0.25, centerY: 0.25, zoom: 2)
        let result = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory(), framing: framing)
        let image = try square(result, .square1080, in: fixtures)
        #expect(image.width == 1000 && image.height == 1000)
        for pixel in samples(image) { #expect(pixel.isClose(to: .red), "\(pixel)") }
    }

    @Test func aFramingOverTheEdgeIsSlidInside() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.png", width: 600, height: 400)
        let asked = SquareFraming(centerX: 0, centerY: 0.5, zoom: 1)
        let result = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory(), framing: asked)
        // The 400 px square can start no further left than 0: its centre is at 200 of 600.
        #expect(abs(result.framing.centerX - 1.0 / 3) < 0.001)
        #expect(result.framing.centerY == 0.5 && result.framing.zoom == 1)
        let image = try square(result, .square320, in: fixtures)
        #expect(image.pixel(8, 8).isClose(to: .red) && image.pixel(8, -8).isClose(to: .blue))
    }

    @Test func theSmartCropFindsTheDetailedPart() throws {
        let fixtures = try Fixtures()
        // Flat grey, with saturated stripes in the right third.
        let photo = try fixtures.picture("detail.png", width: 900, height: 300) { x, y in
            guard x >= 600 else { return .grey }
            return (x / 10 + y / 10) % 2 == 0 ? .red : .green
        }
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.framing.zoom == 1)
        #expect(result.framing.centerX > 0.75, "chose \(result.framing)")
        let image = try square(result, .square320, in: fixtures)
        #expect(!image.pixel(160, 160).isClose(to: .grey, tolerance: 10))
    }

    @Test func theChosenFramingMakesTheSameSquaresAgain() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.picture("detail.jpg", width: 1500, height: 1000) { x, y in
            x > 900 && y < 500 ? ((x / 7 + y / 5) % 2 == 0 ? .yellow : .blue) : .grey
        }
        let smart = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory("a"))
        let again = try VariantMaker.makeVariants(
            fromFileAt: photo, into: fixtures.outputDirectory("b"), framing: smart.framing)
        #expect(again.framing == smart.framing)
        #expect(again.variants.map(\.fileName) == smart.variants.map(\.fileName))
    }

    @Test(arguments: [
        SquareFraming(centerX: 0.5, centerY: 0.5, zoom: 0.5),
        SquareFraming(centerX: 1.5, centerY: 0.5, zoom: 1),
        SquareFraming(centerX: 0.5, centerY: .nan, zoom: 1),
        SquareFraming(centerX: 0.5, centerY: 0.5, zoom: 100),
    ])
    func anImpossibleFramingIsRefused(framing: SquareFraming) throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.png")
        let output = try fixtures.outputDirectory()
        guard case .invalidFraming = imagingError({
            _ = try VariantMaker.makeVariants(fromFileAt: photo, into: output, framing: framing)
        }) else {
            Issue.record("expected .invalidFraming for \(framing)")
            return
        }
    }
}
