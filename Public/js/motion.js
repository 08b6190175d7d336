// Motion shared by the widgets. The front end moves with two easing curves, named alike here
// and in app.css (section 1):
//   --ease     cubic-bezier(0.2, 0, 0, 1): what the stylesheet fades and recolours;
//   easeOut    1 − (1 − t)³, i.e. cubic-bezier(0.33, 1, 0.68, 1): what scripts slide and let
//              settle (the segmented control's thumb, the bottom sheet, the precise sliders'
//              glides), the curve of the slider's Swift model.
// Everything that moves jumps to its end when the person asks for reduced motion.

export { easeOut } from "./precise-slider/animation.js";

/** Whether the person asked for reduced motion (checked afresh: the setting may change). */
export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
