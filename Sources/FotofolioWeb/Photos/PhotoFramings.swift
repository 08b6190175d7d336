import Fotofolio
import HTTPServer
import PreciseSlider

/// The square-crop fields of a form's photos (a portfolio's, or the avatar), and saving
/// them: each photo whose framing changed has its squares cut again.
struct PhotoFramings {
    private(set) var fields: [Int64: FramingField]
    let language: SliderLanguage

    /// Fields at each photo's current framing.
    init(_ photos: [Photo], table: StringTable) {
        fields = Dictionary(photos.map { ($0.storedId, FramingField(photo: $0, name: FramingField.name(forPhoto: $0.storedId))) }) { first, _ in first }
        language = table.language == .cs ? .czech : .english
    }

    /// Takes every submitted value through the model; fields not sent keep the stored framing.
    mutating func submit(_ form: Form) {
        for id in fields.keys { fields[id]?.submit(form, language: language) }
    }

    var isValid: Bool { fields.values.allSatisfy(\.isValid) }

    /// Keeps what was typed for the photos both sets hold.
    mutating func adopt(_ submitted: PhotoFramings) {
        for (id, field) in submitted.fields where fields[id] != nil { fields[id] = field }
    }

    /// The framing of photo `id`, or nil when it has no field (a photo uploaded by the script
    /// into a form not saved yet gets one once the form is shown again).
    func view(of id: Int64, table: StringTable, hint: String = "framing.hint") -> PrecisePlaneModel? {
        fields[id]?.view(table: table, hint: hint, language: language)
    }

    /// Cuts the squares again where the framing changed. Errors become pages a person can act on.
    func save(_ library: PhotoLibrary, owner: Int64, table: StringTable) throws {
        let reframing = PhotoReframing(library: library)
        for (id, field) in fields.sorted(by: { $0.key < $1.key }) {
            guard let framing = field.framing else { continue }
            do {
                try reframing.reframe(id, by: owner, to: framing)
            } catch {
                switch error {
                case .notFound: continue  // removed meanwhile: nothing to frame
                case .notOwner: throw HTTPFailure(.forbidden, "Only the photo's owner can frame it.")
                case .busy: throw HTTPFailure(.serviceUnavailable, table.string("framing.busy"))
                case .rejected, .failed: throw HTTPFailure(.internalServerError, table.string("framing.failed"))
                }
            }
        }
    }
}
