// Precise slider (1D): a ruler that moves under a fixed pointer and zooms, so any value of a
// long range can be set exactly. The server renders the first frame (an SVG ruler) and a
// typed field that submits without JavaScript; this module makes the ruler the control and
// keeps the field holding the value. Every number comes from precise-slider-math.js, the
// twin of the server's model: the widget only follows the fingers and interpolates the
// animations the model decides.
//
// Gestures: drag, fling, two-finger pinch, Ctrl/⌘ + wheel or a trackpad pinch to zoom, wheel
// to move, double-click or double-tap to zoom in, and for one finger alone: a tap on the ruler
// brings the value under it to the pointer, the + and − buttons zoom. Keys: arrows by the minor step, PageUp and
// PageDown by the major step, Home/End to the ends, + and − to zoom.
// Events on the widget: `slider-input` while moving and `slider-change` on commit (detail:
// value, text, readout, scale, step); the typed field gets `input` and `change` too.

import { AxisViewport, SliderAxis, SliderConstants } from "./precise-slider-math.js";
import {
  RULER, RulerFrame, TickLayer, VelocityTracker, machineText, precisionOf, readoutText, runAnimations, thinLabels,
  wheelPixels, wheelZoomFactor,
} from "./precise-slider-view.js";

const KEY_ZOOM = 2;
const TAP_ZOOM = 5; // one step of the ruler's layout
const WHEEL_COMMIT_MS = 250; // the wheel has stopped turning
const TAP_SLOP_PX = 6; // a press that moves less than this is a tap, not a drag
const TAP_MS = 300; // and one that lasts longer is a press and hold
const DOUBLE_TAP_MS = 300; // a tap waits this long for a second one, which zooms instead

class PreciseSlider {
  constructor(root) {
    const config = JSON.parse(root.dataset.preciseSlider);
    this.root = root;
    this.axis = new SliderAxis({
      min: config.min, max: config.max, isInfinite: config.infinite, numberOfUnits: config.units,
      minScale: config.minScale, maxScale: config.maxScale, snapStep: config.snap,
    });
    this.format = config.format;
    this.language = config.lang;
    this.zone = config.zone ?? "UTC";
    this.value = config.value; // unclamped while moving; unwrapped on an infinite axis
    this.scale = config.scale;
    this.ruler = root.querySelector("[data-slider-ruler]");
    this.input = root.querySelector("[data-slider-typed] input");
    this.readout = root.querySelector("[data-slider-readout]");
    this.ticks = new TickLayer(this.ruler.querySelector("[data-ruler-ticks]"));
    this.rulerFrame = new RulerFrame();
    this.pointers = new Map();
    this.velocity = new VelocityTracker();
    this.stopAnimation = () => {};
    this.committedText = this.input.value;
    // An optional field left empty (no value given) stays empty until the person moves the ruler.
    this.untouched = root.hasAttribute("data-slider-optional") && this.input.value === "";
    this.emptyReadout = this.untouched ? this.readout.textContent : null;
    this.width = this.ruler.clientWidth || 1;

    this.#enhance();
    new ResizeObserver(() => {
      this.width = this.ruler.clientWidth || this.width;
      this.draw();
    }).observe(this.ruler);
    this.draw();
  }

  #enhance() {
    const ruler = this.ruler;
    for (const type of ["pointerdown", "wheel", "keydown"]) {
      ruler.addEventListener(type, () => { this.untouched = false; }, { capture: true });
    }
    // A key or the wheel after a tap is the newer wish: the tap's pending jump is dropped.
    for (const type of ["wheel", "keydown"]) {
      ruler.addEventListener(type, () => clearTimeout(this.tapTimer), { capture: true });
    }
    this.input.addEventListener("input", () => { this.untouched = false; });
    // Named only once it is a slider: without the script the ruler is a picture beside the field.
    ruler.setAttribute("role", "slider");
    ruler.setAttribute("aria-labelledby", this.root.querySelector(".precise-slider__head .field__label").id);
    ruler.setAttribute("tabindex", "0");
    ruler.setAttribute("aria-orientation", "horizontal");
    ruler.setAttribute("aria-valuemin", String(this.axis.lowerBound));
    ruler.setAttribute("aria-valuemax", String(this.axis.upperBound));
    this.root.classList.add("precise-slider--live");
    ruler.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    ruler.addEventListener("pointermove", (event) => this.#pointerMove(event));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      ruler.addEventListener(type, (event) => this.#pointerUp(event));
    }
    ruler.addEventListener("wheel", (event) => this.#wheel(event), { passive: false });
    // Browsers send dblclick for a double tap too.
    ruler.addEventListener("dblclick", (event) => {
      clearTimeout(this.tapTimer);
      this.#zoomIn(event.clientX);
    });
    ruler.addEventListener("keydown", (event) => this.#key(event));
    const zoom = this.root.querySelector("[data-slider-zoom]");
    if (zoom) {
      zoom.hidden = false;
      zoom.addEventListener("click", (event) => {
        const button = event.target.closest("[data-zoom]");
        if (!button) return;
        clearTimeout(this.tapTimer);
        this.untouched = false;
        this.stopAnimation();
        this.#zoomAt(0, button.dataset.zoom === "in" ? KEY_ZOOM : 1 / KEY_ZOOM);
        this.commit();
      });
    }
  }

  get viewport() { return AxisViewport.slider(this.width); }
  get publicValue() { return this.axis.publicValue(this.value); }

  /** Pixels from the pointer line (the ruler's middle) to a client x. */
  #offset(clientX) {
    const box = this.ruler.getBoundingClientRect();
    return clientX - (box.left + box.width / 2);
  }

