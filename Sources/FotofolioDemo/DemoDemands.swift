import Fotofolio
import FotofolioSQLite
import Foundation

/// Demands of the demo world, so a new user sees every state: `eva.s` looks for a
/// photographer for a fortieth birthday party in Prague and has two offers to compare (from
/// `vojtafoti` and `lenka.svetlo`); `jana.k` wants portraits of the two of them in Prague and
/// waits for offers, which `vojtafoti` and `ad.fotograf` (who takes demands from anywhere)
/// see in their feeds. Seeding again stores nothing twice: a client who has demands is left
/// as they are. Needs the demo world's people and portfolios. With a photo library, Eva's
/// demand shows the kind of food photos she likes as its reference photos.
public struct DemoDemands: Sendable {
    let demands: Demands
    let accounts: AccountsService
    let photos: PhotoLibrary?
    let photosDirectory: String?

    public init(database: AppDatabase, photos: PhotoLibrary? = nil, photosDirectory: String? = nil) {
        demands = Demands(stores: .sqlite(database))
        accounts = AccountsService(stores: .sqlite(database))
        self.photos = photos
        self.photosDirectory = photosDirectory
    }

    /// Stores what is missing; returns how many demands and offers it stored (0 the second time).
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        let today = CalendarDay(date)
        var stored = 0
        let ad = try userId("ad.fotograf")
        if try !demands.takesDemandsAnywhere(ad) { try demands.setTakesDemandsAnywhere(true, for: ad) }

        let eva = try userId("eva.s")
        if try demands.demands(of: eva).isEmpty {
            var party = DemandForm()
            party.tags = "oslava jídlo"
            party.firstDay = today.adding(days: 24).text
            party.town = "Praha"
            party.hours = "4"
            party.budget = "1200"
            party.description = "Slavíme čtyřicátiny v zahradní restauraci na Smíchově, asi 40 hostů. Chci fotky lidí, "
                + "atmosféry i rautu, který připravuje kamarád kuchař. Stačí výběr 100 upravených fotek."
            party.openUntil = today.adding(days: 10).text
            party.photos = try referencePhotos(["food-citrus-slices.jpg", "food-fig-in-red-bowl.jpg"], of: eva, at: date)
            let demand = try demands.post(party, uuid: "d3e40000-0000-4000-8000-000000000201", by: eva, at: date.addingTimeInterval(-2 * 86_400))
            stored += 1
            var vojta = ShootOfferForm()
            vojta.day = party.firstDay
            vojta.start = "17:00"
            vojta.hours = "4"
            vojta.place = "Smíchov, Praha"
            vojta.price = "5200"
            vojta.included = "Celý večer od příchodu hostů; 150 upravených fotografií do týdne v online galerii."
            vojta.validUntil = today.adding(days: 10).text
            try demands.answer(demand.id, with: vojta, uuid: "d3e40000-0000-4000-8000-000000000211", by: try userId("vojtafoti"),
                               requestText: Self.words, offerText: Self.words, at: date.addingTimeInterval(-2 * 86_400 + 3 * 3600))
            var lenka = ShootOfferForm()
            lenka.day = party.firstDay
            lenka.start = "16:00"
            lenka.hours = "3"
            lenka.place = "Smíchov, Praha"
            lenka.price = "3900"
            lenka.included = "Raut a jídlo zblízka, hosté a přípitky; 100 upravených fotografií do pěti dnů."
            lenka.validUntil = today.adding(days: 7).text
            lenka.deposit = "30 %"
            try demands.answer(demand.id, with: lenka, uuid: "d3e40000-0000-4000-8000-000000000212", by: try userId("lenka.svetlo"),
                               requestText: Self.words, offerText: Self.words, at: date.addingTimeInterval(-86_400 + 600))
            stored += 2
        }

        let jana = try userId("jana.k")
        if try demands.demands(of: jana).isEmpty {
            var couple = DemandForm()
            couple.tags = "páry portrét"
            couple.firstDay = today.adding(days: 12).text
            couple.lastDay = today.adding(days: 30).text
            couple.town = "Praha"
            couple.hours = "2"
            couple.budget = "1400"
            couple.description = "Chceme s přítelem fotky ve dvou, venku a přirozeně, nejradši na Petříně nebo na Kampě. "
                + "Termín je volný, hlavně ať je hezké světlo."
            couple.openUntil = today.adding(days: 12).text
            try demands.post(couple, uuid: "d3e40000-0000-4000-8000-000000000202", by: jana, at: date.addingTimeInterval(-5 * 3600))
            stored += 1
        }
        return stored
    }

    /// Demo photos through the pipeline, with their credits, as the client's own.
    private func referencePhotos(_ files: [String], of owner: Int64, at date: Date) throws -> [DemandPhoto] {
        guard let photos, let photosDirectory else { return [] }
        let credits = DemoCredits.read(from: try String(contentsOfFile: "\(photosDirectory)/CREDITS.md", encoding: .utf8))
        return try files.compactMap { file in
            DemandPhoto(photo: try photos.importPhoto(fileAt: "\(photosDirectory)/\(file)", owner: owner, credit: credits[file], at: date))
        }
    }

    private func userId(_ username: String) throws -> Int64 {
        guard let id = try accounts.user(username: username)?.id else { throw DemoConversations.DemoError.missingPerson(username) }
        return id
    }

    static func words(_ demand: Demand) -> String {
        "Zakázka: \(demand.tags.map(\.label).joined(separator: ", ")), \(demand.firstDay.text), \(demand.town)\n\n\(demand.description)"
    }

    static func words(_ offer: ShootOfferDraft) -> String { DemoBookings.words(offer: offer) }
}
