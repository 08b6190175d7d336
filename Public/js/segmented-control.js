// Segmented control: radios the server renders in a `.segmented[data-segmented-control]`
// track, which submit with their form without JavaScript. This module adds a thumb that
// slides under the chosen segment: a tap selects the tapped segment; the thumb follows a
// finger that drags it and, on release, snaps to the nearest segment (or, after a flick, the
// next one in the flick's direction). The labels invert colour where the thumb covers them,
// pixel by pixel: a second layer of the same labels, in the thumb's colours, is clipped to
// the thumb's rectangle (clip-path works for any pair of colours; a blend mode would not).
//
// The radios stay the real control: arrow keys, screen readers and the form all use them.
// A committed choice fires one `input` and one `change` on its radio, as a click would.
// `data-submit-on-change` on the track submits the form at once (its fallback submit button,
// `[data-submit-fallback]`, is then hidden).

import { easeOut, reducedMotion } from "./motion.js";
import { VelocitySamples } from "./pointer-velocity.js";
import { clampPosition, clipPath, segmentAt, snapIndex, thumbClip, thumbPosition } from "./segmented-control-math.js";

const TAP_SLOP_PX = 6; // a finger on the thumb that moves further is dragging it
const SLIDE_MS = 260; // the thumb's slide to a segment

class SegmentedControl {
  gesture = null; // the finger or mouse on the track, if any
  chosenByPointer = false; // the last release chose; its click must not choose again
  frame = 0; // requestAnimationFrame of the slide under way
  samples = new VelocitySamples();

  constructor(track) {
    this.track = track;
    this.options = [...track.querySelectorAll("label.segmented__option")];
    this.radios = this.options.map((option) => option.querySelector("input[type=radio]"));
    this.index = this.radios.findIndex((radio) => radio.checked);
    this.#build();
    this.#measure();
    this.#place(this.#restingPosition()); // where it belongs at once: no slide on first render

    track.addEventListener("pointerdown", this.#down);
    track.addEventListener("pointermove", this.#move);
    track.addEventListener("pointerup", this.#up);
    track.addEventListener("pointercancel", this.#up);
    // When the pointer handlers have chosen, the label's click would choose again. A press
    // that began before this script ran is not theirs: its click chooses, as without script.
    track.addEventListener("click", (event) => {
      if (event.detail > 0 && this.chosenByPointer) event.preventDefault();
      this.chosenByPointer = false;
    });
    track.addEventListener("change", this.#changedElsewhere);
    // A new size (the window's, or its container's) moves the segments: the thumb goes with
    // its own at once, ending a slide under way. Under a finger it waits for the release,
    // which measures again before it snaps.
    new ResizeObserver(() => {
      if (this.gesture) return;
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.#measure();
      this.#place(this.#restingPosition());
    }).observe(track);
  }

  #build() {
    const { track } = this;
    this.thumb = Object.assign(document.createElement("span"), { className: "segmented__thumb" });
    // The labels again, in the thumb's colours, clipped to the thumb.
    this.inverse = Object.assign(document.createElement("span"), { className: "segmented__inverse" });
    for (const option of this.options) {
      const copy = Object.assign(document.createElement("span"), { className: "segmented__label" });
      copy.textContent = option.textContent.trim();
      this.inverse.append(copy);
    }
    for (const layer of [this.thumb, this.inverse]) layer.setAttribute("aria-hidden", "true");
    track.prepend(this.thumb);
    track.append(this.inverse);
    track.setAttribute("role", "radiogroup");
    const legend = track.closest("fieldset")?.querySelector("legend");
    if (legend) {
      legend.id ||= `segmented-${Math.random().toString(36).slice(2, 9)}`;
      track.setAttribute("aria-labelledby", legend.id);
    }
    if (track.hasAttribute("data-submit-on-change")) {
      const fallback = track.closest("form")?.querySelector("[data-submit-fallback]");
      if (fallback) fallback.hidden = true;
    }
    track.classList.add("segmented--live");
  }

  // Segments are equally wide (CSS grid columns), so the first two give the whole layout.
  #measure() {
    const box = this.track.getBoundingClientRect();
    const first = this.options[0].getBoundingClientRect();
    const second = this.options[1]?.getBoundingClientRect() ?? first;
    this.layout = {
      inset: first.left - box.left, pitch: second.left - first.left || first.width, count: this.options.length,
      width: first.width, top: first.top - box.top, height: first.height,
    };
    this.box = { width: box.width, height: box.height };
    this.thumb.style.width = `${first.width}px`;
    this.thumb.style.height = `${first.height}px`;
    this.thumb.style.top = `${this.layout.top}px`;
    this.radius = Math.min(first.height, first.width) / 2;
  }

  #restingPosition() { return thumbPosition(Math.max(this.index, 0), this.layout); }

  /** Moves the thumb and the clip of the inverted labels together, so they never part. */
  #place(position) {
    this.position = position;
    this.thumb.style.transform = `translateX(${position}px)`;
    const clip = thumbClip({ position, top: this.layout.top, width: this.layout.width, height: this.layout.height }, this.box);
    this.inverse.style.clipPath = this.index < 0 && !this.gesture ? "inset(50%)" : clipPath(clip, this.radius);
    // A copy wholly outside the clip is hidden too, so that nothing reads it as text in the
    // wrong colours (contrast checkers do not apply a parent's clip).
    const { inset, pitch, width } = this.layout;
    [...this.inverse.children].forEach((copy, index) => {
      const left = thumbPosition(index, { inset, pitch });
      copy.style.visibility = left < position + width && left + width > position ? "" : "hidden";
    });
    this.thumb.hidden = this.index < 0 && !this.gesture; // nothing chosen yet: no thumb
  }

  #slideTo(target) {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const from = this.position;
    if (reducedMotion() || from === target) {
      this.#place(target);
      return;
    }
    const start = performance.now();
    const step = (now) => {
      const progress = Math.min((now - start) / SLIDE_MS, 1);
      this.#place(from + (target - from) * easeOut(progress));
      this.frame = progress < 1 ? requestAnimationFrame(step) : 0;
    };
    this.frame = requestAnimationFrame(step);
  }

  #x(event) { return event.clientX - this.track.getBoundingClientRect().left; }

  #down = (event) => {
    if (this.gesture || (event.pointerType === "mouse" && event.button !== 0)) return;
    cancelAnimationFrame(this.frame); // a grab stops a slide where it is
    this.frame = 0;
    this.#measure();
    const x = this.#x(event);
    const onThumb = this.index >= 0 && x >= this.position && x <= this.position + this.layout.width;
    this.chosenByPointer = false;
    this.gesture = { id: event.pointerId, x: event.clientX, from: this.position, onThumb, dragging: false, lastX: x };
    this.samples.reset();
    this.samples.add(event.clientX, event);
  };

