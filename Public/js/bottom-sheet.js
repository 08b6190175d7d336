// Bottom sheet: on narrow screens a `[data-bottom-sheet]` panel, which the server renders as
// ordinary page content, slides up from the bottom over the page and rests at detents:
// `data-detents="peek: 76px; half: 55%; full: 100% - 24px"` names them, each in px, as a
// fraction or percentage of the height above the tab bar, or a fraction plus or minus px
// (the lowest is the collapsed peek bar; 0 hides the sheet entirely). An unnamed list
// ("76 0.55 0.92") names them by place. A mistaken attribute warns on the console and the
// sheet uses DEFAULT_DETENTS (bottom-sheet-math.js) rather than breaking.
// `data-sheet-media` says where it is a sheet (a media query); elsewhere it stays inline.
//
// The handle (`[data-sheet-handle]`, a button) or the body, when its content is scrolled to
// the top, follows the finger; a release projects where the fling would come to rest and
// snaps to the detent nearest to that. A snap can be caught mid-way. One gesture scrolls the
// content and moves the sheet, handing over at the content's top edge. A tap on the handle
// steps up one detent and, from the top one, collapses the sheet: every height a drag reaches
// is a tap or two away. Enter and Space on it open a collapsed sheet halfway and collapse an
// open one, as a disclosure button does; arrow keys on it move a detent; Esc and a tap on the
// backdrop collapse it. At its top detent the sheet
// keeps the focus inside. The page behind stays live: nothing there is made inert, and what
// the keyboard focuses there is scrolled out from under the sheet.
//
// The root carries `data-sheet-detent` (the index of the detent it rests at, lowest 0) and
// `data-sheet-detent-name`, and says `bottom-sheet:change` (detail: { detent, name }) each
// time it comes to rest. Scripts move it by name, `root.bottomSheet.moveTo("half")` (a
// name not in its list throws), or send a `bottom-sheet:open` event (detail: { detent },
// a name or an index); in markup a `button[data-sheet-detent="half"]` moves the sheet it
// names with aria-controls, or the sheet it sits in.

import { backdropOpacity, detentsOrDefault, nearestDetent, releaseDetent, resolveDetents, shareDrag } from "./bottom-sheet-math.js";
import { easeOut, reducedMotion } from "./motion.js";
import { VelocitySamples } from "./pointer-velocity.js";

const DRAG_SLOP_PX = 8; // a touch that moves further is a drag, not a tap
const SNAP_MS = 340; // a snap to a detent
const FOCUS_GAP_PX = 8; // between a focus scrolled out from under the sheet and the sheet
const FOCUSABLE = ':is(a[href], button, input, select, textarea, [tabindex]):not([tabindex="-1"], [hidden], [type="hidden"], :disabled)';

class BottomSheet {
  gesture = null;
  frame = 0;
  focusWatch = null; // the element the focus last moved to on the page, until its scroll ends
  hidden = 0; // px of the body's foot kept clear, out of sight under the tab bar
  samples = new VelocitySamples();

