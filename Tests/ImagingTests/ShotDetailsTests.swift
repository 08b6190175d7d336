import Foundation
import Testing
@testable import Imaging

@Suite struct ShotDetailsTests {
    @Test func theSettingsAreReadFromTheEXIF() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.jpg")
        try fixtures.run(
            "exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS R5",
            "-LensModel=RF24-70mm F2.8 L IS USM", "-FocalLength=50", "-FNumber=2.8",
            "-ExposureTime=1/250", "-ISO=200", "-DateTimeOriginal=2024:05:01 10:11:12",
            "-OffsetTimeOriginal=+02:00", photo)
        let shot = try ImageProbe.probe(fileAt: photo).shot
        #expect(shot.camera == "Canon EOS R5")
        #expect(shot.lens == "RF24-70mm F2.8 L IS USM")
        #expect(shot.focalLengthText == "50 mm")
        #expect(shot.apertureText == "f/2.8")
        #expect(shot.shutterText == "1/250 s")
        #expect(shot.isoText == "ISO 200")
        #expect(shot.takenAt == "2024-05-01T10:11:12+02:00")
    }

    @Test func aPhotoWithoutEXIFHasNoDetails() throws {
        let fixtures = try Fixtures()
        let shot = try ImageProbe.probe(fileAt: fixtures.quadrants("photo.png")).shot
        #expect(shot.isEmpty)
        #expect(shot.camera == nil && shot.shutterText == nil)
    }

    @Test func theDetailsAreReturnedWithTheVariants() throws {
        let fixtures = try Fixtures()
        let photo = try fixtures.quadrants("photo.jpg")
        try fixtures.run("exiftool", "-q", "-overwrite_original", "-Model=X100V", "-FNumber=8", photo)
        let result = try VariantMaker.makeVariants(fromFileAt: photo, into: fixtures.outputDirectory())
        #expect(result.shot.camera == "X100V")
        #expect(result.shot.apertureText == "f/8")
    }

    @Test(arguments: ["1e300", "1.7976931348623157e308", "9223372036854775807", "4294967295/1", "1/4294967295", "1/0", "0/1", "-5/1", "nan", "inf"])
    func anyNumberInTheEXIFGivesTextOrNothingButNeverTraps(number: String) {
        let shot = ShotDetails(exif: { _ in "\(number) (\(number), Double, 1 components, 8 bytes)" })
        _ = (shot.focalLengthText, shot.apertureText, shot.shutterText, shot.isoText)
        #expect(shot.iso.map { $0 > 0 && $0 < 1_000_000_000 } ?? true)
    }

    @Test func textContainingParenthesesIsSplitWhereLibvipsJoinedIt() {
        let value = ExifValue(parsing: "Canon (Japan) (Canon (Japan), ASCII, 14 components, 14 bytes)")
        #expect(value?.text == "Canon (Japan)")
        #expect(value?.type == "ASCII")
    }

    @Test func rationalsAreDividedOut() {
        #expect(ExifValue(parsing: "14/5 (f/2.8, Rational, 1 components, 8 bytes)")?.number == 2.8)
        #expect(ExifValue(parsing: "1/250 (1/250 sec., Rational, 1 components, 8 bytes)")?.number == 0.004)
        #expect(ExifValue(parsing: "200 (200, Short, 1 components, 2 bytes)")?.number == 200)
        #expect(ExifValue(parsing: "1/0 (, Rational, 1 components, 8 bytes)")?.number == nil)
    }

    @Test func listsKeepTheirCommasInsideTheFormattedPart() {
        let value = ExifValue(parsing: "50/1 4/1 48/1 (50,  4, 48, Rational, 3 components, 24 bytes)")
        #expect(value?.raw == "50/1 4/1 48/1")
        #expect(value?.formatted == "50,  4, 48")
        #expect(value?.number == 50)
    }

    @Test func somethingElseIsNotParsed() {
        #expect(ExifValue(parsing: "Canon") == nil)
        #expect(ExifValue(parsing: "") == nil)
    }

    @Test(arguments: [
        (1.0 / 250, "1/250 s"), (1.0 / 3, "1/3 s"), (0.4, "0.4 s"), (2.0, "2 s"), (1.3, "1.3 s"), (30.0, "30 s"),
    ])
    func shutterSpeedsReadTheWayPhotographersWriteThem(seconds: Double, text: String) {
        #expect(ShotDetails(exposureSeconds: seconds).shutterText == text)
    }

    @Test func unsetCameraClocksGiveNoDate() {
        #expect(ShotDetails.timestamp(date: "0000:00:00 00:00:00", offset: nil) == nil)
        #expect(ShotDetails.timestamp(date: "    :  :     :  :  ", offset: nil) == nil)
        #expect(ShotDetails.timestamp(date: "2023:12:24 18:00:05", offset: "bogus") == "2023-12-24T18:00:05")
    }

    @Test func theMakeIsNotRepeatedBeforeTheModel() {
        #expect(ShotDetails(cameraMake: "FUJIFILM", cameraModel: "X100V").camera == "FUJIFILM X100V")
        #expect(ShotDetails(cameraMake: "Apple", cameraModel: "apple iPhone 15").camera == "apple iPhone 15")
        #expect(ShotDetails(cameraMake: "NIKON CORPORATION", cameraModel: "NIKON D90").camera == "NIKON D90")
        #expect(ShotDetails(cameraMake: "Leica").camera == "Leica")
    }
}
