// Precise slider (1D): a ruler that moves under a fixed pointer and zooms, so any value of a
// long range can be set exactly. The server renders the first frame (an SVG ruler) and a
// typed field that submits without JavaScript; this module makes the ruler the control and
// keeps the field holding the value. Every number comes from precise-slider-math.js, the
// twin of the server's model: the widget only follows the fingers and interpolates the
// animations the model decides.
//
// Gestures: drag, fling, two-finger pinch, Ctrl/⌘ + wheel or a trackpad pinch to zoom, wheel
// to move, double-click or double-tap to zoom in, and for one finger alone: a tap on the ruler
// brings the value under it to the pointer, the + and − buttons zoom. Dragging selects the
// value and zooming changes only the scale (the precise-slider thesis): whatever zooms, and
// wherever the fingers or the mouse are, the selected value stays under the pointer. So only
// moving the value is an edit; zooming is not (a film's seek bar zooms while the film plays on).
// Keys (precise-slider-keys.js): arrows by the minor step, PageUp and PageDown by the major
// step, Home/End to the ends, + and − to zoom, and with `frameStep` in the config `,` and `.`
// one frame back and forward; j, k, l, Space and every other key are left to the page.
//
// Events on the widget, each with the detail { value, text, readout, scale, step, precision }:
//   slider-start   the person begins to edit the value: the ruler moves under a finger or the
//                  mouse, a key steps, the wheel scrolls, a tap's jump (not a press alone, and
//                  never a zoom)
//   slider-input   while it moves under the person's hand
//   slider-change  once when the edit is over: the finger lifted and its glide ended, the key
//                  was released, the wheel rested (a tap: once its jump is done)
//   slider-scale   the zoom changed: a pinch, Ctrl/⌘ + wheel, + or −, a double tap, or setScale
//   slider-bounds, slider-units, slider-format, slider-infinite
//                  the page changed that setting (below)
// Every slider-start is followed by exactly one slider-change. The typed field gets `input`
// and `change` too.
//
// The handle, for a page that drives the slider (a film player's seek bar), is
// `root.preciseSlider` on the `[data-precise-slider]` element:
//   value          the value shown (clamped, wrapped and snapped as the form sends it)
//   scale          the zoom
//   editing        true from slider-start to slider-change: a pointer is down, a glide the
//                  person started is running, a key is held, the wheel turns, a tap waits
//   setValue(v)    moves the ruler to v (through the model: clamped, wrapped, snapped) without
//                  any event, as playback does; refused, answering false, while editing, so
//                  the player never pulls the ruler from under the person's hand; true when
//                  moved. A value that is not a finite number throws the model's RangeError.
//   setScale(s), zoomBy(factor)
//                  zoom, clamped to the axis's scales; answer the scale now
//   unitColor      null, or (value, isHighlighted) => a CSS colour or null: the page's colour
//                  for each tick and its label (isHighlighted: a major tick or a bound's);
//                  null keeps the stylesheet's (--slider-tick, --slider-tick-major, …)
//   setBounds(min, max), setUnits(n), setFormat(name), setInfinite(flag)
//                  change the axis at run time (precise-slider-settings.js): the value is kept
//                  as the new axis allows (clamped or wrapped), the scale too; a setting the
//                  model refuses throws its SliderConfigurationError and changes nothing

import { AxisViewport, SliderAxis, SliderConstants, pinchFactor } from "./precise-slider-math.js";
import { nextMultiple, sliderKey } from "./precise-slider-keys.js";
import { changedAxis, checkedFormat, controlType } from "./precise-slider-settings.js";
import {
  RULER, RulerFrame, TickLayer, VelocityTracker, applyLook, machineText, precisionOf, readoutText, runAnimations, thinLabels,
  wheelPixels, wheelZoomFactor,
} from "./precise-slider-view.js";

const KEY_ZOOM = 2;
const TAP_ZOOM = 5; // one step of the ruler's layout
const WHEEL_COMMIT_MS = 250; // the wheel has stopped turning
const TAP_SLOP_PX = 6; // a press that moves less than this is a tap, not a drag
const TAP_MS = 300; // and one that lasts longer is a press and hold
const DOUBLE_TAP_MS = 300; // a tap waits this long for a second one, which zooms instead

