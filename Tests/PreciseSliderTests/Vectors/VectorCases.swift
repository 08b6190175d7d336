/// The inputs of the shared test vectors. Their expected outputs are whatever the Swift
/// model computes, written to `Tests/Fixtures/precise-slider-vectors.json` with
/// `UPDATE_VECTORS=1` and checked against it (by Swift and by Node) otherwise.
struct VectorCase {
    let name: String
    let op: String
    let input: JSONValue
}

enum VectorCases {
    // Axes.
    static let percent: JSONValue = ["min": 0, "max": 100]
    static let reversed: JSONValue = ["min": 100, "max": 0]
    static let hue: JSONValue = ["min": 0, "max": 360, "isInfinite": true]
    static let reversedHue: JSONValue = ["min": 360, "max": 0, "isInfinite": true]
    static let video: JSONValue = ["min": 0, "max": 600, "maxScale": 1000]
    static let tiny: JSONValue = ["min": 0, "max": 1e-6]
    static let huge: JSONValue = ["min": 0, "max": 1e12]
    static let snapping: JSONValue = ["min": 0, "max": 10, "snapStep": 3]
    static let hueSnapping: JSONValue = ["min": 0, "max": 360, "isInfinite": true, "snapStep": 15]
    static let prices: JSONValue = ["min": 0, "max": 100_000]
    /// 2000-01-01 to 2030-01-01 UTC, zoomable down to seconds.
    static let decades: JSONValue = ["min": 946_684_800, "max": 1_893_456_000, "maxScale": 1e6]
    static let year2024: JSONValue = ["min": 1_704_067_200, "max": 1_735_689_600]
    static let durationAxis: JSONValue = ["min": 0, "max": 7200]
    /// Ticks at 3.5, 4.5, … never reach either bound.
    static let offGrid: JSONValue = ["min": 3.5, "max": 103.5]
    static let reversedOffGrid: JSONValue = ["min": 103.5, "max": 3.5]
    // Viewports.
    static let phone: JSONValue = ["kind": "slider", "length": 390]
    static let wide: JSONValue = ["kind": "slider", "length": 1200]
    static let planeX: JSONValue = ["kind": "plane", "length": 800, "content": 1200]
    /// 360 px for 360°: one pixel per degree at scale 1, so a turn is a whole number of pixels.
    static let degreePerPixel: JSONValue = ["kind": "slider", "length": 180]
    static let geometry: JSONValue = ["width": 800, "height": 600, "contentWidth": 1200, "contentHeight": 900]

    static var all: [VectorCase] {
        axisCases + tickCases + valueCases + gestureCases + releaseCases + planeCases + labelCases + validationCases
            + RuleVectorCases.all
    }

    static func ticks(_ name: String, _ axis: JSONValue, _ viewport: JSONValue, value: Double, scale: Double,
                      format: String = "number", language: String = "cs", showLabels: Bool = true) -> VectorCase {
        VectorCase(name: name, op: "ticks", input: [
            "axis": axis, "viewport": viewport, "value": .number(value), "scale": .number(scale),
            "format": .string(format), "language": .string(language), "showLabels": .bool(showLabels)])
    }

    static let axisCases: [VectorCase] = [
        VectorCase(name: "axis: plain 0–100", op: "axis", input: ["axis": percent]),
        VectorCase(name: "axis: reversed range has direction −1", op: "axis", input: ["axis": reversed]),
        VectorCase(name: "axis: min == max is rejected", op: "axis", input: ["axis": ["min": 5, "max": 5]]),
        VectorCase(name: "axis: bounds beyond 1e15 are rejected", op: "axis", input: ["axis": ["min": 0, "max": 2e15]]),
        VectorCase(name: "axis: range too narrow for its magnitude", op: "axis",
                   input: ["axis": ["min": 1e12, "max": 1_000_000_000_000.0001]]),
        VectorCase(name: "axis: zero units rejected", op: "axis", input: ["axis": ["min": 0, "max": 1, "numberOfUnits": 0]]),
        VectorCase(name: "axis: minScale above maxScale rejected", op: "axis",
                   input: ["axis": ["min": 0, "max": 1, "minScale": 4, "maxScale": 2]]),
        VectorCase(name: "axis: snap step longer than the range rejected", op: "axis",
                   input: ["axis": ["min": 0, "max": 10, "snapStep": 11]]),
        VectorCase(name: "axis: zero snap step rejected", op: "axis", input: ["axis": ["min": 0, "max": 10, "snapStep": 0]]),
        VectorCase(name: "decompose: s = 125 is exactly 5³", op: "decompose", input: ["scale": 125]),
        VectorCase(name: "decompose: s = 5", op: "decompose", input: ["scale": 5]),
        VectorCase(name: "decompose: s = 0.2", op: "decompose", input: ["scale": 0.2]),
        VectorCase(name: "decompose: s = 0.04", op: "decompose", input: ["scale": 0.04]),
        VectorCase(name: "decompose: s = 7.3", op: "decompose", input: ["scale": 7.3]),
        VectorCase(name: "decompose: s = 90", op: "decompose", input: ["scale": 90]),
        VectorCase(name: "decompose: just below 5^6", op: "decompose", input: ["scale": 15_624.999]),
        VectorCase(name: "decompose: a hair below 125 counts as 125", op: "decompose", input: ["scale": .number(125 * (1 - 1e-15))]),
        VectorCase(name: "decompose: s = 0 is rejected", op: "decompose", input: ["scale": 0]),
    ]

