// The messenger's two pages, `/messages` and `/messages/{room}`. On a phone each is one
// pane and every conversation is a link. From 900 px wide the conversation list stands
// beside the open room (or "Choose a conversation"): choosing another conversation fetches
// just that room (`X-Fragment: room`), puts it in the right pane and pushes its address, so
// the list keeps its scroll, its filters and its element; Back and Forward bring the
// earlier rooms back the same way. Live messages heard while a room loads are handed to it,
// and the room it replaces stops listening. Without this module both panes are plain pages.

import { markOpen } from "./conversation-list.js";
import { openRoom } from "./chat-room.js";
import { fetchFragment } from "./fragment.js";
import { nameTitle } from "./page-title.js";

const SIDE_BY_SIDE = matchMedia("(min-width: 56.25em)"); // as the stylesheet's two panes

const messenger = document.querySelector("[data-messenger]");
const pane = messenger?.querySelector("[data-messenger-room]");
const list = messenger?.querySelector("[data-conversations]");
const listTitle = messenger?.dataset.listTitle ?? "";
const siteName = document.title.includes(" · ") ? document.title.slice(document.title.lastIndexOf(" · ")) : "";
let none = pane?.querySelector("[data-messenger-none]")?.cloneNode(true) ?? null; // "Choose a conversation"
let closeRoom = () => {};
let loading = null; // the room on its way, if any

if (pane) {
  const room = pane.querySelector("[data-chat-room]");
  if (room) {
    closeRoom = openRoom(room);
    enhanceSliders();
  }
  list?.addEventListener("click", (event) => {
    const link = event.target.closest("a.conversation__link");
    if (!link || !SIDE_BY_SIDE.matches || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window
    const address = new URL(link.href);
    // A link to a moment of a room (a search result) is the browser's to open.
    if (address.origin !== location.origin || address.search || address.hash) return;
    event.preventDefault();
    if (address.pathname === location.pathname && !loading) return;
    history.pushState({ messenger: true }, "", address.pathname);
    show(address.pathname + address.search);
  });
  addEventListener("popstate", () => show(location.pathname + location.search));
}

/** Puts the room at `address` in the right pane, or "Choose a conversation" for the list's own. */
async function show(address) {
  loading?.abort();
  const roomId = Number(/^\/messages\/(\d+)/.exec(address)?.[1]) || 0;
  markOpen(roomId);
  if (!roomId) {
    loading = null;
    closeRoom();
    closeRoom = () => {};
    if (none) pane.replaceChildren(none.cloneNode(true));
    document.body.dataset.page = "messages";
    nameTitle(listTitle + siteName);
    return;
  }
  const controller = (loading = new AbortController());
  // Messages that come while the room loads may be after what its markup shows.
  const heard = [];
  const hear = (event) => heard.push(event.detail);
  document.addEventListener("live:message", hear);
  pane.setAttribute("aria-busy", "true");
  let html;
  try {
    html = await fetchFragment(address, "room", controller.signal);
  } catch (error) {
    if (error.name !== "AbortError") location.assign(address); // the page says what went wrong
    return;
  } finally {
    document.removeEventListener("live:message", hear);
    if (loading === controller) {
      loading = null;
      pane.setAttribute("aria-busy", "false");
    }
  }
  if (html === null || controller.signal.aborted) return;
  closeRoom();
  const template = document.createElement("template");
  template.innerHTML = html;
  pane.replaceChildren(template.content);
  const room = pane.querySelector("[data-chat-room]");
  document.body.dataset.page = "room";
  nameTitle((room?.dataset.title ?? "") + siteName);
  closeRoom = room ? openRoom(room, heard) : () => {};
  enhanceSliders();
  // The room's name is read out where the reader now is; Tab goes on into the room.
  const title = room?.querySelector(".chat-room__title");
  if (title) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

/** A long conversation's timeline is a precise slider, loaded when a room has one. */
async function enhanceSliders() {
  if (!pane.querySelector("[data-precise-slider]")) return;
  const { enhance } = await import("./precise-slider.js");
  enhance(pane);
}
