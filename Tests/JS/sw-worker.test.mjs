// The service worker's decisions (Public/js/sw-worker.js), run with fake clients, caches and
// registrations. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const source = readFileSync(new URL("../../Public/js/sw-worker.js", import.meta.url), "utf8");

/// The worker as the browser would start it, with `listeners` collecting its handlers.
function startWorker(shell) {
  const listeners = {};
  const scope = { FOTOFOLIO_SHELL: shell, addEventListener: (type, handler) => { listeners[type] = handler; } };
  scope.self = scope;
  // In this realm, so what it returns compares with plain objects here.
  vm.runInThisContext(`(function (self) {\n${source}\n})`)(scope);
  return { worker: scope.fotofolioWorker, listeners };
}

const { worker } = startWorker(undefined);
const ORIGIN = "https://fotofolio.example";
const shell = { version: "abc", assets: ["/css/app.1.css"], offline: "/offline", icon: "/icons/app-192.1.png", badge: "/icons/badge-96.1.png" };

/// A window of the site (or elsewhere) as `clients.matchAll` gives it.
function fakeWindow(url, { focused = false, controlled = true } = {}) {
  const window = {
    url, focused, calls: [],
    async focus() { window.calls.push("focus"); window.focused = true; return window; },
    async navigate(to) {
      window.calls.push(`navigate ${to}`);
      if (!controlled) throw new TypeError("not controlled");
      window.url = to;
      return window;
    },
  };
  return window;
}

function fakeClients(windows) {
  const clients = {
    opened: [],
    async matchAll(options) { assert.deepEqual(options, { type: "window", includeUncontrolled: true }); return windows; },
    async openWindow(url) { clients.opened.push(url); return fakeWindow(url); },
  };
  return clients;
}

test("a click with no window of the site open opens the conversation in a new one", async () => {
  const clients = fakeClients([fakeWindow("https://elsewhere.example/messages/12")]);
  await worker.openFromNotification(clients, ORIGIN, "/messages/12");
  assert.deepEqual(clients.opened, [`${ORIGIN}/messages/12`]);
});

test("a click focuses the site's open window and takes it to the conversation", async () => {
  const feed = fakeWindow(`${ORIGIN}/`);
  const clients = fakeClients([feed]);
  const shown = await worker.openFromNotification(clients, ORIGIN, "/messages/12");
  assert.equal(shown, feed);
  assert.deepEqual(feed.calls, ["focus", `navigate ${ORIGIN}/messages/12`]);
  assert.deepEqual(clients.opened, []);
});

test("a window already showing the conversation is only focused", async () => {
  const feed = fakeWindow(`${ORIGIN}/`, { focused: true });
  const room = fakeWindow(`${ORIGIN}/messages/12`);
  const clients = fakeClients([feed, room]);
  await worker.openFromNotification(clients, ORIGIN, "/messages/12");
  assert.deepEqual(room.calls, ["focus"]);
  assert.deepEqual(feed.calls, []);
});

test("a window the worker does not control cannot be navigated, so a new one opens", async () => {
  const feed = fakeWindow(`${ORIGIN}/`, { controlled: false });
  const clients = fakeClients([feed]);
  await worker.openFromNotification(clients, ORIGIN, "/messages/12");
  assert.deepEqual(clients.opened, [`${ORIGIN}/messages/12`]);
});

test("a push can only open a page of this site", async () => {
  for (const url of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "/\\evil.example", 12]) {
    assert.equal(worker.sitePath(url), null, String(url));
  }
  const clients = fakeClients([]);
  await worker.openFromNotification(clients, ORIGIN, "//evil.example/x");
  assert.deepEqual(clients.opened, [`${ORIGIN}/`]);
});