  constructor(root) {
    this.root = root;
    this.handle = root.querySelector("[data-sheet-handle]");
    this.body = root.querySelector("[data-sheet-body]");
    this.detents = detentsOrDefault(root.dataset.detents);
    root.bottomSheet = this;
    this.backdrop = Object.assign(document.createElement("div"), { className: "sheet-backdrop", hidden: true });
    this.backdrop.addEventListener("click", () => this.snapTo(0));
    root.before(this.backdrop);
    this.media = matchMedia(root.dataset.sheetMedia || "all");
    this.media.addEventListener("change", () => this.#setLive(this.media.matches));
    addEventListener("resize", () => this.live && this.#layout());

    root.addEventListener("pointerdown", this.#down);
    root.addEventListener("pointermove", this.#move);
    root.addEventListener("pointerup", this.#up);
    root.addEventListener("pointercancel", this.#up);
    // A drag that ends where it began would also click what it began on.
    root.addEventListener("click", (event) => {
      if (this.dragged) {
        event.preventDefault();
        event.stopPropagation();
        this.dragged = false;
      }
    }, true);
    this.handle.addEventListener("click", this.#handleClicked);
    this.handle.addEventListener("keydown", this.#arrowKeys);
    root.addEventListener("keydown", this.#trapAndEscape);
    document.addEventListener("focusin", this.#keepFocusInside);
    // What the keyboard focuses on the page is kept clear of the sheet (WCAG 2.4.11). The
    // page's scroll-padding-bottom does that when the browser scrolls to it, but a browser
    // that finds the element already on screen (under the sheet is on screen) scrolls not at
    // all, and a smooth scroll can be cut short: so once the focus has moved, the element is
    // looked at when its scroll ends, or two frames on when none began.
    document.addEventListener("focusin", this.#focusMoved);
    addEventListener("scroll", () => { if (this.focusWatch) this.focusWatch.scrolled = true; }, { passive: true });
    addEventListener("scrollend", () => {
      const watch = this.focusWatch;
      this.focusWatch = null;
      if (watch) this.#uncover(watch.element);
    });
    root.addEventListener("bottom-sheet:open", (event) => {
      const detent = event.detail?.detent ?? 1;
      if (typeof detent === "string") this.moveTo(detent);
      else this.snapTo(detent);
    });
    this.#setLive(this.media.matches);
  }

  get last() { return this.heights.length - 1; }

  #setLive(live) {
    this.live = live;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.root.classList.toggle("sheet--live", live);
    this.handle.hidden = !live;
    this.backdrop.hidden = !live;
    if (live) {
      this.#layout();
      this.detent = this.target = 0;
      this.#place(this.heights[0]);
      this.#settle(0);
    } else {
      document.documentElement.style.removeProperty("--sheet-peek");
      for (const property of ["height", "transform"]) this.root.style.removeProperty(property);
      this.#fitBody(0);
      this.root.removeAttribute("data-sheet-detent");
      this.root.inert = this.body.inert = false;
    }
  }

  // The sheet is as tall as its top detent and slides down to show less of itself.
  #layout() {
    const bottom = parseFloat(getComputedStyle(this.root).bottom) || 0;
    this.bottom = bottom; // it rests on the tab bar
    const detents = resolveDetents(this.detents, innerHeight - bottom);
    this.heights = detents.map((detent) => detent.height);
    this.names = detents.map((detent) => detent.name);
    this.root.style.height = `${this.heights[this.last]}px`;
    // The page keeps what the keyboard focuses clear of the peek bar (scroll-padding-bottom).
    document.documentElement.style.setProperty("--sheet-peek", `${this.heights[0]}px`);
    if (this.detent !== undefined && !this.gesture) {
      this.#place(this.heights[this.detent]);
      this.#fitBody(this.heights[this.last] - this.heights[this.detent]);
    }
  }

  #place(height) {
    this.height = height;
    // Showing more than the body reaches (a drag or a snap upwards): the body fills the sheet.
    if (this.hidden && height > this.heights[this.last] - this.hidden) this.#fitBody(0);
    this.root.style.transform = `translateY(${this.heights[this.last] - height}px)`;
    this.backdrop.style.opacity = String(backdropOpacity(this.heights, height));
    this.backdrop.classList.toggle("sheet-backdrop--active", height > this.heights[0] + 1);
  }

  // What may be reached at rest: a collapsed body is off screen, and a sheet collapsed to
  // nothing is all off screen.
  #settle(detent) {
    this.detent = detent;
    this.#fitBody(this.heights[this.last] - this.heights[detent]);
    const name = this.names[detent];
    this.root.dataset.sheetDetent = String(detent);
    this.root.dataset.sheetDetentName = name;
    this.handle.setAttribute("aria-expanded", String(detent > 0));
    this.body.inert = detent === 0;
    this.root.inert = detent === 0 && this.heights[0] === 0;
    this.root.dispatchEvent(new CustomEvent("bottom-sheet:change", { detail: { detent, name } }));
  }

  // At rest the body ends where the sheet is seen, not under the tab bar: nothing in it is
  // half hidden there, and the body scrolls its last field into view.
  #fitBody(hidden) {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    if (hidden) this.body.style.marginBottom = `${hidden}px`;
    else this.body.style.removeProperty("margin-bottom");
  }

  /** Moves to the detent of that name; a name the sheet does not have is a mistake. */
  moveTo(name) {
    if (!this.names.includes(name)) throw new RangeError(`this sheet has no detent “${name}” (it has ${this.names.join(", ")})`);
    this.snapTo(this.names.indexOf(name));
  }

  snapTo(detent) {
    if (!this.live) return;
    const target = this.heights[Math.min(Math.max(detent, 0), this.last)];
    const index = this.heights.indexOf(target);
    this.target = index; // where it rests or is heading
    const wasInside = this.root.contains(document.activeElement);
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (index > 0) this.#settle(index); // reachable while it opens
    const done = () => {
      this.#settle(index);
      if (index === 0 && wasInside && !this.root.inert) this.handle.focus({ preventScroll: true });
    };
    if (reducedMotion() || target === this.height) {
      this.#place(target);
      done();
      return;
    }
    const from = this.height;
    const start = performance.now();
    const step = (now) => {
      const progress = Math.min((now - start) / SNAP_MS, 1);
      this.#place(from + (target - from) * easeOut(progress));
      if (progress < 1) this.frame = requestAnimationFrame(step);
      else {
        this.frame = 0;
        done();
      }
    };
    this.frame = requestAnimationFrame(step);
  }

  #down = (event) => {
    if (!this.live || this.gesture || (event.pointerType === "mouse" && event.button !== 0)) return;
    const onHandle = this.handle.contains(event.target);
    // A mouse selects text and works the controls in the body; only touch drags it.
    if (!onHandle && event.pointerType === "mouse") return;
    this.dragged = false;
    // Caught mid-snap, it stays under the finger: a move drags it from there, and a tap
    // (no move) is a tap, which lets the snap finish unless the tap chooses otherwise.
    const interrupted = this.frame !== 0;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.gesture = { id: event.pointerId, y: event.clientY, startY: event.clientY, onHandle, dragging: false, interrupted };
    // A finger stays with the element it pressed; a mouse does not, and a quick first move
    // would leave the handle before the drag began. Held like a finger, the handle keeps it.
    if (onHandle) this.handle.setPointerCapture(event.pointerId);
    this.samples.reset();
    this.samples.add(this.height, event);
  };

  #startDragging(event) {
    this.gesture.dragging = true;
    this.dragged = true;
    this.root.setPointerCapture(event.pointerId);
    this.root.classList.add("sheet--dragging");
    this.body.inert = false;
  }

  #move = (event) => {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.id) return;
    if (!gesture.dragging) {
      if (Math.abs(event.clientY - gesture.startY) <= DRAG_SLOP_PX) return;
      this.#startDragging(event);
    }
    const dy = event.clientY - gesture.y;
    gesture.y = event.clientY;
    const min = this.heights[0];
    const max = this.heights[this.last];
    if (gesture.onHandle) {
      this.#place(Math.min(Math.max(this.height - dy, min), max));
    } else {
      const { body } = this;
      const shared = shareDrag({
        height: this.height, scrollTop: body.scrollTop, maxScroll: body.scrollHeight - body.clientHeight, min, max,
      }, dy);
      body.scrollTop = shared.scrollTop;
      this.#place(shared.height);
    }
    this.samples.add(this.height, event);
  };

  #up = (event) => {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.id) return;
    this.gesture = null;
    this.root.classList.remove("sheet--dragging");
    if (!gesture.dragging) { // a tap: the click decides
      if (gesture.interrupted) this.snapTo(this.target);
      return;
    }
    const velocity = this.samples.velocity(event);
    this.snapTo(releaseDetent(this.heights, this.height, velocity));
  };

  #handleClicked = (event) => {
    const pointer = event.detail > 0; // Enter and Space click with no pointer
    const from = this.target; // a tap during a snap acts on where the sheet is heading
    if (from === 0) this.snapTo(1);
    else this.snapTo(pointer && from < this.last ? from + 1 : 0);
  };

  #arrowKeys = (event) => {
    const step = { ArrowUp: 1, ArrowDown: -1 }[event.key];
    if (!step || !this.live) return;
    event.preventDefault();
    this.snapTo(nearestDetent(this.heights, this.height) + step);
  };

