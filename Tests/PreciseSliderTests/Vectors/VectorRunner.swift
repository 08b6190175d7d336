import PreciseSlider

/// Runs one vector operation on its JSON input and returns its JSON output. The
/// JavaScript test (`Tests/JS/precise-slider-math.test.mjs`) has the same function, with
/// the same output shapes; any error becomes `{"error": code}`.
enum VectorRunner {
    struct BadInput: Error { let reason: String }

    static func run(_ op: String, _ input: JSONValue) -> JSONValue {
        do {
            return try dispatch(op, input)
        } catch let error as SliderInputError {
            return ["error": .string(error.code)]
        } catch let error as SliderConfigurationError {
            return ["error": .string(error.code)]
        } catch {
            return ["error": .string("badVector: \(error)")]
        }
    }

    static func dispatch(_ op: String, _ input: JSONValue) throws -> JSONValue {
        switch op {
        case "axis": return try axisOp(input)
        case "decompose": return try decomposeOp(input)
        case "ticks": return try ticksOp(input)
        case "values": return try valuesOp(input)
        case "mapping": return try mappingOp(input)
        case "drag": return try dragOp(input)
        case "rubberBand": return try rubberBandOp(input)
        case "velocity": return try velocityOp(input)
        case "release": return try releaseOp(input)
        case "spring": return try springOp(input)
        case "easeOut": return try easeOutOp(input)
        case "zoom": return try zoomOp(input)
        case "pinch": return try pinchOp(input)
        case "planeFitting": return try planeFittingOp(input)
        case "seekBar": return try seekBarOp(input)
        case "tiles": return try tilesOp(input)
        case "planeLayout": return try planeLayoutOp(input)
        case "plane": return try planeOp(input)
        case "activity": return try activityOp(input)
        case "label": return try labelOp(input)
        case "labelDecimals": return try labelDecimalsOp(input)
        case "validate": return try validateOp(input)
        case "civil": return try civilOp(input)
        default: throw BadInput(reason: "unknown op \(op)")
        }
    }

    // MARK: Reading inputs

    static func number(_ input: JSONValue, _ key: String) throws -> Double {
        guard let x = input[key]?.double else { throw BadInput(reason: "missing number \(key)") }
        return x
    }

    static func numbers(_ input: JSONValue, _ key: String) throws -> [Double] {
        guard let items = input[key]?.array else { throw BadInput(reason: "missing array \(key)") }
        return try items.map { item in
            guard let x = item.double else { throw BadInput(reason: "non-number in \(key)") }
            return x
        }
    }

    static func axis(_ json: JSONValue?) throws -> SliderAxis {
        guard let json else { throw BadInput(reason: "missing axis") }
        return try SliderAxis(
            min: number(json, "min"), max: number(json, "max"),
            isInfinite: json["isInfinite"]?.bool ?? false,
            numberOfUnits: Int(json["numberOfUnits"]?.double ?? Double(SliderConstants.defaultNumberOfUnits)),
            minScale: json["minScale"]?.double ?? SliderConstants.defaultMinScale,
            maxScale: json["maxScale"]?.double ?? SliderConstants.defaultMaxScale,
            snapStep: json["snapStep"]?.double)
    }

    static func viewport(_ json: JSONValue?) throws -> AxisViewport {
        guard let json else { throw BadInput(reason: "missing viewport") }
        if json["kind"]?.string == "plane" { return try .plane(length: number(json, "length"), content: number(json, "content")) }
        return try .slider(length: number(json, "length"))
    }

    static func geometry(_ json: JSONValue?) throws -> PlaneGeometry {
        guard let json else { throw BadInput(reason: "missing geometry") }
        return try PlaneGeometry(width: number(json, "width"), height: number(json, "height"),
                                 contentWidth: number(json, "contentWidth"), contentHeight: number(json, "contentHeight"))
    }

    static func point(_ json: JSONValue?) throws -> PlanePoint {
        guard let pair = json?.array, pair.count == 2, let x = pair[0].double, let y = pair[1].double else {
            throw BadInput(reason: "bad point")
        }
        return PlanePoint(x: x, y: y)
    }

    static func touches(_ json: JSONValue?) throws -> TouchPair {
        guard let pair = json?.array, pair.count == 2 else { throw BadInput(reason: "bad touches") }
        return TouchPair(try point(pair[0]), try point(pair[1]))
    }

    static func position(_ json: JSONValue?) throws -> PlanePosition {
        guard let json, let x = json["x"], let y = json["y"] else { throw BadInput(reason: "bad position") }
        return PlanePosition(x: AxisPosition(value: try number(x, "value"), scale: try number(x, "scale")),
                             y: AxisPosition(value: try number(y, "value"), scale: try number(y, "scale")))
    }

    static func format(_ input: JSONValue) throws -> LabelFormat {
        guard let format = LabelFormat(rawValue: input["format"]?.string ?? "number") else { throw BadInput(reason: "format") }
        return format
    }

    static func language(_ input: JSONValue) throws -> SliderLanguage {
        guard let language = SliderLanguage(rawValue: input["language"]?.string ?? "cs") else { throw BadInput(reason: "language") }
        return language
    }

    // MARK: Writing outputs

    static func json(_ position: PlanePosition) -> JSONValue {
        ["x": ["value": .number(position.x.value), "scale": .number(position.x.scale)],
         "y": ["value": .number(position.y.value), "scale": .number(position.y.scale)]]
    }

    /// A zoomed position and whether both values came back bit for bit.
    static func json(_ position: PlanePosition, keptFrom start: PlanePosition) -> JSONValue {
        let kept = position.x.value.bitPattern == start.x.value.bitPattern
            && position.y.value.bitPattern == start.y.value.bitPattern
        return ["x": ["value": .number(position.x.value), "scale": .number(position.x.scale)],
                "y": ["value": .number(position.y.value), "scale": .number(position.y.scale)],
                "valuesKept": .bool(kept)]
    }

    static func json(_ rect: PlaneRect) -> JSONValue {
        ["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)]
    }

    /// An animation and its value at 0, 10, 25, 50, 75 and 100 % of its duration.
    static func json(_ animation: SliderAnimation) throws -> JSONValue {
        let samples = try [0, 0.1, 0.25, 0.5, 0.75, 1].map { fraction -> JSONValue in
            .optional(try animation.value(at: fraction * animation.duration))
        }
        switch animation {
        case .none:
            return ["kind": "none", "duration": 0, "samples": .array(samples)]
        case .easeOut(let glide):
            return ["kind": "easeOut", "from": .number(glide.from), "to": .number(glide.to),
                    "duration": .number(glide.duration), "samples": .array(samples)]
        case .spring(let spring):
            return ["kind": "spring", "from": .number(spring.from), "to": .number(spring.to),
                    "initialVelocity": .number(spring.initialVelocity), "dampingRatio": .number(spring.dampingRatio),
                    "response": .number(spring.response), "duration": .number(spring.duration),
                    "samples": .array(samples)]
        }
    }
}
