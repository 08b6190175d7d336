// What a key does to the 1D precise slider (precise-slider.js), as the W3C slider pattern has
// it: the arrows step by the minor tick (Left and Right the way the ruler's values run), PageUp
// and PageDown by the major one, Home and End go to the ends, + and − zoom. With a frame step
// (a film's seek bar) `,` and `.` go one frame back and forward. Every other key (j, k, l,
// Space…) and every shortcut with a modifier is left to the page.
// Pure: the widget applies the answer.

/**
 * The move for a key, or null when the key is not the slider's.
 * `direction`: +1 when values grow to the right, −1 on a reversed ruler; `frameStep`: seconds
 * per frame, or null. Answers `{ step: { sign, major } }` (sign: +1 towards larger values),
 * `{ end: "min" | "max" }`, `{ zoom: +1 | −1 }` or `{ frame: +1 | −1 }`.
 */
export function sliderKey({ key, altKey = false, ctrlKey = false, metaKey = false }, { direction = 1, frameStep = null } = {}) {
  if (altKey || ctrlKey || metaKey) return null;
  switch (key) {
    case "ArrowRight": return { step: { sign: direction, major: false } };
    case "ArrowLeft": return { step: { sign: -direction, major: false } };
    case "ArrowUp": return { step: { sign: 1, major: false } };
    case "ArrowDown": return { step: { sign: -1, major: false } };
    case "PageUp": return { step: { sign: 1, major: true } };
    case "PageDown": return { step: { sign: -1, major: true } };
    case "Home": return { end: "min" };
    case "End": return { end: "max" };
    case "+": case "=": return { zoom: 1 };
    case "-": return { zoom: -1 };
    case ",": return frameStep ? { frame: -1 } : null;
    case ".": return frameStep ? { frame: 1 } : null;
    default: return null;
  }
}

/** The value `count` steps of `size` from `value`: the next multiple of `size` that way, so a value between ticks lands on one. */
export function nextMultiple(value, size, count) {
  const position = value / size;
  const next = count > 0 ? Math.floor(position + 1e-9) + count : Math.ceil(position - 1e-9) + count;
  return next * size;
}
