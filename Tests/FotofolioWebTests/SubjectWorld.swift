import Foundation
import Testing
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite

/// A site with a subject in every state and a person of every kind, made through the pages
/// where a person would make it and through the operators' verbs where an operator would.
final class SubjectWorld {
    enum Person: String, CaseIterable {
        case guest, stranger, owner, op, blocked
    }

    /// A portfolio and what names it: its cover photo, the tag the shoot form would take, the
    /// files of its cover, and a share link to it.
    struct Work {
        let state: String
        let id: Int64
        let name: String
        let tag: String
        let ownerName: String
        let photoId: Int64
        let files: [String]
        let shareToken: String
    }

    let server: WebTestServer
    let stores: Stores
    let visibility: Visibility
    private(set) var jars: [Person: [String: String]] = [.guest: [:]]
    private(set) var ids: [Person: Int64] = [:]
    private(set) var works: [Work] = []
    /// Photos that are subjects of their own: one hidden in a public portfolio, one uploaded
    /// and in no portfolio yet.
    private(set) var loosePhotos: [(state: String, id: Int64, ownerName: String, files: [String])] = []
    private(set) var messageId: Int64 = 0
    private(set) var suspendedId: Int64 = 0

    init(store: WebTestServer.Store = .sqlite) async throws {
        server = try WebTestServer(store: store)
        switch store {
        case .sqlite: stores = .sqlite(server.database)
        case .postgres: stores = .postgres(server.postgres!.pool)
        }
        visibility = Visibility(stores: stores)
        try await build()
    }

    func viewer(_ person: Person) -> Viewer { Viewer(personId: ids[person]) }

    func act(as person: Person) { server.jar = jars[person] ?? [:] }

    private func build() async throws {
        let moderation = Moderation(stores: stores)
        try await server.signUpCreator(username: "petr.test")
        let suspendedWork = try await work("suspended", name: "Pozastavené 45", tag: "pozastavene", photo: "people-astronaut-eileen-collins.jpg",
                                           owner: "petr.test")
        server.signOut()
        try await server.signUpCreator(username: "vojta.test")
        jars[.owner] = server.jar
        let shown = try await work("public", name: "Veřejné 41", tag: "verejne", photo: "food-espresso-cup.jpg",
                                   extra: "night-city-skyline.jpg")
        let unlisted = try await work("unlisted", name: "Nevypsané 42", tag: "nevypsane", photo: "architecture-chinese-pagoda.jpg")
        let closed = try await work("private", name: "Soukromé 43", tag: "soukrome", photo: "animals-cat-chelsea.jpg")
        let hidden = try await work("hidden", name: "Skryté 44", tag: "skryte", photo: "people-grace-hopper-portrait.jpg")
        let upload = try await server.submitMultipart("/photos", [], files: [try .demoPhoto("people-cameraman-black-and-white.jpg", field: "file")])
        let uploadId = try #require(upload.body.firstMatch(of: /"id":(\d+)/).flatMap { Int64($0.1) })
        for (person, name) in [(Person.stranger, "jana.k"), (.op, "spravce"), (.blocked, "eva.b")] {
            server.signOut()
            try await server.signUp(username: name)
            jars[person] = server.jar
        }
        for (person, name) in [(Person.owner, "vojta.test"), (.stranger, "jana.k"), (.op, "spravce"), (.blocked, "eva.b")] {
            ids[person] = try #require(try stores.accounts.user(username: name)?.id)
        }
        suspendedId = try #require(try stores.accounts.user(username: "petr.test")?.id)
        try moderation.setOperator("spravce", true)
        let op = ids[.op]!, owner = ids[.owner]!
        try Blocking(stores: stores).block(ids[.blocked]!, by: owner)
        try moderation.apply(.hidePortfolio(hidden.id), reason: "Spam", by: op)
        try moderation.apply(.suspend(userId: suspendedId, until: nil), reason: "Spam", by: op)
        let hiddenPhoto = try #require(try PortfoliosService(stores: stores).details(id: shown.id)?.photos.last?.photo)
        try moderation.apply(.hidePhoto(hiddenPhoto.id!), reason: "Cizí", by: op)
        let messenger = MessengerService(stores: stores)
        let room = try messenger.directRoom(between: owner, and: ids[.stranger]!)
        messageId = try messenger.send(MessageDraft(uuid: UUID().uuidString.lowercased(), content: "Tajná zpráva 7319"), in: room.id, by: owner)
            .message.id
        works = [shown, unlisted, closed, hidden, suspendedWork]
        let uploaded = try #require(try stores.photos.photo(id: uploadId))
        loosePhotos = [("hidden photo", hiddenPhoto.id!, "vojta.test", hiddenPhoto.publicFiles),
                       ("upload", uploadId, "vojta.test", uploaded.publicFiles)]
        server.signOut()
    }

    /// A portfolio made through its form by whoever is signed in, with a share link.
    private func work(_ state: String, name: String, tag: String, photo: String, extra: String? = nil,
                      owner: String = "vojta.test") async throws -> Work {
        let visibility = state == "unlisted" || state == "private" ? state : "public"
        let reply = try await server.submitMultipart(
            "/portfolios", [("name", name), ("description", "Popis"), ("tags", tag), ("visibility", visibility), ("save", "1")],
            files: try ([photo] + (extra.map { [$0] } ?? [])).map { try FormFile.demoPhoto($0) })
        let path = try #require(reply.headers["location"]?.split(separator: "?").first, "creating \(name) answered \(reply.status)")
        let id = try #require(Int64(path.split(separator: "/").last ?? ""))
        let details = try #require(try PortfoliosService(stores: stores).details(id: id))
        let cover = try #require(details.cover?.photo)
        // A link even where it must not open: to a private, hidden or suspended portfolio.
        let link = try Sharing(stores: stores, hasher: PasswordHasher(parameters: .fastForTests))
            .create(ShareLinkForm(), for: id, by: details.portfolio.ownerId)
        return Work(state: state, id: id, name: name, tag: tag, ownerName: owner, photoId: cover.id!, files: cover.publicFiles,
                    shareToken: link.token)
    }
}