  // ---- pointers

  #pointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    this.ruler.focus({ preventScroll: true });
    this.stopAnimation();
    this.ruler.setPointerCapture(event.pointerId);
    clearTimeout(this.tapTimer);
    this.tap = this.pointers.size === 0 ? { x: event.clientX, time: event.timeStamp } : null;
    this.pointers.set(event.pointerId, { x: event.clientX });
    this.#startGesture();
  }

  // Each change in the number of fingers starts a new gesture from where things are now.
  #startGesture() {
    this.gesture = { value: this.value, scale: this.scale };
    const fingers = [...this.pointers.values()];
    if (fingers.length === 1) {
      this.gesture.x = fingers[0].x;
    } else if (fingers.length >= 2) {
      this.gesture.spread = this.#spread(fingers);
      this.gesture.anchor = this.#offset((fingers[0].x + fingers[1].x) / 2);
    }
    this.velocity.reset();
  }

  #spread(fingers) { return Math.max(Math.abs(fingers[0].x - fingers[1].x), SliderConstants.minPinchSpread); }

  #pointerMove(event) {
    const finger = this.pointers.get(event.pointerId);
    if (!finger) return;
    finger.x = event.clientX;
    if (this.tap && Math.abs(finger.x - this.tap.x) > TAP_SLOP_PX) this.tap = null;
    const fingers = [...this.pointers.values()];
    if (fingers.length === 1) {
      const dx = finger.x - this.gesture.x;
      this.value = this.axis.dragValue(this.gesture.value, dx, this.gesture.scale, this.viewport);
      this.velocity.add(finger.x, event);
    } else {
      const factor = this.#spread(fingers) / this.gesture.spread;
      const anchorNow = this.#offset((fingers[0].x + fingers[1].x) / 2);
      const zoomed = this.axis.zoom(this.gesture, factor, this.gesture.anchor, anchorNow, this.viewport);
      this.value = zoomed.value;
      this.scale = zoomed.scale;
    }
    this.requestDraw();
  }

  #pointerUp(event) {
    const finger = this.pointers.get(event.pointerId);
    if (!finger) return;
    this.pointers.delete(event.pointerId);
    if (this.ruler.hasPointerCapture(event.pointerId)) this.ruler.releasePointerCapture(event.pointerId);
    if (this.pointers.size > 0) {
      this.tap = null;
      this.#startGesture();
      return;
    }
    if (this.tap && event.type === "pointerup" && event.timeStamp - this.tap.time < TAP_MS) {
      const { x } = this.tap;
      this.tapTimer = setTimeout(() => this.#jumpTo(x), DOUBLE_TAP_MS);
    }
    this.tap = null;
    this.#release(this.velocity.velocity(event));
  }

  /** A tap: the value under the tapped point comes to the pointer. */
  #jumpTo(clientX) {
    this.stopAnimation();
    const value = this.axis.dragValue(this.value, -this.#offset(clientX), this.scale, this.viewport);
    this.value = this.axis.isInfinite ? value : this.axis.clamp(value);
    this.commit();
  }

  /** Lets the model decide the glide, spring or nothing, then commits where it ends. */
  #release(velocity) {
    const animation = this.axis.releaseAnimation(this.value, velocity, this.scale, this.viewport);
    this.stopAnimation = runAnimations([animation], ([value]) => {
      if (value !== null) this.value = value;
      this.draw();
    }, () => this.commit());
  }

  // ---- wheel, keys, zoom

  #wheel(event) {
    event.preventDefault();
    this.stopAnimation();
    if (event.ctrlKey || event.metaKey) {
      this.#zoomAt(this.#offset(event.clientX), wheelZoomFactor(event));
    } else {
      const delta = wheelPixels(event);
      const along = Math.abs(delta.x) > Math.abs(delta.y) ? delta.x : delta.y;
      // Scrolling on moves towards later values on the right, like dragging the ruler left.
      this.value = this.axis.publicValue(this.axis.dragValue(this.publicValue, -along, this.scale, this.viewport));
      this.requestDraw();
    }
    clearTimeout(this.wheelCommit);
    this.wheelCommit = setTimeout(() => this.commit(), WHEEL_COMMIT_MS);
  }

  #zoomAt(anchor, factor) {
    const zoomed = this.axis.zoom({ value: this.value, scale: this.scale }, factor, anchor, null, this.viewport);
    this.value = this.axis.isInfinite ? zoomed.value : this.axis.clamp(zoomed.value);
    this.scale = zoomed.scale;
    this.requestDraw();
  }

  #zoomIn(clientX) {
    this.stopAnimation();
    this.#zoomAt(this.#offset(clientX), TAP_ZOOM);
    this.commit();
  }

  #key(event) {
    const step = this.axis.minorStep(this.scale);
    const visualRight = this.axis.direction; // +1 when values grow to the right
    const moves = {
      ArrowRight: () => this.#stepBy(step * visualRight),
      ArrowLeft: () => this.#stepBy(-step * visualRight),
      ArrowUp: () => this.#stepBy(step),
      ArrowDown: () => this.#stepBy(-step),
      PageUp: () => this.#stepBy(step * SliderConstants.ticksPerMajor),
      PageDown: () => this.#stepBy(-step * SliderConstants.ticksPerMajor),
      Home: () => { this.value = this.axis.min; },
      End: () => { this.value = this.axis.max; },
      "+": () => this.#zoomAt(0, KEY_ZOOM),
      "=": () => this.#zoomAt(0, KEY_ZOOM),
      "-": () => this.#zoomAt(0, 1 / KEY_ZOOM),
    };
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.stopAnimation();
    move();
    this.commit();
  }

  /** To the next multiple of |delta| in its direction: the next minor or major tick. */
  #stepBy(delta) {
    const size = Math.abs(delta);
    const position = this.publicValue / size;
    const next = delta > 0 ? Math.floor(position + 1e-9) + 1 : Math.ceil(position - 1e-9) - 1;
    this.value = this.axis.publicValue(next * size);
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
    performance.mark("precise-slider-draw-start");
    const width = this.width;
    const ticks = thinLabels(this.axis.visibleTicks(this.value, this.scale, this.viewport, this.format, this.language));
    const middle = width / 2;
    const ppv = this.axis.pixelsPerValue(this.scale, this.viewport);
    const { key, shift } = this.rulerFrame.at(this.value, ppv, this.axis.direction, width);
    this.ticks.draw(ticks, {
      key, shiftX: shift, shiftY: 0,
      place: (tick) => {
        const x = middle + tick.x - shift;
        return { x1: x, x2: x, y1: 0, y2: tick.heightRatio * RULER.majorTickLength, labelX: x, labelY: RULER.labelBaseline };
      },
    });
    this.#showValue();
    performance.measure("precise-slider-draw", "precise-slider-draw-start");
  }

  #state() {
    const value = this.publicValue;
    const precision = precisionOf(this.axis, this.scale);
    return {
      value, scale: this.scale, step: this.axis.minorStep(this.scale), precision,
      text: machineText(value, this.format, precision),
      readout: readoutText(value, this.format, precision, this.language, this.zone),
    };
  }

  #showValue() {
    const state = this.#state();
    if (this.untouched) state.readout = this.emptyReadout;
    if (this.readout.textContent !== state.readout) this.readout.textContent = state.readout;
    this.ruler.setAttribute("aria-valuenow", String(state.value));
    this.ruler.setAttribute("aria-valuetext", state.readout);
    if (!this.untouched && this.input.value !== state.text) {
      this.input.value = state.text;
      this.input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    this.root.dispatchEvent(new CustomEvent("slider-input", { bubbles: true, detail: state }));
  }

  /** The value is settled: the field and listeners hear `change` once per new value. */
  commit() {
    this.draw();
    const state = this.#state();
    this.root.dispatchEvent(new CustomEvent("slider-change", { bubbles: true, detail: state }));
    if (state.text === this.committedText) return;
    this.committedText = state.text;
    this.input.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Brings every `[data-precise-slider]` under `container` to life (once each). */
export function enhance(container = document) {
  for (const root of container.querySelectorAll("[data-precise-slider]")) {
    root.preciseSlider ??= new PreciseSlider(root);
  }
}

enhance();
