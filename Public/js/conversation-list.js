// The conversation list, live: when a message arrives, a room is read in another tab or a
// room changes, the list is fetched again (asking for just the list) so the newest
// conversation moves to the top with its unread count. The filters apply as soon as they
// are ticked; without this module they are a form with a button. Beside an open room
// (messenger.js) the list marks that room's row, and a list hidden on a phone is not
// fetched until it shows.

import { Fragments } from "./fragment.js";
import { live } from "./live.js";

const BURST_MS = 100; // several events in a burst make one fetch
// A list that comes while a row is pressed waits for the click to land, at most this long (a
// press released outside the window never says so).
const HOLD_MS = 1000;

const region = document.querySelector("[data-conversations]");
const filters = document.querySelector("[data-conversation-filters]");
const problem = document.querySelector("[data-conversations-error]");
const fragments = new Fragments();
let openRoom = Number(document.querySelector("[data-chat-room]")?.dataset.chatRoom) || 0;
let stale = false; // something changed while the list was hidden
let deleted = false; // a message was deleted since the list was fetched
let pressed = null; // the timer that ends a press on the list, while one lasts
let held = null; // a newer list, waiting for that press to end

if (region && filters) {
  filters.querySelector("[data-filters-submit]").hidden = true;
  filters.addEventListener("change", () => {
    // The list's own page keeps its filters in its address; beside a room the address is the room's.
    if (!openRoom) history.replaceState(null, "", listAddress());
    refresh();
  });
  problem.querySelector("[data-conversations-retry]").addEventListener("click", refresh);
  // Replacing the rows between a press and its release would send the click to no row: the
  // new list waits until the click has landed (the task after the release).
  region.addEventListener("pointerdown", () => {
    clearTimeout(pressed);
    pressed = setTimeout(release, HOLD_MS);
  });
  for (const kind of ["pointerup", "pointercancel"]) addEventListener(kind, () => { if (pressed) setTimeout(release); }, true);
  if (live) {
    const refreshSoon = (event) => {
      // A deleted message leaves even a hidden list at once: its words must not stay in the page.
      if (event.detail?.deleted) deleted = true;
      fragments.soon(BURST_MS, refresh);
    };
    for (const kind of ["message", "read", "room"]) document.addEventListener(`live:${kind}`, refreshSoon);
  }
  // A phone's room page has the list hidden; it is brought up to date once the window widens.
  new ResizeObserver(() => { if (stale && isShown()) refresh(); }).observe(region);
}

/** Marks `roomId`'s row as the one open beside the list (0: none). */
export function markOpen(roomId) {
  openRoom = roomId;
  for (const link of region?.querySelectorAll(".conversation__link") ?? []) {
    if (Number(link.closest("[data-room]").dataset.room) === roomId) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** `/messages` with the filters ticked, and the open room for its row to be marked. */
function listAddress(withOpen = false) {
  const query = new URLSearchParams(new FormData(filters));
  if (withOpen && openRoom) query.set("open", String(openRoom));
  const text = query.toString();
  return text ? `/messages?${text}` : "/messages";
}

function show(html) {
  region.innerHTML = html;
  markOpen(openRoom); // another room may have opened while the list was on its way
  problem.hidden = true;
}

/** The press is over: a list that came meanwhile is shown now. */
function release() {
  clearTimeout(pressed);
  pressed = null;
  if (held === null) return;
  const html = held;
  held = null;
  delete region.dataset.listHeld;
  show(html);
}

function isShown() {
  return region.checkVisibility ? region.checkVisibility() : region.offsetParent !== null;
}

async function refresh() {
  if (!deleted && !isShown()) {
    stale = true;
    return;
  }
  stale = false;
  deleted = false;
  try {
    const html = await fragments.fetch(listAddress(true), "conversations", region);
    if (html === null) return; // a newer answer is on its way, or the page is reloading
    if (pressed) {
      held = html;
      region.dataset.listHeld = "";
      return;
    }
    show(html);
  } catch {
    problem.hidden = false; // the list stays as it was, saying it may be out of date
  }
}
