// One axis of a precise slider (Swift Axis.swift): its range and bounds, clamping, wrapping
// and snapping, and the mapping between values and pixels. What Swift adds to `SliderAxis`
// in other files (ticks, rubber band, release, zoom, tiles, typed values) lives in the
// module of the same name; the class forwards to it, so an axis answers every question.
//
// plane-2d.js imports this module and is imported back for the tiles: only functions
// cross, called after both modules have loaded, so the cycle is harmless.

import { SliderConstants as C } from "./constants.js";
import { SliderConfigurationError, SliderInputError, checkedResult, requireFinite, requirePositive, roundHalfUp } from "./errors.js";
import { LabelFormat, SliderLanguage } from "./label-format.js";
import { releaseAnimation } from "./momentum.js";
import { tileCount, tileOrigins } from "./plane-2d.js";
import { dragValue, overscroll } from "./rubber-band.js";
import { minorStep, visibleTicks } from "./ticks.js";
import { validate } from "./validation.js";
import { zoom } from "./zoom.js";

/** Widget kinds. */
export const SliderKind = Object.freeze({ slider: "slider", plane: "plane" });

/** The pixels an axis is drawn into (Swift `AxisViewport`). */
export class AxisViewport {
  constructor(kind, length, span) {
    this.kind = kind;
    this.length = length;
    this.span = span;
    Object.freeze(this);
  }
  /** A 1D slider `length` px wide; the range spans 2·length at scale 1. */
  static slider(length) {
    if (!(Number.isFinite(length) && length > 0)) throw new SliderConfigurationError("invalidViewport");
    return new AxisViewport(SliderKind.slider, length, 2 * length);
  }
  /** A plane axis `length` px long; the range spans `content` px at scale 1. */
  static plane(length, content) {
    if (!(Number.isFinite(length) && length > 0 && Number.isFinite(content) && content > 0)) {
      throw new SliderConfigurationError("invalidViewport");
    }
    return new AxisViewport(SliderKind.plane, length, content);
  }
  /** Glide length (s). */
  get easeOutDuration() { return this.kind === SliderKind.slider ? C.easeOutDurationSlider : C.easeOutDurationPlane; }
  /** truncScale above which minor ticks are labelled too. */
  get labelAllAbove() { return this.kind === SliderKind.slider ? C.labelAllAboveSlider : C.labelAllAbovePlane; }
}

/**
 * One validated axis (Swift `SliderAxis`). `min` is drawn left (top), `max` right (bottom);
 * with min > max values decrease left→right and `direction` is −1.
 */
export class SliderAxis {
  constructor({
    min, max, isInfinite = false, numberOfUnits = C.defaultNumberOfUnits,
    minScale = C.defaultMinScale, maxScale = C.defaultMaxScale, snapStep = null, majorUnit = null,
  }) {
    if (!Number.isFinite(min) || !Number.isFinite(max)) throw new SliderConfigurationError("nonFiniteBound");
    const magnitude = Math.max(Math.abs(min), Math.abs(max));
    if (magnitude > C.maxMagnitude) throw new SliderConfigurationError("boundTooLarge");
    if (min === max) throw new SliderConfigurationError("emptyRange");
    const range = Math.abs(max - min);
    if (!(range >= 2.2250738585072014e-308 && range >= magnitude * C.minRelativeRange)) {
      throw new SliderConfigurationError("rangeTooNarrow");
    }
    if (!Number.isInteger(numberOfUnits) || numberOfUnits < 1 || numberOfUnits > C.maxNumberOfUnits) {
      throw new SliderConfigurationError("invalidNumberOfUnits");
    }
    if (!(Number.isFinite(minScale) && Number.isFinite(maxScale) && minScale > 0 && minScale <= maxScale)) {
      throw new SliderConfigurationError("invalidScaleRange");
    }
    if (snapStep !== null && snapStep !== undefined) {
      if (!(Number.isFinite(snapStep) && snapStep > 0 && snapStep <= range)) {
        throw new SliderConfigurationError("invalidSnapStep");
      }
    }
    if (majorUnit !== null && majorUnit !== undefined) {
      if (!(Number.isFinite(majorUnit) && majorUnit > 0 && range / majorUnit <= C.maxNumberOfUnits)) {
        throw new SliderConfigurationError("invalidMajorUnit");
      }
    }
    Object.assign(this, {
      min, max, isInfinite, numberOfUnits, minScale, maxScale, snapStep: snapStep ?? null, majorUnit: majorUnit ?? null,
    });
    Object.freeze(this);
  }

