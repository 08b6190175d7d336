/// Vectors for the precise-slider thesis's rules: a pinch keeps the value bit for bit
/// wherever the fingers are, a plane's content at 1:1 is the plane less its rulers, any
/// number of turns of an infinite axis is exact, a finite ruler's ends always have exact
/// ticks, and a film's seek bar.
enum RuleVectorCases {
    typealias V = VectorCases

    static func pinch(_ name: String, _ axis: JSONValue, value: Double, scale: Double,
                      start: (Double, Double), current: (Double, Double)) -> VectorCase {
        VectorCase(name: name, op: "pinch", input: [
            "axis": axis, "value": .number(value), "scale": .number(scale),
            "start": [.number(start.0), .number(start.1)], "current": [.number(current.0), .number(current.1)]])
    }

    static let all: [VectorCase] = pinchCases + planeCases + turnCases + endCases + seekCases + durationCases

    /// Fingers in px from the pointer line: wherever they are and however they move, only
    /// their spread counts.
    static let pinchCases: [VectorCase] = [
        pinch("pinch: fingers right of the pointer spread threefold, the value stays", V.percent, value: 37, scale: 1,
              start: (30, 70), current: (-10, 110)),
        pinch("pinch: fingers that pan while spreading do not move the value", V.percent, value: 42.42, scale: 2,
              start: (20, 60), current: (-140, -80)),
        pinch("pinch: fingers far left on a reversed range", V.reversed, value: 61.8, scale: 1.3,
              start: (-180, -120), current: (-190, -10)),
        pinch("pinch: fingers closing zoom out about the pointer", V.hue, value: 359.99, scale: 4,
              start: (-100, 150), current: (-20, 30)),
        pinch("pinch: fingers nearly together count as 24 px apart", V.percent, value: 0.1 + 0.2, scale: 1,
              start: (50, 52), current: (10, 106)),
        pinch("pinch: clamped at maxScale, still the value", V.percent, value: 99.999, scale: 900,
              start: (0, 100), current: (-200, 200)),
        pinch("pinch: an overscrolled ruler keeps its overscroll", V.percent, value: 100.7, scale: 1,
              start: (-60, -20), current: (-90, 40)),
    ]

    static let planeCases: [VectorCase] = [
        PlaneVectorCases.plane("plane: a pinch far from the crosshair keeps both values",
                               position: ["x": ["value": 12.34, "scale": 1.7], "y": ["value": 87.65, "scale": 0.9]],
                               ["type": "pinchContent", "start": [[20, 30], [140, 90]], "current": [[700, 500], [790, 590]]]),
        PlaneVectorCases.plane("plane: a pinch on the infinite x axis keeps the hue", x: V.hue,
                               position: ["x": ["value": 359.5, "scale": 1], "y": ["value": 50, "scale": 1]],
                               ["type": "zoomAxis", "axis": "x", "factor": 0.3]),
        VectorCase(name: "plane fitting: a 3 × 2 plane's content is the plane less its 13 px rulers", op: "planeFitting",
                   input: ["width": 390, "height": 260]),
        VectorCase(name: "plane fitting: a portrait plane", op: "planeFitting", input: ["width": 390, "height": 700]),
        VectorCase(name: "plane fitting: a photo framed under a square keeps its proportions", op: "planeFitting",
                   input: ["width": 600, "height": 600, "span": [1.2, 0.8]]),
        VectorCase(name: "plane fitting: a zero side is refused", op: "planeFitting", input: ["width": 0, "height": 260]),
    ]

