// How fast a finger was moving when it let go, in px/s: the one unit of velocity in the front
// end, as in the slider's model (Sources/PreciseSlider). Pointer events stamp their times in
// ms; `VelocitySamples` turns them into seconds as it takes them, the one place that happens.
// Pure but for the events' time stamps, so node --test checks it.

const MS_PER_S = 1000;
const KEPT_S = 0.25; // samples older than this are dropped: every estimate looks back less
const FLICK_WINDOW_S = 0.1; // a flick is the movement of the last 100 ms
const FLICK_STALE_S = 0.08; // a finger that rested this long before lifting has no velocity

/** Seconds on the clock of pointer events. */
export const secondsOf = (event) => event.timeStamp / MS_PER_S;

/**
 * The flick velocity (px/s) of the samples ({ time, position }, time in s, oldest first) at
 * `now` (s): the slope between the newest sample and the oldest one within the window.
 */
export function velocityOf(samples, now) {
  const last = samples[samples.length - 1];
  if (!last || now - last.time > FLICK_STALE_S) return 0;
  const first = samples.find((sample) => last.time - sample.time <= FLICK_WINDOW_S) ?? last;
  const elapsed = last.time - first.time;
  return elapsed > 0 ? (last.position - first.position) / elapsed : 0;
}

/** Collects the positions of one gesture from its pointer events; `velocity(event)` reads them. */
export class VelocitySamples {
  samples = [];

  reset() { this.samples = []; }

  add(position, event) {
    const time = secondsOf(event);
    this.samples.push({ time, position });
    while (this.samples.length > 2 && time - this.samples[0].time > KEPT_S) this.samples.shift();
  }

  /** The flick velocity (px/s) when `event` (the release) happened. */
  velocity(event) { return velocityOf(this.samples, secondsOf(event)); }
}