    static let tickCases: [VectorCase] = [
        ticks("seed: 0–100, N 20, W 390, s 1, v 50", percent, phone, value: 50, scale: 1),
        ticks("seed: 0–100, N 20, W 390, s 2, v 50", percent, phone, value: 50, scale: 2),
        ticks("seed: 0–100, N 20, W 390, s 5, v 50", percent, phone, value: 50, scale: 5),
        ticks("seed: 0–100, N 20, W 390, s 7.3, v 50", percent, phone, value: 50, scale: 7.3),
        ticks("seed: 0–100 at the lower end drops ticks below 0", percent, phone, value: 0, scale: 1),
        ticks("seed: 0–100 at the upper end, s 2", percent, phone, value: 100, scale: 2),
        ticks("handover: just below s = 5", percent, phone, value: 42.3, scale: 4.999_999),
        ticks("handover: at s = 5", percent, phone, value: 42.3, scale: 5),
        ticks("handover: at s = 25", percent, phone, value: 42.3, scale: 25),
        ticks("handover: at s = 125", percent, phone, value: 42.3, scale: 125),
        ticks("seed: 600 s video at s 90", video, phone, value: 312.5, scale: 90, format: "duration"),
        ticks("video at s 1 in English", video, phone, value: 300, scale: 1, format: "duration", language: "en"),
        ticks("reversed 100→0 at s 1.5", reversed, phone, value: 30, scale: 1.5),
        ticks("hue wraps labels across 360°", hue, phone, value: 350, scale: 1, format: "degrees"),
        ticks("hue 3610° with every tick labelled", hue, phone, value: 3610, scale: 3.5, format: "degrees"),
        ticks("reversed hue 360→0", reversedHue, phone, value: 5, scale: 2, format: "degrees"),
        ticks("tiny range 1e-6 at s 1", tiny, phone, value: 5e-7, scale: 1),
        ticks("tiny range 1e-6 at s 40", tiny, phone, value: 5e-7, scale: 40),
        ticks("huge range 1e12 at s 1, Czech grouping", huge, phone, value: 5e11, scale: 1),
        ticks("huge range 1e12 at s 1000, English grouping", huge, wide, value: 123_456_789_012, scale: 1000, language: "en"),
        ticks("currency in Czech", prices, phone, value: 1250, scale: 30, format: "currency"),
        ticks("currency in English", prices, phone, value: 1250, scale: 30, format: "currency", language: "en"),
        ticks("percent in Czech", percent, phone, value: 12.5, scale: 10, format: "percent"),
        ticks("percent in English", percent, phone, value: 12.5, scale: 10, format: "percent", language: "en"),
        ticks("dates: years", decades, wide, value: 1_400_000_000, scale: 1, format: "date"),
        ticks("dates: months in Czech", decades, wide, value: 1_400_000_000, scale: 5, format: "date"),
        ticks("dates: months in English", decades, wide, value: 1_400_000_000, scale: 5, format: "date", language: "en"),
        ticks("dates: days in Czech", decades, wide, value: 1_400_000_000, scale: 40, format: "date"),
        ticks("dates: days in English", decades, wide, value: 1_400_000_000, scale: 40, format: "date", language: "en"),
        ticks("dates: hours name their day", decades, wide, value: 1_400_025_600, scale: 700, format: "date"),
        ticks("dates: minutes", decades, wide, value: 1_400_000_000, scale: 20_000, format: "date"),
        ticks("dates: seconds", decades, wide, value: 1_400_000_000, scale: 400_000, format: "date"),
        ticks("slider at truncScale 3 labels majors only", percent, phone, value: 50, scale: 3),
        ticks("slider just above truncScale 3 labels every tick", percent, phone, value: 50, scale: 3.05),
        ticks("plane axis, truncScale 3.5: majors labelled only", percent, planeX, value: 50, scale: 3.5),
        ticks("plane axis, truncScale 4.5: all labelled", percent, planeX, value: 50, scale: 4.5),
        ticks("plane axis idle: no labels", percent, planeX, value: 50, scale: 4.5, showLabels: false),
        ticks("too many ticks is an error", ["min": 0, "max": 1, "numberOfUnits": 1000],
              ["kind": "plane", "length": 100_000, "content": 1], value: 0.5, scale: 1),
    ]

