// The keys of the 1D precise slider (Public/js/precise-slider-keys.js): the W3C slider
// pattern's keys, `,` and `.` by a frame on a film's seek bar, and every other key left to the
// page (a film player's j, k, l and Space). Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextMultiple, sliderKey } from "../../Public/js/precise-slider-keys.js";

test("arrows step by the minor tick, Left and Right the way the values run", () => {
  assert.deepEqual(sliderKey({ key: "ArrowRight" }), { step: { sign: 1, major: false } });
  assert.deepEqual(sliderKey({ key: "ArrowLeft" }), { step: { sign: -1, major: false } });
  assert.deepEqual(sliderKey({ key: "ArrowRight" }, { direction: -1 }), { step: { sign: -1, major: false } });
  assert.deepEqual(sliderKey({ key: "ArrowUp" }, { direction: -1 }), { step: { sign: 1, major: false } });
  assert.deepEqual(sliderKey({ key: "PageDown" }), { step: { sign: -1, major: true } });
  assert.deepEqual(sliderKey({ key: "Home" }), { end: "min" });
  assert.deepEqual(sliderKey({ key: "End" }), { end: "max" });
  assert.deepEqual(sliderKey({ key: "+" }), { zoom: 1 });
  assert.deepEqual(sliderKey({ key: "-" }), { zoom: -1 });
});

test("with a frame step , and . go one frame back and forward", () => {
  const seekBar = { frameStep: 0.04 };
  assert.deepEqual(sliderKey({ key: "," }, seekBar), { frame: -1 });
  assert.deepEqual(sliderKey({ key: "." }, seekBar), { frame: 1 });
});

test("a film player's keys are not the slider's: j, k, l, Space, and , . without a frame step", () => {
  for (const key of ["j", "k", "l", " ", "J", "L", "Tab", "Enter"]) {
    assert.equal(sliderKey({ key }, { frameStep: 0.04 }), null, key);
  }
  assert.equal(sliderKey({ key: "," }), null);
  assert.equal(sliderKey({ key: "." }), null);
  assert.equal(sliderKey({ key: "ArrowLeft", ctrlKey: true }), null);
  assert.equal(sliderKey({ key: ".", metaKey: true }, { frameStep: 0.04 }), null);
});

test("a step lands on the next multiple, exactly one frame from a frame", () => {
  assert.equal(nextMultiple(90, 0.04, 1), 2251 * 0.04);
  assert.equal(nextMultiple(90, 0.04, -1), 2249 * 0.04);
  assert.equal(nextMultiple(90.013, 0.04, 1), 2251 * 0.04);  // between frames: to the next one
  assert.equal(nextMultiple(90.013, 0.04, -1), 2250 * 0.04);
  assert.equal(nextMultiple(37, 1, 1), 38);
  assert.equal(nextMultiple(37.5, 5, -1), 35);
});
