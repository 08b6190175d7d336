// Zooming (Swift Zoom.swift): about an anchor that stays under the fingers or the mouse,
// always from the gesture's start so rounding cannot accumulate.

import { checkedResult, requireFinite, requirePositive } from "./errors.js";

/** s = clamp(s0·factor); the value `anchor` px from the pointer ends `currentAnchor` px from it. */
export function zoom(axis, start, factor, anchor, currentAnchor = null, viewport) {
  requireFinite(start.value, "value");
  requirePositive(factor, "factor");
  requireFinite(anchor, "anchor");
  const anchorNow = requireFinite(currentAnchor ?? anchor, "currentAnchor");
  const startPPV = axis.pixelsPerValue(start.scale, viewport);
  const scale = axis.clampScale(checkedResult(start.scale * factor));
  const ppv = axis.pixelsPerValue(scale, viewport);
  const anchored = checkedResult(start.value + axis.direction * anchor / startPPV);
  return { value: checkedResult(anchored - axis.direction * anchorNow / ppv), scale };
}
