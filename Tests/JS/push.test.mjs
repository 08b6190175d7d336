// What the notification settings offer for push in a browser (Public/js/push.js).
// Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { keyBytes, pushSupport } from "../../Public/js/push.js";

function browser({ secure = true, worker = true, push = true, permission = "default" } = {}) {
  const scope = { isSecureContext: secure, navigator: worker ? { serviceWorker: {} } : {}, Notification: { permission } };
  if (push) scope.PushManager = function PushManager() {};
  return scope;
}

test("push is offered only in a secure context with service workers and the Push API", () => {
  assert.equal(pushSupport(browser()), "offer");
  assert.equal(pushSupport(browser({ secure: false })), "insecure");
  assert.equal(pushSupport(browser({ worker: false })), "unsupported");
  assert.equal(pushSupport(browser({ push: false })), "unsupported");
});

test("notifications the person blocked are said so instead of a button that cannot work", () => {
  assert.equal(pushSupport(browser({ permission: "denied" })), "denied");
});

test("the site's key becomes the 65 bytes of its point, padding or not", () => {
  const key = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
  const bytes = keyBytes(key);
  assert.equal(bytes.length, 65);
  assert.equal(bytes[0], 4);
  assert.deepEqual(keyBytes("AQ"), Uint8Array.of(1));
});
