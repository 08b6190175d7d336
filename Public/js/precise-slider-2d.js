// Precise slider (2D): a picture (a photo or a colour field) moves under a fixed "+"
// crosshair; the point under it is the value. Rulers on the right and at the bottom show
// where it is; a gesture on a ruler changes only that axis, and the ruler grows thicker and
// labelled for two seconds after it. Pinching the picture zooms each axis by its own finger
// spread, about the crosshair: zooming never moves the point under it. At scale 1 the picture
// is the plane less its rulers (the precise-slider thesis). The server renders the first frame and, in a named group, one range input per axis:
// the form fields without JavaScript, and with it the keyboard's and assistive technology's
// way to move the point (as React Aria's useColorArea) and a tap-to-jump for one finger;
// the + and − buttons zoom without a pinch. The picture stays the pointer surface; the maths is precise-slider-math.js (the twin of the server's model), the
// gestures precise-slider-2d-gestures.js and the drawing precise-slider-2d-drawing.js.
//
// Events on the widget: `slider-input` while moving and `slider-change` on commit
// (detail: { x, y } each with value, text, readout, scale, step).

import { Plane, PlaneGeometry, SliderAxis } from "./precise-slider-math.js";
import { PlaneDrawing } from "./precise-slider-2d-drawing.js";
import { PlaneGestures } from "./precise-slider-2d-gestures.js";
import { applyLook, machineText, now, precisionOf, readoutText } from "./precise-slider-view.js";

const AXES = ["x", "y"];

function axisFrom(config) {
  return new SliderAxis({
    min: config.min, max: config.max, isInfinite: config.infinite, numberOfUnits: config.units,
    minScale: config.minScale, maxScale: config.maxScale, snapStep: config.snap,
  });
}

export class PrecisePlane {
  constructor(root, config = JSON.parse(root.dataset.precisePlane)) {
    this.root = root;
    this.config = config;
    this.axes = { x: axisFrom(config.x), y: axisFrom(config.y) };
    this.position = {
      x: { value: config.x.value, scale: config.x.scale },
      y: { value: config.y.value, scale: config.y.scale },
    };
    this.view = root.querySelector("[data-plane-view]");
    this.drawing = new PlaneDrawing(this.view.querySelector("svg"));
    this.inputs = { x: root.querySelector('[data-plane-input="x"]'), y: root.querySelector('[data-plane-input="y"]') };
    this.labels = {};
    for (const id of AXES) this.labels[id] = root.querySelector(`label[for="${this.inputs[id].id}"]`).textContent;
    this.readouts = { x: root.querySelector("[data-readout-x]"), y: root.querySelector("[data-readout-y]") };
    this.committed = { x: this.inputs.x.value, y: this.inputs.y.value };
    applyLook(root);
    this.#measure();
    this.#enhance();
    new ResizeObserver(() => {
      this.#measure();
      this.draw();
    }).observe(this.view);
    this.draw();
  }

  #measure() {
    const width = this.view.clientWidth || 1;
    const height = this.view.clientHeight || 1;
    // At scale 1 the content is the plane less its rulers (or `span` of that per axis), as in the server's first frame.
    const span = this.config.span ?? { x: 1, y: 1 };
    this.plane = new Plane(this.axes.x, this.axes.y, PlaneGeometry.fitting(width, height, span));
  }

  #enhance() {
    this.root.classList.add("precise-plane--live");
    this.gestures = new PlaneGestures(this, this.view);
    for (const id of AXES) {
      const input = this.inputs[id];
      input.addEventListener("keydown", (event) => this.gestures.key(event, id));
      // Only what a person did to the range (a tap or a drag on it); the widget's own writes
      // dispatch untrusted events.
      input.addEventListener("input", (event) => { if (event.isTrusted && input.type === "range") this.#ranged(id); });
      input.addEventListener("change", (event) => { if (event.isTrusted && input.type === "range") this.commit(); });
    }
    const zoom = this.root.querySelector("[data-slider-zoom]");
    if (zoom) {
      zoom.hidden = false;
      zoom.addEventListener("click", (event) => {
        const button = event.target.closest("[data-zoom]");
        if (button) this.gestures.zoomBy(button.dataset.zoom === "in" ? 1 : -1);
      });
    }
  }

  get isRightToLeft() { return getComputedStyle(this.root).direction === "rtl"; }

  #ranged(id) {
    const value = Number(this.inputs[id].value);
    if (!Number.isFinite(value)) return;
    this.gestures.stop();
    this.position[id].value = value;
    this.requestDraw();
  }

  // ---- drawing and events

  requestDraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  draw() {
    performance.mark("precise-plane-draw-start");
    const time = now();
    this.drawing.draw(this, { x: this.gestures.isActive("x", time), y: this.gestures.isActive("y", time) });
    this.#showValue();
    performance.measure("precise-plane-draw", "precise-plane-draw-start");
  }

  #state() {
    const state = {};
    for (const id of AXES) {
      const axis = this.axes[id];
      const { value: raw, scale } = this.position[id];
      const value = axis.publicValue(raw);
      const precision = precisionOf(axis, scale);
      state[id] = {
        value, scale, step: axis.minorStep(scale), precision,
        text: machineText(value, this.config[id].format, precision),
        readout: readoutText(value, this.config[id].format, precision, this.config[id].lang),
      };
    }
    return state;
  }

  #showValue() {
    const state = this.#state();
    for (const id of AXES) {
      if (this.readouts[id].textContent !== state[id].readout) this.readouts[id].textContent = state[id].readout;
      const input = this.inputs[id];
      if (input.value !== state[id].text) {
        input.value = state[id].text;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
      const valueText = `${this.labels[id]}: ${state[id].readout}`;
      if (input.getAttribute("aria-valuetext") !== valueText) input.setAttribute("aria-valuetext", valueText);
    }
    this.root.dispatchEvent(new CustomEvent("slider-input", { bubbles: true, detail: state }));
  }

  commit() {
    this.draw();
    const state = this.#state();
    this.root.dispatchEvent(new CustomEvent("slider-change", { bubbles: true, detail: state }));
    for (const id of AXES) {
      if (state[id].text === this.committed[id]) continue;
      this.committed[id] = state[id].text;
      this.inputs[id].dispatchEvent(new Event("change", { bubbles: true }));
    }
  }
}

/** Brings every `[data-precise-plane]` under `container` to life (once each). */
export function enhance(container = document) {
  for (const root of container.querySelectorAll("[data-precise-plane]")) {
    root.precisePlane ??= new PrecisePlane(root);
  }
}

enhance();
