import HTTPServer
import PreciseSlider

/// `/sliders`: every kind of precise slider side by side — finite, reversed, infinite, a
/// date axis, a film's seek bar, and two planes (a photo, a colour field). The form submits with GET,
/// so any state is a link; each value goes through the model, and a value that is not a
/// number comes back with a message and the text as typed.
struct SliderDemoPages {
    let renderer: PageRenderer
    let demoImage: String

    func register(in router: inout Router) {
        router.get("/sliders") { request in try show(request) }
    }

    private func show(_ request: Request) throws -> Response {
        let table = renderer.strings(for: request)
        let language: SliderLanguage = Language.preferred(by: request) == .cs ? .czech : .english
        var sliders = Self.sliders()
        var planes = Self.planes(image: demoImage)
        let submitted = !request.query.isEmpty
        if submitted {
            for index in sliders.indices { sliders[index].submit(request.query[sliders[index].name], language: language) }
            for index in planes.indices {
                let name = planes[index].name
                planes[index].submit(x: request.query["\(name)-x"], y: request.query["\(name)-y"], language: language)
            }
        }
        let valid = sliders.allSatisfy(\.isValid) && planes.allSatisfy(\.isValid)
        let content = SliderDemoPage(
            sliders: sliders.map { field in
                SliderFrame.slider(field, id: "slider-\(field.name)", label: table.string("sliders.\(field.name).label"),
                                   hint: table.string("sliders.\(field.name).hint"), language: language)
            },
            planes: planes.map { plane in
                Self.look(plane.view(label: table.string("sliders.\(plane.name).label"),
                                     xLabel: table.string("sliders.\(plane.name).x"), yLabel: table.string("sliders.\(plane.name).y"),
                                     hint: table.string("sliders.\(plane.name).hint"), language: language))
            },
            hasAccepted: submitted && valid,
            accepted: (sliders + planes.flatMap { [$0.x, $0.y] }).map { .init(name: $0.name, text: $0.controlText) },
            invalid: !valid)
        return try renderer.render(.sliders, for: request, content: content,
                                   status: valid ? .ok : .unprocessableContent)
    }

    /// The 1D configurations, each at a telling starting value.
    static func sliders() -> [SliderField] {
        // The axes are constants known to be valid; `try!` would only fail on a typo here.
        [
            SliderField(name: "finite", axis: try! SliderAxis(min: 0, max: 100), format: .number, value: 37),
            SliderField(name: "reversed", axis: try! SliderAxis(min: 1000, max: 0), format: .number, value: 250),
            SliderField(name: "hue", axis: try! SliderAxis(min: 0, max: 360, isInfinite: true, numberOfUnits: 12),
                        format: .degrees, value: 350),
            SliderField(name: "date", axis: try! SliderAxis(min: 1_767_225_600, max: 1_798_761_600, numberOfUnits: 12),
                        format: .date, value: 1_795_348_800),  // 2026 → 2027; 22 Nov 2026 12:00 UTC
            // A 10-minute film at 25 frames a second: `,` and `.` step a frame.
            try! SliderField.seekBar(name: "video", duration: 600, position: 90, framesPerSecond: 25),
        ]
    }

    /// The thesis's two looks of a plane, one each: the photo with the picture blurred behind
    /// it, the colour field under a white crosshair that does not invert.
    static func look(_ plane: PrecisePlaneModel) -> PrecisePlaneModel {
        var plane = plane
        if plane.id.hasPrefix("photo") { plane.blurredBackground = true }
        if plane.id.hasPrefix("colour") {
            plane.staticCrosshair = true
            plane.style = "--slider-crosshair: #fff; --slider-crosshair-size: 24"
        }
        return plane
    }

    /// The 2D configurations: a photo (x, y in percent) and a colour field (hue wraps).
    static func planes(image: String) -> [PlaneField] {
        [
            PlaneField(
                name: "photo",
                x: SliderField(name: "photo-x", axis: try! SliderAxis(min: 0, max: 100, numberOfUnits: 10),
                               format: .percent, value: 50),
                y: SliderField(name: "photo-y", axis: try! SliderAxis(min: 0, max: 100, numberOfUnits: 10),
                               format: .percent, value: 50),
                content: .image(url: image), aspect: (3, 2)),
            PlaneField(
                name: "colour",
                x: SliderField(name: "colour-x", axis: try! SliderAxis(min: 0, max: 360, isInfinite: true, numberOfUnits: 12),
                               format: .degrees, value: 350),
                y: SliderField(name: "colour-y", axis: try! SliderAxis(min: 100, max: 0, numberOfUnits: 10),
                               format: .percent, value: 80),
                content: .hueSaturation, aspect: (3, 2)),
        ]
    }
}

/// `pages/sliders`.
struct SliderDemoPage: ViewModel {
    /// A value the model accepted, as the form control holds it.
    struct Accepted: ViewModel {
        let name: String
        let text: String
    }

    let sliders: [PreciseSliderModel]
    let planes: [PrecisePlaneModel]
    let hasAccepted: Bool
    let accepted: [Accepted]
    let invalid: Bool
}
