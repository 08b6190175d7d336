// What every signed-in page does with the live stream: keeps the unread count on the
// Messages tab (and in the title) up to date, shows a banner while the stream reconnects,
// raises a notification for a new message while the tab is hidden (once the person has
// allowed it, asked only when they press a button), and tells the server the browser's
// time zone so times are written in it.

import { live } from "./live.js";
import { countInTitle } from "./page-title.js";

const body = document.body;
const me = body.dataset.me;
const countedAfter = Number(body.dataset.liveAfter) || 0;
const badges = document.querySelectorAll("[data-unread-total]");
const banner = document.querySelector("[data-live-banner]");
let unread = Number(badges[0]?.dataset.unreadTotal) || 0;

rememberTimeZone();
if (live) {
  document.addEventListener("live:message", (event) => {
    const message = event.detail;
    // A message removed by moderation or deleted by its author, or one that changed (a card's
    // state, an edit, a reaction), was counted when it came; it is not news. A deletion of
    // one still unread comes with a read event carrying the count without it.
    if (message.author?.username === me || message.removed || message.deleted || message.changed) return;
    // A room on screen reads the message at once; its read event sets the count.
    if (message.sequence > countedAfter && !isShowing(message.roomId)) showUnread(unread + 1);
    if (document.visibilityState === "hidden") notify(message);
  });
  document.addEventListener("live:read", (event) => {
    if (event.detail.sequence > countedAfter) showUnread(event.detail.unreadTotal);
  });
  document.addEventListener("live:status", (event) => showConnection(event.detail.connected));
  // What changed while the tab was away is no longer in the live log: the page shows it anew.
  document.addEventListener("live:reset", () => location.reload());
  offerNotifications();
}

function isShowing(roomId) {
  return document.visibilityState === "visible" && Number(document.querySelector("[data-chat-room]")?.dataset.chatRoom) === roomId;
}

function showUnread(total) {
  unread = Math.max(0, total);
  for (const badge of badges) {
    badge.dataset.unreadTotal = String(unread);
    badge.querySelector("[data-unread-count]").textContent = String(unread);
    badge.hidden = unread === 0;
  }
  countInTitle(unread);
}

// A page being left or a stream being handed to another tab drops the stream for a moment:
// the banner waits a little before it alarms anyone.
const BANNER_DELAY_MS = 1500;
let bannerTimer = 0;

function showConnection(connected) {
  clearTimeout(bannerTimer);
  if (!banner) return;
  if (connected) banner.hidden = true;
  else bannerTimer = setTimeout(() => { banner.hidden = false; }, BANNER_DELAY_MS);
}

// ---- notifications

function offerNotifications() {
  if (!("Notification" in window)) return;
  const offers = document.querySelectorAll("[data-notifications-offer]");
  for (const offer of offers) offer.hidden = Notification.permission !== "default";
  for (const button of document.querySelectorAll("[data-notifications-enable]")) {
    button.addEventListener("click", async () => {
      await Notification.requestPermission();
      for (const offer of offers) offer.hidden = Notification.permission !== "default";
    });
  }
}

function notify(message) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  // Every hidden tab hears the message; the tag makes their notifications one.
  const notification = new Notification(message.author?.name ?? "Fotofolio", {
    body: (message.content ?? "").slice(0, 200),
    tag: `fotofolio-message-${message.id}`,
    lang: document.documentElement.lang,
  });
  notification.addEventListener("click", () => {
    window.focus();
    location.assign(`/messages/${message.roomId}`);
    notification.close();
  });
}

// ---- the time zone

function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || document.cookie.split("; ").includes(`tz=${encodeURIComponent(zone)}`)) return;
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}
