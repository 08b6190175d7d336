// Drawing and motion shared by the precise-slider widgets (precise-slider.js, 1D, and
// precise-slider-2d.js, 2D): a tick layer that recycles SVG nodes, an animation runner that
// only interpolates what the model decided, a pointer-velocity tracker, and the texts a
// value is written in. The maths lives in precise-slider-math.js.

import {
  CivilDateTime, LabelFormat, estimateVelocity, formatDuration, formatLabel, labelDecimals,
} from "./precise-slider-math.js";

const SVG = "http://www.w3.org/2000/svg";

/** 1D ruler geometry in CSS px (the server draws the first frame with the same numbers). */
export const RULER = Object.freeze({ majorTickLength: 22, labelBaseline: 42 });

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Seconds on the same clock as pointer events. */
export const now = () => performance.now() / 1000;

/**
 * The ticks of one axis in an SVG group. Tick k lives in slot k mod pool, so a tick that
 * stays on screen keeps its node and its label text; only positions change per frame.
 */
export class TickLayer {
  constructor(group) {
    this.group = group;
    this.slots = [];
    this.group.replaceChildren(); // the server's first frame gives way to live nodes
  }

  /**
   * `place(tick)` returns { x1, y1, x2, y2, labelX, labelY } in px; labels are drawn when
   * the tick has one.
   */
  draw(ticks, place) {
    if (ticks.length > this.slots.length) this.#grow(ticks.length * 2);
    const pool = this.slots.length;
    for (const slot of this.slots) slot.used = false;
    for (const tick of ticks) {
      const slot = this.slots[((tick.index % pool) + pool) % pool];
      slot.used = true;
      const at = place(tick);
      slot.line.setAttribute("x1", at.x1);
      slot.line.setAttribute("x2", at.x2);
      slot.line.setAttribute("y1", at.y1);
      slot.line.setAttribute("y2", at.y2);
      if (slot.major !== tick.isMajor) {
        slot.major = tick.isMajor;
        slot.line.classList.toggle("ruler-tick--major", tick.isMajor);
      }
      const label = tick.label ?? "";
      if (slot.label !== label) {
        slot.label = label;
        slot.text.textContent = label;
      }
      if (label !== "") {
        slot.text.setAttribute("x", at.labelX);
        slot.text.setAttribute("y", at.labelY);
      }
      this.#show(slot, true);
    }
    for (const slot of this.slots) if (!slot.used) this.#show(slot, false);
  }

  #show(slot, visible) {
    if (slot.visible === visible) return;
    slot.visible = visible;
    slot.line.setAttribute("visibility", visible ? "visible" : "hidden");
    slot.text.setAttribute("visibility", visible ? "visible" : "hidden");
  }

  // A bigger pool renumbers the slots; every node is simply reassigned on this frame.
  #grow(size) {
    while (this.slots.length < size) {
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("class", "ruler-tick");
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("class", "ruler-label");
      this.group.append(line, text);
      this.slots.push({ line, text, label: "", major: false, visible: true, used: false });
    }
  }
}

/**
 * Runs model animations ({ valueAt(t), duration }) on animation frames. `step(values)` gets
 * one value per animation each frame; `done()` runs once all have ended. With reduced motion
 * the animations jump to their ends. Returns a function that stops it (a grab mid-glide).
 */
export function runAnimations(animations, step, done) {
  const live = animations.filter((animation) => animation.kind !== "none");
  const finalValues = () => animations.map((animation) => (animation.kind === "none" ? null : animation.to));
  if (live.length === 0 || reducedMotion()) {
    step(finalValues());
    done();
    return () => {};
  }
  const start = performance.now();
  let frame = requestAnimationFrame(function tick(time) {
    const elapsed = Math.max(0, (time - start) / 1000);
    step(animations.map((animation) => (animation.kind === "none" ? null : animation.valueAt(elapsed))));
    if (live.every((animation) => elapsed >= animation.duration)) {
      frame = null;
      done();
    } else {
      frame = requestAnimationFrame(tick);
    }
  });
  return () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
}

