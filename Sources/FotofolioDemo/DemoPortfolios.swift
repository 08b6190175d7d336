import Fotofolio
import FotofolioSQLite
import Foundation
import GRDB
import Synchronization

/// The demo creators' portfolios, built from the licensed photos in `Demo/photos/`
/// through the same pipeline as any upload, each photo with its credit.
public struct DemoPortfolios: Sendable {
    struct Plan {
        let username: String
        let name: String
        let description: String
        let tags: String
        /// File names in `Demo/photos/` with their alt text.
        let photos: [(file: String, alt: String)]
        var visibility = PortfolioVisibility.public
        /// A share link made with the portfolio, for whom.
        var sharedWith: String? = nil
    }

    static let plans: [Plan] = [
        Plan(username: "vojtafoti", name: "Svatby",
             description: "Hudba, tanec a lidé, kteří se baví. Svatby i oslavy fotím nenápadně, od obřadu po poslední písničku.",
             tags: "svatba hudba oslava", photos: [
                ("events-folk-band-on-stage.jpg", "Folková kapela hraje na pódiu"),
                ("events-orchestra-concert.jpg", "Orchestr při koncertě ve velkém sále"),
                ("people-mariachi-musicians.jpg", "Mariachi hudebníci v kloboucích"),
                ("events-opera-performance.jpg", "Operní představení na osvětlené scéně"),
             ]),
        Plan(username: "ad.fotograf", name: "Portréty",
             description: "Portréty v ateliéru i venku. Černobílé i barevné, vždycky s ohledem na člověka před objektivem.",
             tags: "portrét ateliér lidé", photos: [
                ("people-cameraman-black-and-white.jpg", "Černobílý portrét kameramana u kamery"),
                ("people-astronaut-eileen-collins.jpg", "Astronautka Eileen Collinsová ve skafandru"),
                ("people-grace-hopper-portrait.jpg", "Historický portrét Grace Hopperové v uniformě"),
                ("people-didgeridoo-player.jpg", "Hráč na didgeridoo venku"),
             ]),
        Plan(username: "ad.fotograf", name: "Produkty pro malé značky",
             description: "Produktové fotky pro e-shopy a sociální sítě: čisté pozadí, přesné světlo, poctivé barvy.",
             tags: "produkty e-shop zátiší", photos: [
                ("products-paint-brushes.jpg", "Štětce v plechovce"),
                ("products-wall-clock.jpg", "Nástěnné hodiny"),
                ("products-bird-figurine-under-lamps.jpg", "Soška ptáka pod lampami"),
                ("products-dutar-lute.jpg", "Dutar, dlouhá loutna"),
                ("products-bata-drums.jpg", "Bubny bata"),
             ]),
        Plan(username: "michal1", name: "Krajina",
             description: "Hory, louky a mlhy za svítání. Většinu fotek dělám z jednoho stativu a s hodně trpělivosti.",
             tags: "krajina hory příroda", photos: [
                ("landscape-misty-fields.jpg", "Pole v ranní mlze"),
                ("landscape-alpine-valley-clouds.jpg", "Alpské údolí pod mraky"),
                ("landscape-autumn-mountain-meadow.jpg", "Podzimní horská louka"),
                ("landscape-sunbeams-over-hills.jpg", "Sluneční paprsky nad kopci"),
                ("landscape-forest-stream.jpg", "Potok v lese"),
                ("landscape-mountain-sunset.jpg", "Západ slunce nad horami"),
             ]),
        Plan(username: "michal1", name: "Architektura",
             description: "Stavby, které přežily staletí, a linie, které vedou oko.",
             tags: "architektura památky cestování", photos: [
                ("architecture-mont-saint-michel.jpg", "Mont-Saint-Michel nad mořem"),
                ("architecture-chateau-de-chenonceau.jpg", "Zámek Chenonceau nad řekou"),
                ("architecture-colosseum-rome.jpg", "Koloseum v Římě"),
                ("architecture-pont-du-gard-aqueduct.jpg", "Akvadukt Pont du Gard"),
                ("architecture-berlin-cathedral.jpg", "Berlínská katedrála"),
             ]),
        Plan(username: "michal1", name: "Noční obloha",
             description: "Města po setmění, bouřky a hvězdy.",
             tags: "noc obloha město", photos: [
                ("night-city-skyline.jpg", "Panorama města v noci"),
                ("night-storm-clouds-at-dusk.jpg", "Bouřkové mraky za soumraku"),
                ("night-lincoln-memorial.jpg", "Lincolnův památník v noci"),
                ("night-hubble-extreme-deep-field.jpg", "Vzdálené galaxie na snímku hlubokého vesmíru"),
             ]),
        Plan(username: "velvary.foto", name: "Koncerty a akce",
             description: "Festivaly, koncerty a městské slavnosti ve Velvarech a okolí.",
             tags: "koncert festival akce", photos: [
                ("events-taiko-summer-festival.jpg", "Bubeníci taiko na letním festivalu"),
                ("events-folk-band-on-stage.jpg", "Kapela na pódiu"),
                ("people-didgeridoo-player.jpg", "Pouliční hudebník s didgeridoo"),
             ]),
        Plan(username: "lenka.svetlo", name: "Jídlo a káva",
             description: "Fotky pro menu, weby a sociální sítě kaváren a restaurací.",
             tags: "jídlo káva gastro", photos: [
                ("food-espresso-cup.jpg", "Šálek espressa"),
                ("food-fig-in-red-bowl.jpg", "Fík v červené misce"),
                ("food-citrus-slices.jpg", "Plátky citrusů"),
                ("products-wine-and-drum-interior.jpg", "Víno a buben v interiéru"),
             ]),
        Plan(username: "tomas.priroda", name: "Zvířata",
             description: "Od kočky na gauči po surikaty v zoo. Zvířata fotím v klidu a z jejich výšky.",
             tags: "zvířata příroda zoo", photos: [
                ("animals-red-panda.jpg", "Panda červená na větvi"),
                ("animals-meerkats.jpg", "Surikaty na hlídce"),
                ("animals-cat-chelsea.jpg", "Zrzavá kočka zblízka"),
                ("animals-butterfly-on-wildflower.jpg", "Motýl na luční květině"),
                ("animals-honey-bee-on-aster.jpg", "Včela na astře"),
             ]),
        Plan(username: "tomas.priroda", name: "Ptáci",
             description: "Ptáci u vody i na krmítku.",
             tags: "ptáci příroda", photos: [
                ("animals-kingfisher.jpg", "Ledňáček na větvi"),
                ("animals-nuthatch-on-tree.jpg", "Brhlík na kmeni stromu"),
                ("animals-swans-and-cygnets.jpg", "Labutě s mláďaty"),
             ]),
        Plan(username: "michal1", name: "Mosty – rozpracováno",
             description: "Mosty za dne i v noci, série, na které pracuju. Zatím ji vidí jen redakce, které jsem poslal odkaz.",
             tags: "architektura most noc", photos: [
                ("architecture-roebling-bridge-at-night.jpg", "Visutý most přes řeku v noci, osvětlené pilíře"),
                ("architecture-bridge-cables-over-beach.jpg", "Lana visutého mostu nad pláží"),
             ], visibility: .unlisted, sharedWith: "Redakce Stavitele"),
    ]

