// Fragments of a page fetched in place (Public/js/fragment.js), against a stand-in fetch.
// Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { Fragments, fetchFragment } from "../../Public/js/fragment.js";

/** A stand-in for `fetch` whose answers the test hands out, and the requests it saw. */
function fakeFetch() {
  const requests = [];
  globalThis.fetch = (url, options) => new Promise((resolve, reject) => {
    const request = { url, options, answer: (body, extra = {}) => resolve({ ok: true, redirected: false, text: async () => body, ...extra }) };
    options.signal?.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })));
    requests.push(request);
  });
  return requests;
}

const element = () => ({ attributes: {}, setAttribute(name, value) { this.attributes[name] = value; } });

test("a fragment is asked for by name and never from the HTTP cache", async () => {
  const requests = fakeFetch();
  const html = fetchFragment("/search?q=eva", "results");
  requests[0].answer("<p>1 person</p>");
  assert.equal(await html, "<p>1 person</p>");
  assert.deepEqual(requests[0].options.headers, { "X-Fragment": "results" });
  assert.equal(requests[0].options.cache, "no-store");
});

test("the newest request wins: an older one is aborted and gives null", async () => {
  const requests = fakeFetch();
  const fragments = new Fragments();
  const region = element();
  const older = fragments.fetch("/?tags=a", "results", region);
  const newer = fragments.fetch("/?tags=b", "results", region);
  assert.equal(await older, null);
  assert.equal(region.attributes["aria-busy"], "true");
  assert.ok(fragments.busy);
  requests[1].answer("b");
  assert.equal(await newer, "b");
  assert.equal(region.attributes["aria-busy"], "false");
  assert.ok(!fragments.busy);
});

test("a failed answer throws and the region is no longer busy", async () => {
  const requests = fakeFetch();
  const fragments = new Fragments();
  const region = element();
  const failed = fragments.fetch("/messages", "conversations", region);
  requests[0].answer("", { ok: false, status: 500 });
  await assert.rejects(failed);
  assert.equal(region.attributes["aria-busy"], "false");
});

test("a redirected answer (the session ended) reloads the page", async () => {
  const requests = fakeFetch();
  let reloaded = 0;
  globalThis.location = { reload: () => { reloaded += 1; } };
  const html = new Fragments().fetch("/messages", "conversations", element());
  requests[0].answer("<html>sign in</html>", { redirected: true });
  assert.equal(await html, null);
  assert.equal(reloaded, 1);
});

// A fake clock: the pause is exact and takes no real time.
test("calls in a burst wait for a pause and run once", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const fragments = new Fragments();
  let runs = 0;
  fragments.soon(20, () => { runs += 1; });
  for (let i = 0; i < 4; i += 1) {
    t.mock.timers.tick(19);
    fragments.soon(20, () => { runs += 1; });
  }
  assert.equal(runs, 0, "a call within the pause puts the run off");
  t.mock.timers.tick(19);
  assert.equal(runs, 0);
  t.mock.timers.tick(1);
  assert.equal(runs, 1);
  t.mock.timers.tick(1000);
  assert.equal(runs, 1);
  fragments.soon(20, () => { runs += 1; });
  fragments.cancelSoon();
  t.mock.timers.tick(1000);
  assert.equal(runs, 1);
});
