import Foundation
import Fotofolio

/// The walks of `SubjectRoutesTests`: each request, what the rule expects of it, and every
/// answer that differs, in words.
struct SubjectWalks {
    let world: SubjectWorld
    private(set) var failures: [String] = []

    init(world: SubjectWorld) {
        self.world = world
    }

    private var server: WebTestServer { world.server }

    private mutating func check(_ what: String, as person: SubjectWorld.Person, _ reply: WebTestServer.Reply,
                                expected: Set<Int>, mustNotName names: [String] = []) {
        if !expected.contains(reply.status) {
            failures.append("\(person) \(what): \(reply.status), expected \(expected.sorted())")
        }
        if reply.status == 404 || reply.status == 303 {
            for name in names where reply.body.contains(name) {
                failures.append("\(person) \(what): the refusal names \(name)")
            }
        }
    }

    private func sight(_ subject: Subject, _ person: SubjectWorld.Person) throws -> Sight {
        try world.visibility.sight(of: subject, for: world.viewer(person))
    }

    /// The portfolio's page, its editing pages, its share link and the selection.
    mutating func portfolios(as person: SubjectWorld.Person) async throws {
        let signedIn = person != .guest
        for work in world.works {
            let sees = try sight(.portfolio(work.id), person)
            let names = [work.name, work.tag] + work.files
            let page = "/portfolios/\(work.id)"
            for address in [page, "/en" + page] {
                check("GET \(address) (\(work.state))", as: person, try await server.send(address, headers: ["Accept-Language": "cs"]),
                      expected: sees >= .reader ? [200] : [404], mustNotName: names)
            }
            let isOwner = person == .owner && work.ownerName == "vojta.test"
            let notYours: Set<Int> = !signedIn ? [303] : isOwner ? [200] : sees == .none ? [404] : [403]
            for editing in ["\(page)/edit", "\(page)/delete"] {
                check("GET \(editing) (\(work.state))", as: person, try await server.send(editing), expected: notYours, mustNotName: names)
            }
            if !isOwner {
                for action in [page, "\(page)/delete"] {
                    let reply = try await server.submit(action, ["name": "Přepsáno"])
                    check("POST \(action) (\(work.state))", as: person, reply, expected: notYours.subtracting([200]), mustNotName: names)
                }
            }
            let shared = try world.visibility.sight(of: .portfolio(work.id),
                                                    for: Viewer(personId: world.viewer(person).personId, sharedPortfolioId: work.id))
            // A link to a private portfolio opens for nobody, its author included (`Sharing.open`).
            let opens = shared >= .reader && work.state != "private"
            let link = "/s/\(work.shareToken)"
            check("GET \(link) (\(work.state))", as: person, try await server.send(link), expected: opens ? [200] : [404],
                  mustNotName: names)
            check("POST \(link) (\(work.state))", as: person, try await server.submit(link, ["password": "x"]),
                  expected: opens ? [303] : [404], mustNotName: names)
            let bookmarkable = sees >= .reader && !["unlisted", "private"].contains(work.state)
            for change in ["add", "toggle"] {
                let reply = try await server.submit("/selection/\(change)", ["portfolio": "\(work.id)", "return": "/"])
                check("POST /selection/\(change) \(work.state)", as: person, reply, expected: bookmarkable ? [303] : [404], mustNotName: names)
            }
            // Taking one out is always possible: it may have been public when it was saved.
            check("POST /selection/remove \(work.state)", as: person,
                  try await server.submit("/selection/remove", ["portfolio": "\(work.id)", "return": "/"]), expected: [303])
        }
    }

    /// Every file of every photo that is a subject, and the original.
    mutating func photos(as person: SubjectWorld.Person) async throws {
        let photos = world.works.map { ($0.state, $0.photoId, $0.ownerName, $0.files) }
            + world.loosePhotos.map { ($0.state, $0.id, $0.ownerName, $0.files) }
        for (state, id, ownerName, files) in photos {
            for file in files {
                let opens = try world.visibility.sight(of: file, for: world.viewer(person))
                let reply = try await server.send("/media/\(file)")
                check("GET /media/\(file) (\(state))", as: person, reply, expected: opens == .none ? [404] : [200])
                if reply.status == 200 {
                    let cache = opens == .everyone ? "public, max-age=31536000, immutable" : "private, no-store"
                    if reply.headers["cache-control"] != cache {
                        failures.append("\(person) /media/\(file) (\(state)): cached as \(reply.headers["cache-control"] ?? "")")
                    }
                }
            }
            let own = person == .owner && ownerName == "vojta.test"
            check("GET /photos/\(id)/original (\(state))", as: person, try await server.send("/photos/\(id)/original"),
                  expected: own ? [200] : [404])
        }
    }

