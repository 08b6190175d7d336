// The maths of Public/js/bottom-sheet-math.js: detents in pixels and fractions, the
// projection of a fling and the detent it lands on, the drag shared with scrolled content.
// Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DECELERATION_PER_MS, backdropOpacity, detentHeight, detentHeights, nearestDetent, project, releaseDetent, shareDrag,
} from "../../Public/js/bottom-sheet-math.js";

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

test("a detent is pixels, or a fraction of the available height", () => {
  assert.equal(detentHeight("72", 700), 72);
  assert.equal(detentHeight("72px", 700), 72);
  assert.equal(detentHeight("1px", 700), 1);
  near(detentHeight("0.5", 700), 350);
  near(detentHeight("50%", 700), 350);
  assert.equal(detentHeight("1", 700), 700);
  assert.equal(detentHeight("0", 700), 0);
});

test("detents stay between nothing and the available height", () => {
  assert.equal(detentHeight("900", 700), 700);
  assert.equal(detentHeight("1.5", 700), 1.5); // above 1 a plain number is pixels
  assert.equal(detentHeight("-20", 700), 0);
  assert.equal(detentHeight("120%", 700), 700);
  assert.throws(() => detentHeight("half", 700), /not a detent/);
});

test("a list of detents comes out lowest first", () => {
  assert.deepEqual(detentHeights(" 0.9  76 0.5 ", 800), [76, 400, 720]);
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
