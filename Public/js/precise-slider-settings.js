// What a page may change on a live 1D precise slider (precise-slider.js) besides its value
// and zoom: the bounds, the number of units, infinite or finite, and how labels read. Each
// change is a new axis from the model, so it is checked exactly as the server checks the
// axis it renders; a refused change throws and leaves the slider as it was. Pure.

import { LabelFormat, SliderAxis, SliderConstants } from "./precise-slider-math.js";

const SETTINGS = ["min", "max", "isInfinite", "numberOfUnits", "minScale", "maxScale", "snapStep", "majorUnit"];

/** A copy of `axis` with `change` ({ min, max }, { numberOfUnits }, { isInfinite }…) applied. */
export function changedAxis(axis, change) {
  const settings = {};
  for (const name of SETTINGS) settings[name] = name in change ? change[name] : axis[name];
  // A snapping step wider than the new range cannot stay, nor a round major unit that no
  // longer fits it; new units replace a round unit.
  const range = Math.abs(settings.max - settings.min);
  if (settings.snapStep !== null && !(settings.snapStep <= range)) settings.snapStep = null;
  if ("numberOfUnits" in change || (settings.majorUnit !== null && !(range / settings.majorUnit <= SliderConstants.maxNumberOfUnits))) {
    settings.majorUnit = null;
  }
  return new SliderAxis(settings);
}

/** `format` when it is one the labels know (`LabelFormat`); throws a TypeError otherwise. */
export function checkedFormat(format) {
  if (!Object.values(LabelFormat).includes(format)) {
    throw new TypeError(`A label format is one of ${Object.values(LabelFormat).join(", ")}.`);
  }
  return format;
}

/** The typed field's type for a format, as the server renders it (SliderField.control). */
export function controlType(format) {
  if (format === LabelFormat.date) return "datetime-local";
  if (format === LabelFormat.duration) return "text";
  return "number";
}
