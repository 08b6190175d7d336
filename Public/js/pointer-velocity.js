// How fast a finger was moving when it let go, in px per ms: what the segmented control and
// the bottom sheet need to tell a flick from a careful drag. Pure, so node --test checks it.

const WINDOW_MS = 100; // only the last 100 ms of movement count
const STALE_MS = 80; // a finger that rested this long before lifting has no velocity

/**
 * The velocity of the samples ({ time, position }, time in ms, oldest first) at `now`: the
 * slope between the newest sample and the oldest one within the window.
 */
export function velocityOf(samples, now) {
  const last = samples[samples.length - 1];
  if (!last || now - last.time > STALE_MS) return 0;
  const first = samples.find((sample) => last.time - sample.time <= WINDOW_MS) ?? last;
  const elapsed = last.time - first.time;
  return elapsed > 0 ? (last.position - first.position) / elapsed : 0;
}

/** Collects the samples of one gesture; `velocity(now)` reads them. */
export class VelocitySamples {
  samples = [];

  reset() { this.samples = []; }

  add(position, time) {
    this.samples.push({ time, position });
    while (this.samples.length > 2 && time - this.samples[0].time > 2 * WINDOW_MS) this.samples.shift();
  }

  velocity(now) { return velocityOf(this.samples, now); }
}
