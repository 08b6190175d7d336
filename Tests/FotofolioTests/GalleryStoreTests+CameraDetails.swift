import Foundation
import Imaging
import Testing
@testable import Fotofolio

/// Whether a gallery's delivered files keep the camera's details: off when made, the
/// photographer's to change, read back in every way a gallery is read; on SQLite and on
/// PostgreSQL (`FOTOFOLIO_TEST_STORE`).
extension GalleryStoreTests {
    @Test func keepingTheCameraDetailsIsOffWhenMadeAndThePhotographersAloneToChange() throws {
        let made = try store.create(photographerId: photographer.id!, clientId: client.id!, title: "Svatba", message: "",
                                    pickLimit: nil, token: SecretToken.make(), at: Date())
        #expect(!made.keepsCameraDetails && made.cameraDetails == .removed)
        #expect(try store.gallery(id: made.id)?.keepsCameraDetails == false)

        for stranger in [client.id!, try world.creator("michal1").id!] {
            #expect(throws: GalleryError.notFound) { try world.galleries.setKeepsCameraDetails(true, in: made.id, by: stranger) }
        }
        #expect(throws: GalleryError.notFound) { try world.galleries.setKeepsCameraDetails(true, in: made.id + 1000, by: photographer.id!) }
        #expect(try store.gallery(id: made.id)?.keepsCameraDetails == false)

        try world.galleries.setKeepsCameraDetails(true, in: made.id, by: photographer.id!)
        let kept = try #require(try store.gallery(id: made.id))
        #expect(kept.keepsCameraDetails && kept.cameraDetails == .kept)
        #expect(try store.gallery(token: made.token)?.keepsCameraDetails == true)
        #expect(try store.galleries(photographerId: photographer.id!).first?.gallery.keepsCameraDetails == true)
        #expect(try store.galleries(clientId: client.id!).first?.gallery.keepsCameraDetails == true)
        // Saying it again is no change, and no error.
        try world.galleries.setKeepsCameraDetails(true, in: made.id, by: photographer.id!)
        try world.galleries.setKeepsCameraDetails(false, in: made.id, by: photographer.id!)
        #expect(try store.gallery(id: made.id)?.keepsCameraDetails == false)
    }
}
