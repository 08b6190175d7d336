// The service worker's body, loaded by /sw.js with importScripts after /sw.js set
// `self.FOTOFOLIO_SHELL` = {version, assets, offline, icon, badge}. A classic script, not a
// module: module service workers are not in every browser we serve. Its decisions are
// plain functions on `self.fotofolioWorker`, which Tests/JS/sw-worker.test.mjs runs
// with fake clients, caches and registrations.
"use strict";

(function install(scope) {
  const CACHE_PREFIX = "fotofolio-shell-";
  const TITLE_LIMIT = 120;
  const BODY_LIMIT = 400;

  function cacheName(version) {
    return CACHE_PREFIX + version;
  }

  /// The shell caches of earlier versions: deleted once this version is active.
  function staleCaches(names, current) {
    return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
  }

  /// A path on this site ("/messages/12"), or null: a push may only open our own pages.
  function sitePath(url) {
    if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.includes("\\")) return null;
    return url;
  }

  /// The push's JSON (`PushPayload`) read strictly: anything else shows nothing.
  function readPayload(text) {
    let value;
    try { value = JSON.parse(text); } catch { return null; }
    if (value === null || typeof value !== "object" || typeof value.tag !== "string" || value.tag === "") return null;
    if (value.close === true) return { close: true, tag: value.tag };
    const url = sitePath(value.url);
    if (typeof value.title !== "string" || typeof value.body !== "string" || url === null) return null;
    return { close: false, tag: value.tag, title: cut(value.title, TITLE_LIMIT), body: cut(value.body, BODY_LIMIT), url };
  }

  /// At most `limit` characters (Unicode scalars, never half of a surrogate pair).
  function cut(text, limit) {
    const scalars = Array.from(text);
    return scalars.length > limit ? scalars.slice(0, limit).join("") : text;
  }

  /// What a payload does: close the notifications of its tag, or show one. A newer push of
  /// the same conversation replaces the older notification quietly (same tag, no renotify).
  async function deliver(registration, payload, shell) {
    if (payload === null) return "nothing";
    if (payload.close) {
      // Chrome lets a push show nothing only now and then (userVisibleOnly); a read elsewhere
      // is rare enough, and past the allowance Chrome shows its own "updated in the
      // background" note instead of failing.
      const shown = await registration.getNotifications({ tag: payload.tag });
      for (const notification of shown) notification.close();
      return "closed";
    }
    await registration.showNotification(payload.title, {
      body: payload.body, tag: payload.tag, data: { url: payload.url },
      icon: shell.icon, badge: shell.badge, renotify: false,
    });
    return "shown";
  }

  /// A click: the site's window already open is focused and taken to the page; without
  /// one, a new window opens there.
  async function openFromNotification(clients, origin, path) {
    const target = new URL(sitePath(path) ?? "/", origin).href;
    const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
    const ours = windows.filter((client) => new URL(client.url).origin === origin);
    const best = ours.find((client) => client.url === target) ?? ours.find((client) => client.focused) ?? ours[0];
    if (best) {
      const focused = await best.focus();
      if (best.url === target) return focused;
      try {
        // Only a window this worker controls can be navigated; any other gets a new one.
        return (await focused.navigate(target)) ?? focused;
      } catch {
        return clients.openWindow(target);
      }
    }
    return clients.openWindow(target);
  }

  /// Pages come from the network, always; only when it is gone does the saved offline
  /// page answer (it says it is offline, so no page is ever passed off as fresh).
  async function navigate(request, fetchPage, cacheStorage, shell) {
    try {
      return await fetchPage(request);
    } catch (error) {
      const cache = await cacheStorage.open(cacheName(shell.version));
      const offline = await cache.match(shell.offline);
      if (offline) return offline;
      throw error;
    }
  }

  /// The shell's fingerprinted files: from the cache, else the network.
  async function shellFile(request, fetchFile, cacheStorage, shell) {
    const cache = await cacheStorage.open(cacheName(shell.version));
    return (await cache.match(request)) ?? fetchFile(request);
  }

  const worker = { cacheName, staleCaches, sitePath, readPayload, deliver, openFromNotification, navigate, shellFile };
  scope.fotofolioWorker = worker;

  const shell = scope.FOTOFOLIO_SHELL;
  if (!shell || typeof scope.addEventListener !== "function") return;
  const precached = new Set(shell.assets);

  scope.addEventListener("install", (event) => {
    event.waitUntil((async () => {
      const cache = await scope.caches.open(cacheName(shell.version));
      await cache.addAll([...shell.assets, shell.offline]);
      await scope.skipWaiting();
    })());
  });

  scope.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      const names = await scope.caches.keys();
      await Promise.all(staleCaches(names, cacheName(shell.version)).map((name) => scope.caches.delete(name)));
      await scope.clients.claim();
    })());
  });

  scope.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    if (request.mode === "navigate") {
      event.respondWith(navigate(request, (r) => scope.fetch(r), scope.caches, shell));
      return;
    }
    const url = new URL(request.url);
    if (url.origin === scope.location.origin && precached.has(url.pathname)) {
      event.respondWith(shellFile(request, (r) => scope.fetch(r), scope.caches, shell));
    }
  });

  scope.addEventListener("push", (event) => {
    let text = "";
    try { text = event.data ? event.data.text() : ""; } catch { text = ""; }
    event.waitUntil(deliver(scope.registration, readPayload(text), shell));
  });

  scope.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = event.notification.data && event.notification.data.url;
    event.waitUntil(openFromNotification(scope.clients, scope.location.origin, path));
  });
})(self);
