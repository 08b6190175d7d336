// The conversation list, live: when a message arrives, a room is read in another tab or a
// room changes, the list is fetched again (the same URL, asking for just the list) so the
// newest conversation moves to the top with its unread count. The filters apply as soon
// as they are ticked; without this module they are a form with a button.

import { live } from "./live.js";

const region = document.querySelector("[data-conversations]");
const filters = document.querySelector("[data-conversation-filters]");
const problem = document.querySelector("[data-conversations-error]");

if (region && filters) {
  filters.querySelector("[data-filters-submit]").hidden = true;
  filters.addEventListener("change", () => {
    const query = new URLSearchParams(new FormData(filters)).toString();
    history.replaceState(null, "", query ? `/messages?${query}` : "/messages");
    refresh();
  });
  problem.querySelector("[data-conversations-retry]").addEventListener("click", refresh);
  if (live) {
    for (const kind of ["message", "read", "room"]) document.addEventListener(`live:${kind}`, refreshSoon);
  }
}

let timer = 0;
let latest = 0;

/** Several events in a burst make one fetch. */
function refreshSoon() {
  clearTimeout(timer);
  timer = setTimeout(refresh, 100);
}

async function refresh() {
  const request = ++latest;
  region.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(location.href, { headers: { "X-Fragment": "conversations" } });
    if (response.redirected) return location.reload(); // signed out meanwhile: the page says so
    if (!response.ok) throw new Error(response.statusText);
    const html = await response.text();
    if (request !== latest) return; // a slower, older answer does not win
    region.innerHTML = html;
    problem.hidden = true;
  } catch {
    // The list stays as it was, saying it may be out of date.
    if (request === latest) problem.hidden = false;
  } finally {
    if (request === latest) region.removeAttribute("aria-busy");
  }
}