  #move = (event) => {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.id) return;
    const dx = event.clientX - gesture.x;
    gesture.lastX = this.#x(event);
    this.samples.add(event.clientX, event);
    if (!gesture.dragging && gesture.onThumb && Math.abs(dx) > TAP_SLOP_PX) {
      gesture.dragging = true;
      this.track.setPointerCapture(event.pointerId);
      this.track.classList.add("segmented--dragging");
    }
    if (gesture.dragging) this.#place(clampPosition(gesture.from + dx, this.layout));
  };

  #up = (event) => {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.id) return;
    this.gesture = null;
    this.track.classList.remove("segmented--dragging");
    this.#measure(); // the track may have been resized under the finger
    let index;
    if (gesture.dragging) {
      index = snapIndex(this.position, this.samples.velocity(event), this.layout);
    } else if (event.type === "pointerup") {
      index = segmentAt(this.#x(event), this.layout);
    } else {
      return; // cancelled before it was a drag: the browser took the touch for scrolling
    }
    this.chosenByPointer = true;
    this.#commit(index, { focus: true });
  };

  #commit(index, { focus = false } = {}) {
    const radio = this.radios[index];
    const changed = index !== this.index;
    this.index = index;
    this.#slideTo(thumbPosition(index, this.layout));
    if (focus) radio.focus({ preventScroll: true });
    if (!changed) return;
    radio.checked = true;
    this.notifying = true;
    radio.dispatchEvent(new Event("input", { bubbles: true }));
    radio.dispatchEvent(new Event("change", { bubbles: true }));
    this.notifying = false;
    this.#submitIfAsked();
  }

  // Arrow keys, Space or a label's own click check a radio themselves: the thumb follows.
  #changedElsewhere = (event) => {
    if (this.notifying) return;
    const index = this.radios.indexOf(event.target);
    if (index < 0) return;
    this.index = index;
    this.#measure();
    this.#slideTo(thumbPosition(index, this.layout));
    this.#submitIfAsked();
  };

  #submitIfAsked() {
    if (this.track.hasAttribute("data-submit-on-change")) this.track.closest("form")?.requestSubmit();
  }
}

for (const track of document.querySelectorAll("[data-segmented-control]")) {
  if (track.querySelectorAll("label.segmented__option input[type=radio]").length > 1) new SegmentedControl(track);
}