    static let valueCases: [VectorCase] = [
        VectorCase(name: "values: clamp 0–100", op: "values", input: ["axis": percent, "values": [-10, 0, 50.4, 100, 130]]),
        VectorCase(name: "values: wrap hue across many periods", op: "values",
                   input: ["axis": hue, "values": [3610, -10, 360, 720, -725.5, 359.999]]),
        VectorCase(name: "values: a hair below the start of a period wraps to it", op: "values",
                   input: ["axis": hue, "values": [-1e-17, -1e-14, 1e-17]]),
        VectorCase(name: "values: halves snap upwards, also below zero", op: "values",
                   input: ["axis": ["min": -10, "max": 10, "snapStep": 1], "values": [-2.5, -0.5, 0.5, 2.5, 0.49999999999999994]]),
        VectorCase(name: "values: wrap reversed hue", op: "values", input: ["axis": reversedHue, "values": [3610, -10, 360, 0]]),
        VectorCase(name: "values: snap to 3 within 0–10", op: "values", input: ["axis": snapping, "values": [-1, 4.4, 4.5, 8.9, 10, 12]]),
        VectorCase(name: "values: snap hue to 15°", op: "values", input: ["axis": hueSnapping, "values": [352, 359.9, 7.5, 727]]),
        VectorCase(name: "values: reversed clamp", op: "values", input: ["axis": reversed, "values": [-5, 30, 105]]),
        VectorCase(name: "mapping: 0–100 at s 2", op: "mapping", input: [
            "axis": percent, "viewport": phone, "value": 50, "scale": 2,
            "targets": [0, 40, 50, 60, 100], "offsets": [-195, 0, 15.6, 195]]),
        VectorCase(name: "mapping: reversed range flips direction", op: "mapping", input: [
            "axis": reversed, "viewport": phone, "value": 50, "scale": 2,
            "targets": [0, 40, 50, 60, 100], "offsets": [-195, 0, 15.6, 195]]),
        VectorCase(name: "mapping: plane axis spans the content", op: "mapping", input: [
            "axis": percent, "viewport": planeX, "value": 50, "scale": 1, "targets": [0, 100], "offsets": [400]]),
    ]

