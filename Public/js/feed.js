// Feed: the portfolios of the home page, filtered by tags and sorted. Without JavaScript the
// filter is a GET form, the tags, chips and "clear" are links to filtered URLs, "Load more"
// links to the next page and the bookmark button posts a form: each a full page load. This
// module does the same in place. A request with `X-Fragment: results` (or `page`) gets just
// that part of the page; a post with `Accept: application/json` gets the bookmark's new state.
// When the results fail to load, they show the server's error state with a retry; when any
// other request fails, the page does what it would have done without the script.

import { postForJSON, posting, showSelected } from "./bookmark.js";
import { announce } from "./announce.js";
import { Fragments, showFailure } from "./fragment.js";

const ADD_URL = "/selection/add"; // adds only: a double tap never takes a portfolio back out
const DOUBLE_TAP_MS = 350; // also how long a single tap on a photo waits before opening it
const DOUBLE_TAP_PX = 30; // how far apart the two taps of one double tap may land
const TAP_SLOP_PX = 10; // a finger that moves further is swiping, not tapping
const TOAST_MS = 1500; // as long as the toast's fade in app.css

const FOCUSABLE = ':is(a[href], button, input, select, textarea, [tabindex])' +
  ':not([tabindex="-1"], [hidden], [type="hidden"])';

const LINKS = "a:is([data-filter-tags], [data-load-more], [data-feed-refresh], " +
  '[data-state-action="clear-filters"], [data-state-action="retry"])';

// A modified click opens a new tab or window, as any link's does.
const modified = (event) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
const trackOf = (event) => event.target.closest?.("[data-feed-card] [data-carousel-track]");

// "/?tags=svatba,praha&sort=rating": commas read better in a shared link than "+" or "%20".
// Empty fields are left out, as an empty filter is no filter.
function urlOf(form) {
  const pairs = [];
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (!text) continue;
    const words = name === "tags" ? text.split(/[\s,]+/u) : [text];
    pairs.push(`${encodeURIComponent(name)}=${words.map(encodeURIComponent).join(",")}`);
  }
  const action = form.getAttribute("action") || location.pathname;
  return pairs.length ? `${action}?${pairs.join("&")}` : action;
}

class Feed {
  constructor(root) {
    this.root = root;
    this.form = root.querySelector("[data-feed-filter]");
    this.results = root.querySelector("[data-feed-results]");
    this.fragments = new Fragments(); // the results, or the next cards, on their way
    this.started = 0; // results requests so far: tells a filter link whether the form reacted

    // Only named fields: the tag input's typing box fires its own change on blur, but its
    // words reach the form through the hidden field.
    this.form.addEventListener("change", (event) => {
      if (event.target.name) this.showResults(urlOf(this.form));
    });
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.showResults(urlOf(this.form));
    });
    root.addEventListener("click", (event) => this.onClick(event));
    // Every change of the form now shows at once, so its button has nothing left to do.
    const submit = this.form.querySelector("[data-filter-submit]");
    if (submit) submit.hidden = true;
  }

  onClick(event) {
    if (event.defaultPrevented || event.button !== 0 || modified(event)) return;
    const link = event.target.closest(LINKS);
    if (!link) return;
    event.preventDefault();
    if (link.hasAttribute("data-load-more")) this.loadMore(link);
    else if (link.matches('[data-feed-refresh], [data-state-action="retry"]')) this.showResults(link.href);
    else this.setTags(link);
  }

  // The link's tags go into the form, whose change then fetches the results: the chips in the
  // tag input and the URL stay in step with what is shown.
  setTags(link) {
    const tags = (link.dataset.filterTags ?? "").split(" ").filter(Boolean); // none: "clear filters"
    const before = this.started;
    const input = this.form.querySelector("[data-tag-input]");
    input?.dispatchEvent(new CustomEvent("tag-input:set", { detail: { tags } }));
    if (this.started === before) {
      location.assign(link.href); // the tag input's script is missing: nothing reacted
      return;
    }
    const { results } = this;
    if (results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: "start" });
  }

  async showResults(url) {
    this.started += 1;
    let html;
    try {
      html = await this.fragments.fetch(url, "results", this.results);
    } catch {
      showFailure(this.results, document.querySelector("template[data-feed-error]"), url);
      return;
    }
    if (html === null) return; // a newer filter's answer is on its way
    const hadFocus = this.results.contains(document.activeElement);
    this.results.innerHTML = html;
    history.replaceState(history.state, "", url); // a reload or a shared link shows the same
    const peek = this.root.querySelector("[data-feed-peek]"); // the filter sheet's, on phones
    const summary = this.results.querySelector("[data-feed-summary]");
    if (peek && summary) peek.textContent = summary.textContent;
    const count = this.results.querySelector("[data-feed-count]");
    if (hadFocus && count) {
      // The focused tag or chip is gone: continue from the top of the new results.
      count.tabIndex = -1;
      count.focus();
    } else {
      // Said by the page's live region: the results themselves are not one, or replacing
      // them would recite every card.
      announce(count?.textContent.trim());
    }
  }

  async loadMore(link) {
    // Whatever is on its way replaces these results, and this link with them.
    if (this.fragments.busy) return;
    const more = link.closest("[data-feed-more]");
    const list = this.results.querySelector("[data-feed-cards]");
    if (!list || !more) {
      location.assign(link.href); // no list of cards to extend
      return;
    }
    const page = document.createElement("template"); // inert: nothing loads until appended
    try {
      const html = await this.fragments.fetch(link.href, "page", more);
      if (html === null) return; // new results took over
      page.innerHTML = html;
    } catch {
      location.assign(link.href);
      return;
    }
    const cards = [...(page.content.querySelector("[data-feed-cards]")?.children ?? [])];
    const focused = document.activeElement;
    const hadFocus = more.contains(focused) || focused === document.body;
    list.append(...cards);
    more.replaceChildren(...(page.content.querySelector("[data-feed-more]")?.childNodes ?? []));
    // The pressed link is gone: go on with the first new card, or else the next link.
    const next = cards[0]?.querySelector(FOCUSABLE) ?? more.querySelector(FOCUSABLE);
    if (hadFocus) next?.focus();
  }
}

