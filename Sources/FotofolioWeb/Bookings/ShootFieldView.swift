import Fotofolio

/// One field of a shoot form (`partials/form-field`): its control, what was typed, and what
/// is wrong with it, said in the reader's language.
struct FormFieldView: ViewModel {
    let id: String
    let name: String
    let label: String
    let type: String
    let value: String
    let hint: String?
    let error: String?
    let required: Bool
    let multiline: Bool
    let min: String?
    let max: String?
    let maxlength: Int?
    let list: String?
    let inputmode: String?
    /// A choice among these instead of a typed value (the one whose value is `value` is chosen).
    let options: [Option]?
    let isSelect: Bool

    struct Option: ViewModel {
        let value: String
        let label: String
        let selected: Bool
    }

    init(_ name: String, label: String, type: String = "text", value: String, hint: String? = nil, error: String? = nil,
         required: Bool = true, multiline: Bool = false, min: String? = nil, max: String? = nil, maxlength: Int? = nil,
         list: String? = nil, inputmode: String? = nil, options: [(value: String, label: String)]? = nil) {
        id = "field-\(name)"
        self.name = name
        self.label = label
        self.type = type
        self.value = value
        self.hint = hint
        self.error = error
        self.required = required
        self.multiline = multiline
        self.min = min
        self.max = max
        self.maxlength = maxlength
        self.list = list
        self.inputmode = inputmode
        isSelect = options != nil
        self.options = options?.map { Option(value: $0.value, label: $0.label, selected: $0.value == value) }
    }
}

extension ShootProblems {
    /// The sentence for a field's problem, if it has one.
    func message(_ field: ShootField, table: StringTable) -> String? {
        fields[field].map { table.string("bookings.problems.\($0.rawValue)") }
    }
}
