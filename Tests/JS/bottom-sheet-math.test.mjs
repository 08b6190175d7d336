// The maths of Public/js/bottom-sheet-math.js: detents in pixels and fractions, the
// projection of a fling and the detent it lands on, the drag shared with scrolled content.
// Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DECELERATION_PER_MS, DEFAULT_DETENTS, backdropOpacity, detentsOrDefault, nearestDetent,
  parseDetents, project, releaseDetent, resolveDetents, shareDrag,
} from "../../Public/js/bottom-sheet-math.js";

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

test("a detent is pixels, or a fraction of the available height", () => {
  const heights = (text, available) => resolveDetents(parseDetents(text), available).map((detent) => detent.height);
  assert.deepEqual(heights("72 72px 1px 0 1", 700), [0, 1, 72, 72, 700]);
  assert.deepEqual(heights("0.5 50%", 700), [350, 350]);
  assert.deepEqual(heights("900 1.5", 700), [1.5, 700]); // above 1 a plain number is pixels
  assert.deepEqual(heights(" 0.9  76 0.5 ", 800), [76, 400, 720]);
});

test("named detents are pixels, fractions or percentages, and a fraction may add or take pixels", () => {
  assert.deepEqual(parseDetents("peek: 96px; half: 50%; full: 100% - 24px"), [
    { name: "peek", fraction: 0, px: 96 }, { name: "half", fraction: 0.5, px: 0 }, { name: "full", fraction: 1, px: -24 },
  ]);
  assert.deepEqual(parseDetents(" closed:0 ;\n top-ish : 0.9+8px; "), [
    { name: "closed", fraction: 0, px: 0 }, { name: "top-ish", fraction: 0.9, px: 8 },
  ]);
  assert.deepEqual(resolveDetents(parseDetents("full: 100% - 24px; peek: 96px; half: 50%"), 800), [
    { name: "peek", height: 96 }, { name: "half", height: 400 }, { name: "full", height: 776 },
  ]);
});

test("an unnamed list still works, its detents named by their place once sorted", () => {
  assert.deepEqual(resolveDetents(parseDetents("0.9 64 0.5"), 800), [
    { name: "0", height: 64 }, { name: "1", height: 400 }, { name: "2", height: 720 },
  ]);
});

test("resolved detents stay between nothing and the available height", () => {
  assert.deepEqual(resolveDetents(parseDetents("a: 0% - 50px; b: 9000px"), 700), [
    { name: "a", height: 0 }, { name: "b", height: 700 },
  ]);
});

test("hostile or mistaken detents are refused, never half read", () => {
  for (const text of [
    "", " ", ";", "half", "half:", ": 50%", "half: 50%; half: 80%", "Half: 50%", "1half: 50%", "__proto__: 50%",
    "half: 150%", "half: 1.5 + 2px", "peek: 96px + 2px", "peek: -96px", "peek: 1e3px", "peek: NaN", "peek: Infinity",
    "peek: 0x10", "half: 50%%", "half: calc(50% - 2px)", "half: 50 %", "half: ５０%", "peek: 96px;; full: 100% -",
    "peek: 96px\u0000", "peek: 20000px", "a: 1; b: 1; c: 1; d: 1; e: 1; f: 1; g: 1; h: 1; i: 1",
    `peek: ${"9".repeat(600)}px`, "64 0.5 half", "64 -0.5", "x".repeat(40) + ": 50%",
  ]) {
    assert.throws(() => parseDetents(text), Error, JSON.stringify(text));
  }
  assert.throws(() => parseDetents(undefined));
  assert.throws(() => parseDetents({ toString: () => "half: 50%" }));
});

test("a bad attribute warns and gives the default detents", () => {
  const warnings = [];
  assert.deepEqual(detentsOrDefault("half: 150%", (message) => warnings.push(message)), parseDetents(DEFAULT_DETENTS));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /150%/);
  assert.deepEqual(detentsOrDefault(null, (message) => warnings.push(message)), parseDetents(DEFAULT_DETENTS));
  assert.deepEqual(detentsOrDefault("peek: 64px", (message) => warnings.push(message)), [{ name: "peek", fraction: 0, px: 64 }]);
  assert.equal(warnings.length, 1);
});

test("a fling projects as far as the deceleration carries it", () => {
  assert.equal(DECELERATION_PER_MS, 0.998);
  near(project(300, 0), 300);
  near(project(300, 1000), 300 + 0.998 / 0.002); // 1000 px/s upwards carries 499 px
  near(project(300, -500), 300 - 249.5);
  near(project(0, 2000, 0.99), 2 * 99);
});

test("the nearest detent wins; a tie goes to the lower one", () => {
  const detents = [76, 400, 720];
  assert.equal(nearestDetent(detents, 0), 0);
  assert.equal(nearestDetent(detents, 237), 0);
  assert.equal(nearestDetent(detents, 239), 1);
  assert.equal(nearestDetent(detents, 238), 0);
  assert.equal(nearestDetent(detents, 561), 2);
  assert.equal(nearestDetent(detents, 5000), 2);
});

test("a careful release lands on the nearest detent", () => {
  assert.equal(releaseDetent([76, 400, 720], 500, 0), 1);
  assert.equal(releaseDetent([76, 400, 720], 600, 0), 2);
});

test("a fling lands where its projection is nearest, clamped to the ends", () => {
  const detents = [76, 400, 720];
  assert.equal(releaseDetent(detents, 100, 400), 1); // 100 + 199.6 ≈ 300: half
  assert.equal(releaseDetent(detents, 100, 1200), 2); // 100 + 598.8: full
  assert.equal(releaseDetent(detents, 700, -700), 1); // 700 − 349.3 ≈ 351: half
  assert.equal(releaseDetent(detents, 700, -3000), 0); // far below the lowest: collapsed
  assert.equal(releaseDetent(detents, 400, 50000), 2);
});

test("dragging up grows the sheet to its top detent, then scrolls the content", () => {
  const start = { height: 700, scrollTop: 0, maxScroll: 300, min: 76, max: 720 };
  assert.deepEqual(shareDrag(start, -50), { height: 720, scrollTop: 30 });
  assert.deepEqual(shareDrag({ ...start, scrollTop: 290 }, -50), { height: 720, scrollTop: 300 });
});

test("dragging down scrolls the content back to its top, then lowers the sheet", () => {
  const start = { height: 720, scrollTop: 30, maxScroll: 300, min: 76, max: 720 };
  assert.deepEqual(shareDrag(start, 50), { height: 700, scrollTop: 0 });
  assert.deepEqual(shareDrag({ ...start, height: 90, scrollTop: 0 }, 50), { height: 76, scrollTop: 0 });
});

test("the backdrop darkens with the sheet's height", () => {
  assert.equal(backdropOpacity([76, 400, 720], 76), 0);
  near(backdropOpacity([76, 400, 720], 398), 0.2);
  near(backdropOpacity([76, 400, 720], 900), 0.4);
  assert.equal(backdropOpacity([300], 300), 0);
});