    /// The prototype's vojtafoti shows several portfolios, "Svatby" (user test S2) his newest
    /// and so first on his profile. These are made after the rest of the demo world, so
    /// everything else keeps the ids it has always had, and dated before every other plan.
    static let addedLater: [Plan] = [
        Plan(username: "vojtafoti", name: "Páry",
             description: "Procházky ve dvou, když slunce zapadá. Stačí hodina a místo, kde se cítíte dobře.",
             tags: "páry láska venku", photos: [
                ("landscape-sunbeams-over-hills.jpg", "Sluneční paprsky nad kopci, kam chodím fotit páry"),
                ("landscape-dandelion-meadow.jpg", "Louka plná pampelišek"),
             ]),
        Plan(username: "vojtafoti", name: "Oslavy",
             description: "Narozeniny, výročí i firemní večírky: lidé, hudba a světla.",
             tags: "oslava narozeniny večírek", photos: [
                ("events-taiko-summer-festival.jpg", "Bubeníci taiko na letní slavnosti"),
             ]),
    ]

    let database: AppDatabase
    let photos: PhotoLibrary
    /// The folder with the demo photos and their `CREDITS.md`.
    let photosDirectory: String

    public init(database: AppDatabase, photos: PhotoLibrary, photosDirectory: String) {
        self.database = database
        self.photos = photos
        self.photosDirectory = photosDirectory
    }

