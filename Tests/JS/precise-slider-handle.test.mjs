// The handle of a live 1D precise slider (Public/js/precise-slider.js, `root.preciseSlider`)
// and the events it announces: zooming is never an edit of the value, and each setting a page
// changes at run time (scale, bounds, units, label format, infinite) has its event. The widget
// runs on a small stand-in for the DOM: elements are EventTargets with attributes, and
// animation frames run when the test says so. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";

class Element extends EventTarget {
  constructor(parts = {}, width = 400) {
    super();
    this.parts = parts;
    this.attributes = new Map();
    this.dataset = {};
    this.classList = new Set();
    this.children = [];
    this.textContent = "";
    this.value = "";
    this.type = "number";
    this.clientWidth = width;
    this.id = "";
    this.style = {};
  }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  querySelector(selector) { return this.parts[selector] ?? null; }
  querySelectorAll() { return []; }
  append(...children) { this.children.push(...children); }
  insertBefore(child, before) {
    const at = before ? this.children.indexOf(before) : -1;
    this.children.splice(at < 0 ? this.children.length : at, 0, child);
  }
  remove() {}
  replaceChildren() { this.children = []; }
  focus() {}
  setPointerCapture() {}
  hasPointerCapture() { return false; }
  releasePointerCapture() {}
  getBoundingClientRect() { return { left: 0, top: 0, width: this.clientWidth, height: 50 }; }
}

let frames = [];
globalThis.document = { querySelectorAll: () => [], createElementNS: () => new Element() };
globalThis.requestAnimationFrame = (callback) => frames.push(callback);
globalThis.cancelAnimationFrame = () => {};
globalThis.ResizeObserver = class { observe() {} };
globalThis.matchMedia = () => ({ matches: true }); // reduced motion: glides land at once

const { enhance } = await import("../../Public/js/precise-slider.js");
const { SliderConfigurationError } = await import("../../Public/js/precise-slider-math.js");

const runFrames = () => {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
};

/** A live slider 400 px wide over `config`, and every event it announced, in order. */
function slider(config = {}) {
  const ticks = new Element();
  const ruler = new Element({ "[data-ruler-ticks]": ticks });
  const input = new Element();
  const label = new Element();
  label.id = "rate-label";
  const root = new Element({
    "[data-slider-ruler]": ruler, "[data-slider-typed] input": input, "[data-slider-readout]": new Element(),
    ".precise-slider__head .field__label": label,
  });
  root.dataset.preciseSlider = JSON.stringify({
    min: 0, max: 100, infinite: false, units: 20, minScale: 0.5, maxScale: 1000, snap: null, value: 37, scale: 1,
    format: "number", lang: "en", ...config,
  });
  const heard = [];
  for (const type of ["slider-start", "slider-input", "slider-change", "slider-scale", "slider-bounds", "slider-units",
    "slider-format", "slider-infinite"]) {
    root.addEventListener(type, (event) => heard.push({ type, ...event.detail }));
  }
  enhance({ querySelectorAll: () => [root] });
  // Runs of slider-input (one a frame drawn) count once.
  const types = () => heard.map((event) => event.type).filter((type, i, all) => type !== "slider-input" || all[i - 1] !== type);
  return { handle: root.preciseSlider, root, ruler, input, ticks, heard, types };
}

function send(target, type, fields) {
  const event = new Event(type, { cancelable: true });
  const { timeStamp = performance.now(), ...rest } = fields;
  Object.assign(event, { pointerType: "touch", button: 0, ctrlKey: false, metaKey: false, altKey: false, deltaMode: 0, ...rest });
  Object.defineProperty(event, "timeStamp", { value: timeStamp });
  target.dispatchEvent(event);
}

test("+ and − zoom without an edit: only slider-scale, and playback may still move the ruler", () => {
  const { handle, ruler, types, heard } = slider();
  send(ruler, "keydown", { key: "+", code: "Equal" });
  send(ruler, "keyup", { key: "+", code: "Equal" });
  assert.deepEqual(types(), ["slider-scale"]);
  assert.equal(heard[0].scale, 2);
  assert.equal(handle.editing, false);
  assert.equal(handle.setValue(40), true);
  send(ruler, "keydown", { key: "-", code: "Minus" });
  assert.deepEqual(types(), ["slider-scale", "slider-scale"]);
  assert.equal(handle.scale, 1);
  assert.equal(handle.value, 40);
});

