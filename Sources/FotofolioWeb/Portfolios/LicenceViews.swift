import Fotofolio

/// A licence choice (`partials/licence-select`): "as above" first, then every licence.
struct LicenceSelect: ViewModel {
    struct Option: ViewModel {
        let value: String
        let label: String
        let selected: Bool
    }

    let id: String
    let name: String
    let label: String
    let options: [Option]
    /// The label said to screen readers only (a photo's row in the editor, where the
    /// options name licences themselves); shown as the select's tooltip.
    var quiet = false
}

/// The line under a photo: its licence, linked to the deed when it has one.
struct LicenceLine: ViewModel {
    let text: String
    let deedURL: String?
}

/// How licences are worded and chosen in the reader's language.
struct LicenceViews {
    let table: StringTable

    func name(_ licence: Licence) -> String {
        switch licence {
        case .allRightsReserved: table.string("licence.allRightsReserved")
        case .ccBy: table.string("licence.ccBy")
        case .ccBySa: table.string("licence.ccBySa")
        case .ccByNc: table.string("licence.ccByNc")
        case .cc0: table.string("licence.cc0")
        }
    }

    /// A choice of `selected`, or of "as `inherited`" (`inheritKey` words it) when nil.
    func select(id: String, name field: String, label: String, selected: Licence?, inheritKey: String? = nil,
                inherited: Licence? = nil) -> LicenceSelect {
        var options: [LicenceSelect.Option] = []
        if let inheritKey, let inherited {
            options.append(.init(value: "", label: table.string(inheritKey).replacingOccurrences(of: "{licence}", with: name(inherited)),
                                 selected: selected == nil))
        }
        options += Licence.allCases.map { .init(value: $0.rawValue, label: name($0), selected: $0 == selected) }
        return LicenceSelect(id: id, name: field, label: label, options: options)
    }

    /// "Licence: CC BY 4.0" with its deed, or "© Name, all rights reserved".
    func line(_ licence: Licence, author: String) -> LicenceLine {
        guard let deedName = licence.name else {
            return LicenceLine(text: table.string("licence.rightsReservedBy").replacingOccurrences(of: "{author}", with: author), deedURL: nil)
        }
        return LicenceLine(text: "\(table.string("licence.under")) \(deedName)", deedURL: licence.url)
    }
}
