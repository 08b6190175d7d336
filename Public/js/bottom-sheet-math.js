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

/**
 * One detent as written in a `data-` attribute: "72" or "72px" are pixels, "0.5" or "50%" a
 * fraction of the available height. Kept between 0 and the available height.
 */
export function detentHeight(text, available) {
  const value = String(text).trim();
  const number = parseFloat(value);
  if (!Number.isFinite(number)) throw new Error(`“${text}” is not a detent`);
  let height = number;
  if (value.endsWith("%")) height = (number / 100) * available;
  else if (!value.endsWith("px") && number <= 1) height = number * available;
  return Math.min(Math.max(height, 0), available);
}

/** The detents of a space-separated list, lowest first. */
export function detentHeights(list, available) {
  return list.trim().split(/\s+/u).map((text) => detentHeight(text, available)).sort((a, b) => a - b);
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
