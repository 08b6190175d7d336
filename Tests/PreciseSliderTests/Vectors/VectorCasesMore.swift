/// Plane vectors: geometry, gestures, tiles.
enum PlaneVectorCases {
    typealias V = VectorCases

    static let start: JSONValue = ["x": ["value": 50, "scale": 1], "y": ["value": 50, "scale": 1]]
    static let planeAxes: JSONValue = ["x": V.percent, "y": V.percent]

    static func plane(_ name: String, x: JSONValue = V.percent, y: JSONValue = V.percent, position: JSONValue = start,
                      _ gesture: JSONValue) -> VectorCase {
        VectorCase(name: name, op: "plane", input: [
            "x": x, "y": y, "geometry": V.geometry, "position": position, "gesture": gesture])
    }

    static func tiles(_ name: String, _ axis: JSONValue, value: Double, scale: Double) -> VectorCase {
        VectorCase(name: name, op: "tiles", input: [
            "axis": axis, "viewport": V.planeX, "value": .number(value), "scale": .number(scale)])
    }

    static let all: [VectorCase] = [
        VectorCase(name: "plane layout: idle axes", op: "planeLayout", input: [
            "geometry": V.geometry, "xActive": false, "yActive": false,
            "points": [[400, 300], [400, 590], [790, 300], [790, 590], [400, 565], [770, 300], [-1, 10], [800, 10]]]),
        VectorCase(name: "plane layout: both axes active are twice as thick", op: "planeLayout", input: [
            "geometry": V.geometry, "xActive": true, "yActive": true,
            "points": [[400, 300], [400, 590], [790, 300], [790, 590], [400, 565], [770, 300], [-1, 10], [800, 10]]]),
        VectorCase(name: "plane layout: portrait, only y active", op: "planeLayout", input: [
            "geometry": ["width": 390, "height": 700, "contentWidth": 390, "contentHeight": 520],
            "xActive": false, "yActive": true, "points": [[195, 350], [370, 10], [100, 690]]]),
        VectorCase(name: "axis activity lasts 2 s", op: "activity", input: [
            "cases": [[0, 1], [0, 1.999], [0, 2], [nil, 1], [5, 4]]]),
        plane("plane: dragging the content moves both axes", ["type": "dragContent", "translation": [120, -60]]),
        plane("plane: dragging the content past both ends rubber-bands each",
              position: ["x": ["value": 2, "scale": 1], "y": ["value": 98, "scale": 1]],
              ["type": "dragContent", "translation": [200, -200]]),
        plane("plane: pinch spreading only horizontally zooms only x",
              ["type": "pinchContent", "start": [[300, 300], [500, 300]], "current": [[200, 300], [600, 300]]]),
        plane("plane: pinch zooms each axis by its own spread, about the crosshair",
              ["type": "pinchContent", "start": [[300, 200], [500, 400]], "current": [[280, 150], [560, 420]]]),
        plane("plane: pinch factors treat aligned fingers as no zoom on that axis",
              ["type": "pinchFactors", "start": [[400, 200], [402, 400]], "current": [[400, 100], [404, 500]]]),
        plane("plane: pinch factors floor a small starting spread at 24 px",
              ["type": "pinchFactors", "start": [[395, 200], [405, 400]], "current": [[350, 150], [450, 450]]]),
        plane("plane: dragging the x ruler changes only x", ["type": "dragAxis", "axis": "x", "distance": 80]),
        plane("plane: zooming the y ruler changes only y", ["type": "zoomAxis", "axis": "y", "factor": 3]),
        plane("plane: release animates each axis on its own",
              position: ["x": ["value": 50, "scale": 1], "y": ["value": 101, "scale": 1]],
              ["type": "release", "velocity": [-900, 0]]),
        plane("plane: infinite x axis drags freely", x: V.hue, ["type": "dragContent", "translation": [-5000, 10]]),
        tiles("tiles: finite axis has one copy", V.percent, value: 50, scale: 0.3),
        tiles("tiles: infinite axis at s 1 has 3", V.hue, value: 350, scale: 1),
        tiles("tiles: at s 0.5 still 3", V.hue, value: 10, scale: 0.5),
        tiles("tiles: just below 0.5 gives 5", V.hue, value: 10, scale: 0.49),
        tiles("tiles: s 0.3 gives 7 (ceil 5.33 = 6, made odd)", V.hue, value: 725, scale: 0.3),
        tiles("tiles: s 0.2 gives 7", V.hue, value: -30, scale: 0.2),
        tiles("tiles: s 0.1 gives 13 (12 made odd)", V.hue, value: 180, scale: 0.1),
        tiles("tiles: reversed infinite axis", V.reversedHue, value: 100, scale: 1),
    ]
}

/// Label and validation vectors.
enum LabelVectorCases {
    typealias V = VectorCases

    static func labels(_ name: String, _ format: String, _ language: String, _ items: JSONValue) -> VectorCase {
        VectorCase(name: name, op: "label", input: ["format": .string(format), "language": .string(language), "items": items])
    }

