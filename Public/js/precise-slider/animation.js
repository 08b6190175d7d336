// Animations the model decides (Swift Animation.swift): an ease-out glide and a damped
// spring, each a pure function of the time since it started (seconds).

import { SliderConstants as C } from "./constants.js";
import { checkedResult, requireFinite, requirePositive } from "./errors.js";

/** 1 − (1 − p)³ for p clamped to [0, 1]. */
export function easeOut(progress) {
  requireFinite(progress, "progress");
  const rest = 1 - Math.min(Math.max(progress, 0), 1);
  return 1 - rest * rest * rest;
}

/** Displacement of a damped spring (ω = 2π/response, ζ = dampingRatio) after `time` s. */
export function springDisplacement(initial, velocity, dampingRatio, response, time) {
  requireFinite(initial, "initial");
  requireFinite(velocity, "velocity");
  requirePositive(dampingRatio, "dampingRatio");
  requirePositive(response, "response");
  requireFinite(time, "time");
  const t = Math.max(time, 0);
  const omega = 2 * Math.PI / response;
  const zeta = dampingRatio;
  if (zeta < 1) {
    const damped = omega * Math.sqrt(1 - zeta * zeta);
    const b = (velocity + zeta * omega * initial) / damped;
    return checkedResult(Math.exp(-zeta * omega * t) * (initial * Math.cos(damped * t) + b * Math.sin(damped * t)));
  }
  if (zeta === 1) return checkedResult(Math.exp(-omega * t) * (initial + (velocity + omega * initial) * t));
  const spread = omega * Math.sqrt(zeta * zeta - 1);
  const slow = -zeta * omega + spread;
  const fast = -zeta * omega - spread;
  const fastPart = (velocity - slow * initial) / (fast - slow);
  return checkedResult((initial - fastPart) * Math.exp(slow * t) + fastPart * Math.exp(fast * t));
}

/** Seconds until the spring stays within `tolerance` of its target (bisection on an envelope). */
export function springSettleTime(initial, velocity, dampingRatio, response, tolerance) {
  requireFinite(initial, "initial");
  requireFinite(velocity, "velocity");
  requirePositive(dampingRatio, "dampingRatio");
  requirePositive(response, "response");
  requirePositive(tolerance, "tolerance");
  const omega = 2 * Math.PI / response;
  const zeta = dampingRatio;
  const x0 = Math.abs(initial);
  let envelope;
  let peak = 0;
  if (zeta < 1) {
    const damped = omega * Math.sqrt(1 - zeta * zeta);
    const b = (velocity + zeta * omega * initial) / damped;
    const amplitude = Math.sqrt(initial * initial + b * b);
    envelope = (t) => amplitude * Math.exp(-zeta * omega * t);
  } else if (zeta === 1) {
    const b = Math.abs(velocity + omega * initial);
    envelope = (t) => (x0 + b * t) * Math.exp(-omega * t);
    if (b > 0) peak = Math.max(0, 1 / omega - x0 / b);
  } else {
    const spread = omega * Math.sqrt(zeta * zeta - 1);
    const slow = -zeta * omega + spread;
    const fast = -zeta * omega - spread;
    const fastPart = (velocity - slow * initial) / (fast - slow);
    const sum = Math.abs(initial - fastPart) + Math.abs(fastPart);
    envelope = (t) => sum * Math.exp(slow * t);
  }
  if (envelope(peak) <= tolerance) return 0;
  let low = peak;
  let high = C.maxSpringDuration;
  if (envelope(high) > tolerance) return high;
  for (let i = 0; i < 60; i += 1) {
    const middle = (low + high) / 2;
    if (envelope(middle) > tolerance) low = middle; else high = middle;
  }
  return high;
}

/** An ease-out glide (Swift `EaseOutAnimation`; `valueAt` is Swift `value(at:)`). */
export class EaseOutAnimation {
  constructor(from, to, duration) {
    Object.assign(this, { kind: "easeOut", from, to, duration });
    Object.freeze(this);
  }
  valueAt(time) {
    requireFinite(time, "time");
    if (time >= this.duration) return this.to;
    return this.from + (this.to - this.from) * easeOut(time / this.duration);
  }
}

/** A damped spring (Swift `SpringAnimation`). */
export class SpringAnimation {
  constructor(from, to, initialVelocity, dampingRatio, response, duration) {
    Object.assign(this, { kind: "spring", from, to, initialVelocity, dampingRatio, response, duration });
    Object.freeze(this);
  }
  valueAt(time) {
    requireFinite(time, "time");
    if (time >= this.duration) return this.to;
    return this.to + springDisplacement(this.from - this.to, this.initialVelocity, this.dampingRatio, this.response, time);
  }
}

/** Swift `SliderAnimation`: `none`, or an EaseOutAnimation / SpringAnimation (`kind` tells). */
export const SliderAnimation = Object.freeze({
  none: Object.freeze({ kind: "none", duration: 0, valueAt: () => null }),
});