const toastTimers = new WeakMap();

function showToast(card) {
  const toast = card.querySelector("[data-bookmark-toast]");
  if (!toast) return;
  clearTimeout(toastTimers.get(toast));
  toast.hidden = true;
  void toast.offsetWidth; // a style flush, so a second double tap replays the fade
  toast.hidden = false;
  toastTimers.set(toast, setTimeout(() => (toast.hidden = true), TOAST_MS));
}

async function addToSelection(card) {
  const form = card.querySelector("[data-bookmark-form]");
  if (!form || posting.has(form)) return;
  const data = new FormData();
  for (const name of ["_csrf", "portfolio"]) {
    data.append(name, form.elements.namedItem(name)?.value ?? "");
  }
  posting.add(form);
  const answer = await postForJSON(ADD_URL, data);
  posting.delete(form);
  if (answer?.selected === true) {
    showSelected(form, true);
    showToast(card);
  } else if (!answer && form.querySelector('[aria-pressed="false"]')) {
    form.submit(); // not saved yet, so the toggle adds it, or tells a guest to sign in
  }
}

// Double tap (touch and pen, from Pointer Events) or double click (mouse) on a card's photos
// saves the portfolio. A photo may be a link to the portfolio's page, so a single tap on it
// waits for a possible second one before it is followed.
class PhotoDoubleTap {
  down = null; // where the current touch began
  lastTap = null;
  lastDouble = -Infinity;
  pointerType = "mouse";
  opening = 0; // timer of a single tap's delayed navigation

  constructor() {
    document.addEventListener("pointerdown", this.onPointerDown);
    document.addEventListener("pointerup", this.onPointerUp);
    // The browser took the touch over (a swipe through the photos, a pinch): no tap.
    document.addEventListener("pointercancel", () => (this.down = this.lastTap = null));
    document.addEventListener("click", this.onClick);
    document.addEventListener("dblclick", this.onDoubleClick);
    // A double click would select text, and a drag would pull out a ghost of the photo.
    const stop = (event) => trackOf(event) && event.preventDefault();
    document.addEventListener("mousedown", (event) => event.detail > 1 && stop(event));
    document.addEventListener("dragstart", stop);
  }

  onPointerDown = (event) => {
    this.pointerType = event.pointerType;
    const track = trackOf(event);
    if (!track || !event.isPrimary || event.pointerType === "mouse") return;
    this.down = { track, x: event.clientX, y: event.clientY, scroll: track.scrollLeft };
  };

  onPointerUp = (event) => {
    const { down } = this;
    this.down = null;
    if (!down || !event.isPrimary) return;
    const { clientX: x, clientY: y, timeStamp: time } = event;
    const moved = Math.hypot(x - down.x, y - down.y) > TAP_SLOP_PX;
    const tapped = !moved && down.track.scrollLeft === down.scroll; // not a swipe
    const last = this.lastTap;
    const isDouble = tapped && last?.track === down.track && time - last.time < DOUBLE_TAP_MS &&
      Math.hypot(x - last.x, y - last.y) < DOUBLE_TAP_PX;
    this.lastTap = tapped && !isDouble ? { track: down.track, x, y, time } : null;
    if (isDouble) this.doubled(down.track, time);
  };

  onClick = (event) => {
    const link = event.target.closest("a[href]");
    if (!link || !trackOf(event) || event.button !== 0) return;
    // Keyboard activation (detail 0) and "open in a new tab" go ahead at once.
    if (event.detail === 0 || modified(event)) return;
    event.preventDefault();
    clearTimeout(this.opening);
    const second = event.detail > 1 || event.timeStamp - this.lastDouble < DOUBLE_TAP_MS;
    if (!second) this.opening = setTimeout(() => location.assign(link.href), DOUBLE_TAP_MS);
  };

  // A touch double tap may also end in a dblclick; the pointer events have handled it.
  onDoubleClick = (event) => {
    const track = trackOf(event);
    if (!track || this.pointerType !== "mouse") return;
    event.preventDefault();
    this.doubled(track, event.timeStamp);
  };

  doubled(track, time) {
    clearTimeout(this.opening);
    this.lastDouble = time;
    addToSelection(track.closest("[data-feed-card]"));
  }
}

for (const root of document.querySelectorAll("[data-feed]")) {
  const parts = root.querySelectorAll("[data-feed-filter], [data-feed-results]");
  if (parts.length === 2) new Feed(root);
}
new PhotoDoubleTap();

// A photographer's feed counts the new demands that match them as they are posted (the live
// stream's `demand` events, each demand once) and offers the list of them.
for (const notice of document.querySelectorAll("[data-feed-new-demands]")) {
  const seen = new Set();
  const rules = new Intl.PluralRules(document.documentElement.lang || "cs");
  document.addEventListener("live:demand", (event) => {
    seen.add(event.detail.demand);
    const category = rules.select(seen.size);
    const form = category === "one" ? notice.dataset.one : category === "few" ? notice.dataset.few : notice.dataset.many;
    notice.querySelector("a").textContent = form.replace("{count}", String(seen.size));
    notice.hidden = false;
  });
}
