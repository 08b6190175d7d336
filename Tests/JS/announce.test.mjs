// What the page's live region is told (Public/js/announce.js). Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { fill, shortened } from "../../Public/js/announce.js";

test("a short text is said whole", () => {
  assert.equal(shortened("Dobrý den", 120), "Dobrý den");
});

test("a long text is cut at the limit, with an ellipsis", () => {
  assert.equal(shortened("a".repeat(121), 120), `${"a".repeat(120)}…`);
});

test("an emoji or a letter with combining accents at the cut is kept whole", () => {
  const emoji = "👍🏽"; // two code points, four UTF-16 units
  assert.equal(shortened(`${"a".repeat(119)}${emoji}b`, 120), `${"a".repeat(119)}${emoji}…`);
  const accented = "e\u0301\u0302"; // one character a person sees
  assert.equal(shortened(`${"a".repeat(119)}${accented}${accented}`, 120), `${"a".repeat(119)}${accented}…`);
});

test("a placeholder's value is not read again as a placeholder", () => {
  assert.equal(fill("{name}: {text}", { name: "{text}", text: "ahoj" }), "{text}: ahoj");
});
