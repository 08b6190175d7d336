// Ticks (Swift Ticks.swift): the minor step at a scale, and the ticks in view, computed
// afresh for every frame from the value and scale alone, so nothing drifts while moving.

import { SliderConstants as C } from "./constants.js";
import { SliderInputError, checkedResult, requirePositive } from "./errors.js";
import { LabelFormat, SliderLanguage, formatLabel } from "./label-format.js";

/** s = scaleBase · truncScale, found by ×5 / ÷5 and comparison (no log). */
export class ScaleDecomposition {
  constructor(scale) {
    requirePositive(scale, "scale");
    const reach = scale * (1 + C.scaleTolerance);
    let base = 1;
    if (scale >= 1) {
      while (base * 5 <= reach) base *= 5;
    } else {
      while (base > reach) base /= 5;
    }
    this.scaleBase = base;
    this.truncScale = Math.max(1, scale / base);
    Object.freeze(this);
  }
  /** min(1, (truncScale − 1) / 3). */
  get minorTickHeight() { return Math.min(1, (this.truncScale - 1) / 3); }
}

/** R / (5N · scaleBase), or majorUnit / (5 · scaleBase) when the axis has one. */
export function minorStep(axis, scale) {
  const base = new ScaleDecomposition(scale).scaleBase;
  if (axis.majorUnit !== null) return checkedResult(axis.majorUnit / (C.ticksPerMajor * base));
  return checkedResult(axis.range / ((C.ticksPerMajor * axis.numberOfUnits) * base));
}

/**
 * Visible ticks, stateless: k from ceil((v − W/2ppv)/step) to floor((v + W/2ppv)/step), the
 * value first shifted by whole periods on an infinite axis; a bound in view always has its
 * tick, exactly on it and marked `isEnd` (see the Swift documentation).
 */
export function visibleTicks(
  axis, released, scale, viewport, format = LabelFormat.number, language = SliderLanguage.czech, showLabels = true,
) {
  const value = axis.shiftedByWholePeriods(released);
  const ppv = axis.pixelsPerValue(scale, viewport);
  const decomposition = new ScaleDecomposition(scale);
  const step = minorStep(axis, scale);
  const halfWidth = viewport.length / (2 * ppv);
  const first = Math.ceil((value - halfWidth) / step);
  const last = Math.floor((value + halfWidth) / step);
  if (!Number.isFinite(first) || !Number.isFinite(last) || Math.abs(first) > 2 ** 53 || Math.abs(last) > 2 ** 53) {
    throw new SliderInputError("outOfRange");
  }
  if (!(last - first < C.maxVisibleTicks)) throw new SliderInputError("tooManyTicks");
  const labelAll = decomposition.truncScale > viewport.labelAllAbove;
  const labelStep = labelAll ? step : step * C.ticksPerMajor;
  const slack = step * C.tickBoundTolerance;
  const ticks = [];
  for (let k = first; k <= last; k += 1) {
    let tickValue = k * step + 0;
    let isEnd = false;
    if (!axis.isInfinite) {
      if (tickValue < axis.lowerBound - slack || tickValue > axis.upperBound + slack) continue;
      if (Math.abs(tickValue - axis.lowerBound) <= slack || Math.abs(tickValue - axis.upperBound) <= slack) {
        tickValue = Math.abs(tickValue - axis.lowerBound) <= slack ? axis.lowerBound : axis.upperBound;
        isEnd = true;
      }
    }
    const shown = axis.isInfinite ? wrappedTickValue(axis, tickValue, slack) : tickValue;
    const isMajor = k % C.ticksPerMajor === 0;
    const label = showLabels && (isMajor || labelAll) ? formatLabel(shown, labelStep, format, language) : null;
    ticks.push({
      index: k + 0, value: tickValue, displayValue: shown,
      x: (tickValue - value) * axis.direction * ppv,
      heightRatio: isMajor || isEnd ? 1 : decomposition.minorTickHeight,
      isMajor, isEnd, label,
    });
  }
  if (axis.isInfinite) return ticks;
  const inView = (bound) => bound >= value - halfWidth && bound <= value + halfWidth;
  if (inView(axis.lowerBound) && ticks[0]?.value !== axis.lowerBound) {
    const outside = Math.ceil((axis.lowerBound - slack) / step) - 1;
    ticks.unshift(offGridEnd(axis, axis.lowerBound, outside, value, ppv));
  }
  if (inView(axis.upperBound) && ticks[ticks.length - 1]?.value !== axis.upperBound) {
    const outside = Math.floor((axis.upperBound + slack) / step) + 1;
    ticks.push(offGridEnd(axis, axis.upperBound, outside, value, ppv));
  }
  return ticks;
}

/** The tick of a bound no grid tick reaches: full height, unlabelled. */
function offGridEnd(axis, bound, index, value, ppv) {
  return {
    index: index + 0, value: bound, displayValue: bound, x: (bound - value) * axis.direction * ppv,
    heightRatio: 1, isMajor: false, isEnd: true, label: null,
  };
}

function wrappedTickValue(axis, value, slack) {
  const wrapped = axis.wrap(value);
  return (wrapped - axis.min) * axis.direction > axis.range - slack ? axis.min : wrapped;
}