  /** R = |max − min|, also the period of an infinite axis. */
  get range() { return Math.abs(this.max - this.min); }
  /** +1 when values grow left→right, −1 for a reversed range. */
  get direction() { return this.max > this.min ? 1 : -1; }
  get lowerBound() { return Math.min(this.min, this.max); }
  get upperBound() { return Math.max(this.min, this.max); }

  /** Past a bound of a finite axis (an overscroll). */
  isOutOfBounds(value) { return !this.isInfinite && (value < this.lowerBound || value > this.upperBound); }

  /** Limited to [lowerBound, upperBound]. */
  clamp(value) {
    requireFinite(value, "value");
    return Math.min(Math.max(value, this.lowerBound), this.upperBound);
  }

  /** Into one period, max joining min; exact remainder, so 3610° → 10°. */
  wrap(value) {
    requireFinite(value, "value");
    const offset = (value - this.min) * this.direction;
    let remainder = offset % this.range;
    if (remainder < 0) remainder += this.range;
    if (remainder >= this.range) remainder = 0;
    return this.min + this.direction * remainder;
  }

  /** Infinite: the exact remainder by the period (|result| < R, the same point of the ring); finite: `value`. */
  shiftedByWholePeriods(value) {
    requireFinite(value, "value");
    if (!this.isInfinite) return value;
    return (value % this.range) + 0;
  }

  /** Nearest min + n·snapStep; within the range on a finite axis; not wrapped. */
  snap(value) {
    requireFinite(value, "value");
    const step = this.snapStep;
    if (step === null) return value;
    let count = roundHalfUp((value - this.min) * this.direction / step);
    if (!this.isInfinite) {
      const last = Math.floor(this.range / step + C.tickBoundTolerance);
      count = Math.min(Math.max(count, 0), last);
    }
    return checkedResult(this.min + this.direction * count * step);
  }

  /** What the outside world sees: clamped (finite) or wrapped (infinite), then snapped. */
  publicValue(value) {
    if (this.isInfinite) return this.wrap(this.snap(this.wrap(value)));
    return this.snap(this.clamp(value));
  }

  /** Where a release comes to rest; unwrapped on an infinite axis so glides never jump. */
  restingValue(value) { return this.isInfinite ? this.snap(value) : this.publicValue(value); }

  /** Limited to [minScale, maxScale]. */
  clampScale(scale) {
    requirePositive(scale, "scale");
    return Math.min(Math.max(scale, this.minScale), this.maxScale);
  }

  /** ppv = span · s / R (positive). */
  pixelsPerValue(scale, viewport) {
    requirePositive(scale, "scale");
    const ppv = viewport.span * scale / this.range;
    if (!(Number.isFinite(ppv) && ppv > 0)) throw new SliderInputError("outOfRange");
    return ppv;
  }

  /** (u − v) · direction · ppv: px from the pointer line, positive right (down). */
  screenOffset(target, value, scale, viewport) {
    requireFinite(target, "target");
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    return checkedResult((target - value) * this.direction * ppv);
  }

  /** Swift `value(atScreenOffset:value:scale:viewport:)`. */
  valueAtScreenOffset(offset, value, scale, viewport) {
    requireFinite(offset, "offset");
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    return checkedResult(value + this.direction * offset / ppv);
  }

  // ---- ticks (ticks.js)

  minorStep(scale) { return minorStep(this, scale); }

  visibleTicks(value, scale, viewport, format = LabelFormat.number, language = SliderLanguage.czech, showLabels = true) {
    return visibleTicks(this, value, scale, viewport, format, language, showLabels);
  }

  // ---- rubber band and drag (rubber-band.js)

  overscroll(value, scale, viewport) { return overscroll(this, value, scale, viewport); }

  dragValue(start, dx, scale, viewport) { return dragValue(this, start, dx, scale, viewport); }

  // ---- release (momentum.js)

  releaseAnimation(value, velocity, scale, viewport) { return releaseAnimation(this, value, velocity, scale, viewport); }

  // ---- zoom (zoom.js)

  zoom(start, factor) { return zoom(this, start, factor); }

  // ---- tiles (plane-2d.js)

  tileCount(scale) { return tileCount(this, scale); }

  tileOrigins(value, scale, viewport) { return tileOrigins(this, value, scale, viewport); }

  // ---- typed values (validation.js)

  validate(text, format = LabelFormat.number) { return validate(this, text, format); }
}
