// The maths of a bottom sheet, apart from the page so node --test can check it. Heights are
// how much of the sheet shows above its bottom edge, in px; velocities are px/s, positive
// upwards (the sheet growing).

const MS_PER_S = 1000;

/**
 * How much of its speed a flung sheet keeps each millisecond: the deceleration rate of a
 * scroll view, as Apple's "Designing Fluid Interfaces" (WWDC 2018) projects gestures.
 */
export const DECELERATION_PER_MS = 0.998;

/** Where a fling at `velocity` px/s would come to rest: position + (velocity / 1000) · d / (1 − d). */
export function project(position, velocity, deceleration = DECELERATION_PER_MS) {
  return position + ((velocity / MS_PER_S) * deceleration) / (1 - deceleration);
}

/** Where a sheet with no usable `data-detents` rests: hidden, halfway, all but a strip at the top. */
export const DEFAULT_DETENTS = "closed: 0; half: 50%; full: 100% - 24px";

// Limits on what a page may write: a longer or bigger list is a mistake, not a sheet.
const MAX_TEXT = 512;
const MAX_DETENTS = 8;
const MAX_PX = 10000;
const NAME = /^[a-z][a-z0-9-]{0,31}$/u;
const NUMBER = String.raw`(?:\d{1,5}(?:\.\d{1,4})?|\.\d{1,4})`;
// "96px", "96", "0.5", "50%", "100% - 24px", "0.9 + 8px": a fraction may carry a pixel offset.
const VALUE = new RegExp(String.raw`^(${NUMBER})(px|%)?(?:\s*([+-])\s*(${NUMBER})px)?$`, "u");

/** One stopping point as written, or an Error saying what is wrong with it. */
function parseValue(text) {
  const match = VALUE.exec(text);
  if (!match) throw new Error(`“${text}” is not a detent`);
  const [, digits, unit, sign, offset] = match;
  const number = Number(digits);
  // A plain number up to 1 is a fraction (as in "0 0.5 0.9"); above it, pixels.
  const fraction = unit === "%" ? number / 100 : unit === undefined && number <= 1 ? number : null;
  if (fraction === null && sign) throw new Error(`“${text}”: only a fraction takes an offset`);
  if (fraction !== null && fraction > 1) throw new Error(`“${text}” is more than the whole height`);
  if (fraction === null && number > MAX_PX) throw new Error(`“${text}” is too tall`);
  const px = fraction === null ? number : sign ? (sign === "-" ? -1 : 1) * Number(offset) : 0;
  return { fraction: fraction ?? 0, px };
}

/**
 * The stopping points of a `data-detents` attribute, in the order written: named,
 * "peek: 96px; half: 50%; full: 100% - 24px", or an unnamed space-separated list
 * ("64 0.5 0.9"), whose points are named by their place ("0", "1", …) once sorted. Each is
 * { name, fraction, px }: fraction × the available height + px. Anything else throws.
 */
export function parseDetents(text) {
  if (typeof text !== "string" || text.length > MAX_TEXT) throw new Error("the detents are not a short text");
  const source = text.trim();
  const named = source.includes(":");
  const parts = named ? source.split(";").map((part) => part.trim()).filter(Boolean) : source.split(/\s+/u).filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_DETENTS) throw new Error(`a sheet has 1 to ${MAX_DETENTS} detents`);
  const detents = parts.map((part) => {
    if (!named) return { name: null, ...parseValue(part) };
    const colon = part.indexOf(":");
    const name = part.slice(0, colon).trim();
    if (colon < 0 || !NAME.test(name)) throw new Error(`“${part}” does not start with a name and a colon`);
    return { name, ...parseValue(part.slice(colon + 1).trim()) };
  });
  const names = new Set(detents.map((detent) => detent.name));
  if (named && names.size !== detents.length) throw new Error("two detents have the same name");
  return detents;
}

/**
 * The detents at an available height, lowest first, each { name, height } kept between 0
 * and the available height; unnamed ones are named by their place.
 */
export function resolveDetents(detents, available) {
  return detents
    .map((detent) => ({ name: detent.name, height: Math.min(Math.max(detent.fraction * available + detent.px, 0), available) }))
    .sort((a, b) => a.height - b.height)
    .map((detent, index) => ({ name: detent.name ?? String(index), height: detent.height }));
}

/** `parseDetents`, or on a mistake a warning and the defaults: a bad attribute never breaks the sheet. */
export function detentsOrDefault(text, warn = console.warn) {
  try {
    return parseDetents(text ?? DEFAULT_DETENTS);
  } catch (error) {
    warn(`bottom sheet: ${error.message}; using “${DEFAULT_DETENTS}”`);
    return parseDetents(DEFAULT_DETENTS);
  }
}

/** The index of the detent nearest to a height. */
export function nearestDetent(heights, height) {
  let best = 0;
  heights.forEach((detent, index) => {
    if (Math.abs(detent - height) < Math.abs(heights[best] - height)) best = index;
  });
  return best;
}

/** Where a release lands: the detent nearest to where the fling would end. */
export function releaseDetent(heights, height, velocity) {
  const projected = project(height, velocity);
  const limited = Math.min(Math.max(projected, heights[0]), heights[heights.length - 1]);
  return nearestDetent(heights, limited);
}

/**
 * One finger movement of `dy` px (positive downwards) shared between the sheet and its
 * scrolled content: upwards the sheet grows to its top detent first and the content scrolls
 * with the rest; downwards the content scrolls back to its top first and the sheet shrinks
 * with the rest. Returns the new height and scroll offset.
 */
export function shareDrag({ height, scrollTop, maxScroll, min, max }, dy) {
  if (dy < 0) {
    const grow = Math.min(-dy, Math.max(max - height, 0));
    const scroll = Math.min(-dy - grow, Math.max(maxScroll - scrollTop, 0));
    return { height: height + grow, scrollTop: scrollTop + scroll };
  }
  const back = Math.min(dy, scrollTop);
  return { height: Math.max(height - (dy - back), min), scrollTop: scrollTop - back };
}

/** Backdrop opacity: none at the lowest detent, growing to `most` at the top one. */
export function backdropOpacity(heights, height, most = 0.4) {
  const low = heights[0];
  const high = heights[heights.length - 1];
  if (high <= low) return 0;
  return most * Math.min(Math.max((height - low) / (high - low), 0), 1);
}
