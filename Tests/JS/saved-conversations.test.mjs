// The conversation list kept for the offline page (Public/js/saved-conversations.js).
// Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSaved, savedAtText, savedListAction } from "../../Public/js/saved-conversations.js";

test("the conversation list is saved when the signed-in person sees it", () => {
  assert.equal(savedListAction({ me: "jana", owner: null, hasList: true }), "save");
  assert.equal(savedListAction({ me: "jana", owner: "jana", hasList: true }), "save");
});

test("another page of the same person keeps what was saved", () => {
  assert.equal(savedListAction({ me: "jana", owner: "jana", hasList: false }), "keep");
});

test("a page with nobody signed in drops the saved list", () => {
  assert.equal(savedListAction({ me: null, owner: "jana", hasList: false }), "drop");
});

test("somebody else signed in drops the saved list, or replaces it with their own", () => {
  assert.equal(savedListAction({ me: "petr", owner: "jana", hasList: false }), "drop");
  assert.equal(savedListAction({ me: "petr", owner: "jana", hasList: true }), "save");
});

test("a saved value that is not ours is ignored, and rooms only link to conversations", () => {
  for (const text of [null, "", "{", "[]", '{"owner":"jana"}', '{"owner":"jana","savedAt":"x","rooms":[]}']) {
    assert.equal(parseSaved(text), null, String(text));
  }
  const saved = parseSaved(JSON.stringify({ owner: "jana", savedAt: 1, rooms: [
    { href: "/messages/3", title: "Petr", snippet: "Ahoj", unread: true },
    { href: "javascript:alert(1)", title: "x", snippet: "y", unread: false },
  ] }));
  assert.deepEqual(saved.rooms.map((room) => room.href), ["/messages/3"]);
});

test("the time it was saved is said in the page's language", () => {
  const at = Date.UTC(2026, 10, 29, 7, 30);
  assert.match(savedAtText("Saved {time}", at, "en"), /^Saved Nov 29, 2026/);
  assert.match(savedAtText("Uloženo {time}", at, "cs"), /^Uloženo 29\. 11\. 2026/);
});
