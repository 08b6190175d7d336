// Drawing the 2D precise slider (precise-slider-2d.js) into the SVG the server rendered: the
// picture's copies (one, or a row of them on an infinite axis), the two rulers with their
// ticks and labels, and the corner where the rulers meet. With data-plane-background="blurred"
// on the plane, the picture itself lies behind it, 1.3 times larger about the crosshair,
// blurred and darkened by 30 % (the precise-slider thesis's "blurred content").

const SVG = "http://www.w3.org/2000/svg";
const BACKDROP_SCALE = 1.3;
const BACKDROP_BLUR_PX = 25; // standard deviation: the thesis's blur radius of 50
const BACKDROP_BRIGHTNESS = 0.7;
let backdrops = 0;

import { RulerFrame, TickLayer, thinLabels } from "./precise-slider-view.js";

const AXES = ["x", "y"];
const TICK_REACH = 0.7; // of the ruler's thickness
const LABEL_INSET_PX = 3; // from the outer edge of the bottom ruler to its labels' baseline
const LABEL_DROP_PX = 4; // labels of the right ruler sit this far below their tick

export class PlaneDrawing {
  #content;
  #tileTemplate;
  #rulers = {};
  #corner;
  #backdrop = null;

  constructor(svg) {
    this.#content = svg.querySelector("[data-plane-content]");
    if (svg.closest("[data-plane-background='blurred']")) this.#backdrop = this.#addBackdrop(svg);
    this.#tileTemplate = this.#content.querySelector(".plane-tile").cloneNode(true);
    for (const id of AXES) {
      const group = svg.querySelector(`[data-plane-axis="${id}"]`);
      this.#rulers[id] = {
        strip: group.querySelector("rect"), ticks: new TickLayer(group.querySelector("[data-ruler-ticks]")), frame: new RulerFrame(),
      };
    }
    this.#corner = svg.querySelector("[data-plane-corner]");
  }

  // A live copy of the content (`<use>`), filtered, under it.
  #addBackdrop(svg) {
    backdrops += 1;
    const id = `plane-backdrop-${backdrops}`;
    this.#content.id ||= `${id}-content`;
    const defs = document.createElementNS(SVG, "defs");
    const slope = `type="linear" slope="${BACKDROP_BRIGHTNESS}"`;
    defs.innerHTML = `<filter id="${id}-filter" x="-25%" y="-25%" width="150%" height="150%">`
      + `<feGaussianBlur stdDeviation="${BACKDROP_BLUR_PX}"></feGaussianBlur><feComponentTransfer>`
      + `<feFuncR ${slope}></feFuncR><feFuncG ${slope}></feFuncG><feFuncB ${slope}></feFuncB></feComponentTransfer></filter>`;
    const copy = document.createElementNS(SVG, "use");
    copy.setAttribute("href", `#${this.#content.id}`);
    copy.setAttribute("class", "plane-backdrop");
    copy.setAttribute("filter", `url(#${id}-filter)`);
    copy.setAttribute("data-plane-backdrop", "");
    svg.insertBefore(defs, svg.firstChild);
    svg.insertBefore(copy, this.#content);
    return copy;
  }

  /** One frame of `widget` (its plane, axes, position and config) with the rulers `active` ({ x, y }). */
  draw(widget, active) {
    const geometry = widget.plane.geometry;
    if (this.#backdrop) {
      const { x, y } = geometry.crosshair;
      this.#backdrop.setAttribute("transform", `translate(${x} ${y}) scale(${BACKDROP_SCALE}) translate(${-x} ${-y})`);
    }
    this.#drawTiles(widget);
    this.#drawRuler(widget, "x", geometry.xAxisFrame(active.x, active.y), active.x);
    this.#drawRuler(widget, "y", geometry.yAxisFrame(active.x, active.y), active.y);
    const x = geometry.xAxisFrame(active.x, active.y);
    const y = geometry.yAxisFrame(active.x, active.y);
    frame(this.#corner, { x: y.x, y: x.y, width: y.width, height: x.height });
  }

  #drawTiles({ axes, plane, position }) {
    const origins = {};
    for (const id of AXES) {
      origins[id] = axes[id].tileOrigins(position[id].value, position[id].scale, plane.viewport(id));
    }
    const content = this.#content;
    const count = origins.x.length * origins.y.length;
    while (content.children.length < count) content.append(this.#tileTemplate.cloneNode(true));
    while (content.children.length > count) content.lastElementChild.remove();
    const centre = plane.geometry.crosshair;
    // Copies overlap by a pixel so no hairline shows between them.
    const width = plane.geometry.contentWidth * position.x.scale + (origins.x.length > 1 ? 1 : 0);
    const height = plane.geometry.contentHeight * position.y.scale + (origins.y.length > 1 ? 1 : 0);
    let index = 0;
    for (const top of origins.y) {
      for (const left of origins.x) {
        // `min` is drawn at the left (top) edge whichever way the range runs.
        frame(content.children[index], { x: centre.x + left, y: centre.y + top, width, height });
        index += 1;
      }
    }
  }

  #drawRuler({ axes, plane, position: positions, config }, id, rect, active) {
    const ruler = this.#rulers[id];
    frame(ruler.strip, rect);
    const position = positions[id];
    const ticks = thinLabels(axes[id].visibleTicks(position.value, position.scale, plane.viewport(id),
      config[id].format, config[id].lang, active));
    const centre = plane.geometry.crosshair[id];
    const thickness = id === "x" ? rect.height : rect.width;
    const axis = axes[id];
    const ppv = axis.pixelsPerValue(position.scale, plane.viewport(id));
    const { key, shift } = ruler.frame.at(position.value, ppv, axis.direction, centre, `${rect.x}:${rect.y}:${thickness}`);
    ruler.ticks.draw(ticks, {
      key, shiftX: id === "x" ? shift : 0, shiftY: id === "y" ? shift : 0,
      place: (tick) => {
        const along = centre + tick.x - shift;
        const reach = thickness * TICK_REACH * tick.heightRatio;
        return id === "x"
          ? { x1: along, x2: along, y1: rect.y, y2: rect.y + reach, labelX: along, labelY: rect.y + thickness - LABEL_INSET_PX }
          : { x1: rect.x, x2: rect.x + reach, y1: along, y2: along, labelX: rect.x + thickness / 2, labelY: along + LABEL_DROP_PX };
      },
    });
  }
}

function frame(element, rect) {
  element.setAttribute("x", rect.x);
  element.setAttribute("y", rect.y);
  element.setAttribute("width", Math.max(0, rect.width));
  element.setAttribute("height", Math.max(0, rect.height));
}
