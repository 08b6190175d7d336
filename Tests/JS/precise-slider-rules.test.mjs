// The precise-slider thesis's rules, held by Public/js/precise-slider-math.js over many cases
// (the shared vectors hold single ones): a pinch never moves the value, an infinite axis turns
// any number of times without losing a digit, a finite ruler's ends have exact ticks, and a
// plane's content at 1:1 is the plane less its rulers. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import * as M from "../../Public/js/precise-slider-math.js";

/** A seeded generator (mulberry32), so every run replays the same cases. */
function seeded(seed) {
  let state = seed >>> 0;
  return (low, high) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return low + (high - low) * (((t ^ (t >>> 14)) >>> 0) / 4294967296);
  };
}

const phone = M.AxisViewport.slider(390);
const hue = new M.SliderAxis({ min: 0, max: 360, isInfinite: true });
const axes = {
  percent: new M.SliderAxis({ min: 0, max: 100 }),
  reversed: new M.SliderAxis({ min: 100, max: 0 }),
  hue,
  video: new M.SliderAxis({ min: 0, max: 600 }),
};

for (const [name, axis] of Object.entries(axes)) {
  test(`150 random pinches on the ${name} axis never move the value`, () => {
    const random = seeded(150);
    for (let i = 0; i < 150; i += 1) {
      const start = { value: random(axis.lowerBound, axis.upperBound), scale: random(0.5, 900) };
      const factor = M.pinchFactor([random(-195, 195), random(-195, 195)], [random(-195, 195), random(-195, 195)]);
      const zoomed = axis.zoom(start, factor);
      assert.ok(Object.is(zoomed.value, start.value), `${start.value} became ${zoomed.value}`);
      assert.equal(zoomed.scale, axis.clampScale(start.scale * factor));
    }
  });
}

test("150 random pinches on a plane's picture never move the point under the crosshair", () => {
  const plane = new M.Plane(axes.percent, hue, M.PlaneGeometry.fitting(800, 600));
  const random = seeded(2);
  const point = () => ({ x: random(0, 800), y: random(0, 600) });
  for (let i = 0; i < 150; i += 1) {
    const start = { x: { value: random(0, 100), scale: 1.3 }, y: { value: random(-360, 360), scale: 0.8 } };
    const zoomed = plane.pinchContent(start, { first: point(), second: point() }, { first: point(), second: point() });
    assert.ok(Object.is(zoomed.x.value, start.x.value) && Object.is(zoomed.y.value, start.y.value));
  }
});

test("only the fingers' spread counts, floored at 24 px", () => {
  assert.equal(M.pinchFactor([30, 70], [-10, 110]), 3);
  assert.equal(M.pinchFactor([-180, -140], [100, 220]), 3);
  assert.equal(M.pinchFactor([20, 60], [-140, -100]), 1);
  assert.equal(M.pinchFactor([50, 52], [10, 106]), 4);
});

const degreePerPixel = M.AxisViewport.slider(180); // 360 px for 360°

for (const turns of [1e9, 1e12]) {
  test(`${turns} turns of the hue ruler bring 10.3° back exactly, and its ticks are those of 10°`, () => {
    for (const sign of [-1, 1]) assert.equal(hue.dragValue(10.3, sign * turns * 360, 1, degreePerPixel), 10.3);
    assert.equal(hue.publicValue(hue.dragValue(10.3, -turns * 360 - 20, 1, degreePerPixel)), 30.3);
    assert.deepEqual(hue.visibleTicks(turns * 360 + 10, 1000, phone, "degrees"), hue.visibleTicks(10, 1000, phone, "degrees"));
  });
}

test("a hundred thousand single turns leave the value where it was", () => {
  let value = 10.3;
  for (let i = 0; i < 100_000; i += 1) value = hue.dragValue(value, -360, 1, degreePerPixel);
  assert.equal(value, 10.3);
});

test("a finite ruler's bounds in view always have exact end ticks", () => {
  for (const duration of [0.5, 7.3, 60, 180]) {
    const { axis } = new M.SeekBar(duration);
    for (let scale = axis.minScale; scale <= axis.maxScale; scale *= 1.37) {
      const atStart = axis.visibleTicks(0, scale, phone, "duration")[0];
      const atEnd = axis.visibleTicks(duration, scale, phone, "duration").at(-1);
      assert.ok(atStart.value === 0 && atStart.isEnd && atStart.x === 0, `${duration} s at ${scale}`);
      assert.ok(atEnd.value === duration && atEnd.isEnd && atEnd.x === 0, `${duration} s at ${scale}`);
    }
  }
  const offGrid = new M.SliderAxis({ min: 3.5, max: 103.5 }).visibleTicks(10, 1, phone);
  assert.deepEqual([offGrid[0].value, offGrid[0].isEnd, offGrid[0].label, offGrid[0].index], [3.5, true, null, 3]);
});

test("at 1:1 a plane's content is the plane less its rulers", () => {
  const plane = M.PlaneGeometry.fitting(390, 260);
  assert.deepEqual([plane.axisThickness, plane.contentWidth, plane.contentHeight], [13, 377, 247]);
  assert.throws(() => M.PlaneGeometry.fitting(390, 0), { code: "invalidViewport" });
});