class PreciseSlider {
  #root;
  #axis;
  #format;
  #language;
  #zone;
  #frameStep;
  #value; // unclamped while moving; unwrapped (within a period of 0) on an infinite axis
  #scale;
  #ruler;
  #input;
  #readout;
  #ticks;
  #rulerFrame = new RulerFrame();
  #pointers = new Map();
  #velocity = new VelocityTracker();
  #gesture = null;
  #tap = null;
  #committedText;
  #untouched;
  #emptyReadout;
  #width;
  #frame = 0;
  // What keeps an edit going; it ends (slider-change) once all are over.
  #editing = false;
  #animating = false;
  #stopAnimation = () => {};
  #keysDown = new Set();
  #wheelCommit = 0;
  #tapTimer = 0;
  #unitColor = null;

  constructor(root) {
    const config = JSON.parse(root.dataset.preciseSlider);
    this.#root = root;
    this.#axis = new SliderAxis({
      min: config.min, max: config.max, isInfinite: config.infinite, numberOfUnits: config.units,
      minScale: config.minScale, maxScale: config.maxScale, snapStep: config.snap, majorUnit: config.unit ?? null,
    });
    this.#format = config.format;
    this.#language = config.lang;
    this.#zone = config.zone ?? "UTC";
    this.#frameStep = Number.isFinite(config.frameStep) && config.frameStep > 0 ? config.frameStep : null;
    this.#value = config.value;
    this.#scale = config.scale;
    this.#ruler = root.querySelector("[data-slider-ruler]");
    this.#input = root.querySelector("[data-slider-typed] input");
    this.#readout = root.querySelector("[data-slider-readout]");
    this.#ticks = new TickLayer(this.#ruler.querySelector("[data-ruler-ticks]"));
    this.#committedText = this.#input.value;
    // An optional field left empty (no value given) stays empty until the person moves the ruler.
    this.#untouched = root.hasAttribute("data-slider-optional") && this.#input.value === "";
    this.#emptyReadout = this.#untouched ? this.#readout.textContent : null;
    this.#width = this.#ruler.clientWidth || 1;

    applyLook(root);
    this.#enhance();
    new ResizeObserver(() => {
      this.#width = this.#ruler.clientWidth || this.#width;
      this.#draw();
    }).observe(this.#ruler);
    this.#draw();
  }

  // ---- the handle

  get value() { return this.#axis.publicValue(this.#value); }
  get scale() { return this.#scale; }
  get editing() { return this.#editing; }

  setValue(value) {
    if (this.#editing) return false;
    this.#value = this.#axis.publicValue(value);
    this.#untouched = false;
    this.#committedText = this.#state().text;
    this.#requestDraw();
    return true;
  }

  get unitColor() { return this.#unitColor; }

  set unitColor(colour) {
    this.#unitColor = typeof colour === "function" ? colour : null;
    this.#requestDraw();
  }

  setScale(scale) {
    this.#zoomTo(this.#axis.clampScale(scale));
    return this.#scale;
  }

  zoomBy(factor) {
    this.#zoomBy(factor);
    return this.#scale;
  }

  setBounds(min, max) { this.#reconfigure("slider-bounds", { min, max }); }
  setUnits(numberOfUnits) { this.#reconfigure("slider-units", { numberOfUnits }); }
  setInfinite(isInfinite) { this.#reconfigure("slider-infinite", { isInfinite: Boolean(isInfinite) }); }

  setFormat(format) {
    this.#format = checkedFormat(format);
    this.#input.type = controlType(this.#format);
    this.#redrawAndAnnounce("slider-format");
  }

  // A new axis keeps the value (clamped or wrapped into it) and the scale (into its scales).
  #reconfigure(event, change) {
    const axis = changedAxis(this.#axis, change);
    this.#axis = axis;
    this.#value = axis.publicValue(this.#value);
    this.#scale = axis.clampScale(this.#scale);
    this.#describeBounds();
    this.#redrawAndAnnounce(event);
  }

  #redrawAndAnnounce(event) {
    this.#draw();
    if (!this.#editing) this.#committedText = this.#state().text;
    this.#root.dispatchEvent(new CustomEvent(event, { bubbles: true, detail: this.#state() }));
  }

  #describeBounds() {
    this.#ruler.setAttribute("aria-valuemin", String(this.#axis.lowerBound));
    this.#ruler.setAttribute("aria-valuemax", String(this.#axis.upperBound));
  }

  // ----

  #enhance() {
    const ruler = this.#ruler;
    this.#input.addEventListener("input", () => { this.#untouched = false; });
    // Named only once it is a slider: without the script the ruler is a picture beside the field.
    ruler.setAttribute("role", "slider");
    ruler.setAttribute("aria-labelledby", this.#root.querySelector(".precise-slider__head .field__label").id);
    ruler.setAttribute("tabindex", "0");
    ruler.setAttribute("aria-orientation", "horizontal");
    this.#describeBounds();
    this.#root.classList.add("precise-slider--live");
    ruler.addEventListener("pointerdown", this.#pointerDown);
    ruler.addEventListener("pointermove", this.#pointerMove);
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) ruler.addEventListener(type, this.#pointerUp);
    ruler.addEventListener("wheel", this.#wheel, { passive: false });
    // Browsers send dblclick for a double tap too; it wins over the first tap's pending jump.
    ruler.addEventListener("dblclick", () => {
      this.#interrupt();
      this.#zoomBy(TAP_ZOOM);
      this.#settle();
    });
    ruler.addEventListener("keydown", this.#keyDown);
    ruler.addEventListener("keyup", this.#keyUp);
    ruler.addEventListener("blur", this.#blur);
    const zoom = this.#root.querySelector("[data-slider-zoom]");
    if (zoom) {
      zoom.hidden = false;
      zoom.addEventListener("click", (event) => {
        const button = event.target.closest("[data-zoom]");
        if (button) this.#zoomBy(button.dataset.zoom === "in" ? KEY_ZOOM : 1 / KEY_ZOOM);
      });
    }
  }

  get #viewport() { return AxisViewport.slider(this.#width); }

  /** Pixels from the pointer line (the ruler's middle) to a client x. */
  #offset(clientX) {
    const box = this.#ruler.getBoundingClientRect();
    return clientX - (box.left + box.width / 2);
  }

  // ---- an edit of the value: begun by the person, over (slider-change) once nothing keeps it going

  /** A newer wish wins over a tap's pending jump and stops a glide. */
  #interrupt() {
    clearTimeout(this.#tapTimer);
    this.#tapTimer = 0;
    this.#stop();
  }

  #begin() {
    this.#interrupt();
    if (this.#editing) return;
    this.#editing = true;
    this.#untouched = false;
    this.#root.dispatchEvent(new CustomEvent("slider-start", { bubbles: true, detail: this.#state() }));
  }

  #settle() {
    const busy = this.#pointers.size > 0 || this.#animating || this.#keysDown.size > 0 || this.#wheelCommit || this.#tapTimer;
    if (this.#editing && !busy) this.#commit();
  }

  #stop() {
    this.#stopAnimation();
    this.#stopAnimation = () => {};
    this.#animating = false;
  }

  // ---- pointers

  #pointerDown = (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    this.#ruler.focus({ preventScroll: true });
    // A press is not yet an edit: only moving the value is (a pinch begins with one finger).
    this.#interrupt();
    this.#ruler.setPointerCapture(event.pointerId);
    this.#tap = this.#pointers.size === 0 ? { x: event.clientX, time: event.timeStamp } : null;
    this.#pointers.set(event.pointerId, { x: event.clientX });
    this.#startGesture();
  };

  // Each change in the number of fingers starts a new gesture from where things are now.
  #startGesture() {
    const fingers = [...this.#pointers.values()].map((finger) => finger.x);
    this.#gesture = { value: this.#value, scale: this.#scale, fingers };
    this.#velocity.reset();
  }

  #pointerMove = (event) => {
    const finger = this.#pointers.get(event.pointerId);
    if (!finger) return;
    finger.x = event.clientX;
    if (this.#tap && Math.abs(finger.x - this.#tap.x) > TAP_SLOP_PX) this.#tap = null;
    const fingers = [...this.#pointers.values()].map((each) => each.x);
    const gesture = this.#gesture;
    if (fingers.length === 1) {
      const value = this.#axis.dragValue(gesture.value, fingers[0] - gesture.fingers[0], gesture.scale, this.#viewport);
      this.#velocity.add(fingers[0], event);
      if (value === this.#value) return;
      this.#begin();
      this.#value = value;
      this.#requestDraw();
    } else {
      // Only the spread counts: the value stays under the pointer wherever the fingers are.
      const zoomed = this.#axis.zoom(gesture, pinchFactor(gesture.fingers.slice(0, 2), fingers.slice(0, 2)));
      this.#value = zoomed.value;
      this.#zoomTo(zoomed.scale);
    }
  };

  #pointerUp = (event) => {
    if (!this.#pointers.has(event.pointerId)) return;
    this.#pointers.delete(event.pointerId);
    if (this.#ruler.hasPointerCapture(event.pointerId)) this.#ruler.releasePointerCapture(event.pointerId);
    if (this.#pointers.size > 0) {
      this.#tap = null;
      this.#startGesture();
      return;
    }
    const tap = this.#tap;
    this.#tap = null;
    if (tap && event.type === "pointerup" && event.timeStamp - tap.time < TAP_MS) {
      // A tap brings the value under it to the pointer, unless a second tap zooms instead.
      const target = this.#axis.dragValue(this.#value, -this.#offset(tap.x), this.#scale, this.#viewport);
      this.#tapTimer = setTimeout(() => {
        this.#tapTimer = 0;
        this.#begin();
        this.#value = this.#axis.isInfinite ? target : this.#axis.clamp(target);
        this.#requestDraw();
        this.#settle();
      }, DOUBLE_TAP_MS);
      return;
    }
    this.#release(this.#velocity.velocity(event));
  };

  /** Lets the model decide the glide, spring or nothing; the edit is over where it ends. */
  #release(velocity) {
    const animation = this.#axis.releaseAnimation(this.#value, velocity, this.#scale, this.#viewport);
    if (animation.kind === "none") {
      this.#settle();
      return;
    }
    this.#begin();
    this.#animating = true;
    this.#stopAnimation = runAnimations([animation], ([value]) => {
      if (value !== null) this.#value = value;
      this.#draw();
    }, () => {
      this.#animating = false;
      this.#settle();
    });
  }

  // ---- wheel, keys, zoom

  #wheel = (event) => {
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      this.#interrupt();
      this.#zoomBy(wheelZoomFactor(event));
      this.#settle();
      return;
    }
    this.#begin();
    const delta = wheelPixels(event);
    const along = Math.abs(delta.x) > Math.abs(delta.y) ? delta.x : delta.y;
    // Scrolling on moves towards later values on the right, like dragging the ruler left.
    this.#value = this.#axis.publicValue(this.#axis.dragValue(this.value, -along, this.#scale, this.#viewport));
    this.#requestDraw();
    clearTimeout(this.#wheelCommit);
    this.#wheelCommit = setTimeout(() => {
      this.#wheelCommit = 0;
      this.#settle();
    }, WHEEL_COMMIT_MS);
  };

  /** The scale changes, the value stays: zooming is always about the pointer. */
  #zoomBy(factor) {
    const zoomed = this.#axis.zoom({ value: this.#value, scale: this.#scale }, factor);
    // A ruler caught springing back from past an end comes to rest at the end.
    this.#value = this.#axis.isInfinite ? zoomed.value : this.#axis.clamp(zoomed.value);
    this.#zoomTo(zoomed.scale);
  }

  /** A zoom is not an edit of the value: it is announced as slider-scale alone. */
  #zoomTo(scale) {
    if (scale === this.#scale) return;
    this.#scale = scale;
    this.#requestDraw();
    this.#root.dispatchEvent(new CustomEvent("slider-scale", { bubbles: true, detail: this.#state() }));
  }

  #keyDown = (event) => {
    const move = sliderKey(event, { direction: this.#axis.direction, frameStep: this.#frameStep });
    if (!move) return;
    event.preventDefault();
    if (move.zoom) {
      this.#interrupt();
      this.#zoomBy(move.zoom > 0 ? KEY_ZOOM : 1 / KEY_ZOOM);
      this.#settle();
      return;
    }
    this.#begin();
    this.#keysDown.add(event.code || event.key);
    const axis = this.#axis;
    if (move.step) {
      const size = axis.minorStep(this.#scale) * (move.step.major ? SliderConstants.ticksPerMajor : 1);
      this.#value = axis.publicValue(nextMultiple(this.value, size, move.step.sign));
    } else if (move.frame) {
      this.#value = axis.publicValue(nextMultiple(this.value, this.#frameStep, move.frame));
    } else {
      this.#value = axis[move.end];
    }
    this.#draw();
  };

  /** Letting go of the key (after any repeats) ends the edit. */
  #keyUp = (event) => {
    if (this.#keysDown.delete(event.code || event.key)) this.#settle();
  };

  // A key held while the focus leaves never sends its keyup here.
  #blur = () => {
    if (this.#keysDown.size === 0) return;
    this.#keysDown.clear();
    this.#settle();
  };

  // ---- drawing and events

  #requestDraw() {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#draw();
    });
  }

  #draw() {
    performance.mark("precise-slider-draw-start");
    const width = this.#width;
    const viewport = this.#viewport;
    const ticks = thinLabels(this.#axis.visibleTicks(this.#value, this.#scale, viewport, this.#format, this.#language));
    const middle = width / 2;
    const ppv = this.#axis.pixelsPerValue(this.#scale, viewport);
    const { key, shift } = this.#rulerFrame.at(this.#value, ppv, this.#axis.direction, width);
    const unitColor = this.#unitColor;
    this.#ticks.draw(ticks, {
      key, shiftX: shift, shiftY: 0,
      colour: unitColor && ((tick) => unitColor(tick.displayValue, tick.isMajor || tick.isEnd) || null),
      place: (tick) => {
        const x = middle + tick.x - shift;
        return { x1: x, x2: x, y1: 0, y2: tick.heightRatio * RULER.majorTickLength, labelX: x, labelY: RULER.labelBaseline };
      },
    });
    this.#showValue();
    performance.measure("precise-slider-draw", "precise-slider-draw-start");
  }

  #state() {
    const value = this.value;
    const precision = precisionOf(this.#axis, this.#scale);
    return {
      value, scale: this.#scale, step: this.#axis.minorStep(this.#scale), precision,
      text: machineText(value, this.#format, precision),
      readout: readoutText(value, this.#format, precision, this.#language, this.#zone),
    };
  }

  /** Writes the value in the one place it changes; only the person's moves are announced as events. */
  #showValue() {
    const state = this.#state();
    if (this.#untouched) state.readout = this.#emptyReadout;
    if (this.#readout.textContent !== state.readout) this.#readout.textContent = state.readout;
    this.#ruler.setAttribute("aria-valuenow", String(state.value));
    this.#ruler.setAttribute("aria-valuetext", state.readout);
    if (!this.#untouched && this.#input.value !== state.text) {
      this.#input.value = state.text;
      if (this.#editing) this.#input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (this.#editing) this.#root.dispatchEvent(new CustomEvent("slider-input", { bubbles: true, detail: state }));
  }

  /** The edit is over: slider-change once, and the field's `change` once per new value. */
  #commit() {
    this.#draw();
    const state = this.#state();
    this.#editing = false;
    this.#root.dispatchEvent(new CustomEvent("slider-change", { bubbles: true, detail: state }));
    if (state.text === this.#committedText) return;
    this.#committedText = state.text;
    this.#input.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Brings every `[data-precise-slider]` under `container` to life (once each). */
export function enhance(container = document) {
  for (const root of container.querySelectorAll("[data-precise-slider]")) {
    root.preciseSlider ??= new PreciseSlider(root);
  }
}

enhance();
