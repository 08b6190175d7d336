import Foundation
import Fotofolio
@testable import FotofolioWeb

/// The demand pages' models, built the way their pages build them, every section entered:
/// a demand with and without actions and description, the client's page with offers to
/// compare (one in euros with a deposit, one from an unrated photographer) and without, a
/// photographer's page after answering, and an answer's request card withdrawn.
enum DemandSamples {
    static let table = Shoots.table
    static let text = ShootText(table: table)
    static let now = Shoots.now
    static let today = Shoots.today

    static var demand: Demand {
        Demand(id: 7, clientId: 1, tags: [Tag("svatba"), Tag("zahrada")], firstDay: today.adding(days: 30), lastDay: today.adding(days: 32),
               town: "Praha", hours: 6, budget: 1500, description: "Outdoors, about 60 guests.", openUntil: today.adding(days: 10),
               createdAt: now.addingTimeInterval(-7200), photos: [photo, photo])
    }

    static let photo = DemandPhoto(photoId: 3, file: "0123456789abcdef.webp", width: 1600, height: 1067,
                                   thumbnailFile: "fedcba9876543210.webp", thumbnailWidth: 320, thumbnailHeight: 320)

    static func view(actions: Bool) -> DemandView {
        var bare = demand
        if !actions { bare.description = ""; bare.photos = [] }
        return DemandView(bare, offerCount: actions ? nil : 2, actions: actions ? [
            .init(label: "Make an offer", href: "/demands/7/offer", primary: true, key: "answer"),
            .init(label: "Demand", href: "/demands/7", primary: false, key: "open"),
        ] : [], hide: actions ? .init(action: "/demands/7/hide", csrf: "c", returnTo: "/") : nil, text: text, now: now)
    }

    static var offers: [DemandOfferView] {
        var euro = Shoots.openShoot
        euro.request.demandId = 7
        euro.offers[1].payment.currency = .eur
        var plain = Shoots.openShoot
        plain.request.demandId = 7
        plain.offers = [plain.offers[0]]
        plain.offers[0].payment = .standard
        plain.offers[0].included = ""
        let rated = DemandOffer.Photographer(id: 2, username: "vojtafoti", fullName: "Vojta Votruba", location: "Praha", avatarPhotoId: nil,
                                             ratingCount: 4, ratingSum: 18, verifiedRatingCount: 3, doneBookings: 12)
        var unrated = rated
        unrated.ratingCount = 0
        unrated.ratingSum = 0
        return [DemandOffer(shoot: euro, photographer: rated), DemandOffer(shoot: plain, photographer: unrated)].compactMap {
            DemandOfferView($0, of: demand, text: text, language: .en, now: now)
        }
    }

    static func detail(client: Bool, withOffers: Bool) -> DemandPages.DetailPage {
        let sort = DemandOfferOrder.allCases.map {
            DemandPages.DetailPage.SortLink(label: $0.rawValue, href: "/demands/7?sort=\($0.rawValue)#offers", current: $0 == .price)
        }
        return DemandPages.DetailPage(
            heading: "Demand: svatba", demand: view(actions: !client), isClient: client, offers: withOffers ? offers : [], hasOffers: withOffers,
            sortLinks: sort, canSort: withOffers, editURL: withOffers ? nil : "/demands/7/edit",
            closeAction: client ? "/demands/7/close" : nil, csrf: "c", answeredURL: client ? nil : "/messages/2",
            reportURL: client ? nil : "/report?subject=demand:7", back: "/demands")
    }

    static var list: DemandPages.ListPage {
        DemandPages.ListPage(demands: [view(actions: false)], hasDemands: true, isCreator: true, anywhere: true, town: "Praha",
                             csrf: "c", forYouURL: "/?show=demands")
    }

    static var formPage: ShootPages.Page {
        ShootPages.Page(heading: "New demand", lead: "Say once", action: "/demands/new", csrf: "c", uuid: "u", card: nil,
                        fields: Shoots.fields, budget: Sample.slider, tags: [.init(label: "svatba")], problem: "Fix", submit: "Post",
                        danger: false, back: "/demands", after: Shoots.fields, demand: view(actions: false),
                        photos: .init([photo], error: "At most 5 photos.", table: table))
    }

    static var withdrawnCard: ShootCardView {
        var shoot = Shoots.openShoot
        shoot.request.demandId = 7
        shoot.request.withdrawnAt = now
        return Shoots.card(.request(1), of: shoot, reader: 2)
    }

    static var checked: [(template: String, model: any ViewModel)] {
        [("pages/demand", detail(client: true, withOffers: true)), ("pages/demand", detail(client: true, withOffers: false)),
         ("pages/demand", detail(client: false, withOffers: false)), ("pages/demands", list),
         ("pages/demands", DemandPages.ListPage(demands: [], hasDemands: false, isCreator: false, anywhere: false, town: "Brno",
                                                csrf: "c", forYouURL: "/?show=demands")),
         ("pages/shoot", formPage), ("partials/demand-card", view(actions: true)), ("partials/demand-card", view(actions: false)),
         ("partials/feed-demand", view(actions: true)), ("partials/shoot-card", withdrawnCard)]
    }
}
