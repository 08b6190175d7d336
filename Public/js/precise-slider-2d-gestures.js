// What fingers, the mouse, the wheel and keys do to the 2D precise slider (precise-slider-2d.js):
// a drag or pinch on the picture moves both axes, one on a ruler only that axis (which then
// stays thick and labelled for two seconds), a release glides, the wheel moves or (with
// Ctrl/⌘, or a trackpad pinch) zooms, a double click or tap zooms in, a single tap brings the
// point under it to the crosshair (on a ruler: that axis only); keys on the axes'
// range inputs (precise-slider-2d-keys.js) move the crosshair by a tick and + and − zoom.
// Every zoom, on the picture or on a ruler, is about the crosshair: the selected point stays
// under it wherever the fingers or the mouse are, and only the scale changes.
// The widget keeps the position; this moves it.

import { SliderConstants, isAxisActive, pinchFactor } from "./precise-slider-math.js";
import { VelocityTracker, now, runAnimations, wheelPixels, wheelZoomFactor } from "./precise-slider-view.js";
import { planeKey } from "./precise-slider-2d-keys.js";

const AXES = ["x", "y"];
const KEY_ZOOM = 2;
const TAP_ZOOM = 5; // a double click or double tap: one step of the rulers' layout
const WHEEL_COMMIT_MS = 250; // the wheel has stopped turning
const TAP_SLOP_PX = 6; // a press that moves less than this is a tap, not a drag
const TAP_MS = 300; // and one that lasts longer is a press and hold
const DOUBLE_TAP_MS = 300; // a tap waits this long for a second one, which zooms instead
const IDLE_REDRAW_MS = SliderConstants.axisActiveDuration * 1000 + 50; // a ruler has fallen idle

/** The axes a gesture on `region` moves. */
const axesOf = (region) => (region === "xAxis" ? ["x"] : region === "yAxis" ? ["y"] : AXES);

export class PlaneGestures {
  #widget;
  #view;
  #pointers = new Map();
  #gesture = null;
  #region = "content";
  #velocity = { x: new VelocityTracker(), y: new VelocityTracker() };
  #lastGesture = { x: null, y: null };
  #idleTimer = 0;
  #wheelCommit = 0;
  #stopAnimation = () => {};
  #tap = null;
  #tapTimer = 0;

