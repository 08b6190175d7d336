// Drawing and motion shared by the precise-slider widgets (precise-slider.js, 1D, and
// precise-slider-2d.js, 2D): a tick layer that recycles SVG nodes, an animation runner that
// only interpolates what the model decided, a pointer-velocity tracker, and the texts a
// value is written in. The maths lives in precise-slider-math.js.

import {
  CivilDateTime, LabelFormat, estimateVelocity, formatDuration, formatLabel, labelDecimals,
} from "./precise-slider-math.js";
import { reducedMotion } from "./motion.js";
import { VelocitySamples, secondsOf } from "./pointer-velocity.js";

const SVG = "http://www.w3.org/2000/svg";
const GLIDE_STALE_S = 0.1; // a finger that rested this long before lifting does not glide
const FRAME_TRAVEL_PX = 10000; // a ruler's frame is replaced past this (SVG coordinates are single precision)
const LINE_PX = 16; // a wheel "line"
const PAGE_PX = 400; // a wheel "page"
const ZOOM_PER_E_PX = 200; // wheel px that zoom by a factor of e
const CHARACTER_WIDTH = 7; // px of a 12 px tabular digit, a little generous
const LABEL_GAP = 8; // px between neighbouring labels

/** 1D ruler geometry in CSS px (the server draws the first frame with the same numbers). */
export const RULER = Object.freeze({ majorTickLength: 22, labelBaseline: 42 });

/**
 * A slider's own look: the `--slider-…` custom properties listed in its `data-slider-style`
 * ("--slider-background: #14213d; --slider-pointer: #fca311"), set on it through the CSSOM
 * (the pages' content security policy forbids style attributes). Other names are ignored.
 */
export function applyLook(root) {
  for (const declaration of (root.dataset.sliderStyle ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (colon > 0 && /^--slider-[a-z-]+$/.test(name) && value) root.style.setProperty(name, value);
  }
}

/** Seconds on the same clock as pointer events. */
export const now = () => performance.now() / 1000;

/**
 * The ticks of one axis in an SVG group: the tick marks as three paths (minor, major and the
 * bounds' own ticks, each coloured by CSS: --slider-tick, --slider-tick-major,
 * --slider-tick-end), one attribute each per change, and the labels as text nodes recycled
 * by slot: tick k's label
 * lives in slot k mod pool (a pool size prime to 10), so a label that stays on screen keeps its node and its text.
 * Everything is placed in a frame that only moves while the ruler is dragged (one
 * `transform`), so a drag rewrites the paths only when ticks enter or leave.
 */
export class TickLayer {
  constructor(group) {
    this.group = group;
    this.group.replaceChildren(); // the server's first frame gives way to live nodes
    this.minor = this.#path("ruler-tick");
    this.major = this.#path("ruler-tick ruler-tick--major");
    this.end = this.#path("ruler-tick ruler-tick--major ruler-tick--end");
    this.paths = { minor: "", major: "", end: "" };
    this.coloured = new Map(); // colour → { path, d }, for a page's own colour per unit
    this.slots = [];
    this.transform = "";
  }

  /**
   * `layout`: { key, shiftX, shiftY, place(tick), colour? }. `place` returns { x1, y1, x2, y2,
   * labelX, labelY } in the frame's px; the frame is drawn shifted by (shiftX, shiftY); `key`
   * names the frame, so label positions are kept while it stays the same. `colour(tick)`, when
   * given, is a CSS colour for that tick and its label, or null for the stylesheet's.
   */
  draw(ticks, layout) {
    const transform = `translate(${layout.shiftX} ${layout.shiftY})`;
    if (transform !== this.transform) {
      this.transform = transform;
      this.group.setAttribute("transform", transform);
    }
    let minor = "";
    let major = "";
    let end = "";
    const coloured = new Map();
    const labelled = [];
    for (const tick of ticks) {
      const at = layout.place(tick);
      const segment = `M${at.x1} ${at.y1}L${at.x2} ${at.y2}`;
      const colour = layout.colour?.(tick) ?? null;
      // A bound's tick is drawn as a major one: the ruler ends visibly where the range does.
      if (colour) coloured.set(colour, (coloured.get(colour) ?? "") + segment);
      else if (tick.isEnd) end += segment;
      else if (tick.isMajor) major += segment;
      else minor += segment;
      if (tick.label) labelled.push({ tick, at, colour });
    }
    this.#setPath("minor", minor);
    this.#setPath("major", major);
    this.#setPath("end", end);
    this.#drawColoured(coloured);
    this.#drawLabels(labelled, layout.key);
  }

  #drawColoured(coloured) {
    for (const [colour, kept] of this.coloured) {
      if (coloured.has(colour)) continue;
      kept.path.remove();
      this.coloured.delete(colour);
    }
    for (const [colour, d] of coloured) {
      let kept = this.coloured.get(colour);
      if (!kept) {
        kept = { path: this.#path("ruler-tick ruler-tick--major"), d: "" };
        kept.path.style.stroke = colour;
        this.coloured.set(colour, kept);
      }
      if (kept.d !== d) {
        kept.d = d;
        kept.path.setAttribute("d", d);
      }
    }
  }

  #drawLabels(labelled, key) {
    if (labelled.length > this.slots.length) this.#grow(labelled.length * 2);
    // Labelled ticks are 1, 5, 10, 25… indices apart (factors 2 and 5 only): a pool size
    // prime to 10 gives any run of them distinct slots.
    const pool = this.slots.length;
    for (const slot of this.slots) slot.used = false;
    for (const { tick, at, colour } of labelled) {
      const slot = this.slots[((tick.index % pool) + pool) % pool];
      slot.used = true;
      if (slot.colour !== colour) {
        slot.colour = colour;
        slot.text.style.fill = colour ?? "";
      }
      if (slot.label !== tick.label) {
        slot.label = tick.label;
        slot.text.textContent = tick.label;
      }
      if (slot.index !== tick.index || slot.key !== key) {
        slot.index = tick.index;
        slot.key = key;
        slot.text.setAttribute("x", at.labelX);
        slot.text.setAttribute("y", at.labelY);
      }
      this.#show(slot, true);
    }
    for (const slot of this.slots) if (!slot.used) this.#show(slot, false);
  }

  #setPath(kind, d) {
    if (this.paths[kind] === d) return;
    this.paths[kind] = d;
    this[kind].setAttribute("d", d);
  }

  // Under the labels, so no tick crosses a label's text.
  #path(className) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("class", className);
    this.group.insertBefore(path, this.slots?.[0]?.text ?? null);
    return path;
  }

  #show(slot, visible) {
    if (slot.visible === visible) return;
    slot.visible = visible;
    slot.text.setAttribute("visibility", visible ? "visible" : "hidden");
  }

  // A bigger pool renumbers the slots; every label is placed again on this frame.
  #grow(atLeast) {
    let size = atLeast;
    while (size % 2 === 0 || size % 5 === 0) size += 1;
    while (this.slots.length < size) {
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("class", "ruler-label");
      this.group.append(text);
      this.slots.push({ text, label: "", visible: true, used: false, index: null, key: null, colour: null });
    }
    for (const slot of this.slots) slot.key = null;
  }
}