    /// The report form for every kind of subject, and the shoot form's prefill.
    mutating func forms(as person: SubjectWorld.Person) async throws {
        var subjects: [(ReportSubject, String, [String])] = world.works.flatMap { work in
            [(ReportSubject(.portfolio, work.id), work.state, [work.name] + work.files),
             (ReportSubject(.photo, work.photoId), work.state, work.files)]
        }
        subjects += world.loosePhotos.map { (ReportSubject(.photo, $0.id), $0.state, $0.files) }
        subjects += [(ReportSubject(.message, world.messageId), "message", ["Tajná zpráva 7319"]),
                     (ReportSubject(.profile, world.suspendedId), "suspended profile", ["petr.test"])]
        for (subject, state, names) in subjects {
            let sees = try sight(Subject(subject)!, person)
            let form = "/report?subject=\(subject.text)"
            check("GET \(form) (\(state))", as: person, try await server.send(form),
                  expected: person == .guest ? [303] : sees >= .reader ? [200] : [404], mustNotName: names)
            if person != .guest && sees == .none {
                let sent = try await server.submit("/report", ["subject": subject.text, "reason": "spam"])
                check("POST /report \(subject.text) (\(state))", as: person, sent, expected: [404], mustNotName: names)
            }
        }
        for (username, subject) in [("vojta.test", Subject.profile(world.viewer(.owner).personId!)),
                                    ("petr.test", .profile(world.suspendedId))] {
            let sees = try sight(subject, person)
            let profile = try await server.send("/u/\(username)", headers: ["Accept-Language": "cs"])
            check("GET /u/\(username)", as: person, profile, expected: sees >= .reader ? [200] : [404])
            check("GET /en/u/\(username)", as: person, try await server.send("/en/u/\(username)"), expected: sees >= .reader ? [200] : [404],
                  mustNotName: world.works.filter { $0.ownerName == username && (try? sight(.portfolio($0.id), person)) == Sight.none }.map(\.name))
            // The profile lists the person's work that this viewer may see, and no other.
            for work in world.works where work.ownerName == username {
                let listed = profile.body.contains(work.name)
                let seesWork = try sight(.portfolio(work.id), person)
                if seesWork == .none && listed { failures.append("\(person) /u/\(username) lists \(work.state) portfolio") }
                if seesWork >= .reader && profile.status == 200 && !listed { failures.append("\(person) /u/\(username) leaves out \(work.state)") }
            }
            // The Atom feed is the public profile's list: a suspended person has none, and it
            // holds the public work this reader may see, without what an operator hid.
            let suspended = subject == .profile(world.suspendedId)
            if profile.status == 200 && profile.body.contains("/feed.atom") == suspended {
                failures.append("\(person) /u/\(username) \(suspended ? "names a feed it does not have" : "does not name its feed")")
            }
            let feed = try await server.send("/u/\(username)/feed.atom")
            check("GET /u/\(username)/feed.atom", as: person, feed, expected: sees >= .reader && !suspended ? [200] : [404],
                  mustNotName: world.works.filter { $0.ownerName == username }.map(\.name))
            for work in world.works where work.ownerName == username {
                let listed = feed.body.contains(work.name)
                let seesWork = try sight(.portfolio(work.id), person)
                let shouldList = feed.status == 200 && work.state == "public" && seesWork >= .reader
                if listed != shouldList { failures.append("\(person) feed of \(username) \(listed ? "lists" : "leaves out") \(work.state)") }
            }
            for photo in world.loosePhotos where photo.files.contains(where: feed.body.contains) {
                failures.append("\(person) feed of \(username) shows the \(photo.state)")
            }
        }
        for work in world.works where work.ownerName == "vojta.test" {
            let sees = try sight(.portfolio(work.id), person)
            let reply = try await server.send("/u/\(work.ownerName)/shoot?portfolio=\(work.id)")
            let named = reply.body.contains("name=\"kind\" type=\"text\" value=\"\(work.tag)\"")
            // Nowhere on the page, the list of the photographer's kinds of work included.
            if sees == .none && (reply.body.contains(work.tag) || reply.body.contains(work.name)) {
                failures.append("\(person) shoot form prefilled from \(work.state) portfolio \(work.id)")
            }
            if sees >= .reader && reply.status == 200 && !named {
                failures.append("\(person) shoot form not prefilled from \(work.state) portfolio \(work.id)")
            }
            if person == .guest && reply.status != 303 { failures.append("guest shoot form answered \(reply.status)") }
        }
    }
}