  #trapAndEscape = (event) => {
    if (!this.live) return;
    if (event.key === "Escape" && this.detent > 0) {
      event.preventDefault();
      this.snapTo(0);
      this.handle.focus({ preventScroll: true });
    } else if (event.key === "Tab" && this.detent === this.last) {
      const focusable = [...this.root.querySelectorAll(FOCUSABLE)].filter((element) => element.getClientRects().length);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  #focusMoved = (event) => {
    if (this.root.contains(event.target)) return;
    const watch = { element: event.target, scrolled: false };
    this.focusWatch = watch;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      // A scroll under way is left to finish where there is a scrollend to wait for.
      if (this.focusWatch !== watch || (watch.scrolled && "onscrollend" in window)) return;
      this.focusWatch = null;
      this.#uncover(watch.element);
    }));
  };

  // A keyboard focus on the page that the resting sheet lies over is scrolled up above it at
  // once, but never up under the sticky header. Only the page scrolls: what is fixed (the
  // tab bar below the sheet) is never under it, and a pointer's focus is where the person
  // already looks.
  #uncover(element) {
    if (!this.live || this.gesture || this.frame || element !== document.activeElement) return;
    if (this.root.contains(element) || !element.matches(":focus-visible")) return;
    const top = this.root.getBoundingClientRect().top; // where it is seen from
    const bottom = innerHeight - this.bottom;
    const box = element.getBoundingClientRect();
    if (top >= bottom || box.height === 0 || box.bottom <= top || box.top >= bottom) return;
    const headroom = box.top - (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
    scrollBy({ top: Math.min(box.bottom - top + FOCUS_GAP_PX, headroom), behavior: "instant" });
  }

  // Focus that arrives from elsewhere (a click behind the backdrop, a screen reader's jump)
  // while the sheet is full goes back into it.
  #keepFocusInside = (event) => {
    if (this.live && this.detent === this.last && this.last > 0 && !this.root.contains(event.target)) {
      this.handle.focus({ preventScroll: true });
    }
  };
}

for (const root of document.querySelectorAll("[data-bottom-sheet]")) {
  if (root.querySelector("[data-sheet-handle]") && root.querySelector("[data-sheet-body]")) new BottomSheet(root);
}

// A button that names a detent moves its sheet there: the one it controls, or the one it is in.
document.addEventListener("click", (event) => {
  const button = event.target.closest?.("button[data-sheet-detent]");
  if (!button) return;
  const controlled = document.getElementById(button.getAttribute("aria-controls") ?? "");
  const sheet = (controlled?.closest("[data-bottom-sheet]") ?? button.closest("[data-bottom-sheet]"))?.bottomSheet;
  if (!sheet) return;
  try {
    sheet.moveTo(button.dataset.sheetDetent);
  } catch (error) {
    console.warn(error.message);
  }
});
