// Release velocity of Public/js/pointer-velocity.js. Run: node --test Tests/JS/
import assert from "node:assert/strict";
import { test } from "node:test";
import { VelocitySamples, velocityOf } from "../../Public/js/pointer-velocity.js";

test("the velocity is the slope over the last 100 ms", () => {
  const samples = [{ time: 0, position: 0 }, { time: 100, position: 500 }, { time: 150, position: 520 },
    { time: 200, position: 600 }];
  assert.equal(velocityOf(samples, 200), (600 - 500) / 100);
});

test("a finger that rested before lifting has no velocity", () => {
  assert.equal(velocityOf([{ time: 0, position: 0 }, { time: 50, position: 100 }], 200), 0);
});

test("one sample, or none, has no velocity", () => {
  assert.equal(velocityOf([], 0), 0);
  assert.equal(velocityOf([{ time: 10, position: 4 }], 10), 0);
});

test("the collector keeps what the window needs and reads it", () => {
  const collected = new VelocitySamples();
  for (let time = 0; time <= 1000; time += 10) collected.add(-time * 2, time);
  assert.ok(collected.samples.length < 30);
  assert.equal(collected.velocity(1000), -2);
  collected.reset();
  assert.equal(collected.velocity(1000), 0);
});