test("Ctrl + wheel and a two-finger pinch zoom without an edit", () => {
  const { handle, ruler, types } = slider();
  send(ruler, "wheel", { ctrlKey: true, deltaX: 0, deltaY: -200 });
  assert.deepEqual(types(), ["slider-scale"]);
  assert.ok(Math.abs(handle.scale - Math.E) < 1e-12);
  send(ruler, "pointerdown", { pointerId: 1, clientX: 100, timeStamp: 1000 });
  send(ruler, "pointerdown", { pointerId: 2, clientX: 140, timeStamp: 1005 });
  send(ruler, "pointermove", { pointerId: 2, clientX: 220, timeStamp: 1020 });
  send(ruler, "pointerup", { pointerId: 2, clientX: 220, timeStamp: 1100 });
  send(ruler, "pointerup", { pointerId: 1, clientX: 100, timeStamp: 1110 });
  assert.deepEqual(types(), ["slider-scale", "slider-scale"]);
  assert.ok(Math.abs(handle.scale - 3 * Math.E) < 1e-12);
  assert.equal(handle.value, 37);
  assert.equal(handle.editing, false);
});

test("moving the value is an edit: a key step starts it, moves it and its release ends it", () => {
  const { handle, ruler, types, heard } = slider();
  send(ruler, "keydown", { key: "ArrowRight", code: "ArrowRight" });
  assert.equal(handle.editing, true);
  assert.equal(handle.setValue(10), false);
  send(ruler, "keyup", { key: "ArrowRight", code: "ArrowRight" });
  assert.deepEqual(types(), ["slider-start", "slider-input", "slider-change"]);
  assert.equal(heard.at(-1).value, 38);
  assert.equal(handle.editing, false);
});

test("a drag is an edit from its first move, not from the press", () => {
  const { ruler, types } = slider();
  send(ruler, "pointerdown", { pointerId: 1, clientX: 200, timeStamp: 1000 });
  assert.deepEqual(types(), []);
  send(ruler, "pointermove", { pointerId: 1, clientX: 180, timeStamp: 1016 });
  runFrames();
  send(ruler, "pointerup", { pointerId: 1, clientX: 180, timeStamp: 1400 });
  assert.deepEqual(types(), ["slider-start", "slider-input", "slider-change"]);
});

test("setScale and zoomBy zoom from code within the axis's scales, each announced once", () => {
  const { handle, types, heard } = slider({ maxScale: 50 });
  assert.equal(handle.setScale(5), 5);
  assert.equal(handle.zoomBy(2), 10);
  assert.equal(handle.setScale(1e9), 50);
  assert.equal(handle.setScale(50), 50); // no change, nothing to announce
  assert.deepEqual(types(), ["slider-scale", "slider-scale", "slider-scale"]);
  assert.deepEqual(heard.map((event) => event.scale), [5, 10, 50]);
  assert.equal(heard[0].step, 0.2);
  assert.throws(() => handle.setScale(0), RangeError);
});

test("new bounds keep the value within them and say so to assistive technology", () => {
  const { handle, ruler, input, types, heard } = slider();
  handle.setBounds(0, 20);
  assert.deepEqual(types(), ["slider-bounds"]);
  assert.equal(heard[0].value, 20);
  assert.equal(input.value, "20");
  assert.equal(ruler.getAttribute("aria-valuemax"), "20");
  assert.throws(() => handle.setBounds(5, 5), SliderConfigurationError);
  assert.equal(handle.value, 20);
  assert.deepEqual(types(), ["slider-bounds"]);
});

test("units, label format and an infinite axis change at run time, each with its event", () => {
  const { handle, input, types, heard } = slider({ min: 0, max: 360, value: 350 });
  handle.setUnits(12);
  assert.equal(heard.at(-1).step, 6); // 360 / 12 / 5
  handle.setFormat("degrees");
  assert.equal(heard.at(-1).readout, "350.0°");
  handle.setInfinite(true);
  assert.equal(handle.setValue(370), true);
  assert.equal(handle.value, 10);
  handle.setFormat("duration");
  assert.equal(input.type, "text");
  assert.deepEqual(types(), ["slider-units", "slider-format", "slider-infinite", "slider-format"]);
  assert.throws(() => handle.setUnits(0), SliderConfigurationError);
  assert.throws(() => handle.setFormat("furlongs"), TypeError);
  assert.equal(types().length, 4);
});

test("a page colours each unit: the bounds' ticks apart, the rest by the stylesheet", () => {
  const { handle, ticks } = slider({ value: 0 });
  const paths = () => ticks.children.filter((child) => child.getAttribute("class")?.startsWith("ruler-tick"));
  const end = paths().find((path) => path.getAttribute("class").includes("ruler-tick--end"));
  assert.equal(end.getAttribute("d").match(/M/g).length, 1); // the tick at 0, the lower bound
  handle.unitColor = (value) => (value === 0 ? "#e0218a" : null);
  runFrames();
  const pink = paths().find((path) => path.style.stroke === "#e0218a");
  assert.equal(pink.getAttribute("d").match(/M/g).length, 1);
  assert.equal(end.getAttribute("d"), "");
  const label = ticks.children.find((child) => child.textContent === "0");
  assert.equal(label.style.fill, "#e0218a");
});
