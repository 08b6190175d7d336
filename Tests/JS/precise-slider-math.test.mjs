// Replays the shared vectors (Tests/Fixtures/precise-slider-vectors.json, written by the
// Swift tests) against Public/js/precise-slider-math.js: numbers must agree within 1e-9
// (relative beyond magnitude 1), labels and messages exactly. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import * as M from "../../Public/js/precise-slider-math.js";

const FOLDER = new URL("../../Public/js/precise-slider/", import.meta.url);
const fixture = JSON.parse(readFileSync(new URL("../Fixtures/precise-slider-vectors.json", import.meta.url), "utf8"));

// ---------------------------------------------------------------- the runner (mirrors VectorOps.swift)

const axisFrom = (json) => new M.SliderAxis({
  min: json.min, max: json.max, isInfinite: json.isInfinite ?? false,
  numberOfUnits: json.numberOfUnits ?? M.SliderConstants.defaultNumberOfUnits,
  minScale: json.minScale ?? M.SliderConstants.defaultMinScale,
  maxScale: json.maxScale ?? M.SliderConstants.defaultMaxScale,
  snapStep: json.snapStep ?? null,
});
const viewportFrom = (json) => (json.kind === "plane"
  ? M.AxisViewport.plane(json.length, json.content) : M.AxisViewport.slider(json.length));
const geometryFrom = (json) => new M.PlaneGeometry(json.width, json.height, json.contentWidth, json.contentHeight);
const pointFrom = ([x, y]) => ({ x, y });
const touchesFrom = ([a, b]) => ({ first: pointFrom(a), second: pointFrom(b) });

const ticksJSON = (ticks) => ticks.map((t) => ({
  k: t.index, value: t.value, displayValue: t.displayValue, x: t.x, height: t.heightRatio, major: t.isMajor, end: t.isEnd,
  label: t.label,
}));

function animationJSON(animation) {
  const samples = [0, 0.1, 0.25, 0.5, 0.75, 1].map((f) => animation.valueAt(f * animation.duration));
  if (animation.kind === "none") return { kind: "none", duration: 0, samples };
  if (animation.kind === "easeOut") {
    return { kind: "easeOut", from: animation.from, to: animation.to, duration: animation.duration, samples };
  }
  const { from, to, initialVelocity, dampingRatio, response, duration } = animation;
  return { kind: "spring", from, to, initialVelocity, dampingRatio, response, duration, samples };
}

