// A conversation, live: messages posted in any tab or by anyone in the room appear as they
// arrive (live.js), the composer sends without leaving the page (Enter sends, Shift+Enter
// starts a new line) and shows the message at once, marked as sending; a message that
// could not be sent stays with a Retry button, which sends it again under the same uuid
// (the server stores it once). The room is marked read while it is on screen. Without
// this module the composer is a plain form that posts and comes back.
//
// `openRoom(element)` brings one room to life and returns what closes it again: beside the
// conversation list (messenger.js) one room after another opens in the same page.

import "./live.js";
import { announce, fill, shortened, withdraw } from "./announce.js";
import { openEdits } from "./chat-message-edits.js";
import { followSeen } from "./chat-seen.js";
import { ChatHistory, element } from "./chat-history.js";
import { hideState, showState } from "./content-state.js";
import { openPhotoViewer } from "./chat-photo-viewer.js";

const ANNOUNCED_CHARACTERS = 120; // a long message is read out only to here; the page has it all

/**
 * Brings the room `room` (`[data-chat-room]`) to life; returns a function that closes it.
 * `earlier` are live messages heard while the room was being fetched, which its markup
 * may not have yet.
 */
export function openRoom(room, earlier = []) {
  const composer = room.querySelector("[data-chat-composer]");
  const roomId = Number(room.dataset.chatRoom);
  const history = composer ? new ChatHistory(room) : null;
  // Earlier messages (a timeline's moment, an older page): new ones are not appended to them;
  // the button leads to the newest, and sending posts the form, which lands there too.
  const showsEarlier = room.hasAttribute("data-window");
  const listeners = [];
  const listen = (target, type, handler) => {
    target.addEventListener(type, handler);
    listeners.push(() => target.removeEventListener(type, handler));
  };
  const close = () => {
    for (const remove of listeners.splice(0)) remove();
    clearTimeout(timelineTimer);
    closeEdits();
    closeSeen();
    closeViewer();
  };
  let timelineTimer = 0;
  let lastRead = 0;
  let lastAnnounced = 0; // a deletion of the message last read out takes the words back

  // Without a network nothing is sent or received: the page says so (its "offline" state)
  // until the browser is back online.
  const states = room.querySelector("[data-chat-states]");
  if (states) {
    const showNetwork = () => (navigator.onLine ? hideState(states, "offline") : showState(states, "offline"));
    listen(window, "online", showNetwork);
    listen(window, "offline", showNetwork);
    showNetwork();
  }
  // Editing, deleting and reacting to messages (their menus, forms and long press).
  const closeEdits = openEdits(room);
  let closeSeen = () => {};
  // A message's photos, large, in a dialog.
  const closeViewer = openPhotoViewer(room);
  if (!history) return close;
  const fileInput = composer.querySelector("[data-chat-files]");
  const chosen = composer.querySelector("[data-chat-chosen]");
  const showChosen = () => {
    if (!chosen) return;
    const names = Array.from(fileInput?.files ?? [], (file) => file.name);
    chosen.textContent = names.join(", ");
    chosen.hidden = names.length === 0;
  };
  fileInput?.addEventListener("change", showChosen);

  composer.addEventListener("submit", (event) => {
    if (showsEarlier) return;
    event.preventDefault();
    sendComposed();
  });
  composer.content.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      if (showsEarlier) composer.requestSubmit();
      else sendComposed();
    }
  });
  listen(document, "live:message", heardMessage);
  closeSeen = followSeen(room); // after heardMessage: a message shown again gets its mark back
  if (showsEarlier) history.jump.addEventListener("click", () => location.assign(`/messages/${roomId}`));
  followTimeline(room.querySelector("[data-chat-timeline]"));
  listen(document, "live:room", (event) => {
    if (event.detail.roomId !== roomId) return;
    if (event.detail.removed) location.assign("/messages");
    else if (event.detail.name) room.querySelector(".chat-room__title").textContent = event.detail.name;
  });
  listen(document, "visibilitychange", markRead);
  history.openAtFirstUnread();
  for (const detail of earlier) heardMessage({ detail }, true);
  return close;

  /** A live message: shown (and announced, unless it came before the room was open). */
  function heardMessage(event, quietly = false) {
    if (event.detail.roomId !== roomId) return;
    // Changed (a card's state, an edit, a deletion, a reaction): the message shown takes its
    // new form, quietly; one not on screen stays unshown, and one being edited here keeps its
    // form until it is saved. Removed by moderation or deleted: shown so, quietly.
    if (event.detail.changed) {
      if (event.detail.deleted && event.detail.id === lastAnnounced) withdraw();
      const shown = history.find(event.detail.uuid);
      if (!shown || shown.classList.contains("chat-message--editing")) return;
      history.show(event.detail);
      return;
    }
    if (!quietly && !event.detail.removed && !event.detail.deleted) announceArrival(event.detail);
    if (showsEarlier) {
      history.jump.hidden = false;
      return;
    }
    history.show(event.detail);
    markRead();
  }

  /** Says who wrote what, for a message of someone else's: one's own are no news. */
  function announceArrival(message) {
    if (!message.author || message.author.username === room.dataset.me) return;
    lastAnnounced = message.id;
    // A message of photos and files alone is read out by their names.
    const names = (message.attachments ?? []).map((attachment) => attachment.name).join(", ");
    const text = shortened(message.content || names, ANNOUNCED_CHARACTERS);
    announce(fill(room.dataset.announceMessage ?? "", { name: message.author.name, text }));
  }

  /** The timeline jumps when its value settles (a drag let go, the last of a few key presses). */
  function followTimeline(form) {
    if (!form) return;
    form.addEventListener("change", () => {
      clearTimeout(timelineTimer);
      timelineTimer = setTimeout(() => form.requestSubmit(), 700);
    });
  }

  function sendComposed() {
    const content = composer.content.value;
    const files = Array.from(fileInput?.files ?? []);
    if (content.trim() === "" && files.length === 0) return;
    composer.content.value = "";
    if (fileInput) fileInput.value = "";
    showChosen();
    composer.querySelector(".chat-composer__error")?.remove();
    send(newUUID(), content, files);
  }

  /** Shows the message as sending, posts it (with its files), and settles it as stored or failed. */
  async function send(uuid, content, files = []) {
    const item = history.show({ uuid, content, author: { username: room.dataset.me }, pending: true });
    item.classList.add("chat-message--sending");
    note(item, composer.dataset.sending);
    const data = new FormData(composer);
    data.set("uuid", uuid);
    data.set("content", content);
    data.delete("files");
    for (const file of files) data.append("files", file);
    let response;
    try {
      response = await fetch(composer.action, { method: "POST", body: data, headers: { Accept: "application/json" } });
    } catch {
      return failed(item, uuid, content, files);
    }
    const reply = await response.json().catch(() => ({}));
    if (response.ok && reply.message) {
      history.show(reply.message);
    } else if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      refused(item, content, reply.error ?? response.statusText);
    } else {
      failed(item, uuid, content, files);
    }
  }

  /** Could not reach the server (or it failed): keep the message with a way to send it again. */
  function failed(item, uuid, content, files) {
    if (!item.isConnected || item.dataset.message) return; // the live event already brought it
    item.classList.replace("chat-message--sending", "chat-message--failed");
    const status = note(item, composer.dataset.failed);
    const retry = element("button", "link-button chat-message__retry", composer.dataset.retry);
    retry.type = "button";
    retry.addEventListener("click", () => send(uuid, content, files));
    status.append(" ", retry);
  }

  /** The server said no (too long, not a member…): the text goes back to the composer. */
  function refused(item, content, reason) {
    item.remove();
    if (composer.content.value === "") composer.content.value = content;
    const error = element("p", "field__error chat-composer__error", reason);
    error.setAttribute("role", "alert");
    composer.prepend(error);
    composer.content.focus();
  }

  /** Tells the server the room was read up to the newest message, while it is on screen. */
  async function markRead() {
    if (document.visibilityState !== "visible" || !room.isConnected) return;
    const newest = history.newestId();
    if (newest <= lastRead) return;
    lastRead = newest;
    const data = new FormData();
    data.append("_csrf", composer._csrf.value);
    data.append("upTo", String(newest));
    await fetch(`/messages/${roomId}/read`, { method: "POST", body: data, headers: { Accept: "application/json" } }).catch(() => {
      lastRead = 0; // try again with the next message
    });
  }
}

function newUUID() {
  if (crypto.randomUUID) return crypto.randomUUID();
  // randomUUID needs a secure context; a LAN demo over http has only getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The small status line under a message of one's own ("Sending…", "Not sent."). */
function note(item, text) {
  let status = item.querySelector(".chat-message__status");
  if (!status) {
    status = element("p", "chat-message__status");
    item.querySelector(".chat-message__body").append(status);
  }
  status.textContent = text;
  return status;
}
