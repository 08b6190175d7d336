// The slider demo page prints each slider's live value, zoom and step next to it: as the
// value moves (slider-input) and as the zoom changes, which is not an edit (slider-scale).

const show = (number, digits = 6) => String(Number(number.toPrecision(digits)));

function showStats(event) {
  const stats = event.target.closest(".slider-demo__item")?.querySelector("[data-slider-stats]");
  if (!stats) return;
  const detail = event.detail;
  const axes = detail.x ? [detail.x, detail.y] : [detail];
  stats.querySelector('[data-stat="value"]').textContent = axes.map((axis) => axis.text).join(", ");
  stats.querySelector('[data-stat="scale"]').textContent = axes.map((axis) => show(axis.scale, 4)).join(" × ");
  stats.querySelector('[data-stat="step"]').textContent = axes.map((axis) => show(axis.step)).join(", ");
}

for (const type of ["slider-input", "slider-scale"]) document.addEventListener(type, showStats);

// "Your own slider": buttons that drive the hand-written slider's handle, and the events it
// answers, newest first.
const LOGGED = ["slider-start", "slider-change", "slider-scale", "slider-bounds", "slider-units", "slider-format",
  "slider-infinite"];
const KEPT_LINES = 6;

function driveOwnSlider(api) {
  const root = document.getElementById(api.dataset.sliderApi);
  const slider = root?.preciseSlider;
  const log = api.parentElement.querySelector("[data-slider-log]");
  if (!slider || !log) return;
  for (const type of LOGGED) {
    root.addEventListener(type, (event) => {
      const line = document.createElement("li");
      line.textContent = `${type}: ${event.detail.readout} · ×${show(event.detail.scale, 4)} · ${show(event.detail.step)}`;
      log.prepend(line);
      while (log.children.length > KEPT_LINES) log.lastElementChild.remove();
    });
  }
  const actions = {
    zoom: () => slider.setScale(slider.scale * 5),
    bounds: () => slider.setBounds(0, 20),
    units: () => slider.setUnits(8),
    format: () => slider.setFormat("percent"),
    infinite: () => slider.setInfinite(true),
    colour: () => { slider.unitColor = (value, major) => (major && value % 10 === 0 ? "#e63946" : null); },
  };
  api.hidden = false;
  api.addEventListener("click", (event) => {
    const button = event.target.closest("[data-api]");
    if (button) actions[button.dataset.api]?.();
  });
}

// The sliders come to life in their own module; this runs once they have.
addEventListener("load", () => {
  for (const api of document.querySelectorAll("[data-slider-api]")) driveOwnSlider(api);
});
