// One live stream per browser, shared by all its tabs. Over HTTP/1.1 a browser opens about
// six connections per host, so a stream in every tab would soon hang the site. The tabs
// elect a leader with a lease in localStorage (renewed every second, given up when the tab
// goes away); the leader holds the EventSource on /live and relays each event to the other
// tabs over a BroadcastChannel. When the leader closes, another tab takes the lease within
// a few seconds and opens the stream from the last event it saw, so the server replays
// whatever fell in between. (Web Locks would hand over faster but only exist on https
// pages and localhost, and Fotofolio is demoed over plain http on a LAN.)
//
// Every signed-in page's body has `data-live-after` (where its unread count was taken);
// a page that shows messages has its own, earlier one on the element showing them. The
// stream starts after the earliest, and each part of the page ignores what it already
// shows. The body says `data-live-role="leader"` or "follower".
// Every tab hears `live:message`, `live:read`, `live:seen`, `live:room`, `live:gallery` and `live:demand` on `document` (detail: the
// event's data plus its `sequence`; a message and a "seen" also their markup, `html`), and `live:status` ({ connected }) when the stream
// drops or comes back. Each event reaches a tab once, in order of sequence. `live:reset`
// says the server no longer holds what happened since this page was rendered (the tab was
// away longer than the live log reaches back): the page must load its state again.

const CHANNEL = "fotofolio-live";
const LEASE_KEY = "fotofolio-live-leader";
const LEASE_MS = 3000;
const RENEW_MS = 1000;
const KINDS = ["message", "read", "seen", "room", "gallery", "demand"];

class LiveConnection {
  constructor(after) {
    this.id = randomId();
    this.after = after; // the newest sequence this tab has seen (or its page shows)
    this.source = null;
    this.connected = true;
    this.channel = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
    this.channel?.addEventListener("message", (event) => this.#heard(event.data));
    addEventListener("pagehide", () => this.#resign());
    page.dataset.liveRole = "follower";
    this.#renew();
    this.timer = setInterval(() => this.#renew(), RENEW_MS);
  }

  // ---- the lease

  #renew() {
    const now = Date.now();
    const lease = readLease();
    if (lease && lease.id !== this.id && lease.expires > now && this.channel) {
      if (this.source) this.#close(); // another tab won a race: one stream is enough
      return;
    }
    if (!writeLease({ id: this.id, expires: now + LEASE_MS })) {
      if (!this.source) this.#open(); // no storage: every tab for itself
      return;
    }
    if (!this.source) this.#open();
  }

  #resign() {
    if (!this.source) return;
    this.#close();
    if (readLease()?.id === this.id) removeLease();
    this.channel?.postMessage({ type: "resign" });
  }

  // ---- the stream (leader only)

  #open() {
    page.dataset.liveRole = "leader";
    const source = new EventSource(`/live?after=${this.after}`);
    for (const kind of KINDS) {
      source.addEventListener(kind, (event) => this.#received(kind, Number(event.lastEventId), JSON.parse(event.data)));
    }
    source.addEventListener("reset", (event) => this.#reset(Number(event.lastEventId), true));
    source.addEventListener("open", () => this.#status(true, true));
    source.addEventListener("error", () => this.#status(false, true));
    this.source = source;
  }

  #close() {
    this.source.close();
    this.source = null;
    page.dataset.liveRole = "follower";
  }

  #received(kind, sequence, envelope) {
    if (!(sequence > this.after)) return;
    this.after = sequence;
    // A message comes with its markup for this reader beside the envelope (`html`).
    const data = envelope.html === undefined ? envelope.data : { ...envelope.data, html: envelope.html };
    this.channel?.postMessage({ type: "event", kind, sequence, data });
    this.#emit(kind, sequence, data);
  }

  // ---- every tab

  #heard(message) {
    if (message.type === "event") {
      if (!(message.sequence > this.after)) return;
      this.after = message.sequence;
      this.#emit(message.kind, message.sequence, message.data);
    } else if (message.type === "reset") {
      this.#reset(message.sequence, false);
    } else if (message.type === "status") {
      this.#status(message.connected, false);
    } else if (message.type === "resign") {
      setTimeout(() => this.#renew(), Math.random() * 200); // spread the tabs' claims
    }
  }

  #status(connected, relay) {
    if (relay) this.channel?.postMessage({ type: "status", connected });
    if (connected === this.connected) return;
    this.connected = connected;
    document.dispatchEvent(new CustomEvent("live:status", { detail: { connected } }));
  }

  #reset(sequence, relay) {
    this.after = Math.max(this.after, sequence || 0);
    if (relay) this.channel?.postMessage({ type: "reset", sequence });
    document.dispatchEvent(new CustomEvent("live:reset", { detail: { sequence } }));
  }

  #emit(kind, sequence, data) {
    document.dispatchEvent(new CustomEvent(`live:${kind}`, { detail: { ...data, sequence } }));
  }
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function readLease() {
  try {
    return JSON.parse(localStorage.getItem(LEASE_KEY) ?? "null");
  } catch {
    return null;
  }
}

function writeLease(lease) {
  try {
    localStorage.setItem(LEASE_KEY, JSON.stringify(lease));
    return true;
  } catch {
    return false;
  }
}

function removeLease() {
  try { localStorage.removeItem(LEASE_KEY); } catch { /* nothing to give up */ }
}

const marks = Array.from(document.querySelectorAll("[data-live-after]"), (element) => Number(element.dataset.liveAfter) || 0);
const page = document.body;

/** This tab's connection, or null on pages that do not follow live events (signed out). */
export const live = marks.length ? new LiveConnection(Math.min(...marks)) : null;
