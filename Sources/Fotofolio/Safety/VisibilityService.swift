import Foundation

/// Asks `VisibilityRules` about a subject or a file, with the facts read for the viewer.
public struct Visibility: Sendable {
    let store: any VisibilityStore

    public init(stores: Stores) {
        store = stores.moderation
    }

    public func sight(of subject: Subject, for viewer: Viewer, at date: Date = Date()) throws -> Sight {
        VisibilityRules.sight(try store.visibilityFacts(of: subject, for: viewer.personId, at: date), for: viewer)
    }

    /// The viewer's sight and a guest's, from one reading.
    public func sights(of subject: Subject, for viewer: Viewer, at date: Date = Date()) throws -> (viewer: Sight, guest: Sight) {
        let facts = try store.visibilityFacts(of: subject, for: viewer.personId, at: date)
        return (VisibilityRules.sight(facts, for: viewer), VisibilityRules.sightForGuest(facts))
    }

    public func sight(of fileName: String, for viewer: Viewer, at date: Date = Date()) throws -> FileSight {
        VisibilityRules.fileSight(try store.fileUses(fileName, for: viewer.personId, at: date), for: viewer)
    }
}