    static func validate(_ name: String, _ axis: JSONValue, _ format: String, _ texts: [String]) -> VectorCase {
        VectorCase(name: name, op: "validate", input: [
            "axis": axis, "format": .string(format), "texts": .array(texts.map { .string($0) })])
    }

    static let numberItems: JSONValue = [
        [12.5, 0.5], [12.5, 1], [-3.25, 0.25], [1250, 50], [12_345, 5], [1_234_567.891, 0.001], [0.0016, 0.0016],
        [-0.0001, 0.1], [2.5, 5], [1e12, 1e10], [0.125, 0.01], [1e-8, 1e-8]]

    static let all: [VectorCase] = [
        VectorCase(name: "label decimals follow the step", op: "labelDecimals", input: [
            "steps": [1, 0.2, 0.04, 0.008, 0.0016, 0.25, 2.5, 5, 0.1, 1e-8, 0.3, 0.333_333_333_333_333_3, 125, 0.24]]),
        labels("labels: numbers in Czech", "number", "cs", numberItems),
        labels("labels: numbers in English", "number", "en", numberItems),
        labels("labels: currency in Czech", "currency", "cs", [[1250, 50], [999, 1], [-1_250_000, 1000], [12.5, 0.5]]),
        labels("labels: currency in English", "currency", "en", [[1250, 50], [999, 1], [-1_250_000, 1000], [12.5, 0.5]]),
        labels("labels: percent", "percent", "cs", [[12.5, 0.5], [100, 5]]),
        labels("labels: percent in English", "percent", "en", [[12.5, 0.5], [100, 5]]),
        labels("labels: degrees", "degrees", "cs", [[45, 5], [12.5, 0.5], [-90, 15]]),
        labels("labels: durations", "duration", "cs", [
            [0, 1], [5, 1], [65, 5], [599.999, 1], [312.24, 0.24], [312.245, 0.001], [3600, 60], [4523.5, 0.5], [-7, 1]]),
        labels("labels: durations in English", "duration", "en", [[312.24, 0.24], [4523.5, 0.5], [0.0625, 0.0005]]),
        labels("labels: dates in Czech", "date", "cs", [
            [1_709_647_200, 31_536_000], [1_709_647_200, 2_592_000], [1_709_647_200, 86_400],
            [1_709_647_200, 3600], [1_709_596_800, 3600], [1_709_647_530, 60], [1_709_647_537, 5],
            [1_709_596_830, 60], [1_709_596_803, 5]]),
        labels("labels: dates in English", "date", "en", [
            [1_709_647_200, 31_536_000], [1_709_647_200, 2_592_000], [1_709_647_200, 86_400],
            [1_709_647_200, 3600], [1_709_596_800, 3600], [1_709_647_530, 60], [1_709_647_537, 5],
            [1_709_596_830, 60], [1_709_596_803, 5]]),
        labels("labels: every month name", "date", "cs", .array((0..<12).map { month in
            [.number(1_704_067_200 + Double(month) * 2_678_400), 2_592_000]
        })),
        labels("labels: every English month name", "date", "en", .array((0..<12).map { month in
            [.number(1_704_067_200 + Double(month) * 2_678_400), 2_592_000]
        })),
        VectorCase(name: "civil dates round-trip", op: "civil", input: [
            "values": [0, 951_782_400, -86_400, 1_709_647_200, 4_102_444_800, -62_135_596_800, 1_709_647_199.6]]),
    ]

    static let validation: [VectorCase] = [
        validate("validate: numbers on 0–100", V.percent, "number", [
            "12.5", "12,5", " 12,5 ", "−3", "150", "abc", "", "   ", "NaN", "inf", "-∞", "1e5", "1 250", "1,2,3", "12.",
            ".5", "+7", "1 000 000 000 000 000 000", "12 .5", "a very long piece of text that is certainly not a number"]),
        validate("validate: wraps on an infinite axis", V.hue, "degrees", ["3610", "-10", "45°", "360 °"]),
        validate("validate: snaps to the step", V.snapping, "number", ["4.4", "4,5", "10", "-1"]),
        validate("validate: durations", V.durationAxis, "duration", [
            "1:30", "1:30,5", "1:02:03", "90", "1:75", "a:b", "1::2", "-0:05", "12:3", "1:30.25.1"]),
        validate("validate: dates (UTC)", V.year2024, "date", [
            "2024-03-05", "2024-03-05 14:30", "2024-03-05T14:30:15Z", "2024-02-30", "2024-13-01", "2023-06-01",
            "1709647200", "2024-3-5", "zítra"]),
        validate("validate: currency", V.prices, "currency", ["1 250 Kč", "1 250,- Kč", "CZK 1 250", "1250,50", "Kč"]),
        validate("validate: percent", V.percent, "percent", ["12,5 %", "12.5%", "%"]),
    ]
}
