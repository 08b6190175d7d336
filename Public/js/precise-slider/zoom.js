// Zooming (Swift Zoom.swift): the scale follows the fingers' spread, the value stays under
// the pointer bit for bit, wherever the fingers or the mouse are. Dragging selects the
// value, spreading changes the scale (the precise-slider thesis).

import { SliderConstants as C } from "./constants.js";
import { checkedResult, requireFinite, requirePositive } from "./errors.js";

/** s = clamp(s0 · factor); the value exactly as it was. */
export function zoom(axis, start, factor) {
  requireFinite(start.value, "value");
  requirePositive(factor, "factor");
  return { value: start.value, scale: axis.clampScale(checkedResult(start.scale * factor)) };
}

/** Spread now over spread at the start of two fingers `[a, b]` along one axis, each at least minPinchSpread px. */
export function pinchFactor(start, current) {
  for (const finger of [start[0], start[1], current[0], current[1]]) requireFinite(finger, "finger");
  const spread = (a, b) => Math.max(Math.abs(a - b), C.minPinchSpread);
  return spread(current[0], current[1]) / spread(start[0], start[1]);
}
