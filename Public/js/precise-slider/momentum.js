// Momentum (Swift Momentum.swift): the finger's velocity when it lets go (px/s, least
// squares over the last samples) and what the ruler does next: glide, spring or stay.

import { SliderConstants as C } from "./constants.js";
import { checkedResult, requireFinite, requirePositive } from "./errors.js";
import { EaseOutAnimation, SliderAnimation, SpringAnimation, springSettleTime } from "./animation.js";

/** Least-squares velocity (px/s) over samples {time, position} of the last `window` s. */
export function estimateVelocity(samples, window = C.velocityWindow) {
  requirePositive(window, "window");
  for (const sample of samples) {
    requireFinite(sample.time, "time");
    requireFinite(sample.position, "position");
  }
  if (samples.length === 0) return 0;
  const newest = samples[samples.length - 1];
  const recent = samples.map((s) => ({ t: s.time - newest.time, x: s.position })).filter((s) => s.t >= -window && s.t <= 0);
  if (recent.length < 2) return 0;
  let sumT = 0;
  let sumX = 0;
  for (const s of recent) {
    sumT += s.t;
    sumX += s.x;
  }
  const meanT = sumT / recent.length;
  const meanX = sumX / recent.length;
  let covariance = 0;
  let variance = 0;
  for (const s of recent) {
    covariance += (s.t - meanT) * (s.x - meanX);
    variance += (s.t - meanT) * (s.t - meanT);
  }
  if (!(variance > 0)) return 0;
  return checkedResult(covariance / variance);
}

/** velocity · duration / 3: the glide then leaves at exactly the finger's speed. */
export function projectedTravel(velocity, duration) {
  requireFinite(velocity, "velocity");
  requirePositive(duration, "duration");
  return checkedResult(velocity * duration / 3);
}

/** The animation after a release (see the Swift documentation for the four regimes). */
export function releaseAnimation(axis, released, velocity, scale, viewport) {
  const value = axis.shiftedByWholePeriods(released);
  requireFinite(velocity, "velocity");
  const ppv = axis.pixelsPerValue(scale, viewport);
  const tolerance = C.springSettleDistance / ppv;
  if (axis.isOutOfBounds(value)) {
    return makeSpring(value, axis.publicValue(value), 0, C.overscrollSpringDamping, tolerance);
  }
  const travel = projectedTravel(velocity, viewport.easeOutDuration);
  const projected = checkedResult(value - axis.direction * travel / ppv);
  if (axis.isOutOfBounds(projected)) {
    const valueVelocity = -axis.direction * velocity / ppv;
    return makeSpring(value, axis.publicValue(projected), valueVelocity, C.boundSpringDamping, tolerance);
  }
  const target = Math.abs(travel) <= C.restingTravel ? axis.restingValue(value) : axis.restingValue(projected);
  if (target === value) return SliderAnimation.none;
  return new EaseOutAnimation(value, target, viewport.easeOutDuration);
}

function makeSpring(from, to, velocity, damping, tolerance) {
  const duration = springSettleTime(from - to, velocity, damping, C.springResponse, tolerance);
  return new SpringAnimation(from, to, velocity, damping, C.springResponse, duration);
}
