import Foundation
import Fotofolio
@testable import FotofolioWeb

/// The gallery pages' models with every section entered: the photographer's page before
/// delivery (link, client, upload, deliver, a notice and a problem) and after (downloads);
/// the client's while choosing (hearts, notes, the whole form) and once delivered (the
/// archive, each photo's download); a gallery without photos; the list of a photographer
/// with its form all wrong, and of a client.
enum GallerySamples {
    static let token = String(repeating: "a", count: 48)

    static func tile(id: Int64, picked: Bool, viewer: GalleryViewer, delivered: Bool) -> GalleryPage.Tile {
        GalleryPage.Tile(id: id, number: Int(id), image: Sample.photo, fullURL: "/media/0123456789abcdef.jpg",
                         fileName: "IMG_\(id).JPG", picked: picked, comment: picked ? "Crop closer, please." : "",
                         hasComment: picked,
                         pickAction: viewer == .client && !delivered ? "/g/\(token)/photos/\(id)/pick" : nil,
                         downloadURL: viewer == .client && delivered ? "/g/\(token)/photos/\(id)/download" : nil,
                         pickLabel: picked ? "Chosen" : "Choose")
    }

    static func page(viewer: GalleryViewer, delivered: Bool, tiles: Bool = true) -> GalleryPage {
        let isPhotographer = viewer == .photographer
        let shown = tiles ? [tile(id: 1, picked: true, viewer: viewer, delivered: delivered),
                             tile(id: 2, picked: false, viewer: viewer, delivered: delivered)] : []
        return GalleryPage(
            title: "Svatba Novákových", message: "Choose thirty, please.", photographer: "Vojta Test", photographerUsername: "vojta",
            isPhotographer: isPhotographer, state: delivered ? "Delivered" : "Choosing", stateKey: delivered ? "delivered" : "proofing",
            summary: "1 of 30 chosen", limit: 30, count: 1, delivered: delivered, canPick: !isPhotographer && !delivered, csrf: "c",
            notice: "2 photos added.", problem: "You can choose at most 30 photos.", tiles: shown, hasTiles: !shown.isEmpty,
            clientLink: isPhotographer ? "http://h/g/\(token)" : nil, clientName: isPhotographer ? "Jana Králová (@jana.k)" : nil,
            uploadAction: isPhotographer && !delivered ? "/galleries/1/photos" : nil,
            exportURL: isPhotographer ? "/galleries/1/picks.txt" : nil,
            deliverAction: isPhotographer && !delivered ? "/galleries/1/deliver" : nil,
            downloads: isPhotographer ? "3 downloads" : nil,
            picksAction: !isPhotographer && !delivered ? "/g/\(token)/picks" : nil,
            zipURL: !isPhotographer && delivered ? "/g/\(token)/download.zip" : nil, galleryId: 1)
    }

    static var pages: [GalleryPage] {
        [page(viewer: .photographer, delivered: false), page(viewer: .photographer, delivered: true),
         page(viewer: .client, delivered: false), page(viewer: .client, delivered: true),
         page(viewer: .client, delivered: false, tiles: false)]
    }

    static func item(_ state: String) -> GalleriesPage.Item {
        GalleriesPage.Item(title: "Svatba Novákových", url: "/galleries/1", state: state, stateKey: "submitted",
                           facts: "40 photos · 12 chosen")
    }

    static var fields: [FormFieldView] { [
        FormFieldView("title", label: "Name", value: "", error: "Fill this in.", maxlength: 80),
        FormFieldView("client", label: "Client’s username", value: "nikdo", hint: "Empty: anyone with the link.",
                      error: "There is no such account.", required: false),
        FormFieldView("pickLimit", label: "How many may the client choose", type: "number", value: "0", hint: "Empty: as many as they like.",
                      error: "A whole number from 1 to 1,000.", required: false, min: "1", max: "1000", inputmode: "numeric"),
        FormFieldView("message", label: "Note to the client", value: "Ahoj", error: "Too long.", required: false, multiline: true,
                      maxlength: 2000),
    ] }

    static var lists: [GalleriesPage] {
        [GalleriesPage(csrf: "c", isCreator: true, own: [item("Choice sent")], hasOwn: true, forMe: [item("Choosing")], hasForMe: true,
                       hasErrors: true, fields: fields),
         GalleriesPage(csrf: "c", isCreator: false, own: [], hasOwn: false, forMe: [], hasForMe: false, hasErrors: false, fields: [])]
    }

    static var checked: [(template: String, model: any ViewModel)] {
        pages.map { ("pages/gallery", $0) } + pages.map { ("partials/gallery-photos", $0) } + lists.map { ("pages/galleries", $0) }
            + fields.map { ("partials/form-field", $0) }
    }
}
