// What a key does to the 2D precise slider, as in React Aria's useColorArea: whichever of the
// two range inputs has the focus, Left/Right move x and Up/Down move y, the way the arrows
// point over the picture (mirrored right to left: there Left moves x forward). Shift or
// PageUp/PageDown take a major step, Home/End go to the focused axis's ends, + and − zoom.
// Pure: the widget (precise-slider-2d-gestures.js) applies the answer.

const ARROWS = {
  ArrowRight: { axis: "x", sign: 1 },
  ArrowLeft: { axis: "x", sign: -1 },
  ArrowDown: { axis: "y", sign: 1 },
  ArrowUp: { axis: "y", sign: -1 },
};

/**
 * The move for a key, or null when the key is not the slider's.
 * `focused`: "x" or "y", the input with the focus; `rtl`: the widget runs right to left.
 * Answers `{ step: { axis, sign, major } }` (sign: +1 along the axis's direction),
 * `{ end: { axis, sign } }` (−1 the lower bound, +1 the upper) or `{ zoom: +1 | −1 }`.
 */
export function planeKey({ key, shiftKey = false, altKey = false, ctrlKey = false, metaKey = false }, focused, rtl = false) {
  if (altKey || ctrlKey || metaKey) return null;
  const arrow = ARROWS[key];
  if (arrow) {
    const sign = arrow.axis === "x" && rtl ? -arrow.sign : arrow.sign;
    return { step: { axis: arrow.axis, sign, major: shiftKey } };
  }
  // PageUp goes up the picture on y, forward on x.
  if (key === "PageUp") return { step: { axis: focused, sign: focused === "y" ? -1 : 1, major: true } };
  if (key === "PageDown") return { step: { axis: focused, sign: focused === "y" ? 1 : -1, major: true } };
  if (key === "Home") return { end: { axis: focused, sign: -1 } };
  if (key === "End") return { end: { axis: focused, sign: 1 } };
  if (key === "+" || key === "=") return { zoom: 1 };
  if (key === "-") return { zoom: -1 };
  return null;
}
