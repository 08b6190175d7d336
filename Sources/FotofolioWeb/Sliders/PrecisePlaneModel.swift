/// `partials/precise-plane`: a 2D slider's two fields, the content's copies, the idle axes
/// and their ticks; a photo's framing (`partials/photo-framing`) adds the zoom and the frame.
struct PrecisePlaneModel: ViewModel {
    /// One copy of the content, in percent of the plane.
    struct Tile: ViewModel {
        let x: String
        let y: String
        let width: String
        let height: String

        // Up to dozens a plane: answered without reflection.
        func child(named name: String) -> Any? {
            switch name {
            case "x": ViewModelLookup.answer(name, x)
            case "y": ViewModelLookup.answer(name, y)
            case "width": ViewModelLookup.answer(name, width)
            case "height": ViewModelLookup.answer(name, height)
            default: ViewModelLookup.missing(name)
            }
        }
    }

    /// The idle x axis along the bottom, in percent of the plane.
    struct XStrip: ViewModel {
        let top: String
        let height: String
        let width: String
    }

    /// The idle y axis along the right edge, in percent of the plane.
    struct YStrip: ViewModel {
        let left: String
        let width: String
        let height: String
    }

    struct AxisTick: ViewModel {
        let at: String
        let from: String
        let to: String

        // Dozens an axis: answered without reflection.
        func child(named name: String) -> Any? {
            switch name {
            case "at": ViewModelLookup.answer(name, at)
            case "from": ViewModelLookup.answer(name, from)
            case "to": ViewModelLookup.answer(name, to)
            default: ViewModelLookup.missing(name)
            }
        }
    }

    /// The fixed square a photo is framed under, in percent of the plane.
    struct Frame: ViewModel {
        let inset: String
        let side: String
        let end: String
    }

    let id: String
    let label: String
    /// "3x2": the CSS class of the plane's proportions.
    let aspect: String
    /// The widget's settings (JSON).
    var config: String
    let x: SliderFieldModel
    let y: SliderFieldModel
    let tiles: [Tile]
    let xStrip: XStrip
    let yStrip: YStrip
    let xTicks: [AxisTick]
    let yTicks: [AxisTick]
    /// The picture moved under the crosshair, or nil for the colour field (`hue`).
    let image: String?
    let hue: Bool
    var hint: String
    /// A photo's framing: the zoom field, the frame, and whether the panel starts open.
    var isFraming: Bool
    var zoom: SliderFieldModel?
    var frame: Frame?
    var open: Bool
    /// Its look (CSS custom properties, `--slider-…`), and the thesis's options: the picture
    /// itself, blurred, behind the plane; a crosshair of one colour instead of the inverting one.
    var style: String? = nil
    var blurredBackground = false
    var staticCrosshair = false
}