    static let turnCases: [VectorCase] = [
        VectorCase(name: "turns: 10⁹ and 10¹² turns bring the value back exactly", op: "drag", input: [
            "axis": V.hue, "viewport": V.degreePerPixel, "start": 10.3, "scale": 1,
            "dxs": [-360e9, 360e9, -360e12, 360e12, .number(-360e9 - 20), .number(360e12 + 0.5)]]),
        VectorCase(name: "turns: a start 10¹² turns out drags like one near 0", op: "drag", input: [
            "axis": V.hue, "viewport": V.degreePerPixel, "start": .number(360e12 + 10), "scale": 1, "dxs": [0, -20, 15.5]]),
        VectorCase(name: "turns: whole periods come off exactly", op: "values", input: [
            "axis": V.hue, "values": [.number(360e9 + 10), .number(360e12 + 10), .number(-360e12 - 10), 359.75, -0.25]]),
        V.ticks("turns: ticks after 10⁹ turns, deepest zoom", V.hue, V.phone, value: 360e9 + 10, scale: 1000,
                format: "degrees"),
        V.ticks("turns: ticks after 10¹² turns, deepest zoom", V.hue, V.phone, value: 360e12 + 10, scale: 1000,
                format: "degrees"),
        V.ticks("turns: the same ticks at 10°", V.hue, V.phone, value: 10, scale: 1000, format: "degrees"),
        V.release("turns: a fling 10¹² turns out glides from the same point", V.hue, V.phone,
                  value: 360e12 + 350, scale: 1, velocity: -3000),
        PlaneVectorCases.tiles("turns: tiles 10¹² turns out", V.hue, value: 360e12 + 10, scale: 0.3),
    ]

    static let endCases: [VectorCase] = [
        V.ticks("ends: the lower bound off the grid gets a tick of its own", V.offGrid, V.phone, value: 10, scale: 1),
        V.ticks("ends: the upper bound off the grid gets a tick of its own", V.offGrid, V.phone, value: 100, scale: 2),
        V.ticks("ends: a reversed range off the grid", V.reversedOffGrid, V.phone, value: 8, scale: 1),
        V.ticks("ends: bounds on the grid are moved onto them exactly", ["min": 0, "max": 7.3], V.phone,
                value: 7.3, scale: 1, format: "duration"),
        V.ticks("ends: both bounds in view", ["min": 0, "max": 0.7], V.phone, value: 0.35, scale: 0.5),
    ]

    static func seek(_ duration: Double, _ name: String) -> VectorCase {
        VectorCase(name: "seek bar: a film of \(name)", op: "seekBar", input: ["duration": .number(duration), "viewport": V.phone])
    }

    static let seekCases: [VectorCase] = [
        seek(0.5, "half a second, too short to zoom"), seek(7.3, "7.3 s"), seek(60, "a minute"), seek(180, "three minutes"),
        VectorCase(name: "seek bar: a 16 s film at 25 frames a second zooms until a frame is 12 px on a phone",
                   op: "seekBar", input: ["duration": 16, "frameDuration": 0.04, "viewport": V.phone]),
        VectorCase(name: "seek bar: a long film's thesis rule is the floor", op: "seekBar",
                   input: ["duration": 600, "frameDuration": 1, "viewport": V.phone]),
        VectorCase(name: "seek bar: no duration is refused", op: "seekBar", input: ["duration": 0, "viewport": V.phone]),
        VectorCase(name: "seek bar: a negative duration is refused", op: "seekBar",
                   input: ["duration": -5, "viewport": V.phone]),
    ]

    static let durationCases: [VectorCase] = [
        LabelVectorCases.labels("labels: durations as fine as their step", "duration", "cs", [
            [7.5, 2.5], [3.6, 1.2], [.number(1.0 / 3), .number(1.0 / 3)], [.number(2.0 / 3), .number(1.0 / 3)], [0.04, 0.04],
            [.number(1.0 / 30), .number(1.0 / 30)],
            [0.144, 0.072], [1.095, 0.365], [59.9, 0.1], [0.0576, 0.0576], [3599.9996, 0.001]]),
        LabelVectorCases.labels("labels: durations as fine as their step, in English", "duration", "en", [
            [7.5, 2.5], [.number(1.0 / 3), .number(1.0 / 3)], [1.095, 0.365]]),
    ]
}
