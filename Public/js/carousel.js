// Carousel: a sideways row of square photos. Without JavaScript the track is a plain
// scroll container with CSS scroll-snap (swipe, trackpad, scrollbar); this module adds the
// previous/next arrows, arrow keys on the focused track and the "N / total" position.
//
// What is in view comes from an IntersectionObserver rather than scroll events and width
// arithmetic: it does no work while nothing moves, and it stays right however many slides a
// wide screen shows at once (the CSS shows one, two or three by the carousel's width).

import { reducedMotion } from "./motion.js";

// A slide counts as fully in view above this ratio; exactly 1 is unreliable when slide
// widths are fractional pixels.
const FULLY_IN_VIEW = 0.95;

class Carousel {
  constructor(root) {
    this.track = root.querySelector("[data-carousel-track]");
    this.prev = root.querySelector("[data-carousel-prev]");
    this.next = root.querySelector("[data-carousel-next]");
    this.position = root.querySelector("[data-carousel-position]");
    this.slides = [...this.track.children];
    this.ratios = new Map(); // slide → its last reported intersection ratio

    // Lets the CSS drop the scrollbar: the arrows and keys now do its job.
    root.classList.add("carousel--enhanced");
    this.prev?.addEventListener("click", () => this.step(-1));
    this.next?.addEventListener("click", () => this.step(1));
    this.track.addEventListener("keydown", (event) => this.onKeydown(event));

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) this.ratios.set(entry.target, entry.intersectionRatio);
        this.update();
      },
      { root: this.track, threshold: [0, 0.25, 0.5, 0.75, FULLY_IN_VIEW] },
    );
    for (const slide of this.slides) observer.observe(slide);
  }

  get behavior() {
    return reducedMotion() ? "auto" : "smooth";
  }

  // Scrolls by whole slides; scroll-snap then lines the row up exactly.
  step(direction) {
    const [first, second] = this.slides;
    const slideWidth = second.offsetLeft - first.offsetLeft; // includes the gap
    this.track.scrollBy({ left: direction * slideWidth, behavior: this.behavior });
  }

  onKeydown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const { track } = this;
    const moves = {
      ArrowLeft: () => this.step(-1),
      ArrowRight: () => this.step(1),
      Home: () => track.scrollTo({ left: 0, behavior: this.behavior }),
      End: () => track.scrollTo({ left: track.scrollWidth, behavior: this.behavior }),
    };
    if (!moves[event.key]) return;
    event.preventDefault(); // the browser would scroll by a few pixels instead of a slide
    moves[event.key]();
  }

  update() {
    const ratio = (index) => this.ratios.get(this.slides[index]) ?? 0;
    const last = this.slides.length - 1;
    const atStart = ratio(0) >= FULLY_IN_VIEW;
    const atEnd = ratio(last) >= FULLY_IN_VIEW;

    // When every photo fits (a wide screen, few photos) there is nothing to navigate.
    for (const control of [this.prev, this.next, this.position]) {
      if (control) control.hidden = atStart && atEnd;
    }
    // aria-disabled rather than disabled: a disabled button would drop the keyboard focus
    // of someone who just pressed it to reach the end.
    this.prev?.setAttribute("aria-disabled", String(atStart));
    this.next?.setAttribute("aria-disabled", String(atEnd));

    // Several slides can be fully in view at once on wide screens: show them as a range.
    const indices = this.slides.map((_, index) => index);
    const full = indices.filter((index) => ratio(index) >= FULLY_IN_VIEW);
    const most = indices.reduce((best, index) => (ratio(index) > ratio(best) ? index : best), 0);
    const [from, to] = full.length ? [full[0], full.at(-1)] : [most, most];
    const text = `${from === to ? from + 1 : `${from + 1}–${to + 1}`} / ${this.slides.length}`;
    // Only on change: rewriting the same text would make screen readers announce it again.
    if (this.position && this.position.textContent !== text) this.position.textContent = text;
  }
}

const enhanced = new WeakSet(); // carousels already seen, so none gets its listeners twice

function enhanceWithin(scope) {
  const roots = [...scope.querySelectorAll("[data-carousel]")];
  if (scope.matches?.("[data-carousel]")) roots.unshift(scope);
  for (const root of roots) {
    if (enhanced.has(root)) continue;
    enhanced.add(root);
    // One photo needs no navigation; its arrows and position stay hidden.
    if (root.querySelector("[data-carousel-track]")?.children.length > 1) new Carousel(root);
  }
}

enhanceWithin(document);
// Pages that add cards in place ("load more", filtered results) bring new carousels with them.
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) if (node instanceof Element) enhanceWithin(node);
  }
}).observe(document.body, { childList: true, subtree: true });
