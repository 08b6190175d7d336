// A film's seek bar (Swift SeekBar.swift): 0…duration, 20 major units, maxScale = duration / 20 · 3
// (at the deepest zoom a second is three major units of scale 1) or, with the frame duration
// known, more if one frame needs it to be 12 px wide on a phone's 320 px ruler; minScale the
// finite axes' rule capped at maxScale, starting at min(1, maxScale), labelled as durations; a
// major unit is the first round time of at least duration / 20, so labels land on round times.

import { SliderAxis } from "./axis.js";
import { SliderConstants as C } from "./constants.js";
import { SliderConfigurationError } from "./errors.js";
import { LabelFormat } from "./label-format.js";

/** Swift `SeekBar`: `duration`, `axis`, `defaultScale`, `format`; `frameDuration` (s) may be null. */
export class SeekBar {
  constructor(duration, frameDuration = null) {
    if (!(Number.isFinite(duration) && duration > 0)) throw new SliderConfigurationError("invalidDuration");
    const units = C.defaultNumberOfUnits;
    let maxScale = duration / units * C.seekMajorUnitsPerSecond;
    if (Number.isFinite(frameDuration) && frameDuration > 0) {
      // ppv = 2W · s / duration; a frame is ppv · frame px wide.
      const framesApart = C.seekFramePixels * duration / (2 * C.seekPhoneRulerWidth * frameDuration);
      if (Number.isFinite(framesApart)) maxScale = Math.max(maxScale, framesApart);
    }
    this.duration = duration;
    this.axis = new SliderAxis({
      min: 0, max: duration, numberOfUnits: units, minScale: Math.min(C.defaultMinScale, maxScale), maxScale,
      majorUnit: SeekBar.roundUnit(duration / units),
    });
    this.defaultScale = Math.min(1, maxScale);
    Object.freeze(this);
  }
  get format() { return LabelFormat.duration; }

  /** The shortest round time of at least `seconds` (Swift `roundUnit(atLeast:)`): labels land on round times. */
  static roundUnit(seconds) {
    const clock = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
    if (seconds > 1) {
      const unit = clock.find((candidate) => candidate >= seconds);
      if (unit !== undefined) return unit;
    }
    const scale = seconds > 1 ? 3600 : 1;
    let decade = scale * 10 ** Math.floor(Math.log10(seconds / scale));
    for (;;) {
      for (const factor of [1, 2, 5]) if (decade * factor >= seconds * (1 - 1e-12)) return decade * factor;
      decade *= 10;
    }
  }
}