const ops = {
  axis({ axis }) {
    const a = axisFrom(axis);
    return { range: a.range, direction: a.direction, lowerBound: a.lowerBound, upperBound: a.upperBound };
  },
  decompose({ scale }) {
    const parts = new M.ScaleDecomposition(scale);
    return { scaleBase: parts.scaleBase, truncScale: parts.truncScale, minorTickHeight: parts.minorTickHeight };
  },
  ticks(input) {
    const axis = axisFrom(input.axis);
    const viewport = viewportFrom(input.viewport);
    const parts = new M.ScaleDecomposition(input.scale);
    const ticks = axis.visibleTicks(input.value, input.scale, viewport, input.format ?? "number",
      input.language ?? "cs", input.showLabels ?? true);
    return {
      ppv: axis.pixelsPerValue(input.scale, viewport), step: axis.minorStep(input.scale),
      scaleBase: parts.scaleBase, truncScale: parts.truncScale, ticks: ticksJSON(ticks),
    };
  },
  values({ axis, values }) {
    const a = axisFrom(axis);
    return values.map((value) => ({
      value, clamp: a.clamp(value), wrap: a.wrap(value), snap: a.snap(value), publicValue: a.publicValue(value),
      restingValue: a.restingValue(value), outOfBounds: a.isOutOfBounds(value), shifted: a.shiftedByWholePeriods(value),
    }));
  },
  mapping(input) {
    const axis = axisFrom(input.axis);
    const viewport = viewportFrom(input.viewport);
    return {
      ppv: axis.pixelsPerValue(input.scale, viewport),
      screenOffsets: input.targets.map((u) => axis.screenOffset(u, input.value, input.scale, viewport)),
      valuesAtOffsets: input.offsets.map((o) => axis.valueAtScreenOffset(o, input.value, input.scale, viewport)),
    };
  },
  drag(input) {
    const axis = axisFrom(input.axis);
    const viewport = viewportFrom(input.viewport);
    return input.dxs.map((dx) => {
      const value = axis.dragValue(input.start, dx, input.scale, viewport);
      return { dx, value, publicValue: axis.publicValue(value), overscroll: axis.overscroll(value, input.scale, viewport) };
    });
  },
  rubberBand({ xs }) { return xs.map((x) => ({ x, f: M.rubberBand(x), inverse: M.rubberBandInverse(x) })); },
  velocity({ samples = [], window = M.SliderConstants.velocityWindow }) {
    return { velocity: M.estimateVelocity(samples.map(([time, position]) => ({ time, position })), window) };
  },
  release(input) {
    const axis = axisFrom(input.axis);
    return animationJSON(axis.releaseAnimation(input.value, input.velocity, input.scale, viewportFrom(input.viewport)));
  },
  spring({ initial, velocity, dampingRatio, response, times, tolerance }) {
    return {
      displacements: times.map((t) => M.springDisplacement(initial, velocity, dampingRatio, response, t)),
      settleTime: M.springSettleTime(initial, velocity, dampingRatio, response, tolerance),
    };
  },
  easeOut({ progress }) { return { values: progress.map(M.easeOut) }; },
  zoom(input) {
    const zoomed = axisFrom(input.axis).zoom({ value: input.value, scale: input.scale }, input.factor);
    return { value: zoomed.value, scale: zoomed.scale, unchanged: Object.is(zoomed.value, input.value) };
  },
  pinch(input) {
    const factor = M.pinchFactor(input.start, input.current);
    const zoomed = axisFrom(input.axis).zoom({ value: input.value, scale: input.scale }, factor);
    return { factor, value: zoomed.value, scale: zoomed.scale, unchanged: Object.is(zoomed.value, input.value) };
  },
  planeFitting({ width, height, span = [1, 1] }) {
    const g = M.PlaneGeometry.fitting(width, height, pointFrom(span));
    return { axisThickness: g.axisThickness, contentWidth: g.contentWidth, contentHeight: g.contentHeight };
  },
  seekBar({ duration, frameDuration = null, viewport }) {
    const bar = new M.SeekBar(duration, frameDuration);
    const { axis } = bar;
    const views = [bar.defaultScale, axis.maxScale].flatMap((scale) => [0, bar.duration / 2, bar.duration].map((value) => ({
      value, scale, ticks: ticksJSON(axis.visibleTicks(value, scale, viewportFrom(viewport), bar.format)),
    })));
    return {
      min: axis.min, max: axis.max, numberOfUnits: axis.numberOfUnits, minScale: axis.minScale, maxScale: axis.maxScale,
      defaultScale: bar.defaultScale, format: bar.format, views,
    };
  },
  tiles(input) {
    const axis = axisFrom(input.axis);
    return { count: axis.tileCount(input.scale), origins: axis.tileOrigins(input.value, input.scale, viewportFrom(input.viewport)) };
  },
  planeLayout({ geometry, xActive = false, yActive = false, points = [] }) {
    const g = geometryFrom(geometry);
    return {
      axisThickness: g.axisThickness, crosshair: [g.crosshair.x, g.crosshair.y],
      xAxisFrame: g.xAxisFrame(xActive, yActive), yAxisFrame: g.yAxisFrame(xActive, yActive),
      regions: points.map((p) => g.region(pointFrom(p))),
    };
  },
  plane(input) {
    const plane = new M.Plane(axisFrom(input.x), axisFrom(input.y), geometryFrom(input.geometry));
    const start = input.position;
    const g = input.gesture;
    const position = (p) => ({ x: { value: p.x.value, scale: p.x.scale }, y: { value: p.y.value, scale: p.y.scale } });
    const kept = (p) => ({ ...position(p), valuesKept: Object.is(p.x.value, start.x.value) && Object.is(p.y.value, start.y.value) });
    switch (g.type) {
      case "dragContent": return position(plane.dragContent(start, pointFrom(g.translation)));
      case "pinchContent": return kept(plane.pinchContent(start, touchesFrom(g.start), touchesFrom(g.current)));
      case "dragAxis": return position(plane.dragAxis(g.axis ?? "x", start, g.distance));
      case "zoomAxis": return kept(plane.zoomAxis(g.axis ?? "x", start, g.factor));
      case "release": {
        const animations = plane.releaseAnimations(start, pointFrom(g.velocity));
        return { x: animationJSON(animations.x), y: animationJSON(animations.y) };
      }
      case "pinchFactors": return M.pinchFactors(touchesFrom(g.start), touchesFrom(g.current));
      default: throw new Error(`badVector: gesture ${g.type}`);
    }
  },
  activity({ cases }) { return cases.map(([last, now]) => M.isAxisActive(last, now)); },
  label({ format = "number", language = "cs", items }) {
    return items.map(([value, step]) => M.formatLabel(value, step, format, language));
  },
  labelDecimals({ steps }) { return steps.map(M.labelDecimals); },
  validate({ axis, format = "number", texts }) {
    const a = axisFrom(axis);
    return texts.map((text) => {
      const result = a.validate(text, format);
      if (result.ok) return { text, value: result.value };
      return {
        text, error: result.error.code, messageCs: result.error.messageIn("cs"), messageEn: result.error.messageIn("en"),
      };
    });
  },
  civil({ values }) {
    return values.map((v) => {
      const d = M.CivilDateTime.fromUnixSeconds(v);
      return [d.year, d.month, d.day, d.hour, d.minute, d.second, d.unixSeconds];
    });
  },
};

