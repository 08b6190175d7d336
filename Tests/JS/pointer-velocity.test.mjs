// Release velocity of Public/js/pointer-velocity.js, in px/s. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { VelocitySamples, secondsOf, velocityOf } from "../../Public/js/pointer-velocity.js";

const at = (ms) => ({ timeStamp: ms }); // a pointer event, as far as velocity goes

test("pointer events' milliseconds become seconds", () => {
  assert.equal(secondsOf(at(1500)), 1.5);
});

test("the velocity is the slope over the last 100 ms, in px/s", () => {
  const samples = [{ time: 0, position: 0 }, { time: 0.1, position: 500 }, { time: 0.15, position: 520 },
    { time: 0.2, position: 600 }];
  assert.ok(Math.abs(velocityOf(samples, 0.2) - 1000) < 1e-9);
});

test("a finger that rested before lifting has no velocity", () => {
  assert.equal(velocityOf([{ time: 0, position: 0 }, { time: 0.05, position: 100 }], 0.2), 0);
});

test("one sample, or none, has no velocity", () => {
  assert.equal(velocityOf([], 0), 0);
  assert.equal(velocityOf([{ time: 0.01, position: 4 }], 0.01), 0);
});

test("the collector keeps what the window needs and reads it", () => {
  const collected = new VelocitySamples();
  for (let time = 0; time <= 1000; time += 10) collected.add(-time * 2, at(time));
  assert.ok(collected.samples.length < 30);
  assert.ok(Math.abs(collected.velocity(at(1000)) - -2000) < 1e-6);
  collected.reset();
  assert.equal(collected.velocity(at(1000)), 0);
});
