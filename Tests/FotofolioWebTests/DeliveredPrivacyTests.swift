import Foundation
import Fotofolio
import Testing
@testable import FotofolioWeb

/// What a delivered file carries of where it was taken and with which camera: nothing by
/// default, as it was when the photographer keeps it for one gallery; read by exiftool.
@Suite struct DeliveredPrivacyTests {
    /// A demo photo given a position, serial numbers and a place by exiftool, uploaded.
    static func uploadWithPosition(_ scene: GalleryScene, name: String) async throws -> Int64 {
        let path = scene.server.directory + "/" + name
        try FileManager.default.copyItem(atPath: WebTestServer.repository + "/Demo/photos/food-espresso-cup.jpg", toPath: path)
        _ = try GalleryTools.run("exiftool", [
            "-q", "-overwrite_original", "-GPSLatitude=49.19522", "-GPSLatitudeRef=N", "-GPSLongitude=16.60796",
            "-GPSLongitudeRef=E", "-EXIF:SerialNumber=BODY-771234", "-EXIF:LensSerialNumber=LENS-55821",
            "-EXIF:Make=Canon", "-IPTC:City=Brno", "-IPTC:By-line=Vojta Test", path,
        ])
        scene.be(scene.photographer)
        let file = FormFile(field: "files", filename: name, contentType: "image/jpeg", data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let reply = try await scene.server.submitMultipart(scene.path + "/photos", [], files: [file])
        #expect(reply.status == 303, "\(reply.status)")
        return try scene.ids(of: [name])[0]
    }

    static func tags(_ bytes: [UInt8], in server: WebTestServer) throws -> [String: Any] {
        let path = server.directory + "/delivered-\(UUID().uuidString).jpg"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let output = try GalleryTools.run("exiftool", ["-j", "-a", "-G1", "-n", path])
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return json?.first ?? [:]
    }

    @Test func aDeliveredPhotoLosesItsPositionUnlessThePhotographerKeepsIt() async throws {
        let scene = try await GalleryScene.make()
        let server = scene.server
        let id = try await Self.uploadWithPosition(scene, name: "DSC_0001.jpg")
        try await scene.deliver()

        // The photographer's page offers the choice, off, as a form that works without script.
        let page = try await server.send(scene.path).body
        #expect(page.contains("action=\"\(scene.path)/camera-details\" data-gallery-camera-details"))
        #expect(page.contains("<input type=\"checkbox\" name=\"keep\" value=\"1\" aria-describedby"), "unticked by default")

        scene.be(scene.client)
        let download = "\(scene.clientPath)/photos/\(id)/download"
        let removed = try await server.bytes(download)
        #expect(removed.status == 200)
        let without = try Self.tags(removed.body, in: server)
        #expect(without.keys.filter { $0.contains("GPS") }.isEmpty, "\(without)")
        #expect(without["ExifIFD:SerialNumber"] == nil && without["ExifIFD:LensSerialNumber"] == nil && without["IPTC:City"] == nil)
        #expect(without["IFD0:Make"] as? String == "Canon" && without["IPTC:By-line"] as? String == "Vojta Test")
        #expect(without["XMP-dc:Creator"] != nil, "the licence is still written in")

        // Only the photographer may change it; the client's try is the gallery's 404.
        #expect(try await server.submit(scene.path + "/camera-details", ["keep": "1"]).status == 404)
        scene.be(scene.otherPhotographer)
        #expect(try await server.submit(scene.path + "/camera-details", ["keep": "1"]).status == 404)
        #expect(try scene.details().gallery.keepsCameraDetails == false)

        scene.be(scene.photographer)
        let kept = try await server.submit(scene.path + "/camera-details", ["keep": "1"])
        #expect(kept.status == 303)
        #expect(kept.headers["location"] == scene.path + "?cameraDetails=kept#camera-details")
        let after = try await server.send(scene.path + "?cameraDetails=kept").body
        #expect(after.contains("name=\"keep\" value=\"1\" checked"))
        #expect(after.contains("Delivered files will keep the position and serial numbers."))

        scene.be(scene.client)
        let with = try Self.tags(try await server.bytes(download).body, in: server)
        #expect(with["GPS:GPSLatitude"] as? Double == 49.19522, "\(with)")
        #expect(with["ExifIFD:SerialNumber"] as? String == "BODY-771234")
        #expect(with["IPTC:City"] as? String == "Brno")

        // Unticked again (a form without the box sends no field): taken out again.
        scene.be(scene.photographer)
        #expect(try await server.submit(scene.path + "/camera-details", [:]).status == 303)
        scene.be(scene.client)
        #expect(try Self.tags(try await server.bytes(download).body, in: server)["GPS:GPSLatitude"] == nil)
    }
}
