// The texts and label thinning of Public/js/precise-slider-view.js. The expected strings are
// the ones the server writes (SliderText, SliderFrame.thinLabels; see SliderTextTests.swift),
// so a value reads the same before and after the script takes over. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { AxisViewport, SliderAxis } from "../../Public/js/precise-slider-math.js";
import { applyLook, machineText, plainNumber, precisionOf, readoutText, thinLabels } from "../../Public/js/precise-slider-view.js";

const NOV_22_NOON = 1_795_348_800;

test("form controls get plain digits, m:ss and datetime-local text", () => {
  assert.equal(machineText(12.5, "number", 0.1), "12.5");
  assert.equal(machineText(37, "number", 0.1), "37");
  assert.equal(machineText(-0.00001, "number", 0.1), "0");
  assert.equal(machineText(125.5, "duration", 0.6), "2:05.50");
  assert.equal(machineText(NOV_22_NOON, "date", 52560), "2026-11-22T12:00");
  assert.equal(machineText(NOV_22_NOON + 7, "date", 6), "2026-11-22T12:00:07");
  assert.equal(plainNumber(1234567.891, 0.01), "1234567.89");
});

test("read-outs are labels written as finely as the precision, dates in full", () => {
  assert.equal(readoutText(12.5, "number", 0.1, "cs"), "12,5");
  assert.equal(readoutText(350, "degrees", 0.6, "cs"), "350,0°");
  assert.equal(readoutText(NOV_22_NOON, "date", 52560, "cs"), "22. 11. 2026 12:00 UTC");
  assert.equal(readoutText(NOV_22_NOON, "date", 52560, "en"), "22 Nov 2026, 12:00 UTC");
});

test("the precision is a tenth of the minor step, or the snapping step", () => {
  assert.equal(precisionOf(new SliderAxis({ min: 0, max: 100 }), 1), 0.1);
  assert.equal(precisionOf(new SliderAxis({ min: 0, max: 100, snapStep: 5 }), 1), 5);
});

test("labels that would collide on a narrow ruler are thinned by tick index", () => {
  const axis = new SliderAxis({ min: 0, max: 600 });
  const ticks = (value, width) => thinLabels(axis.visibleTicks(value, 1, AxisViewport.slider(width), "duration", "cs"));
  // 340 px: majors 34 px apart, too close for "1:30": every other one keeps its label.
  const narrow = ticks(90, 340).filter((tick) => tick.label !== null);
  assert.deepEqual(narrow.map((tick) => tick.label), ["0:00", "1:00", "2:00", "3:00", "4:00"]);
  // Moving the ruler keeps the same ticks labelled (no flicker).
  const moved = ticks(95, 340).filter((tick) => tick.label !== null);
  assert.ok(moved.every((tick) => (tick.index / 5) % 2 === 0));
  // 1000 px: room for every major label (0:00 to 4:00 in 30 s steps).
  assert.equal(ticks(90, 1000).filter((tick) => tick.label !== null).length, 9);
});

test("a slider's own look sets only its --slider- custom properties", () => {
  const set = [];
  const root = {
    dataset: { sliderStyle: "--slider-background: #14213d; color: red; --slider-crosshair-size:24;--slider-pointer:" },
    style: { setProperty: (name, value) => set.push([name, value]) },
  };
  applyLook(root);
  assert.deepEqual(set, [["--slider-background", "#14213d"], ["--slider-crosshair-size", "24"]]);
});