  /** `widget`: its `plane`, `axes` and `position`, and `requestDraw()`, `draw()`, `commit()`. */
  constructor(widget, view) {
    this.#widget = widget;
    this.#view = view;
    view.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    view.addEventListener("pointermove", (event) => this.#pointerMove(event));
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      view.addEventListener(type, (event) => this.#pointerUp(event));
    }
    view.addEventListener("wheel", (event) => this.#wheel(event), { passive: false });
    view.addEventListener("dblclick", (event) => {
      clearTimeout(this.#tapTimer);
      this.#zoomBy(TAP_ZOOM, this.#regionAt(event));
    });
  }

  /** Stops a glide, so a value set from elsewhere stays. */
  stop() { this.#stopAnimation(); }

  /** Whether the axis's ruler is thick and labelled: a gesture on it less than two seconds ago. */
  isActive(id, time = now()) { return isAxisActive(this.#lastGesture[id], time); }

  #local(event) {
    const box = this.#view.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  #regionAt(event) {
    // A ruler's touch area is its active size even while it is drawn thin.
    const region = this.#widget.plane.geometry.region(this.#local(event));
    return region === "corner" ? "content" : region;
  }

  #touch(ids) {
    const time = now();
    for (const id of ids) this.#lastGesture[id] = time;
    // Redraw when the ruler falls idle again.
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => this.#widget.draw(), IDLE_REDRAW_MS);
  }

  // ---- pointers

  #pointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    this.#stopAnimation();
    if (this.#pointers.size === 0) this.#region = this.#regionAt(event);
    clearTimeout(this.#tapTimer);
    this.#tap = this.#pointers.size === 0 ? { ...this.#local(event), time: event.timeStamp } : null;
    this.#view.setPointerCapture(event.pointerId);
    this.#pointers.set(event.pointerId, this.#local(event));
    this.#startGesture();
  }

  #startGesture() {
    const fingers = [...this.#pointers.values()];
    this.#gesture = {
      position: structuredClone(this.#widget.position),
      first: { ...fingers[0] },
      pair: fingers.length >= 2 ? { first: { ...fingers[0] }, second: { ...fingers[1] } } : null,
    };
    for (const id of AXES) this.#velocity[id].reset();
  }

  #pointerMove(event) {
    if (!this.#pointers.has(event.pointerId)) return;
    const widget = this.#widget;
    const point = this.#local(event);
    this.#pointers.set(event.pointerId, point);
    if (this.#tap && Math.hypot(point.x - this.#tap.x, point.y - this.#tap.y) > TAP_SLOP_PX) this.#tap = null;
    const fingers = [...this.#pointers.values()];
    const start = this.#gesture.position;
    const region = this.#region;
    if (fingers.length === 1) {
      const translation = { x: point.x - this.#gesture.first.x, y: point.y - this.#gesture.first.y };
      if (region === "content") widget.position = widget.plane.dragContent(start, translation);
      else {
        const id = region === "xAxis" ? "x" : "y";
        widget.position = widget.plane.dragAxis(id, start, translation[id]);
      }
      for (const id of AXES) this.#velocity[id].add(point[id], event);
    } else if (this.#gesture.pair) {
      const current = { first: fingers[0], second: fingers[1] };
      if (region === "content") widget.position = widget.plane.pinchContent(start, this.#gesture.pair, current);
      else this.#pinchAxis(region === "xAxis" ? "x" : "y", start, current);
    }
    if (region !== "content") this.#touch(axesOf(region));
    widget.requestDraw();
  }

  #pinchAxis(id, start, current) {
    const pair = this.#gesture.pair;
    const factor = pinchFactor([pair.first[id], pair.second[id]], [current.first[id], current.second[id]]);
    this.#widget.position = this.#widget.plane.zoomAxis(id, start, factor);
  }

  #pointerUp(event) {
    if (!this.#pointers.has(event.pointerId)) return;
    this.#pointers.delete(event.pointerId);
    if (this.#view.hasPointerCapture(event.pointerId)) this.#view.releasePointerCapture(event.pointerId);
    if (this.#pointers.size > 0) {
      this.#tap = null;
      this.#startGesture();
      return;
    }
    const tap = this.#tap;
    this.#tap = null;
    if (tap && event.type === "pointerup" && event.timeStamp - tap.time < TAP_MS) {
      const region = this.#region;
      this.#tapTimer = setTimeout(() => this.#jumpTo(tap, region), DOUBLE_TAP_MS);
    }
    const velocity = { x: 0, y: 0 };
    for (const id of axesOf(this.#region)) velocity[id] = this.#velocity[id].velocity(event);
    this.#release(velocity);
  }

  #release(velocity) {
    const widget = this.#widget;
    const animations = widget.plane.releaseAnimations(widget.position, velocity);
    this.#stopAnimation = runAnimations([animations.x, animations.y], ([x, y]) => {
      if (x !== null) widget.position.x.value = x;
      if (y !== null) widget.position.y.value = y;
      widget.draw();
    }, () => widget.commit());
  }

  /** A tap: the point under it comes to the crosshair (on a ruler, along that axis only). */
  #jumpTo(point, region) {
    this.#stopAnimation();
    const widget = this.#widget;
    const { axes, plane } = widget;
    const centre = plane.geometry.crosshair;
    const translation = { x: centre.x - point.x, y: centre.y - point.y };
    let position = region === "content"
      ? plane.dragContent(widget.position, translation)
      : plane.dragAxis(region === "xAxis" ? "x" : "y", widget.position, translation[region === "xAxis" ? "x" : "y"]);
    for (const id of AXES) {
      if (!axes[id].isInfinite) position = { ...position, [id]: { ...position[id], value: axes[id].clamp(position[id].value) } };
    }
    widget.position = position;
    if (region !== "content") this.#touch(axesOf(region));
    widget.commit();
  }

  // ---- wheel, keys, zoom

  #wheel(event) {
    event.preventDefault();
    clearTimeout(this.#tapTimer); // the newer wish wins over a tap's pending jump
    this.#stopAnimation();
    const { axes, plane, position } = this.#widget;
    const region = this.#regionAt(event);
    const ids = axesOf(region);
    if (event.ctrlKey || event.metaKey) {
      this.#zoomBy(wheelZoomFactor(event), region, false);
    } else {
      const delta = wheelPixels(event);
      for (const id of ids) {
        // On a ruler the larger delta moves it, whichever way the wheel turned.
        const along = ids.length === 1 ? (Math.abs(delta.x) > Math.abs(delta.y) ? delta.x : delta.y) : delta[id];
        const moved = axes[id].dragValue(position[id].value, -along, position[id].scale, plane.viewport(id));
        position[id].value = axes[id].publicValue(moved);
      }
      this.#widget.requestDraw();
    }
    if (region !== "content") this.#touch(ids);
    clearTimeout(this.#wheelCommit);
    this.#wheelCommit = setTimeout(() => this.#widget.commit(), WHEEL_COMMIT_MS);
  }

  /** Zooms the axes of `region` by `factor` about the crosshair: their values stay. */
  #zoomBy(factor, region = "content", commit = true) {
    this.#stopAnimation();
    const widget = this.#widget;
    const { axes, position } = widget;
    for (const id of axesOf(region)) {
      const zoomed = axes[id].zoom(position[id], factor);
      // A ruler caught springing back from past an end comes to rest at the end.
      position[id] = { value: axes[id].isInfinite ? zoomed.value : axes[id].clamp(zoomed.value), scale: zoomed.scale };
    }
    if (region !== "content") this.#touch(axesOf(region));
    widget.requestDraw();
    if (commit) widget.commit();
  }

  /** Zooms both axes in (+1) or out (−1) by one key step around the crosshair. */
  zoomBy(direction) {
    clearTimeout(this.#tapTimer);
    this.#zoomBy(direction > 0 ? KEY_ZOOM : 1 / KEY_ZOOM);
  }

  /** A key on the range input of axis `focused`. */
  key(event, focused) {
    const widget = this.#widget;
    const move = planeKey(event, focused, widget.isRightToLeft);
    if (!move) return;
    event.preventDefault();
    clearTimeout(this.#tapTimer);
    this.#stopAnimation();
    const { axes, position } = widget;
    if (move.step) {
      const { axis: id, sign, major } = move.step;
      const axis = axes[id];
      const size = axis.minorStep(position[id].scale) * (major ? SliderConstants.ticksPerMajor : 1);
      const delta = sign * axis.direction * size;
      const at = axis.publicValue(position[id].value) / size;
      const next = delta > 0 ? Math.floor(at + 1e-9) + 1 : Math.ceil(at - 1e-9) - 1;
      position[id].value = axis.publicValue(next * size);
      this.#touch([id]);
    } else if (move.end) {
      const { axis: id, sign } = move.end;
      position[id].value = sign < 0 ? axes[id].lowerBound : axes[id].upperBound;
    } else {
      this.#zoomBy(move.zoom > 0 ? KEY_ZOOM : 1 / KEY_ZOOM, "content", false);
    }
    widget.commit();
  }
}
