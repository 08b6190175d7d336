// The 2D plane's geometry (Swift Plane2D.swift): rulers along the bottom and right edges,
// which region a point falls in, pinch factors per axis, and the copies an infinite axis
// tiles side by side.

import { AxisViewport, SliderKind } from "./axis.js";
import { SliderConstants as C } from "./constants.js";
import { SliderConfigurationError, SliderInputError, requireFinite, requirePositive } from "./errors.js";
import { pinchFactor } from "./zoom.js";

/** Widget and content pixels of the plane (Swift `PlaneGeometry`); rulers overlay the edges. */
export class PlaneGeometry {
  constructor(width, height, contentWidth, contentHeight) {
    for (const size of [width, height, contentWidth, contentHeight]) {
      if (!(Number.isFinite(size) && size > 0)) throw new SliderConfigurationError("invalidViewport");
    }
    Object.assign(this, { width, height, contentWidth, contentHeight });
    Object.freeze(this);
  }
  /** Content at scale 1 the plane less its idle rulers, (width − a)·span.x by (height − a)·span.y (Swift `fitting`). */
  static fitting(width, height, span = { x: 1, y: 1 }) {
    for (const size of [width, height, span.x, span.y]) {
      if (!(Number.isFinite(size) && size > 0)) throw new SliderConfigurationError("invalidViewport");
    }
    const rulers = Math.min(width, height) * C.axisThicknessFraction;
    return new PlaneGeometry(width, height, (width - rulers) * span.x, (height - rulers) * span.y);
  }
  get crosshair() { return { x: this.width / 2, y: this.height / 2 }; }
  get axisThickness() { return Math.min(this.width, this.height) * C.axisThicknessFraction; }
  thickness(active) { return active ? this.axisThickness * C.activeAxisFactor : this.axisThickness; }
  xAxisFrame(xActive, yActive) {
    const bottom = this.thickness(xActive);
    return { x: 0, y: this.height - bottom, width: this.width - this.thickness(yActive), height: bottom };
  }
  yAxisFrame(xActive, yActive) {
    const right = this.thickness(yActive);
    return { x: this.width - right, y: 0, width: right, height: this.height - this.thickness(xActive) };
  }
  /**
   * "content", "xAxis", "yAxis", "corner" or "outside" (also for a non-finite point). A ruler's
   * touch area is always its active size, even while it is drawn thin (Swift `region(at:)`).
   */
  region(point) {
    if (!(Number.isFinite(point.x) && Number.isFinite(point.y) && point.x >= 0 && point.x < this.width
      && point.y >= 0 && point.y < this.height)) return "outside";
    if (rectContains(this.xAxisFrame(true, true), point)) return "xAxis";
    if (rectContains(this.yAxisFrame(true, true), point)) return "yAxis";
    const reach = this.thickness(true);
    return point.x >= this.width - reach && point.y >= this.height - reach ? "corner" : "content";
  }
  get xViewport() { return new AxisViewport(SliderKind.plane, this.width, this.contentWidth); }
  get yViewport() { return new AxisViewport(SliderKind.plane, this.height, this.contentHeight); }
}

/** Swift `PlaneRect.contains`: left/top edges inside, right/bottom outside. */
export function rectContains(rect, point) {
  return point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height;
}

/** Less than 2 s since the last gesture on the axis. */
export function isAxisActive(lastGestureTime, now) {
  if (lastGestureTime === null || lastGestureTime === undefined) return false;
  if (!Number.isFinite(lastGestureTime) || !Number.isFinite(now)) return false;
  return now >= lastGestureTime && now - lastGestureTime < C.axisActiveDuration;
}

/** Per-axis pinch factors |Δx|/|Δx0| and |Δy|/|Δy0|, spreads at least minPinchSpread. */
export function pinchFactors(start, current) {
  for (const point of [start.first, start.second, current.first, current.second]) {
    requireFinite(point.x, "x");
    requireFinite(point.y, "y");
  }
  return {
    x: pinchFactor([start.first.x, start.second.x], [current.first.x, current.second.x]),
    y: pinchFactor([start.first.y, start.second.y], [current.first.y, current.second.y]),
  };
}

/** Copies of the content: 1 (finite), 3, or below scale 0.5 ceil(1/s + 2) made odd. */
export function tileCount(axis, scale) {
  requirePositive(scale, "scale");
  if (!axis.isInfinite) return 1;
  if (scale >= C.threeTilesMinScale) return 3;
  const count = Math.ceil(1 / scale + 2);
  if (!(count <= C.maxVisibleTicks)) throw new SliderInputError("outOfRange");
  return count % 2 === 0 ? count + 1 : count;
}

/** Screen offsets of each copy's min edge, the middle copy holding `value`. */
export function tileOrigins(axis, released, scale, viewport) {
  const value = axis.shiftedByWholePeriods(released);
  const count = tileCount(axis, scale);
  if (!axis.isInfinite) return [axis.screenOffset(axis.min, value, scale, viewport)];
  const period = Math.floor((value - axis.min) * axis.direction / axis.range);
  const half = (count - 1) / 2;
  const origins = [];
  for (let copy = -half; copy <= half; copy += 1) {
    const edge = axis.min + axis.direction * (period + copy) * axis.range;
    origins.push(axis.screenOffset(edge, value, scale, viewport));
  }
  return origins;
}
