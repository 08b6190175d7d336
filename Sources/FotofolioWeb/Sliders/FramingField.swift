import Fotofolio
import HTTPServer
import Imaging
import PreciseSlider

/// A photo's square crop as form fields: the photo moves under a fixed square frame on a 2D
/// precise slider whose x and y are the crop's centre in percent of the photo, and whose
/// scale is the zoom (1 = the largest square that fits). Without JavaScript it is three
/// number fields. Every value goes through the model; one outside its range is refused with
/// a message instead of clamped, so the person sees what happened to what they typed.
struct FramingField {
    /// The frame's side as a fraction of the square plane less its rulers (where the photo's
    /// shorter side lies at zoom 1); the margin shows what is cut away.
    static let frameFraction = 0.8

    let photoId: Int64
    let name: String
    private(set) var plane: PlaneField
    private(set) var zoom: SliderField
    private let photo: Photo

    /// The fields at the photo's framing: the person's, or the smart crop's.
    init(photo: Photo, name: String) {
        self.photo = photo
        photoId = photo.storedId
        self.name = name
        let framing = photo.framing
        zoom = Self.zoomField(name: name, value: framing.zoom)
        plane = Self.plane(photo, name: name, centerX: framing.centerX * 100, centerY: framing.centerY * 100,
                           zoom: zoom.value)
    }

    /// The names a form sends for the photo `id`.
    static func name(forPhoto id: Int64) -> String { "framing-\(id)" }

    /// Takes the submitted texts through the model. A field that was not sent keeps its value.
    mutating func submit(_ form: Form, language: SliderLanguage) {
        zoom.submit(form["\(name)-zoom"], language: language)
        // The plane is drawn at the zoom asked for, so the first frame shows that crop.
        plane = Self.plane(photo, name: name, centerX: plane.x.value, centerY: plane.y.value, zoom: zoom.value)
        plane.submit(x: form["\(name)-x"], y: form["\(name)-y"], language: language)
    }

    var isValid: Bool { plane.isValid && zoom.isValid }

    /// The framing to cut, once every field is valid.
    var framing: SquareFraming? {
        guard isValid else { return nil }
        return SquareFraming(centerX: plane.x.value / 100, centerY: plane.y.value / 100, zoom: zoom.value)
    }

    /// The model of `partials/photo-framing`: the plane with the zoom and the frame.
    func view(table: StringTable, hint: String, language: SliderLanguage) -> PrecisePlaneModel {
        var view = plane.view(label: table.string("framing.label"), xLabel: table.string("framing.x"),
                              yLabel: table.string("framing.y"), hint: table.string(hint), language: language)
        view.config = String(view.config.dropLast()) + ",\"frame\":\(Self.frameFraction)}"
        view.isFraming = true
        view.open = !isValid
        view.zoom = SliderFrame.fieldValues(zoom, id: "\(name)-zoom", label: table.string("framing.zoom"), language: language)
        // The frame is measured on the content at scale 1, as the photo is, and centred on the crosshair.
        let plane = SliderFrame.planeGeometry(aspect: (1, 1), span: (1, 1))
        let side = Self.frameFraction * (plane.map { $0.contentWidth / $0.width } ?? 1) * 100
        let inset = (100 - side) / 2
        view.frame = .init(inset: SliderFrame.format(inset), side: SliderFrame.format(side), end: SliderFrame.format(100 - inset))
        return view
    }

    private static func zoomField(name: String, value: Double) -> SliderField {
        SliderField(name: "\(name)-zoom", axis: try! SliderAxis(min: 1, max: SquareFraming.maximumZoom, numberOfUnits: 11),
                    format: .number, value: value, refusesOutOfRange: true)
    }

    /// The plane: the photo at its proportions, the largest square that fits filling the frame at zoom 1
    /// (`span` is relative to the plane less its rulers, as the frame is).
    private static func plane(_ photo: Photo, name: String, centerX: Double, centerY: Double, zoom: Double) -> PlaneField {
        // Constants known to be valid; `try!` would only fail on a typo here.
        func axis() -> SliderAxis {
            try! SliderAxis(min: 0, max: 100, numberOfUnits: 10, minScale: 1, maxScale: SquareFraming.maximumZoom)
        }
        let shorter = Double(max(1, min(photo.width, photo.height)))
        let image = photo.variant(.full, .webp) ?? photo.variant(.full, .jpeg)
        return PlaneField(
            name: name,
            x: SliderField(name: "\(name)-x", axis: axis(), format: .percent, value: centerX, scale: zoom,
                           refusesOutOfRange: true),
            y: SliderField(name: "\(name)-y", axis: axis(), format: .percent, value: centerY, scale: zoom,
                           refusesOutOfRange: true),
            content: .image(url: image.map { MediaFiles.url($0.fileName) } ?? ""), aspect: (1, 1),
            span: (Double(photo.width) / shorter * frameFraction, Double(photo.height) / shorter * frameFraction))
    }
}
