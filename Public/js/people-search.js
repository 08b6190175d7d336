// People search: a GET form whose results page lists the people found. With this module the
// results follow the typing in place: the server answers a request carrying
// `X-Fragment: results` with just the inside of the results element. If a request fails, the
// results show the server's error state, whose retry searches again.

const TYPING_PAUSE_MS = 200; // a search per pause in typing, not per keystroke

class PeopleSearch {
  constructor(form, results) {
    this.form = form;
    this.results = results;
    this.controller = null; // of the request on its way, if any
    this.timer = 0;
    this.shown = this.url(); // what the results show now, so an unchanged query is not refetched

    // Read out as a live region, replaced results would recite every person found. This
    // status outlives the replacements and says just the new count.
    this.status = document.createElement("p");
    this.status.className = "visually-hidden";
    this.status.setAttribute("role", "status");
    results.before(this.status);
    results.setAttribute("aria-live", "off");

    form.addEventListener("input", (event) => {
      if (event.target.type === "radio") return; // its change follows at once
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.search(), TYPING_PAUSE_MS);
    });
    form.addEventListener("change", () => this.search());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.search({ again: true }); // pressing Search when nothing changed still feels answered
    });
    results.addEventListener("click", (event) => {
      const retry = event.target.closest?.('a[data-state-action="retry"]');
      if (!retry || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      this.search({ again: true });
    });
  }

  url() {
    const query = new URLSearchParams(new FormData(this.form)).toString();
    return `${this.form.getAttribute("action") || location.pathname}?${query}`;
  }

  async search({ again = false } = {}) {
    clearTimeout(this.timer);
    const url = this.url();
    if (url === this.shown && !again) return; // e.g. the field's own change when it loses focus
    this.shown = url;
    this.controller?.abort(); // an older query's answer must not land after this one's
    const controller = (this.controller = new AbortController());
    this.results.setAttribute("aria-busy", "true");
    try {
      // no-store: the fragment shares its URL with the whole page, so the HTTP cache must
      // never hand it back in the page's place (on Back, say).
      const response = await fetch(url, {
        headers: { "X-Fragment": "results" },
        signal: controller.signal,
        cache: "no-store",
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      this.results.innerHTML = await response.text();
      history.replaceState(history.state, "", url); // a reload or a shared link shows the same
      // The count, or else the results' first line (the count, or the "nobody found" or hint
      // text that stands in for it).
      const { results } = this;
      const count = results.querySelector("[data-search-count]") ?? results.querySelector("p");
      this.status.textContent = count?.textContent.trim() ?? "";
    } catch (error) {
      if (error.name !== "AbortError") this.showFailure(url);
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        this.results.setAttribute("aria-busy", "false");
      }
    }
  }

  // The error state the server rendered for this (a <template>), its retry pointed at the
  // search that failed; without one, the page goes to the address as the plain form would.
  showFailure(url) {
    const state = document.querySelector("template[data-search-error]")?.content.firstElementChild?.cloneNode(true);
    if (!state) {
      location.assign(url);
      return;
    }
    const retry = state.querySelector('[data-state-action="retry"]');
    if (retry) retry.href = url;
    this.results.replaceChildren(state); // role="alert": it is read out by itself
    this.status.textContent = "";
  }
}

for (const form of document.querySelectorAll("[data-people-search]")) {
  const results = document.querySelector("[data-search-results]");
  if (results) new PeopleSearch(form, results);
}
