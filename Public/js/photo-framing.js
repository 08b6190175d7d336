// Photo framing: the photo moves under a fixed square frame on the 2D precise slider. The
// point under the frame's centre is the square's centre (x, y in percent of the photo) and
// the plane's scale is the zoom (1 = the largest square that fits), one zoom for both axes.
// The square never leaves the photo: the centre is kept where the frame stays inside it.
// Without the script the same form has three number fields (x, y, zoom) and saves as well.

import { PrecisePlane } from "./precise-slider-2d.js";

const AXES = ["x", "y"];
const clamp = (value, low, high) => Math.min(Math.max(value, low), high);

class FramingPlane extends PrecisePlane {
  constructor(root) {
    super(root, JSON.parse(root.dataset.photoFraming));
    this.zoomInput = root.querySelector("[data-plane-zoom] input");
    for (const input of [this.inputs.x, this.inputs.y, this.zoomInput]) {
      // Only what a person typed: the widget's own writes dispatch untrusted events.
      input.addEventListener("change", (event) => { if (event.isTrusted) this.typed(); });
    }
    this.draw();
  }

  /** Both axes at one zoom, the centre where the square fits; runs before every frame is drawn. */
  settle() {
    const { x, y } = this.position;
    const last = this.settledScale ?? x.scale;
    // A pinch or a ruler may zoom one axis more than the other: the one that moved most wins.
    const moved = (scale) => Math.abs(Math.log(scale / last));
    const scale = this.axes.x.clampScale(moved(x.scale) >= moved(y.scale) ? x.scale : y.scale);
    this.settledScale = scale;
    for (const id of AXES) {
      const position = this.position[id];
      position.scale = scale;
      // Half the frame, in percent of the photo along this axis.
      const half = (50 * this.config.frame) / (this.config.span[id] * scale);
      position.value = clamp(position.value, Math.min(50, half), Math.max(50, 100 - half));
    }
  }

  draw() {
    this.settle();
    super.draw();
    if (!this.zoomInput) return; // the first draw runs before the constructor has found it
    const text = String(Math.round(this.position.x.scale * 100) / 100);
    if (this.zoomInput.value !== text) this.zoomInput.value = text;
  }

  /** A value typed into a field moves the photo; text the model refuses is left for the server's message. */
  typed() {
    const zoom = Number(this.zoomInput.value.trim().replace(",", "."));
    if (this.zoomInput.value.trim() !== "" && Number.isFinite(zoom)) {
      const scale = this.axes.x.clampScale(zoom);
      this.settledScale = scale;
      for (const id of AXES) this.position[id].scale = scale;
    }
    for (const id of AXES) {
      const result = this.axes[id].validate(this.inputs[id].value, this.config[id].format);
      if (result.ok) this.position[id].value = result.value;
    }
    this.commit();
  }
}

/** Brings every `[data-photo-framing]` under `container` to life (once each). */
export function enhance(container = document) {
  for (const root of container.querySelectorAll("[data-photo-framing]")) {
    root.photoFraming ??= new FramingPlane(root);
  }
}

enhance();
