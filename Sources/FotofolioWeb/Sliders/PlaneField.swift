import PreciseSlider

/// A 2D precise slider as two form fields (a range input per axis): a picture moved under a fixed crosshair, the value
/// being the point under it. The content is an image, or a hue × saturation colour field.
struct PlaneField {
    enum Content {
        case image(url: String)
        case hueSaturation
    }

    let name: String
    private(set) var x: SliderField
    private(set) var y: SliderField
    let content: Content
    /// The plane's proportions (width, height), one of the CSS classes `precise-plane--WxH`.
    let aspect: (width: Int, height: Int)
    /// The content's size at scale 1 as a fraction of the plane less its rulers, per axis: (1, 1)
    /// fills that; a photo framed under a square keeps its proportions instead.
    let span: (x: Double, y: Double)

    init(name: String, x: SliderField, y: SliderField, content: Content, aspect: (width: Int, height: Int),
         span: (x: Double, y: Double) = (1, 1)) {
        self.name = name
        self.x = x
        self.y = y
        self.content = content
        self.aspect = aspect
        self.span = span
    }

    var isValid: Bool { x.isValid && y.isValid }

    mutating func submit(x xText: String?, y yText: String?, language: SliderLanguage) {
        x.submit(xText, language: language)
        y.submit(yText, language: language)
    }

    /// The template's model: the fields, the content's copies, the idle axes and their ticks.
    func view(label: String, xLabel: String, yLabel: String, hint: String, language: SliderLanguage) -> PrecisePlaneModel {
        let geometry = SliderFrame.planeGeometry(aspect: aspect, span: span)
        let (xOrigins, width) = SliderFrame.tiles(x, viewport: geometry?.xViewport)
        let (yOrigins, height) = SliderFrame.tiles(y, viewport: geometry?.yViewport)
        // The idle axes are 5 % of the shorter side thick: in percent of each dimension.
        let shorter = Double(min(aspect.width, aspect.height))
        let stripHeight = 5 * shorter / Double(aspect.height)
        let stripWidth = 5 * shorter / Double(aspect.width)
        let image: String? = if case .image(let url) = content { url } else { nil }
        return PrecisePlaneModel(
            id: name, label: label, aspect: "\(aspect.width)x\(aspect.height)",
            config: "{\"x\":\(x.configuration(language)),\"y\":\(y.configuration(language)),"
                + "\"content\":\"\(contentKind)\",\"span\":{\"x\":\(span.x),\"y\":\(span.y)}}",
            x: SliderFrame.fieldValues(x, id: "\(name)-x", label: xLabel, language: language, control: x.rangeControl),
            y: SliderFrame.fieldValues(y, id: "\(name)-y", label: yLabel, language: language, control: y.rangeControl),
            tiles: yOrigins.flatMap { top in xOrigins.map { left in .init(x: left, y: top, width: width, height: height) } },
            xStrip: .init(top: SliderFrame.format(100 - stripHeight), height: SliderFrame.format(stripHeight),
                          width: SliderFrame.format(100 - stripWidth)),
            yStrip: .init(left: SliderFrame.format(100 - stripWidth), width: SliderFrame.format(stripWidth),
                          height: SliderFrame.format(100 - stripHeight)),
            xTicks: SliderFrame.planeTicks(x, viewport: geometry?.xViewport).map { tick in
                .init(at: tick.at, from: SliderFrame.format(100 - stripHeight),
                      to: SliderFrame.format(100 - stripHeight + stripHeight * tick.ratio * 0.7))
            },
            yTicks: SliderFrame.planeTicks(y, viewport: geometry?.yViewport).map { tick in
                .init(at: tick.at, from: SliderFrame.format(100 - stripWidth),
                      to: SliderFrame.format(100 - stripWidth + stripWidth * tick.ratio * 0.7))
            },
            image: image, hue: image == nil, hint: hint, isFraming: false, zoom: nil, frame: nil, open: false)
    }

    private var contentKind: String {
        switch content {
        case .image: "image"
        case .hueSaturation: "hue"
        }
    }
}
