// The messages of a conversation on screen: grouped by day under sticky headers, kept
// scrolled to the newest while the reader is there, and a "new messages ↓" button when
// something arrives while they read further up. The scroller is `column-reverse` (it opens
// at its end without a script), so its scrollTop is 0 at the newest message and negative
// above it.

const NEAR_END = 80; // px from the end that still count as "at the end"
const CONTINUES_MS = 5 * 60 * 1000; // the same person within this goes under their last message

export class ChatHistory {
  constructor(root) {
    this.root = root;
    this.scroller = root.querySelector("[data-chat-scroller]");
    this.days = root.querySelector("[data-chat-days]");
    this.jump = root.querySelector("[data-chat-jump]");
    this.me = root.dataset.me;
    this.unseen = 0;
    const zone = root.dataset.timeZone || undefined;
    const lang = root.dataset.lang || undefined;
    this.dayKeyFormat = new Intl.DateTimeFormat("en", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    this.dayFormat = new Intl.DateTimeFormat(lang, { timeZone: zone, weekday: "long", day: "numeric", month: "long" });
    this.scroller.addEventListener("scroll", () => { if (this.isAtEnd()) this.#seen(); }, { passive: true });
    this.jump.addEventListener("click", () => this.scrollToEnd("smooth"));
  }

  /** Opens at the moment a timeline chose, or the first unread message, else at the newest. */
  openAtFirstUnread() {
    const target = this.root.querySelector("[data-timeline-target]");
    if (target) return target.scrollIntoView({ block: "center", behavior: "instant" });
    const divider = this.root.querySelector("[data-unread-divider]");
    if (divider) divider.scrollIntoView({ block: "start", behavior: "instant" });
  }

  find(uuid) {
    return this.days.querySelector(`[data-uuid="${CSS.escape(uuid)}"]`);
  }

  /**
   * Adds `message`, or replaces the one shown with the same uuid; returns its element. A
   * stored message comes with its markup (`html`, rendered by the server from the partial
   * the page itself uses); one being sent is the page's `<template data-chat-pending>`
   * filled with its text.
   */
  show(message) {
    const item = message.html ? fromHTML(message.html) : this.#sending(message);
    if (!item) return null;
    withToken(item, this.root);
    this.root.querySelector("[data-chat-empty]")?.remove();
    const wasAtEnd = this.isAtEnd();
    const shown = this.find(message.uuid);
    if (shown) {
      // The stored message takes the place of the one shown while sending (never twice).
      if (shown.dataset.message && !item.dataset.message) return shown;
      item.classList.toggle("chat-message--continued", shown.classList.contains("chat-message--continued"));
      shown.replaceWith(item);
      return item;
    }
    const list = this.#listFor(new Date(sentAt(item)));
    const before = list.lastElementChild;
    if (before?.dataset.author === item.dataset.author && sentAt(item) - sentAt(before) < CONTINUES_MS) {
      item.classList.add("chat-message--continued");
    }
    list.append(item);
    if (wasAtEnd || message.pending) {
      this.scrollToEnd("instant");
    } else if (message.author?.username !== this.me) {
      this.unseen += 1;
      this.jump.hidden = false;
    }
    return item;
  }

  /** The reader's own message while it is on its way: plain text, marked up once stored. */
  #sending(message) {
    const template = this.root.querySelector("template[data-chat-pending]");
    if (!template || !message.pending) return null;
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.uuid = message.uuid;
    item.dataset.sentAt = String(Date.now());
    item.querySelector(".chat-message__text").textContent = message.content ?? "";
    return item;
  }

  /** The newest stored message's id shown, 0 when none. */
  newestId() {
    const ids = Array.from(this.days.querySelectorAll("[data-message]"), (item) => Number(item.dataset.message));
    return Math.max(0, ...ids);
  }

  isAtEnd() {
    return this.scroller.scrollTop > -NEAR_END;
  }

  scrollToEnd(behavior) {
    this.scroller.scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : behavior });
    this.#seen();
  }

  #seen() {
    this.unseen = 0;
    this.jump.hidden = true;
  }

  /**
   * The day as the server keys it: yyyy-mm-dd in the conversation's time zone, put together
   * from parts. A locale's own order is no key: en-CA writes 2026-11-25 in newer CLDR data
   * but 11/25/2026 in the ICU 72 that WebKitGTK on Debian 12 uses.
   */
  #dayKey(date) {
    const parts = Object.fromEntries(this.dayKeyFormat.formatToParts(date).map(({ type, value }) => [type, value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  }

  /** The list of the message's day, made (with its header) when it is a new day. */
  #listFor(date) {
    const key = this.#dayKey(date);
    const last = this.days.lastElementChild;
    if (last?.dataset.day === key) return last.querySelector("[data-chat-messages]");
    const day = element("section", "chat-day");
    day.dataset.day = key;
    const header = element("h2", "chat-day__header");
    const isToday = key === this.#dayKey(new Date());
    header.append(element("time", "", isToday ? this.root.dataset.today : this.dayFormat.format(date)));
    const list = element("ol", "chat");
    list.dataset.chatMessages = "";
    day.append(header, list);
    this.days.append(day);
    return list;
  }
}

/** When a shown message was sent, in ms (a message being sent: now). */
function sentAt(item) {
  return Number(item.dataset.sentAt) || Date.parse(item.querySelector("time")?.dateTime ?? "") || 0;
}

/**
 * A message's forms (its reactions) carry the page's token, as the page's own copy of it
 * does: markup from a live event or a script's reply is rendered without one.
 */
export function withToken(item, root) {
  const token = root.querySelector("[data-chat-composer] [name=_csrf]")?.value ?? "";
  for (const field of item.querySelectorAll("input[name=_csrf]")) field.setAttribute("value", token);
}

/** The server's markup of one message as an element. */
function fromHTML(html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  return template.content.firstElementChild;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
