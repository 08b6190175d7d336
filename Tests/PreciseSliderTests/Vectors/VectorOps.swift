import PreciseSlider

/// The operations of the shared vectors; each mirrors a function of the JavaScript test.
extension VectorRunner {
    static func axisOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        return ["range": .number(axis.range), "direction": .number(axis.direction),
                "lowerBound": .number(axis.lowerBound), "upperBound": .number(axis.upperBound)]
    }

    static func decomposeOp(_ input: JSONValue) throws -> JSONValue {
        let parts = try ScaleDecomposition(scale: number(input, "scale"))
        return ["scaleBase": .number(parts.scaleBase), "truncScale": .number(parts.truncScale),
                "minorTickHeight": .number(parts.minorTickHeight)]
    }

    static func ticksOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let viewport = try viewport(input["viewport"])
        let value = try number(input, "value")
        let scale = try number(input, "scale")
        let parts = try ScaleDecomposition(scale: scale)
        let ticks = try axis.visibleTicks(
            value: value, scale: scale, viewport: viewport, format: format(input), language: language(input),
            showLabels: input["showLabels"]?.bool ?? true)
        return [
            "ppv": .number(try axis.pixelsPerValue(scale: scale, viewport: viewport)),
            "step": .number(try axis.minorStep(scale: scale)),
            "scaleBase": .number(parts.scaleBase), "truncScale": .number(parts.truncScale),
            "ticks": json(ticks),
        ]
    }

    static func json(_ ticks: [Tick]) -> JSONValue {
        .array(ticks.map { tick in
            ["k": .number(Double(tick.index)), "value": .number(tick.value),
             "displayValue": .number(tick.displayValue), "x": .number(tick.x),
             "height": .number(tick.heightRatio), "major": .bool(tick.isMajor), "end": .bool(tick.isEnd),
             "label": tick.label.map { .string($0) } ?? .null]
        })
    }

    static func valuesOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        return .array(try numbers(input, "values").map { value in
            ["value": .number(value), "clamp": .number(try axis.clamp(value)), "wrap": .number(try axis.wrap(value)),
             "snap": .number(try axis.snap(value)), "publicValue": .number(try axis.publicValue(value)),
             "restingValue": .number(try axis.restingValue(value)), "outOfBounds": .bool(axis.isOutOfBounds(value)),
             "shifted": .number(try axis.shiftedByWholePeriods(value))]
        })
    }

    static func mappingOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let viewport = try viewport(input["viewport"])
        let value = try number(input, "value")
        let scale = try number(input, "scale")
        return [
            "ppv": .number(try axis.pixelsPerValue(scale: scale, viewport: viewport)),
            "screenOffsets": .numbers(try numbers(input, "targets").map {
                try axis.screenOffset(of: $0, value: value, scale: scale, viewport: viewport)
            }),
            "valuesAtOffsets": .numbers(try numbers(input, "offsets").map {
                try axis.value(atScreenOffset: $0, value: value, scale: scale, viewport: viewport)
            }),
        ]
    }

    static func dragOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let viewport = try viewport(input["viewport"])
        let start = try number(input, "start")
        let scale = try number(input, "scale")
        return .array(try numbers(input, "dxs").map { dx in
            let value = try axis.dragValue(from: start, by: dx, scale: scale, viewport: viewport)
            return ["dx": .number(dx), "value": .number(value), "publicValue": .number(try axis.publicValue(value)),
                    "overscroll": .number(try axis.overscroll(value: value, scale: scale, viewport: viewport))]
        })
    }

    static func rubberBandOp(_ input: JSONValue) throws -> JSONValue {
        .array(try numbers(input, "xs").map { x in
            ["x": .number(x), "f": .number(try rubberBand(x)), "inverse": .number(try rubberBandInverse(x))]
        })
    }

    static func velocityOp(_ input: JSONValue) throws -> JSONValue {
        let samples = try (input["samples"]?.array ?? []).map { pair -> PointerSample in
            let p = try point(pair)
            return PointerSample(time: p.x, position: p.y)
        }
        let window = input["window"]?.double ?? SliderConstants.velocityWindow
        return ["velocity": .number(try estimateVelocity(samples, window: window))]
    }

    static func releaseOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let animation = try axis.releaseAnimation(
            value: number(input, "value"), velocity: number(input, "velocity"), scale: number(input, "scale"),
            viewport: viewport(input["viewport"]))
        return try json(animation)
    }

    static func springOp(_ input: JSONValue) throws -> JSONValue {
        let initial = try number(input, "initial")
        let velocity = try number(input, "velocity")
        let damping = try number(input, "dampingRatio")
        let response = try number(input, "response")
        return [
            "displacements": .numbers(try numbers(input, "times").map {
                try springDisplacement(initial: initial, velocity: velocity, dampingRatio: damping, response: response, time: $0)
            }),
            "settleTime": .number(try springSettleTime(
                initial: initial, velocity: velocity, dampingRatio: damping, response: response,
                tolerance: number(input, "tolerance"))),
        ]
    }

    static func easeOutOp(_ input: JSONValue) throws -> JSONValue {
        ["values": .numbers(try numbers(input, "progress").map { try easeOut($0) })]
    }

    /// `unchanged`: the value came back bit for bit, which the 1e-9 tolerance could not tell.
    static func zoomOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let start = AxisPosition(value: try number(input, "value"), scale: try number(input, "scale"))
        let zoomed = try axis.zoom(from: start, factor: number(input, "factor"))
        return ["value": .number(zoomed.value), "scale": .number(zoomed.scale),
                "unchanged": .bool(zoomed.value.bitPattern == start.value.bitPattern)]
    }

    static func pinchOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let start = AxisPosition(value: try number(input, "value"), scale: try number(input, "scale"))
        let fingers = try point(input["start"])
        let now = try point(input["current"])
        let factor = try pinchFactor(start: (fingers.x, fingers.y), current: (now.x, now.y))
        let zoomed = try axis.zoom(from: start, factor: factor)
        return ["factor": .number(factor), "value": .number(zoomed.value), "scale": .number(zoomed.scale),
                "unchanged": .bool(zoomed.value.bitPattern == start.value.bitPattern)]
    }

    static func planeFittingOp(_ input: JSONValue) throws -> JSONValue {
        let span = try input["span"].map { try point($0) } ?? PlanePoint(x: 1, y: 1)
        let geometry = try PlaneGeometry.fitting(width: number(input, "width"), height: number(input, "height"), span: span)
        return ["axisThickness": .number(geometry.axisThickness),
                "contentWidth": .number(geometry.contentWidth), "contentHeight": .number(geometry.contentHeight)]
    }

    /// The bar, and its ticks at the start, the middle and the end, at the scale it starts
    /// at and at its deepest zoom.
    static func seekBarOp(_ input: JSONValue) throws -> JSONValue {
        let bar = try SeekBar(duration: number(input, "duration"), frameDuration: input["frameDuration"]?.double)
        let viewport = try viewport(input["viewport"])
        let axis = bar.axis
        let views: [JSONValue] = try [bar.defaultScale, axis.maxScale].flatMap { scale in
            try [0, bar.duration / 2, bar.duration].map { value -> JSONValue in
                ["value": .number(value), "scale": .number(scale),
                 "ticks": json(try axis.visibleTicks(value: value, scale: scale, viewport: viewport, format: bar.format))]
            }
        }
        return ["min": .number(axis.min), "max": .number(axis.max), "numberOfUnits": .number(Double(axis.numberOfUnits)),
                "minScale": .number(axis.minScale), "maxScale": .number(axis.maxScale),
                "defaultScale": .number(bar.defaultScale), "format": .string(bar.format.rawValue), "views": .array(views)]
    }

    static func tilesOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let scale = try number(input, "scale")
        return ["count": .number(Double(try axis.tileCount(scale: scale))),
                "origins": .numbers(try axis.tileOrigins(value: number(input, "value"), scale: scale,
                                                         viewport: viewport(input["viewport"])))]
    }

    static func planeLayoutOp(_ input: JSONValue) throws -> JSONValue {
        let geometry = try geometry(input["geometry"])
        let xActive = input["xActive"]?.bool ?? false
        let yActive = input["yActive"]?.bool ?? false
        let points = try (input["points"]?.array ?? []).map { try point($0) }
        return [
            "axisThickness": .number(geometry.axisThickness),
            "crosshair": [.number(geometry.crosshair.x), .number(geometry.crosshair.y)],
            "xAxisFrame": json(geometry.xAxisFrame(xActive: xActive, yActive: yActive)),
            "yAxisFrame": json(geometry.yAxisFrame(xActive: xActive, yActive: yActive)),
            "regions": .array(points.map { .string(geometry.region(at: $0).rawValue) }),
        ]
    }

    static func planeOp(_ input: JSONValue) throws -> JSONValue {
        let plane = Plane(x: try axis(input["x"]), y: try axis(input["y"]), geometry: try geometry(input["geometry"]))
        let start = try position(input["position"])
        guard let gesture = input["gesture"], let type = gesture["type"]?.string else { throw BadInput(reason: "gesture") }
        let id = PlaneAxis(rawValue: gesture["axis"]?.string ?? "x") ?? .x
        switch type {
        case "dragContent":
            let t = try point(gesture["translation"])
            return json(try plane.dragContent(from: start, by: t))
        case "pinchContent":
            let zoomed = try plane.pinchContent(from: start, startTouches: touches(gesture["start"]),
                                                currentTouches: touches(gesture["current"]))
            return json(zoomed, keptFrom: start)
        case "dragAxis":
            return json(try plane.dragAxis(id, from: start, by: number(gesture, "distance")))
        case "zoomAxis":
            return json(try plane.zoomAxis(id, from: start, factor: number(gesture, "factor")), keptFrom: start)
        case "release":
            let velocity = try point(gesture["velocity"])
            let animations = try plane.releaseAnimations(at: start, velocity: velocity)
            return ["x": try json(animations.x), "y": try json(animations.y)]
        case "pinchFactors":
            let factors = try pinchFactors(start: touches(gesture["start"]), current: touches(gesture["current"]))
            return ["x": .number(factors.x), "y": .number(factors.y)]
        default:
            throw BadInput(reason: "gesture \(type)")
        }
    }

    static func activityOp(_ input: JSONValue) throws -> JSONValue {
        .array(try (input["cases"]?.array ?? []).map { item in
            guard let pair = item.array, pair.count == 2 else { throw BadInput(reason: "activity case") }
            return .bool(isAxisActive(lastGestureTime: pair[0].double, now: try number(["now": pair[1]], "now")))
        })
    }

    static func labelOp(_ input: JSONValue) throws -> JSONValue {
        let format = try format(input)
        let language = try language(input)
        return .array(try (input["items"]?.array ?? []).map { item in
            let pair = try point(item)
            return .string(try formatLabel(pair.x, step: pair.y, format: format, language: language))
        })
    }

    static func labelDecimalsOp(_ input: JSONValue) throws -> JSONValue {
        .numbers(try numbers(input, "steps").map { Double(try labelDecimals(step: $0)) })
    }

    static func validateOp(_ input: JSONValue) throws -> JSONValue {
        let axis = try axis(input["axis"])
        let format = try format(input)
        return .array((input["texts"]?.array ?? []).map { item in
            let text = item.string ?? ""
            switch axis.validate(text, format: format) {
            case .success(let value):
                return ["text": .string(text), "value": .number(value)]
            case .failure(let error):
                return ["text": .string(text), "error": .string(error.code),
                        "messageCs": .string(error.message(in: .czech)), "messageEn": .string(error.message(in: .english))]
            }
        })
    }

    static func civilOp(_ input: JSONValue) throws -> JSONValue {
        .array(try numbers(input, "values").map { value in
            let date = try CivilDateTime(unixSeconds: value)
            return .numbers([Double(date.year), Double(date.month), Double(date.day), Double(date.hour),
                             Double(date.minute), Double(date.second), date.unixSeconds])
        })
    }
}
