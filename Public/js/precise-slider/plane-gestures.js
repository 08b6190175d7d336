// The 2D slider's gestures (Swift PlaneGestures.swift): a drag on the picture moves both
// axes and a pinch zooms them about the crosshair, one on a ruler changes its axis alone,
// and a release lets each axis glide.

import { pinchFactors } from "./plane-2d.js";

/** The 2D slider (Swift `Plane`); positions are { x: {value, scale}, y: {value, scale} }. */
export class Plane {
  constructor(x, y, geometry) {
    Object.assign(this, { x, y, geometry });
    Object.freeze(this);
  }
  axis(id) { return id === "x" ? this.x : this.y; }
  viewport(id) { return id === "x" ? this.geometry.xViewport : this.geometry.yViewport; }

  dragContent(start, translation) {
    return {
      x: { ...start.x, value: this.x.dragValue(start.x.value, translation.x, start.x.scale, this.geometry.xViewport) },
      y: { ...start.y, value: this.y.dragValue(start.y.value, translation.y, start.y.scale, this.geometry.yViewport) },
    };
  }

  /** Each axis zooms by its own spread; the point under the crosshair stays, wherever the fingers are. */
  pinchContent(start, startTouches, currentTouches) {
    const factors = pinchFactors(startTouches, currentTouches);
    return { x: this.x.zoom(start.x, factors.x), y: this.y.zoom(start.y, factors.y) };
  }

  dragAxis(id, start, distance) {
    const current = start[id];
    const value = this.axis(id).dragValue(current.value, distance, current.scale, this.viewport(id));
    return { ...start, [id]: { ...current, value } };
  }

  zoomAxis(id, start, factor) {
    return { ...start, [id]: this.axis(id).zoom(start[id], factor) };
  }

  releaseAnimations(position, velocity) {
    return {
      x: this.x.releaseAnimation(position.x.value, velocity.x, position.x.scale, this.geometry.xViewport),
      y: this.y.releaseAnimation(position.y.value, velocity.y, position.y.scale, this.geometry.yViewport),
    };
  }
}
