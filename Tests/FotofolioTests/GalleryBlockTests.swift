import Foundation
import Testing
@testable import Fotofolio

/// A block between a photographer and a client stops what a gallery would bring the client
/// anew, on both stores: a new gallery and new photos in one they have. What is there goes on.
@Suite struct GalleryBlockTests {
    let world: TestDatabase
    let photographer: User
    let client: User

    init() throws {
        world = try TestDatabase()
        photographer = try world.creator()
        client = try world.client()
    }

    var blocking: Blocking { Blocking(stores: world.stores) }

    func form(_ title: String = "Svatba") -> GalleryForm {
        GalleryForm(title: title, client: "@" + client.username, message: String(repeating: "Vyberte si. ", count: 100))
    }

    @Test func aClientWhoBlockedThePhotographerGetsNoNewGalleryAndNothingIsStored() throws {
        try blocking.block(photographer.id!, by: client.id!)
        #expect(throws: GalleryErrors(problems: [.client: .clientBlocked])) { try world.galleries.create(form(), by: photographer) }
        #expect(try world.galleries.galleries(forClient: client.id!).isEmpty)
        #expect(try world.rowCount("gallery") == 0)
    }

    @Test func aPhotographerWhoBlockedTheClientIsToldToUnblockFirst() throws {
        try blocking.block(client.id!, by: photographer.id!)
        #expect(throws: GalleryErrors(problems: [.client: .youBlockedClient])) { try world.galleries.create(form(), by: photographer) }
        try blocking.unblock(client.id!, by: photographer.id!)
        #expect(try world.galleries.create(form(), by: photographer).clientId == client.id)
    }

    @Test func aGalleryForALinkAloneIsNotAffected() throws {
        try blocking.block(photographer.id!, by: client.id!)
        let gallery = try world.galleries.create(GalleryForm(title: "Pro odkaz"), by: photographer)
        #expect(gallery.clientId == nil)
    }

    @Test func noPhotosJoinAGalleryOfAClientWhoBlockedThePhotographerAfterwards() throws {
        let gallery = try world.galleries.create(form(), by: photographer)
        let first = try world.storedPhoto(of: photographer)
        try world.galleries.add([NewGalleryPhoto(photoId: first, fileName: "DSC_1.JPG", previews: [])], to: gallery.id,
                                by: photographer.id!)
        try blocking.block(photographer.id!, by: client.id!)
        let second = try world.storedPhoto(of: photographer)
        #expect(throws: GalleryError.blocked) {
            try world.galleries.add([NewGalleryPhoto(photoId: second, fileName: "DSC_2.JPG", previews: [])], to: gallery.id,
                                    by: photographer.id!)
        }
        #expect(try world.rowCount("galleryPhoto") == 1)
        // What the client holds goes on: they choose, send and receive.
        _ = try world.galleries.pick(first, in: gallery, picked: true)
        try world.galleries.submit(gallery)
        try world.galleries.deliver(gallery.id, by: photographer.id!)
    }
}
