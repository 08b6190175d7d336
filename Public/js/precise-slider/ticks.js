// Ticks (Swift Ticks.swift): the minor step at a scale, and the ticks in view, computed
// afresh for every frame from the value and scale alone, so nothing drifts while moving.

import { SliderConstants as C } from "./constants.js";
import { SliderInputError, checkedResult, requireFinite, requirePositive } from "./errors.js";
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

/** R / (5N · scaleBase). */
export function minorStep(axis, scale) {
  const base = new ScaleDecomposition(scale).scaleBase;
  return checkedResult(axis.range / ((C.ticksPerMajor * axis.numberOfUnits) * base));
}

/** Visible ticks, stateless: k from ceil((v − W/2ppv)/step) to floor((v + W/2ppv)/step). */
export function visibleTicks(
  axis, value, scale, viewport, format = LabelFormat.number, language = SliderLanguage.czech, showLabels = true,
) {
  requireFinite(value, "value");
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
  if (first > last) return [];
  const labelAll = decomposition.truncScale > viewport.labelAllAbove;
  const labelStep = labelAll ? step : step * C.ticksPerMajor;
  const slack = step * C.tickBoundTolerance;
  const ticks = [];
  for (let k = first; k <= last; k += 1) {
    const tickValue = k * step + 0;
    if (!axis.isInfinite && (tickValue < axis.lowerBound - slack || tickValue > axis.upperBound + slack)) continue;
    const shown = axis.isInfinite ? wrappedTickValue(axis, tickValue, slack) : tickValue;
    const isMajor = k % C.ticksPerMajor === 0;
    const label = showLabels && (isMajor || labelAll) ? formatLabel(shown, labelStep, format, language) : null;
    ticks.push({
      index: k + 0, value: tickValue, displayValue: shown,
      x: (tickValue - value) * axis.direction * ppv,
      heightRatio: isMajor ? 1 : decomposition.minorTickHeight,
      isMajor, label,
    });
  }
  return ticks;
}

function wrappedTickValue(axis, value, slack) {
  const wrapped = axis.wrap(value);
  return (wrapped - axis.min) * axis.direction > axis.range - slack ? axis.min : wrapped;
}