    /// Creates the portfolios of demo creators who have none yet; returns how many it created.
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        // Older plans first, so the newest portfolio is the last in the list.
        try create(Self.plans) { index in date.addingTimeInterval(Double(index - Self.plans.count) * 3600) }
    }

    /// Creates `addedLater`, older than every plan; run after the rest of the demo world.
    @discardableResult
    public func seedAddedLater(at date: Date = Date()) throws -> Int {
        let count = Self.plans.count + Self.addedLater.count
        return try create(Self.addedLater) { index in date.addingTimeInterval(Double(index - count) * 3600) }
    }

    private func create(_ plans: [Plan], createdAt: (Int) -> Date) throws -> Int {
        let credits = DemoCredits.read(from: try String(contentsOfFile: "\(photosDirectory)/CREDITS.md", encoding: .utf8))
        let service = PortfoliosService(stores: .sqlite(database))
        let accounts = AccountsService(stores: .sqlite(database))
        let sharing = Sharing(stores: .sqlite(database))
        var owners: [Int: User] = [:]
        for (index, plan) in plans.enumerated() {
            guard let owner = try accounts.user(username: plan.username), let ownerId = owner.id,
                  try !hasPortfolio(named: plan.name, ownerId) else { continue }
            owners[index] = owner
        }
        let prepared = try prepare(Set(owners.keys.flatMap { plans[$0].photos.map(\.file) }))
        var created = 0
        for (index, plan) in plans.enumerated() {
            guard let owner = owners[index], let ownerId = owner.id else { continue }
            let date = createdAt(index)
            var draft = PortfolioDraft()
            draft.name = plan.name
            draft.description = plan.description
            draft.tags = plan.tags
            draft.visibility = plan.visibility
            for (file, alt) in plan.photos {
                let photo = try photos.store(prepared[file]!, owner: ownerId, credit: credits[file], at: date)
                // Someone else's photo keeps the licence it came with.
                draft.photos.append(.init(photoId: photo.id!, altText: alt, licence: credits[file].flatMap { Licence(creditName: $0.licence) }))
            }
            let portfolio = try service.create(draft, by: owner, at: date)
            if let label = plan.sharedWith {
                _ = try sharing.create(ShareLinkForm(label: label), for: portfolio.portfolio.id!, by: ownerId, at: date)
            }
            created += 1
        }
        return created
    }

    /// The photo work for `files`, done side by side (as many at once as the library's
    /// processing allows): most of the time seeding takes.
    private func prepare(_ files: Set<String>) throws -> [String: PhotoLibrary.Prepared] {
        let files = files.sorted()
        let results = Mutex([String: Result<PhotoLibrary.Prepared, PhotoImportError>]())
        DispatchQueue.concurrentPerform(iterations: files.count) { [photos, photosDirectory] index in
            let result = Result { () throws(PhotoImportError) in try photos.prepare(fileAt: "\(photosDirectory)/\(files[index])") }
            results.withLock { $0[files[index]] = result }
        }
        return try results.withLock { $0 }.mapValues { try $0.get() }
    }

    private func hasPortfolio(named name: String, _ ownerId: Int64) throws -> Bool {
        try database.pool.read { db in
            try Portfolio.filter(Column("ownerId") == ownerId && Column("name") == name).fetchCount(db) > 0
        }
    }
}