    static let gestureCases: [VectorCase] = [
        VectorCase(name: "drag: 1:1 inside, rubber band past the ends", op: "drag", input: [
            "axis": percent, "viewport": phone, "start": 50, "scale": 1, "dxs": [0, 100, -100, 390, 500, -500, 1000]]),
        VectorCase(name: "drag: starting in an overscroll continues without a jump", op: "drag", input: [
            "axis": percent, "viewport": phone, "start": 101, "scale": 1, "dxs": [0, 10, -10, 100]]),
        VectorCase(name: "drag: reversed range", op: "drag", input: [
            "axis": reversed, "viewport": phone, "start": 50, "scale": 1, "dxs": [100, -100, 500, -500]]),
        VectorCase(name: "drag: infinite axis has no band", op: "drag", input: [
            "axis": hue, "viewport": phone, "start": 350, "scale": 1, "dxs": [-200, 2000, -20000]]),
        VectorCase(name: "rubber band values", op: "rubberBand", input: ["xs": [0, 0.5, 1, 2, 10, 100, 1000, -100]]),
        VectorCase(name: "velocity: steady 1000 px/s", op: "velocity", input: [
            "samples": [[0, 0], [0.016, 16], [0.032, 32], [0.048, 48], [0.064, 64], [0.08, 80]]]),
        VectorCase(name: "velocity: samples older than 100 ms are ignored", op: "velocity", input: [
            "samples": [[0, 500], [0.05, 400], [0.3, 0], [0.35, 25], [0.4, 50]]]),
        VectorCase(name: "velocity: one sample gives 0", op: "velocity", input: ["samples": [[1, 10]]]),
        VectorCase(name: "velocity: a finger that stopped gives 0", op: "velocity", input: [
            "samples": [[0, 0], [0.05, 50], [0.2, 100], [0.25, 100], [0.3, 100]]]),
        VectorCase(name: "velocity: jitter is averaged", op: "velocity", input: [
            "samples": [[10.0, 100], [10.02, 121], [10.04, 139], [10.06, 162], [10.08, 178]]]),
        VectorCase(name: "zoom ×2 keeps the value", op: "zoom", input: ["axis": percent, "value": 50, "scale": 1, "factor": 2]),
        VectorCase(name: "zoom clamps at maxScale", op: "zoom", input: ["axis": percent, "value": 50, "scale": 800, "factor": 3]),
        VectorCase(name: "zoom clamps at minScale", op: "zoom", input: ["axis": percent, "value": 20, "scale": 1, "factor": 0.1]),
        VectorCase(name: "zoom on a reversed range", op: "zoom", input: ["axis": reversed, "value": 50, "scale": 1, "factor": 4]),
        VectorCase(name: "zoom by 0 is rejected", op: "zoom", input: ["axis": percent, "value": 50, "scale": 1, "factor": 0]),
        VectorCase(name: "ease-out curve", op: "easeOut", input: ["progress": [-0.5, 0, 0.25, 0.5, 0.75, 1, 2]]),
        VectorCase(name: "spring ζ 0.75", op: "spring", input: [
            "initial": 10, "velocity": -50, "dampingRatio": 0.75, "response": 0.5,
            "times": [0, 0.05, 0.1, 0.25, 0.5, 1], "tolerance": 0.01]),
        VectorCase(name: "spring ζ 1", op: "spring", input: [
            "initial": -3, "velocity": 40, "dampingRatio": 1, "response": 0.5,
            "times": [0, 0.05, 0.1, 0.25, 0.5, 1], "tolerance": 0.01]),
        VectorCase(name: "spring ζ 1.5", op: "spring", input: [
            "initial": 5, "velocity": 0, "dampingRatio": 1.5, "response": 0.5,
            "times": [0, 0.05, 0.1, 0.25, 0.5, 1], "tolerance": 0.01]),
    ]

    static func release(_ name: String, _ axis: JSONValue, _ viewport: JSONValue, value: Double, scale: Double,
                        velocity: Double) -> VectorCase {
        VectorCase(name: name, op: "release", input: [
            "axis": axis, "viewport": viewport, "value": .number(value), "scale": .number(scale),
            "velocity": .number(velocity)])
    }

    static let releaseCases: [VectorCase] = [
        release("release: slow, ≤ 20 px travel, stays", percent, phone, value: 50, scale: 1, velocity: 50),
        release("release: 20 px travel exactly still stays", percent, phone, value: 50, scale: 1, velocity: 120),
        release("release: just over 20 px glides", percent, phone, value: 50, scale: 1, velocity: 121),
        release("release: fling left glides up the values", percent, phone, value: 50, scale: 1, velocity: -600),
        release("release: fling right glides down the values", percent, phone, value: 50, scale: 1, velocity: 600),
        release("release: glide that would cross 0 springs to it", percent, phone, value: 5, scale: 1, velocity: 600),
        release("release: glide that would cross 100 springs to it", percent, phone, value: 97, scale: 3, velocity: -2000),
        release("release: tiny push out at the end still bumps the bound", percent, phone, value: 100, scale: 1, velocity: -10),
        release("release: overscroll below 0 springs back, critically damped", percent, phone, value: -2, scale: 1, velocity: 0),
        release("release: overscroll above 100 ignores the fling", percent, phone, value: 103, scale: 1, velocity: 800),
        release("release: infinite axis glides past the period unwrapped", hue, phone, value: 350, scale: 1, velocity: -3000),
        release("release: snapping settles on the grid", snapping, phone, value: 4.4, scale: 1, velocity: 0),
        release("release: snapping glide aims at a grid point", snapping, phone, value: 4.4, scale: 1, velocity: -400),
        release("release: reversed range", reversed, phone, value: 50, scale: 1, velocity: 600),
        release("release: plane glides for 1 s", percent, planeX, value: 50, scale: 1, velocity: 900),
    ]

    static let planeCases: [VectorCase] = PlaneVectorCases.all
    static let labelCases: [VectorCase] = LabelVectorCases.all
    static let validationCases: [VectorCase] = LabelVectorCases.validation
}
