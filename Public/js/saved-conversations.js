// The conversation list kept for the offline page: read from /messages when it loads, shown
// on /offline marked as saved earlier, and dropped whenever a page shows nobody signed in
// (or somebody else), so signing out leaves nobody's list behind.
export const STORAGE_KEY = "fotofolio.savedConversations";
const ROOM_LIMIT = 50;

/// What a page does with the saved list: "save" this page's list, "drop" the saved one,
/// or "keep" it. `me` is the signed-in name on the page (null for a guest), `owner` the
/// saved list's, `hasList` whether the page shows the conversation list.
export function savedListAction({ me, owner, hasList }) {
  if (!me) return "drop";
  if (hasList) return "save";
  return owner && owner !== me ? "drop" : "keep";
}

/// The saved value, or null when it is missing or not ours.
export function parseSaved(text) {
  let value;
  try { value = JSON.parse(text ?? ""); } catch { return null; }
  if (!value || typeof value.owner !== "string" || !Number.isFinite(value.savedAt) || !Array.isArray(value.rooms)) return null;
  const rooms = value.rooms.filter((room) => room && typeof room.href === "string" && /^\/messages\/\d+$/.test(room.href)
    && typeof room.title === "string" && typeof room.snippet === "string" && typeof room.unread === "boolean");
  return { owner: value.owner, savedAt: value.savedAt, rooms };
}

/// The rooms of a page's list (`[data-conversation-list]`), as text.
export function readRooms(list) {
  return [...list.querySelectorAll(".conversation")].slice(0, ROOM_LIMIT).map((item) => ({
    href: item.querySelector("a")?.getAttribute("href") ?? "",
    title: item.querySelector(".conversation__title")?.textContent.trim() ?? "",
    snippet: item.querySelector("[data-snippet]")?.textContent.trim() ?? "",
    unread: item.classList.contains("conversation--unread"),
  }));
}

/// "{time}" in `template` replaced with when the list was saved, in the page's language.
export function savedAtText(template, savedAt, language) {
  const time = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(savedAt));
  return template.split("{time}").join(time);
}

/// Follows the rule on this page: keeps the list of /messages, forgets it for a guest.
export function keepConversationList(doc, storage, now = Date.now()) {
  const me = doc.body.dataset.me ?? null;
  const list = doc.querySelector("[data-conversations-page] [data-conversation-list]");
  const saved = parseSaved(storage.getItem(STORAGE_KEY));
  const action = savedListAction({ me, owner: saved?.owner ?? null, hasList: list !== null });
  if (action === "drop") storage.removeItem(STORAGE_KEY);
  if (action === "save") storage.setItem(STORAGE_KEY, JSON.stringify({ owner: me, savedAt: now, rooms: readRooms(list) }));
  return action;
}

/// Fills the offline page's saved list, built from text (never from saved HTML).
export function showSavedConversations(doc, storage) {
  const section = doc.querySelector("[data-saved-conversations]");
  const saved = parseSaved(storage.getItem(STORAGE_KEY));
  if (!section || !saved || saved.rooms.length === 0) return false;
  const when = section.querySelector("[data-saved-at]");
  when.textContent = savedAtText(when.dataset.template, saved.savedAt, doc.documentElement.lang || undefined);
  const list = section.querySelector("[data-saved-list]");
  for (const room of saved.rooms) {
    const item = doc.createElement("li");
    item.className = room.unread ? "conversation conversation--unread" : "conversation";
    const link = doc.createElement("a");
    link.className = "conversation__link";
    link.href = room.href;
    const body = doc.createElement("span");
    body.className = "conversation__body";
    for (const [name, text] of [["conversation__title", room.title], ["conversation__snippet", room.snippet]]) {
      const part = doc.createElement("span");
      part.className = name;
      part.textContent = text;
      body.append(part);
    }
    link.append(body);
    item.append(link);
    list.append(item);
  }
  section.hidden = false;
  return true;
}