/**
 * Where a moving ruler's frame is: it starts at the value being shown and is replaced when
 * the scale or length changes, or when it has travelled far (SVG coordinates are single
 * precision). `shift` is how far the ruler moved since, in px along the axis.
 */
export class RulerFrame {
  constructor() { this.current = null; this.count = 0; }

  /** { key, shift } for `value` at `pixelsPerValue` × `direction` along `length` px. */
  at(value, pixelsPerValue, direction, length, extra = "") {
    const frame = this.current;
    const travelled = frame ? (frame.origin - value) * direction * pixelsPerValue : 0;
    if (!frame || frame.pixelsPerValue !== pixelsPerValue || frame.length !== length || frame.extra !== extra
      || Math.abs(travelled) > FRAME_TRAVEL_PX) {
      this.count += 1;
      this.current = { origin: value, pixelsPerValue, length, extra, key: this.count };
      return { key: this.count, shift: 0 };
    }
    return { key: frame.key, shift: travelled };
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

/**
 * Recent pointer positions along one direction; the release velocity (px/s) is the model's
 * least-squares estimate (`estimateVelocity`), which the Swift twin shares.
 */
export class VelocityTracker extends VelocitySamples {
  velocity(event) {
    // A finger that stopped before lifting has no velocity, however fast it moved before.
    const last = this.samples[this.samples.length - 1];
    if (!last || secondsOf(event) - last.time > GLIDE_STALE_S) return 0;
    return estimateVelocity(this.samples);
  }
}

/** The finest step worth writing: a tenth of the minor step, or the snapping step. */
export function precisionOf(axis, scale) {
  const tenth = axis.minorStep(scale) / 10;
  const snap = axis.snapStep;
  if (!snap) return tenth;
  // Whole snap steps: a value that snaps to crowns is never written with decimals.
  return Math.max(snap, Math.floor(tenth / snap) * snap);
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
export function readoutText(value, format, precision, language, zone = "UTC") {
  if (format === LabelFormat.date) {
    const date = CivilDateTime.fromUnixSeconds(value);
    const time = `${pad(date.hour)}:${pad(date.minute)}` + (precision < 60 ? `:${pad(date.second)}` : "");
    const day = language === "cs"
      ? `${date.day}. ${date.month}. ${date.year}`
      : `${date.day} ${MONTHS[date.month - 1]} ${date.year},`;
    return `${day} ${time}${zone ? ` ${zone}` : ""}`;
  }
  return formatLabel(value, precision, format, language);
}

/** Wheel deltas in px whatever the device reports (lines, pages). */
export function wheelPixels(event) {
  const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1;
  return { x: event.deltaX * unit, y: event.deltaY * unit };
}

/** The zoom factor of a Ctrl/⌘-wheel or trackpad pinch (which Chromium sends as Ctrl-wheel). */
export function wheelZoomFactor(event) {
  return Math.exp(-wheelPixels(event).y / ZOOM_PER_E_PX);
}

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
  // Measured between grid ticks: a bound's own tick may sit closer to its neighbour.
  const grid = ticks.filter((tick) => !tick.isEnd);
  const minorSpacing = grid.length >= 2
    ? Math.abs((grid[grid.length - 1].x - grid[0].x) / (grid[grid.length - 1].index - grid[0].index)) : Infinity;
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
