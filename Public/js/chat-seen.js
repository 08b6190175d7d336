// "Seen 14:05" in a direct conversation, live: when the other person reads as far as one's
// own message, the server sends a `seen` event with the mark's markup (partials/chat-seen),
// and it moves onto that message. Their next message takes it away: the reply says more.
// The rule is the server's (ReadReceipts): the mark sits on the other's last read message
// only when it is one's own.

/** Follows the room's "seen" mark; returns a function that stops following. */
export function followSeen(room) {
  const roomId = Number(room.dataset.chatRoom);
  let current = room.querySelector("[data-seen]")?.outerHTML ?? null;

  const onSeen = (event) => {
    if (event.detail.roomId !== roomId || !event.detail.html) return;
    current = event.detail.html;
    place();
  };
  // A message shown again (edited, reacted to) comes without the mark: it goes back on. A
  // new message of the other person's moves their read marker to it, away from one's own.
  const onMessage = (event) => {
    if (event.detail.roomId !== roomId) return;
    if (!event.detail.changed && event.detail.author && event.detail.author.username !== room.dataset.me) current = null;
    place();
  };
  document.addEventListener("live:seen", onSeen);
  document.addEventListener("live:message", onMessage);
  return () => {
    document.removeEventListener("live:seen", onSeen);
    document.removeEventListener("live:message", onMessage);
  };

  function place() {
    const template = document.createElement("template");
    template.innerHTML = current ?? "";
    const mark = template.content.firstElementChild;
    const messageId = mark?.dataset.seen;
    for (const shown of room.querySelectorAll("[data-seen]")) {
      if (shown.dataset.seen !== messageId) shown.remove();
    }
    if (!mark) return;
    const message = room.querySelector(`.chat-message--own[data-message="${CSS.escape(messageId)}"]`);
    const body = message?.querySelector(".chat-message__body");
    const there = body?.querySelector("[data-seen]");
    if (there) there.replaceWith(mark);
    else body?.append(mark);
  }
}
