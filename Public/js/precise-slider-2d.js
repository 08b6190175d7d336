// Precise slider (2D): a picture (a photo or a colour field) moves under a fixed "+"
// crosshair; the point under it is the value. Rulers on the right and at the bottom show
// where it is; a gesture on a ruler changes only that axis, and the ruler grows thicker and
// labelled for two seconds after it. Pinching the picture zooms each axis by its own finger
// spread. The server renders the first frame and two typed fields that submit without
// JavaScript; the maths is precise-slider-math.js (the twin of the server's model).
//
// Events on the widget: `slider-input` while moving and `slider-change` on commit
// (detail: { x, y } each with value, text, readout, scale, step).

import {
  Plane, PlaneGeometry, SliderAxis, SliderConstants, isAxisActive,
} from "./precise-slider-math.js";
import {
  RulerFrame, TickLayer, VelocityTracker, machineText, now, precisionOf, readoutText, runAnimations, thinLabels,
  wheelPixels, wheelZoomFactor,
} from "./precise-slider-view.js";

const AXES = ["x", "y"];
const KEY_ZOOM = 2;
const TAP_ZOOM = 5; // a double click or double tap: one step of the rulers' layout
const TICK_REACH = 0.7; // of the ruler's thickness

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
    this.svg = this.view.querySelector("svg");
    this.content = this.svg.querySelector("[data-plane-content]");
    this.tileTemplate = this.content.querySelector(".plane-tile").cloneNode(true);
    const typed = root.querySelectorAll("[data-slider-typed] input");
    this.inputs = { x: typed[0], y: typed[1] };
    this.readouts = { x: root.querySelector("[data-readout-x]"), y: root.querySelector("[data-readout-y]") };
    this.rulers = {};
    for (const id of AXES) {
      const group = this.svg.querySelector(`[data-plane-axis="${id}"]`);
      this.rulers[id] = {
        strip: group.querySelector("rect"), ticks: new TickLayer(group.querySelector("[data-ruler-ticks]")), frame: new RulerFrame(),
      };
    }
    this.corner = this.svg.querySelector("[data-plane-corner]");
    this.lastGesture = { x: null, y: null };
    this.pointers = new Map();
    this.velocity = { x: new VelocityTracker(), y: new VelocityTracker() };
    this.stopAnimation = () => {};
    this.committed = { x: this.inputs.x.value, y: this.inputs.y.value };
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
    // The content spans the plane at scale 1 (or `span` of it per axis), as in the server's first frame.
    const span = this.config.span ?? { x: 1, y: 1 };
    this.plane = new Plane(this.axes.x, this.axes.y, new PlaneGeometry(width, height, width * span.x, height * span.y));
  }

  #enhance() {
    this.view.setAttribute("role", "group");
    this.view.setAttribute("tabindex", "0");
    this.root.classList.add("precise-plane--live");
    this.view.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    this.view.addEventListener("pointermove", (event) => this.#pointerMove(event));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      this.view.addEventListener(type, (event) => this.#pointerUp(event));
    }
    this.view.addEventListener("wheel", (event) => this.#wheel(event), { passive: false });
    this.view.addEventListener("dblclick", (event) => this.#zoomAt(this.#local(event), TAP_ZOOM, this.#regionAt(event)));
    this.view.addEventListener("keydown", (event) => this.#key(event));
  }

  #local(event) {
    const box = this.view.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  #active(id, time = now()) { return isAxisActive(this.lastGesture[id], time); }

  #regionAt(event) {
    const region = this.plane.geometry.region(this.#local(event), this.#active("x"), this.#active("y"));
    return region === "corner" ? "content" : region;
  }

  /** The axes a gesture on `region` moves. */
  #axesOf(region) { return region === "xAxis" ? ["x"] : region === "yAxis" ? ["y"] : AXES; }

  #touch(ids) {
    const time = now();
    for (const id of ids) this.lastGesture[id] = time;
    // Redraw when the ruler falls idle again.
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.draw(), SliderConstants.axisActiveDuration * 1000 + 50);
  }

  // ---- pointers

  #pointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    this.view.focus({ preventScroll: true });
    this.stopAnimation();
    if (this.pointers.size === 0) this.region = this.#regionAt(event);
    this.view.setPointerCapture(event.pointerId);
    this.pointers.set(event.pointerId, this.#local(event));
    this.#startGesture();
  }

  #startGesture() {
    const fingers = [...this.pointers.values()];
    this.gesture = {
      position: structuredClone(this.position),
      first: { ...fingers[0] },
      pair: fingers.length >= 2 ? { first: { ...fingers[0] }, second: { ...fingers[1] } } : null,
    };
    for (const id of AXES) this.velocity[id].reset();
  }

  #pointerMove(event) {
    if (!this.pointers.has(event.pointerId)) return;
    const point = this.#local(event);
    this.pointers.set(event.pointerId, point);
    const fingers = [...this.pointers.values()];
    const start = this.gesture.position;
    const region = this.region;
    if (fingers.length === 1) {
      const translation = { x: point.x - this.gesture.first.x, y: point.y - this.gesture.first.y };
      if (region === "content") this.position = this.plane.dragContent(start, translation);
      else {
        const id = region === "xAxis" ? "x" : "y";
        this.position = this.plane.dragAxis(id, start, translation[id]);
      }
      for (const id of AXES) this.velocity[id].add(point[id], event.timeStamp / 1000);
    } else if (this.gesture.pair) {
      const current = { first: fingers[0], second: fingers[1] };
      if (region === "content") this.position = this.plane.pinchContent(start, this.gesture.pair, current);
      else this.#pinchAxis(region === "xAxis" ? "x" : "y", start, current);
    }
    if (region !== "content") this.#touch(this.#axesOf(region));
    this.requestDraw();
  }

  #pinchAxis(id, start, current) {
    const pair = this.gesture.pair;
    const spread = (p) => Math.max(Math.abs(p.first[id] - p.second[id]), SliderConstants.minPinchSpread);
    const centre = this.plane.geometry.crosshair[id];
    const anchor = (pair.first[id] + pair.second[id]) / 2 - centre;
    this.position = this.plane.zoomAxis(id, start, spread(current) / spread(pair), anchor);
  }

  #pointerUp(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.delete(event.pointerId);
    if (this.view.hasPointerCapture(event.pointerId)) this.view.releasePointerCapture(event.pointerId);
    if (this.pointers.size > 0) {
      this.#startGesture();
      return;
    }
    const moving = this.#axesOf(this.region);
    const velocity = { x: 0, y: 0 };
    for (const id of moving) velocity[id] = this.velocity[id].velocity();
    this.#release(velocity);
  }

  #release(velocity) {
    const animations = this.plane.releaseAnimations(this.position, velocity);
    this.stopAnimation = runAnimations([animations.x, animations.y], ([x, y]) => {
      if (x !== null) this.position.x.value = x;
      if (y !== null) this.position.y.value = y;
      this.draw();
    }, () => this.commit());
  }

  // ---- wheel, keys, zoom

  #wheel(event) {
    event.preventDefault();
    this.stopAnimation();
    const region = this.#regionAt(event);
    const ids = this.#axesOf(region);
    if (event.ctrlKey || event.metaKey) {
      this.#zoomAt(this.#local(event), wheelZoomFactor(event), region, false);
    } else {
      const delta = wheelPixels(event);
      for (const id of ids) {
        // On a ruler the larger delta moves it, whichever way the wheel turned.
        const along = ids.length === 1 ? (Math.abs(delta.x) > Math.abs(delta.y) ? delta.x : delta.y) : delta[id];
        const moved = this.axes[id].dragValue(this.position[id].value, -along, this.position[id].scale, this.plane.viewport(id));
        this.position[id].value = this.axes[id].publicValue(moved);
      }
      this.requestDraw();
    }
    if (region !== "content") this.#touch(ids);
    clearTimeout(this.wheelCommit);
    this.wheelCommit = setTimeout(() => this.commit(), 250);
  }

  /** Zooms the axes of `region` by `factor`, keeping the point under `local` in place. */
  #zoomAt(local, factor, region = "content", commit = true) {
    this.stopAnimation();
    const centre = this.plane.geometry.crosshair;
    for (const id of this.#axesOf(region)) {
      const zoomed = this.axes[id].zoom(this.position[id], factor, local[id] - centre[id], null, this.plane.viewport(id));
      this.position[id] = { value: this.axes[id].isInfinite ? zoomed.value : this.axes[id].clamp(zoomed.value), scale: zoomed.scale };
    }
    if (region !== "content") this.#touch(this.#axesOf(region));
    this.requestDraw();
    if (commit) this.commit();
  }

  #key(event) {
    const step = (id) => this.axes[id].minorStep(this.position[id].scale);
    const moves = {
      ArrowRight: ["x", 1], ArrowLeft: ["x", -1], ArrowDown: ["y", 1], ArrowUp: ["y", -1],
    };
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (moves[event.key]) {
      // Arrows move the crosshair over the picture the way they point.
      const [id, sign] = moves[event.key];
      const axis = this.axes[id];
      const size = step(id) * (event.shiftKey ? SliderConstants.ticksPerMajor : 1);
      const delta = sign * axis.direction * size;
      const position = axis.publicValue(this.position[id].value) / size;
      const next = delta > 0 ? Math.floor(position + 1e-9) + 1 : Math.ceil(position - 1e-9) - 1;
      this.position[id].value = axis.publicValue(next * size);
      this.#touch([id]);
    } else if (event.key === "+" || event.key === "=") {
      this.#zoomAt(this.plane.geometry.crosshair, KEY_ZOOM, "content", false);
    } else if (event.key === "-") {
      this.#zoomAt(this.plane.geometry.crosshair, 1 / KEY_ZOOM, "content", false);
    } else {
      return;
    }
    event.preventDefault();
    this.stopAnimation();
    this.commit();
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
    const geometry = this.plane.geometry;
    const time = now();
    const active = { x: this.#active("x", time), y: this.#active("y", time) };
    this.#drawTiles();
    this.#drawRuler("x", geometry.xAxisFrame(active.x, active.y), active.x);
    this.#drawRuler("y", geometry.yAxisFrame(active.x, active.y), active.y);
    const x = geometry.xAxisFrame(active.x, active.y);
    const y = geometry.yAxisFrame(active.x, active.y);
    this.#frame(this.corner, { x: y.x, y: x.y, width: y.width, height: x.height });
    this.#showValue();
    performance.measure("precise-plane-draw", "precise-plane-draw-start");
  }

  #drawTiles() {
    const origins = {};
    for (const id of AXES) {
      origins[id] = this.axes[id].tileOrigins(this.position[id].value, this.position[id].scale, this.plane.viewport(id));
    }
    const count = origins.x.length * origins.y.length;
    while (this.content.children.length < count) this.content.append(this.tileTemplate.cloneNode(true));
    while (this.content.children.length > count) this.content.lastElementChild.remove();
    const centre = this.plane.geometry.crosshair;
    // Copies overlap by a pixel so no hairline shows between them.
    const width = this.plane.geometry.contentWidth * this.position.x.scale + (origins.x.length > 1 ? 1 : 0);
    const height = this.plane.geometry.contentHeight * this.position.y.scale + (origins.y.length > 1 ? 1 : 0);
    let index = 0;
    for (const top of origins.y) {
      for (const left of origins.x) {
        // `min` is drawn at the left (top) edge whichever way the range runs.
        this.#frame(this.content.children[index], { x: centre.x + left, y: centre.y + top, width, height });
        index += 1;
      }
    }
  }

  #drawRuler(id, frame, active) {
    const ruler = this.rulers[id];
    this.#frame(ruler.strip, frame);
    const position = this.position[id];
    const ticks = thinLabels(this.axes[id].visibleTicks(position.value, position.scale, this.plane.viewport(id),
      this.config[id].format, this.config[id].lang, active));
    const centre = this.plane.geometry.crosshair[id];
    const thickness = id === "x" ? frame.height : frame.width;
    const axis = this.axes[id];
    const ppv = axis.pixelsPerValue(position.scale, this.plane.viewport(id));
    const { key, shift } = ruler.frame.at(position.value, ppv, axis.direction, centre, `${frame.x}:${frame.y}:${thickness}`);
    ruler.ticks.draw(ticks, {
      key, shiftX: id === "x" ? shift : 0, shiftY: id === "y" ? shift : 0,
      place: (tick) => {
        const along = centre + tick.x - shift;
        const reach = thickness * TICK_REACH * tick.heightRatio;
        return id === "x"
          ? { x1: along, x2: along, y1: frame.y, y2: frame.y + reach, labelX: along, labelY: frame.y + thickness - 3 }
          : { x1: frame.x, x2: frame.x + reach, y1: along, y2: along, labelX: frame.x + thickness / 2, labelY: along + 4 };
      },
    });
  }

  #frame(element, rect) {
    element.setAttribute("x", rect.x);
    element.setAttribute("y", rect.y);
    element.setAttribute("width", Math.max(0, rect.width));
    element.setAttribute("height", Math.max(0, rect.height));
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
      if (this.inputs[id].value !== state[id].text) {
        this.inputs[id].value = state[id].text;
        this.inputs[id].dispatchEvent(new Event("input", { bubbles: true }));
      }
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