test("a payload is read strictly: anything malformed shows nothing", () => {
  assert.deepEqual(worker.readPayload('{"title":"Jana","body":"Ahoj","url":"/messages/3","tag":"room-3","close":false}'),
    { close: false, tag: "room-3", title: "Jana", body: "Ahoj", url: "/messages/3" });
  assert.deepEqual(worker.readPayload('{"tag":"room-3","close":true}'), { close: true, tag: "room-3" });
  for (const text of ["", "null", "[]", "{", '{"title":"a","body":"b","url":"/","close":false}',
    '{"title":"a","body":"b","url":"https://evil.example/","tag":"t","close":false}', '{"title":1,"body":"b","url":"/","tag":"t"}']) {
    assert.equal(worker.readPayload(text), null, text);
  }
});

test("a long title or body is cut on whole characters, never inside one", () => {
  const title = "📷".repeat(130);
  const read = worker.readPayload(JSON.stringify({ title, body: "é".repeat(500), url: "/messages/3", tag: "room-3", close: false }));
  assert.equal(Array.from(read.title).length, 120);
  assert.ok(read.title.isWellFormed(), "no half of a surrogate pair is left");
  assert.equal(read.body, "é".repeat(400));
});

function fakeRegistration(shown = []) {
  return {
    shown,
    async showNotification(title, options) { shown.push({ title, ...options, close() { shown.splice(shown.indexOf(this), 1); } }); },
    async getNotifications({ tag }) { return shown.filter((n) => n.tag === tag); },
  };
}

test("a push shows one notification with its tag and the page to open", async () => {
  const registration = fakeRegistration();
  const outcome = await worker.deliver(registration, worker.readPayload(
    '{"title":"Jana","body":"Ahoj","url":"/messages/3","tag":"room-3","close":false}'), shell);
  assert.equal(outcome, "shown");
  const [notification] = registration.shown;
  assert.equal(notification.title, "Jana");
  assert.equal(notification.body, "Ahoj");
  assert.equal(notification.tag, "room-3");
  assert.deepEqual(notification.data, { url: "/messages/3" });
  assert.equal(notification.icon, shell.icon);
  assert.equal(notification.renotify, false);
});

test("a close push closes the notifications of its tag and shows nothing", async () => {
  const registration = fakeRegistration();
  await worker.deliver(registration, { close: false, tag: "room-3", title: "Jana", body: "Ahoj", url: "/messages/3" }, shell);
  await worker.deliver(registration, { close: false, tag: "room-4", title: "Petr", body: "Čau", url: "/messages/4" }, shell);
  assert.equal(await worker.deliver(registration, { close: true, tag: "room-3" }, shell), "closed");
  assert.deepEqual(registration.shown.map((n) => n.tag), ["room-4"]);
});

test("only the shell caches of earlier versions are deleted", () => {
  assert.deepEqual(worker.staleCaches(["fotofolio-shell-old", "fotofolio-shell-abc", "other"], worker.cacheName("abc")),
    ["fotofolio-shell-old"]);
});

function fakeCaches(entries) {
  return { async open(name) { return { async match(key) { return entries[`${name} ${typeof key === "string" ? key : key.url}`]; } }; } };
}

test("a page comes from the network whenever the network answers", async () => {
  const caches = fakeCaches({ "fotofolio-shell-abc /offline": "offline page" });
  const page = await worker.navigate({ url: `${ORIGIN}/messages` }, async () => "fresh page", caches, shell);
  assert.equal(page, "fresh page");
});

test("without a network a page is answered by the saved offline page", async () => {
  const caches = fakeCaches({ "fotofolio-shell-abc /offline": "offline page" });
  const page = await worker.navigate({ url: `${ORIGIN}/messages` }, async () => { throw new TypeError("Failed to fetch"); }, caches, shell);
  assert.equal(page, "offline page");
});

test("the worker listens for what it must handle", () => {
  const { listeners } = startWorker(shell);
  assert.deepEqual(Object.keys(listeners).sort(), ["activate", "fetch", "install", "notificationclick", "push"]);
});
