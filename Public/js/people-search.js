// People search: a GET form whose results page lists the people found. With this module the
// results follow the typing in place: the server answers a request carrying
// `X-Fragment: results` with just the inside of the results element. If a request fails, the
// results show the server's error state, whose retry searches again.

import { announce } from "./announce.js";
import { Fragments, showFailure } from "./fragment.js";

const TYPING_PAUSE_MS = 200; // a search per pause in typing, not per keystroke

class PeopleSearch {
  constructor(form, results) {
    this.form = form;
    this.results = results;
    this.fragments = new Fragments();
    this.shown = this.url(); // what the results show now, so an unchanged query is not refetched

    form.addEventListener("input", (event) => {
      if (event.target.type === "radio") return; // its change follows at once
      this.fragments.soon(TYPING_PAUSE_MS, () => this.search());
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
    this.fragments.cancelSoon();
    const url = this.url();
    if (url === this.shown && !again) return; // e.g. the field's own change when it loses focus
    this.shown = url;
    let html;
    try {
      html = await this.fragments.fetch(url, "results", this.results);
    } catch {
      showFailure(this.results, document.querySelector("template[data-search-error]"), url);
      return;
    }
    if (html === null) return; // a newer query's answer is on its way
    this.results.innerHTML = html;
    history.replaceState(history.state, "", url); // a reload or a shared link shows the same
    // The count, or else the results' first line (the count, or the "nobody found" or hint
    // text that stands in for it).
    const { results } = this;
    const count = results.querySelector("[data-search-count]") ?? results.querySelector("p");
    announce(count?.textContent.trim());
  }
}

for (const form of document.querySelectorAll("[data-people-search]")) {
  const results = document.querySelector("[data-search-results]");
  if (results) new PeopleSearch(form, results);
}
