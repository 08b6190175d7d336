import Foundation
import Fotofolio
@testable import FotofolioWeb

/// The sharing pages' models with every section entered: the links page with a new, an
/// expired and a password link, its notice, warning and hint and every field wrong; the
/// password page with its error; a licence choice with "as above" and one chosen.
enum Shares {
    static let table = TemplateModelTests.renderer.templates.table(for: .en)

    static var licenceSelect: LicenceSelect {
        LicenceViews(table: table).select(id: "licence-1", name: "licence-1", label: "Licence of this photo", selected: .ccBy,
                                          inheritKey: "licence.inheritPortfolio", inherited: .allRightsReserved)
    }

    static var fields: [FormFieldView] { [
        FormFieldView("label", label: "For whom", value: "Novákovi", error: "Too long.", required: false, maxlength: 60),
        FormFieldView("lastDay", label: "Last day", type: "date", value: "2020-01-01", hint: "Empty: until you revoke it.",
                      error: "The last day cannot be in the past.", required: false, min: "2026-12-01"),
        FormFieldView("password", label: "Password", type: "password", value: "", hint: "6–128 characters.", error: "Too long.",
                      required: false, maxlength: 128),
    ] }

    static func item(id: Int, isNew: Bool, expired: Bool, hasPassword: Bool) -> ShareLinksPage.Item {
        ShareLinksPage.Item(label: "Novákovi", address: "http://h/s/\(String(repeating: "a", count: 48))",
                            state: expired ? "expired 1 Dec 2026" : "until revoked", expired: expired, views: "3 views",
                            hasPassword: hasPassword, revokeAction: "/portfolios/1/links/\(id)/revoke", isNew: isNew,
                            fieldId: "link-\(id)")
    }

    static var linksPage: ShareLinksPage {
        ShareLinksPage(title: "Share links of “Svatby”", portfolioURL: "/portfolios/1", editURL: "/portfolios/1/edit", csrf: "c",
                       action: "/portfolios/1/links", notice: "The link is made.", warning: "The portfolio is private.",
                       hint: "The portfolio is public.",
                       items: [item(id: 1, isNew: true, expired: false, hasPassword: true),
                               item(id: 2, isNew: false, expired: true, hasPassword: false)],
                       hasItems: true, hasErrors: true, fields: fields)
    }

    static var emptyLinksPage: ShareLinksPage {
        ShareLinksPage(title: "Share links of “Svatby”", portfolioURL: "/portfolios/1", editURL: "/portfolios/1/edit", csrf: "c",
                       action: "/portfolios/1/links", notice: nil, warning: nil, hint: nil, items: [], hasItems: false,
                       hasErrors: false, fields: fields)
    }

    static var passwordPage: SharePasswordPage {
        SharePasswordPage(action: "/s/\(String(repeating: "a", count: 48))", csrf: "c",
                          field: FormFieldView("password", label: "Password", type: "password", value: "",
                                               error: "That password is not right.", maxlength: 128))
    }

    static var checked: [(template: String, model: any ViewModel)] {
        [("pages/share-links", linksPage), ("pages/share-links", emptyLinksPage), ("pages/share-password", passwordPage),
         ("partials/licence-select", licenceSelect)]
            + fields.map { ("partials/form-field", $0) }
    }
}
