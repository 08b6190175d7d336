// The keys of the 2D precise slider (Public/js/precise-slider-2d-keys.js), as React Aria's
// useColorArea has them. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { planeKey } from "../../Public/js/precise-slider-2d-keys.js";

test("both inputs take all four arrows: left and right move x, up and down move y", () => {
  for (const focused of ["x", "y"]) {
    assert.deepEqual(planeKey({ key: "ArrowRight" }, focused), { step: { axis: "x", sign: 1, major: false } });
    assert.deepEqual(planeKey({ key: "ArrowLeft" }, focused), { step: { axis: "x", sign: -1, major: false } });
    assert.deepEqual(planeKey({ key: "ArrowDown" }, focused), { step: { axis: "y", sign: 1, major: false } });
    assert.deepEqual(planeKey({ key: "ArrowUp" }, focused), { step: { axis: "y", sign: -1, major: false } });
  }
});

test("right to left, Left moves x forward and Right back; up and down stay", () => {
  assert.deepEqual(planeKey({ key: "ArrowLeft" }, "x", true), { step: { axis: "x", sign: 1, major: false } });
  assert.deepEqual(planeKey({ key: "ArrowRight" }, "y", true), { step: { axis: "x", sign: -1, major: false } });
  assert.deepEqual(planeKey({ key: "ArrowUp" }, "x", true), { step: { axis: "y", sign: -1, major: false } });
});

test("Shift and the page keys take a major step; Home and End go to the focused axis's ends", () => {
  assert.deepEqual(planeKey({ key: "ArrowRight", shiftKey: true }, "x"), { step: { axis: "x", sign: 1, major: true } });
  assert.deepEqual(planeKey({ key: "PageUp" }, "y"), { step: { axis: "y", sign: -1, major: true } });
  assert.deepEqual(planeKey({ key: "PageDown" }, "y"), { step: { axis: "y", sign: 1, major: true } });
  assert.deepEqual(planeKey({ key: "PageUp" }, "x"), { step: { axis: "x", sign: 1, major: true } });
  assert.deepEqual(planeKey({ key: "Home" }, "y"), { end: { axis: "y", sign: -1 } });
  assert.deepEqual(planeKey({ key: "End" }, "x"), { end: { axis: "x", sign: 1 } });
});

test("+ and − zoom; other keys and shortcuts with modifiers are left to the browser", () => {
  assert.deepEqual(planeKey({ key: "+" }, "x"), { zoom: 1 });
  assert.deepEqual(planeKey({ key: "-" }, "y"), { zoom: -1 });
  assert.equal(planeKey({ key: "Tab" }, "x"), null);
  assert.equal(planeKey({ key: "ArrowLeft", altKey: true }, "x"), null);
  assert.equal(planeKey({ key: "Home", ctrlKey: true }, "x"), null);
});
