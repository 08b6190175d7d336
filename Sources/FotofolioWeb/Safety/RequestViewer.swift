import Fotofolio
import HTTPServer

extension Request {
    /// Who asks, as `VisibilityRules` knows them: the signed-in person, or a guest.
    var viewer: Viewer { Viewer(personId: signedIn?.userId) }
}
