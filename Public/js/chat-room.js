// A conversation, live: messages posted in any tab or by anyone in the room appear as they
// arrive (live.js), the composer sends without leaving the page (Enter sends, Shift+Enter
// starts a new line), and the room is marked read while it is on screen. Without this
// module the composer is a plain form that posts and comes back.

import "./live.js";

const room = document.querySelector("[data-chat-room]");
const list = room?.querySelector("[data-chat-messages]");
const composer = room?.querySelector("[data-chat-composer]");
const roomId = Number(room?.dataset.chatRoom);

if (room && list && composer) {
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
  composer.content.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    }
  });
  document.addEventListener("live:message", (event) => {
    if (event.detail.roomId === roomId) show(event.detail);
  });
  document.addEventListener("live:status", (event) => {
    const status = room.querySelector("[data-live-status]");
    status.hidden = event.detail.connected;
    status.textContent = event.detail.connected ? "" : composer.dataset.reconnecting ?? "…";
  });
  document.addEventListener("visibilitychange", markRead);
  // The server writes UTC; people read their own clock.
  for (const time of list.querySelectorAll("time[datetime]")) time.textContent = clock(time.dateTime);
  scrollToEnd();
}

function clock(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
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

async function send() {
  const content = composer.content.value;
  if (content.trim() === "") return;
  const uuid = newUUID();
  composer.uuid.value = uuid;
  const data = new FormData(composer);
  composer.content.value = "";
  const item = show({ uuid, content, pending: true });
  try {
    const response = await fetch(composer.action, { method: "POST", body: data, headers: { Accept: "application/json" } });
    const reply = await response.json();
    if (!response.ok) throw new Error(reply.error ?? response.statusText);
    show(reply.message);
  } catch (error) {
    item.classList.add("chat-message--failed");
    item.title = error.message;
  }
}

/** Adds a message, or completes the one already shown with the same uuid. */
function show(message) {
  room.querySelector("[data-chat-empty]")?.remove();
  const atEnd = isAtEnd();
  let item = list.querySelector(`[data-uuid="${CSS.escape(message.uuid)}"]`);
  if (!item) {
    item = render(message);
    list.append(item);
  } else if (!message.pending && item.classList.contains("chat-message--sending")) {
    // The stored message replaces the one shown while sending (same uuid, never twice).
    const stored = render(message);
    item.replaceWith(stored);
    item = stored;
  }
  if (!message.pending && message.id) {
    item.id = `message-${message.id}`;
    item.dataset.message = message.id;
  }
  if (atEnd || message.pending) scrollToEnd();
  markRead();
  return item;
}

function render(message) {
  const item = document.createElement("li");
  item.className = "chat-message" + (message.pending ? " chat-message--own chat-message--sending" : "");
  item.dataset.uuid = message.uuid;
  const author = message.author ?? { name: "", initials: "" };
  if (author.username === room.dataset.me) item.classList.add("chat-message--own");
  const avatar = element("span", "avatar avatar--small", author.initials);
  avatar.setAttribute("aria-hidden", "true");
  const body = element("div", "chat-message__body");
  const meta = element("p", "chat-message__meta");
  meta.append(element("span", "chat-message__author", author.name), " ");
  if (message.sentAt) {
    const time = element("time", "", clock(message.sentAt));
    time.dateTime = message.sentAt;
    meta.append(time);
  }
  const text = element("p", "chat-message__text");
  text.append(...linked(message.content ?? ""));
  body.append(meta, text);
  item.append(avatar, body);
  return item;
}

/** The text as nodes: links to http(s) addresses, line breaks kept (CSS pre-wrap). */
function linked(content) {
  const nodes = [];
  let rest = content;
  for (let match; (match = /https?:\/\/[^\s<>"']+/.exec(rest));) {
    let url = match[0].replace(/[.,;:!?)\]}]+$/, "");
    nodes.push(rest.slice(0, match.index));
    const link = element("a", "", url);
    link.href = url;
    link.rel = "noopener noreferrer nofollow ugc";
    link.target = "_blank";
    nodes.push(link);
    rest = rest.slice(match.index + url.length);
  }
  nodes.push(rest);
  return nodes;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function isAtEnd() {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 80;
}

function scrollToEnd() {
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
}

let lastRead = 0;

/** Tells the server the room was read up to the newest message, while it is on screen. */
async function markRead() {
  if (document.visibilityState !== "visible") return;
  const newest = Math.max(0, ...Array.from(list.querySelectorAll("[data-message]"), (item) => Number(item.dataset.message)));
  if (newest <= lastRead) return;
  lastRead = newest;
  const data = new FormData();
  data.append("_csrf", composer._csrf.value);
  data.append("upTo", String(newest));
  await fetch(`/messages/${roomId}/read`, { method: "POST", body: data, headers: { Accept: "application/json" } }).catch(() => {});
}
