// The geometry of Public/js/segmented-control-math.js: where the thumb snaps (segment pitch
// with the gap between segments, the track's inset, a flick's velocity) and the clip of the
// inverted labels. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  FLICK_VELOCITY_PX_PER_S, clampPosition, clipPath, segmentAt, snapIndex, thumbClip, thumbPosition,
} from "../../Public/js/segmented-control-math.js";

// Three 100 px segments, 4 px apart, 4 px from the track's edge: a 312 px track.
const layout = { inset: 4, pitch: 104, count: 3, width: 100 };

test("the thumb sits over a segment at the inset plus whole pitches", () => {
  assert.deepEqual([0, 1, 2].map((index) => thumbPosition(index, layout)), [4, 108, 212]);
});

test("a drag keeps the thumb between the first and the last segment", () => {
  assert.equal(clampPosition(-30, layout), 4);
  assert.equal(clampPosition(150, layout), 150);
  assert.equal(clampPosition(400, layout), 212);
});

test("a release snaps to the nearest segment, counting the gap in the pitch", () => {
  assert.equal(snapIndex(4, 0, layout), 0);
  assert.equal(snapIndex(4 + 51, 0, layout), 0); // 51 px past the first: 0.49 of a pitch
  assert.equal(snapIndex(4 + 53, 0, layout), 1); // 0.51 of a pitch
  assert.equal(snapIndex(212 - 50, 0, layout), 2);
  assert.equal(snapIndex(212 - 54, 0, layout), 1);
});

test("a slow release is not a flick", () => {
  assert.equal(snapIndex(4 + 20, FLICK_VELOCITY_PX_PER_S * 0.9, layout), 0);
  assert.equal(snapIndex(4 + 90, -FLICK_VELOCITY_PX_PER_S * 0.9, layout), 1);
});

test("a flick moves one segment in its direction from where the thumb is", () => {
  assert.equal(snapIndex(4 + 10, FLICK_VELOCITY_PX_PER_S, layout), 1); // barely moved, flicked right
  assert.equal(snapIndex(4, 2000, layout), 1); // resting over the first: the next one
  assert.equal(snapIndex(108 + 90, -1000, layout), 1); // almost over the third, flicked left
  assert.equal(snapIndex(108, -1000, layout), 0);
});

test("a flick past either end stays on the end segment", () => {
  assert.equal(snapIndex(212, 3000, layout), 2);
  assert.equal(snapIndex(4, -3000, layout), 0);
});

test("a tap chooses the segment under it; the gap goes to the nearer segment", () => {
  assert.equal(segmentAt(1, layout), 0);
  assert.equal(segmentAt(103, layout), 0); // in the gap, nearer the first
  assert.equal(segmentAt(107, layout), 1);
  assert.equal(segmentAt(311, layout), 2);
  assert.equal(segmentAt(500, layout), 2);
});

test("the clip is the thumb's rectangle as insets of the track", () => {
  const clip = thumbClip({ position: 60, top: 4, width: 100, height: 44 }, { width: 312, height: 52 });
  assert.deepEqual(clip, { top: 4, right: 152, bottom: 4, left: 60 });
  assert.equal(clipPath(clip, 22), "inset(4px 152px 4px 60px round 22px)");
});

test("half under the thumb, a label is split at the thumb's edge", () => {
  // The thumb halfway between segments 0 and 1: its left edge cuts segment 0's label at 56 px.
  const position = (thumbPosition(0, layout) + thumbPosition(1, layout)) / 2;
  const clip = thumbClip({ position, top: 4, width: 100, height: 44 }, { width: 312, height: 52 });
  assert.equal(clip.left, 56);
  assert.equal(312 - clip.right, 156); // and segment 1's at 156 px
  assert.equal(clipPath({ top: 0, right: 1 / 3, bottom: 0, left: 0 }, 0), "inset(0px 0.33px 0px 0px round 0px)");
});
