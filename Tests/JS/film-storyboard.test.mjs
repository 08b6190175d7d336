import assert from "node:assert/strict";
import { test } from "node:test";
import { clockText, parseStoryboard } from "../../Public/js/film-storyboard.js";

const base = "http://example.test/media/0123456789abcdef.vtt";

test("a storyboard's cues give their time span and window on the sprite, the sprite named next to the map", () => {
  const vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nfedcba9876543210.jpg#xywh=0,0,160,90\n\n"
    + "00:00:01.000 --> 00:00:02.500\nfedcba9876543210.jpg#xywh=160,0,160,90\n";
  assert.deepEqual(parseStoryboard(vtt, base), [
    { start: 0, end: 1, url: "http://example.test/media/fedcba9876543210.jpg", x: 0, y: 0, w: 160, h: 90 },
    { start: 1, end: 2.5, url: "http://example.test/media/fedcba9876543210.jpg", x: 160, y: 0, w: 160, h: 90 },
  ]);
});

test("minutes-only stamps, Windows line ends and cue identifiers are read too", () => {
  const vtt = "WEBVTT\r\n\r\n1\r\n01:02.500 --> 01:03.000\r\na.jpg#xywh=320,90,160,90\r\n";
  assert.deepEqual(parseStoryboard(vtt, base), [
    { start: 62.5, end: 63, url: "http://example.test/media/a.jpg", x: 320, y: 90, w: 160, h: 90 },
  ]);
});

test("cues without a window or with broken numbers are left out, never thrown on", () => {
  const vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\na.jpg\n\nnonsense --> 00:02.000\na.jpg#xywh=0,0,1,1\n\n00:02.000 -->\n";
  assert.deepEqual(parseStoryboard(vtt, base), []);
});

test("times read as the player shows them", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(65.999), "1:05");
  assert.equal(clockText(65.25, 2), "1:05.25");
  assert.equal(clockText(1.001, 3), "0:01.001");
  assert.equal(clockText(-3), "0:00");
  assert.equal(clockText(Number.NaN, 1), "0:00.0");
  assert.equal(clockText(65.25, 3, ","), "1:05,250");
});
