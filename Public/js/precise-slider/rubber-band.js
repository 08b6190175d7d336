// The rubber band (Swift RubberBand.swift): past a bound of a finite axis the ruler follows
// the finger ever more reluctantly, and a drag that starts overscrolled picks up where the
// finger would be.

import { checkedResult, requireFinite } from "./errors.js";

/** f(x) = √(|x| + ¼) − ½ px shown for x px of finger past a bound (sign kept). */
export function rubberBand(x) {
  requireFinite(x, "x");
  const shown = Math.sqrt(Math.abs(x) + 0.25) - 0.5;
  return x < 0 ? -shown : shown;
}

/** f⁻¹(y) = y² + y (sign kept). */
export function rubberBandInverse(y) {
  requireFinite(y, "y");
  const magnitude = Math.abs(y);
  return checkedResult(y < 0 ? -(magnitude * magnitude + magnitude) : magnitude * magnitude + magnitude);
}

/** px shown past a bound: positive past the upper, negative past the lower, else 0. */
export function overscroll(axis, value, scale, viewport) {
  requireFinite(value, "value");
  const ppv = axis.pixelsPerValue(scale, viewport);
  if (axis.isInfinite) return 0;
  if (value > axis.upperBound) return checkedResult((value - axis.upperBound) * ppv);
  if (value < axis.lowerBound) return checkedResult((value - axis.lowerBound) * ppv);
  return 0;
}

/**
 * v = v0 − direction·dx/ppv with the rubber band past a bound (drag from `start`). On an
 * infinite axis start, travel and sum each lose their whole periods, so turns cost no digits.
 */
export function dragValue(axis, start, dx, scale, viewport) {
  requireFinite(start, "start");
  requireFinite(dx, "dx");
  const ppv = axis.pixelsPerValue(scale, viewport);
  if (axis.isInfinite) {
    const travel = checkedResult(axis.direction * dx / ppv);
    return axis.shiftedByWholePeriods(axis.shiftedByWholePeriods(start) - axis.shiftedByWholePeriods(travel));
  }
  const shownPast = overscroll(axis, start, scale, viewport);
  const bound = shownPast > 0 ? axis.upperBound : axis.lowerBound;
  const fingerStart = shownPast === 0 ? start : bound + rubberBandInverse(shownPast) / ppv;
  const raw = checkedResult(fingerStart - axis.direction * dx / ppv);
  if (raw > axis.upperBound) return axis.upperBound + rubberBand((raw - axis.upperBound) * ppv) / ppv;
  if (raw < axis.lowerBound) return axis.lowerBound + rubberBand((raw - axis.lowerBound) * ppv) / ppv;
  return raw;
}
