import Fotofolio
import HTTPServer
import PreciseSlider

/// A film's time as a precise slider: the seek bar of the player and the poster frame's
/// field in the portfolio editor. The axis follows the thesis's rule for films (`SeekBar`):
/// the whole film across the slider, zoomable until single frames stand apart. Typed times
/// (`m:ss.SSS`) go through the model like every slider's.
struct FilmSeekField {
    let film: Film
    private(set) var field: SliderField

    /// - Parameter frameKeys: `,` and `.` step one frame on the slider itself (the poster
    ///   picker); the player steps frames itself, from anywhere in it.
    init(film: Film, name: String, at time: Double, frameKeys: Bool) {
        self.film = film
        // A film's duration is positive and bounded (the processing refuses others), so the
        // bar always exists; a broken record falls back to one second.
        field = (try? SliderField.seekBar(name: name, duration: film.duration, position: time,
                                          framesPerSecond: 1 / film.frameDuration, frameKeys: frameKeys,
                                          refusesOutOfRange: true))
            ?? (try! SliderField.seekBar(name: name, duration: 1, position: 0, framesPerSecond: nil, refusesOutOfRange: true))
    }

    mutating func submit(_ text: String?, language: SliderLanguage) {
        field.submit(text, language: language)
    }

    var isValid: Bool { field.isValid }
    /// The start of the frame at the chosen time.
    var frameStart: Double { film.frameStart(at: field.value) }

    func view(id: String, label: String, hint: String, language: SliderLanguage) -> PreciseSliderModel {
        SliderFrame.slider(field, id: id, label: label, hint: hint, language: language)
    }
}

/// The poster-frame fields of a portfolio form's films, and saving them: each film whose
/// poster moved to another frame has it cut again.
struct FilmPosters {
    private(set) var fields: [Int64: FilmSeekField]
    let language: SliderLanguage

    init(_ photos: [Photo], table: StringTable) {
        fields = Dictionary(photos.compactMap { photo in
            photo.film.map {
                (photo.storedId, FilmSeekField(film: $0, name: Self.name(forPhoto: photo.storedId), at: $0.posterTime, frameKeys: true))
            }
        }) { first, _ in first }
        language = table.language == .cs ? .czech : .english
    }

    /// The field a form sends for the film `id`.
    static func name(forPhoto id: Int64) -> String { "poster-\(id)" }

    mutating func submit(_ form: Form) {
        for id in fields.keys { fields[id]?.submit(form[Self.name(forPhoto: id)], language: language) }
    }

    var isValid: Bool { fields.values.allSatisfy(\.isValid) }

    mutating func adopt(_ submitted: FilmPosters) {
        for (id, field) in submitted.fields where fields[id] != nil { fields[id] = field }
    }

    func view(of id: Int64, table: StringTable) -> PreciseSliderModel? {
        fields[id]?.view(id: Self.name(forPhoto: id), label: table.string("film.poster"), hint: table.string("film.posterHint"),
                         language: language)
    }

    /// Cuts the posters that moved. Errors become pages a person can act on.
    func save(_ films: FilmLibrary, owner: Int64, table: StringTable) throws {
        for (id, field) in fields.sorted(by: { $0.key < $1.key }) {
            do {
                try films.choosePoster(of: id, by: owner, at: field.frameStart)
            } catch {
                switch error.problem {
                case .notAVideo: continue  // removed meanwhile
                case .busy: throw HTTPFailure(.serviceUnavailable, table.string("film.problems.busy"))
                default: throw HTTPFailure(.internalServerError, table.string("film.problems.failed"))
                }
            }
        }
    }
}
