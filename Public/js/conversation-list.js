// The conversation list, live: when a message arrives, a room is read in another tab or a
// room changes, the list is fetched again (the same URL, asking for just the list) so the
// newest conversation moves to the top with its unread count. The filters apply as soon
// as they are ticked; without this module they are a form with a button.

import { Fragments } from "./fragment.js";
import { live } from "./live.js";

const BURST_MS = 100; // several events in a burst make one fetch

const region = document.querySelector("[data-conversations]");
const filters = document.querySelector("[data-conversation-filters]");
const problem = document.querySelector("[data-conversations-error]");
const fragments = new Fragments();

if (region && filters) {
  filters.querySelector("[data-filters-submit]").hidden = true;
  filters.addEventListener("change", () => {
    const query = new URLSearchParams(new FormData(filters)).toString();
    history.replaceState(null, "", query ? `/messages?${query}` : "/messages");
    refresh();
  });
  problem.querySelector("[data-conversations-retry]").addEventListener("click", refresh);
  if (live) {
    const refreshSoon = () => fragments.soon(BURST_MS, refresh);
    for (const kind of ["message", "read", "room"]) document.addEventListener(`live:${kind}`, refreshSoon);
  }
}

async function refresh() {
  try {
    const html = await fragments.fetch(location.href, "conversations", region);
    if (html === null) return; // a newer answer is on its way, or the page is reloading
    region.innerHTML = html;
    problem.hidden = true;
  } catch {
    problem.hidden = false; // the list stays as it was, saying it may be out of date
  }
}