function run(op, input) {
  try {
    return ops[op](input);
  } catch (error) {
    if (error instanceof M.SliderInputError || error instanceof M.SliderConfigurationError) return { error: error.code };
    throw error;
  }
}

/** Deep comparison: numbers within tolerance, everything else exactly. */
function assertClose(expected, actual, path) {
  if (typeof expected === "number") {
    assert.equal(typeof actual, "number", `${path}: expected a number, got ${actual}`);
    const scale = Math.max(1, Math.abs(expected), Math.abs(actual));
    assert.ok(Math.abs(expected - actual) <= fixture.tolerance * scale, `${path}: ${actual} ≠ ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array`);
    assert.equal(actual.length, expected.length, `${path}: length`);
    expected.forEach((item, i) => assertClose(item, actual[i], `${path}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    assert.ok(actual !== null && typeof actual === "object", `${path}: expected an object, got ${actual}`);
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const key of Object.keys(expected)) assertClose(expected[key], actual[key], `${path}.${key}`);
  } else {
    assert.equal(actual, expected, `${path}`);
  }
}

// ---------------------------------------------------------------- the vectors

test("the fixture holds the shared vectors", () => {
  assert.ok(fixture.cases.length >= 100);
  assert.equal(fixture.tolerance, 1e-9);
});

for (const { name, op, input, expected } of fixture.cases) {
  test(`vector: ${name}`, () => assertClose(expected, run(op, input), name));
}

// ---------------------------------------------------------------- what JSON cannot carry

const percent = new M.SliderAxis({ min: 0, max: 100 });
const phone = M.AxisViewport.slider(390);

test("NaN and infinities are refused by every entry point", () => {
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.throws(() => new M.SliderAxis({ min: bad, max: 1 }), { code: "nonFiniteBound" });
    assert.throws(() => percent.clamp(bad), { code: "notFinite" });
    assert.throws(() => percent.wrap(bad), { code: "notFinite" });
    assert.throws(() => percent.publicValue(bad), { code: "notFinite" });
    assert.throws(() => percent.pixelsPerValue(bad, phone), M.SliderInputError);
    assert.throws(() => percent.dragValue(50, bad, 1, phone), { code: "notFinite" });
    assert.throws(() => percent.visibleTicks(bad, 1, phone), { code: "notFinite" });
    assert.throws(() => percent.releaseAnimation(50, bad, 1, phone), { code: "notFinite" });
    assert.throws(() => percent.zoom({ value: 50, scale: 1 }, bad), M.SliderInputError);
    assert.throws(() => percent.zoom({ value: bad, scale: 1 }, 2), { code: "notFinite" });
    assert.throws(() => M.pinchFactor([0, 100], [0, bad]), { code: "notFinite" });
    assert.throws(() => new M.SeekBar(bad), { code: "invalidDuration" });
    assert.throws(() => M.rubberBand(bad), { code: "notFinite" });
    assert.throws(() => M.formatLabel(bad, 1, "number", "cs"), { code: "notFinite" });
    assert.throws(() => M.estimateVelocity([{ time: 0, position: bad }]), { code: "notFinite" });
    assert.throws(() => M.AxisViewport.slider(bad), { code: "invalidViewport" });
  }
});

test("overflowing results are refused, not returned as Infinity", () => {
  const huge = new M.SliderAxis({ min: 0, max: 1e15 });
  assert.throws(() => huge.dragValue(0, 1.7e308, 1e-300, phone), M.SliderInputError);
});

test("typed NaN, infinity and garbage are errors with actionable messages", () => {
  for (const text of ["NaN", "Infinity", "∞", "-inf"]) {
    const result = percent.validate(text);
    assert.equal(result.ok, false);
    assert.equal(result.error.code, "notFinite");
    assert.match(result.error.messageIn("en"), /for example 12\.5/);
  }
  assert.equal(percent.validate("12,5").value, 12.5);
  assert.equal(percent.validate("abc").error.messageIn("cs"), "„abc“ není číslo. Zadejte číslice s desetinnou čárkou, například 12,5.");
});

test("animations interpolate from their start to their end", () => {
  const glide = percent.releaseAnimation(50, -600, 1, phone);
  assert.equal(glide.kind, "easeOut");
  assert.equal(glide.valueAt(0), 50);
  assert.equal(glide.valueAt(glide.duration), glide.to);
  const spring = percent.releaseAnimation(-2, 0, 1, phone);
  assert.equal(spring.kind, "spring");
  assert.equal(spring.valueAt(0), -2);
  assert.equal(spring.valueAt(spring.duration + 1), 0);
  assert.equal(M.SliderAnimation.none.valueAt(0), null);
});

test("the modules are pure: no DOM, nothing imported from outside precise-slider/", () => {
  const dom = /\b(document|window|navigator|localStorage|requestAnimationFrame)\b\s*[.(]/;
  const sources = Object.fromEntries(readdirSync(FOLDER).map((name) => [name, readFileSync(new URL(name, FOLDER), "utf8")]));
  sources["../precise-slider-math.js"] = readFileSync(new URL("../precise-slider-math.js", FOLDER), "utf8");
  for (const [name, source] of Object.entries(sources)) {
    assert.doesNotMatch(source, dom, name);
    for (const [, from] of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gms)) {
      assert.match(from, /^\.\/(precise-slider\/)?[a-z0-9-]+\.js$/, `${name} imports ${from}`);
    }
  }
  assert.ok(Object.isFrozen(M.SliderConstants));
});

test("each module mirrors a Swift file of Sources/PreciseSlider", () => {
  const swift = new Set(readdirSync(new URL("../../Sources/PreciseSlider/", import.meta.url))
    .map((name) => name.replace(/\.swift$/, "").toLowerCase()));
  for (const name of readdirSync(FOLDER)) {
    assert.ok(swift.has(name.replace(/\.js$/, "").replaceAll("-", "")), `${name} has no Swift twin`);
  }
});