/** Recent pointer positions along one direction, for the release velocity (px/s). */
export class VelocityTracker {
  constructor() { this.samples = []; }
  reset() { this.samples = []; }
  add(position, time = now()) {
    this.samples.push({ time, position });
    // Only the last ~100 ms count; keep a little more than that.
    while (this.samples.length > 2 && time - this.samples[0].time > 0.25) this.samples.shift();
  }
  velocity() {
    // A finger that stopped before lifting has no velocity, however fast it moved before.
    const last = this.samples[this.samples.length - 1];
    if (!last || now() - last.time > 0.1) return 0;
    return estimateVelocity(this.samples);
  }
}

/** The finest step worth writing: a tenth of the minor step, or the snapping step. */
export function precisionOf(axis, scale) {
  return Math.max(axis.minorStep(scale) / 10, axis.snapStep ?? 0);
}

const pad = (number, width = 2) => String(number).padStart(width, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Digits with a point and no grouping (what a number input holds). */
export function plainNumber(value, precision) {
  const decimals = Math.min(labelDecimals(precision), 12);
  let text = value.toFixed(decimals);
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

/** The value as the form control holds it (mirrors `SliderText.machine` in Swift). */
export function machineText(value, format, precision) {
  if (format === LabelFormat.duration) return formatDuration(value, precision, "en").replace("\u2212", "-");
  if (format === LabelFormat.date) {
    const date = CivilDateTime.fromUnixSeconds(value);
    const time = `${pad(date.hour)}:${pad(date.minute)}` + (precision < 60 ? `:${pad(date.second)}` : "");
    return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}T${time}`;
  }
  return plainNumber(value, precision);
}

/** The value for people (mirrors `SliderText.readout` in Swift). */
export function readoutText(value, format, precision, language) {
  if (format === LabelFormat.date) {
    const date = CivilDateTime.fromUnixSeconds(value);
    const time = `${pad(date.hour)}:${pad(date.minute)}` + (precision < 60 ? `:${pad(date.second)}` : "");
    const day = language === "cs"
      ? `${date.day}. ${date.month}. ${date.year}`
      : `${date.day} ${MONTHS[date.month - 1]} ${date.year},`;
    return `${day} ${time} UTC`;
  }
  return formatLabel(value, precision, format, language);
}

/** Wheel deltas in px whatever the device reports (lines, pages). */
export function wheelPixels(event) {
  const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
  return { x: event.deltaX * unit, y: event.deltaY * unit };
}

/** The zoom factor of a Ctrl/⌘-wheel or trackpad pinch (which Chromium sends as Ctrl-wheel). */
export function wheelZoomFactor(event) {
  return Math.exp(-wheelPixels(event).y / 200);
}

const CHARACTER_WIDTH = 7; // px of a 12 px tabular digit, a little generous
const LABEL_GAP = 8; // px between neighbouring labels

/**
 * Drops labels that would collide on a narrow widget: first the minor ones, then every
 * other (or every 5th, 10th…) major one, chosen by tick index so labels do not flicker while
 * the ruler moves. The model labels ticks for the slider's layout; only the view knows how
 * wide a label is. Mirrors `SliderFrame.thinLabels` in Swift.
 */
export function thinLabels(ticks) {
  const labelled = ticks.filter((tick) => tick.label !== null);
  if (labelled.length < 2) return ticks;
  const longest = Math.max(...labelled.map((tick) => tick.label.length));
  const needed = longest * CHARACTER_WIDTH + LABEL_GAP;
  const minorSpacing = Math.abs(ticks[1] ? ticks[1].x - ticks[0].x : Infinity);
  const labelsMinors = labelled.some((tick) => !tick.isMajor);
  if (labelsMinors && minorSpacing >= needed) return ticks;
  const majorSpacing = minorSpacing * 5;
  const every = [1, 2, 5, 10, 20, 50, 100].find((m) => majorSpacing * m >= needed) ?? 100;
  for (const tick of ticks) {
    const kept = tick.isMajor && ((tick.index / 5) % every + every) % every === 0;
    if (!kept) tick.label = null;
  }
  return ticks;
}
