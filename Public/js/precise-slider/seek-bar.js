// A film's seek bar (Swift SeekBar.swift): 0…duration, 20 major units, maxScale = duration / 20 · 3
// (at the deepest zoom a second is three major units of scale 1), minScale the finite axes'
// rule capped at maxScale, starting at min(1, maxScale), labelled as durations.

import { SliderAxis } from "./axis.js";
import { SliderConstants as C } from "./constants.js";
import { SliderConfigurationError } from "./errors.js";
import { LabelFormat } from "./label-format.js";

/** Swift `SeekBar`: `duration`, `axis`, `defaultScale`, `format`. */
export class SeekBar {
  constructor(duration) {
    if (!(Number.isFinite(duration) && duration > 0)) throw new SliderConfigurationError("invalidDuration");
    const units = C.defaultNumberOfUnits;
    const maxScale = duration / units * C.seekMajorUnitsPerSecond;
    this.duration = duration;
    this.axis = new SliderAxis({
      min: 0, max: duration, numberOfUnits: units, minScale: Math.min(C.defaultMinScale, maxScale), maxScale,
    });
    this.defaultScale = Math.min(1, maxScale);
    Object.freeze(this);
  }
  get format() { return LabelFormat.duration; }
}
