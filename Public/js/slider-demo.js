// The slider demo page prints each slider's live value, zoom and step next to it.

const show = (number, digits = 6) => String(Number(number.toPrecision(digits)));

document.addEventListener("slider-input", (event) => {
  const stats = event.target.closest(".slider-demo__item")?.querySelector("[data-slider-stats]");
  if (!stats) return;
  const detail = event.detail;
  const axes = detail.x ? [detail.x, detail.y] : [detail];
  stats.querySelector('[data-stat="value"]').textContent = axes.map((axis) => axis.text).join(", ");
  stats.querySelector('[data-stat="scale"]').textContent = axes.map((axis) => show(axis.scale, 4)).join(" × ");
  stats.querySelector('[data-stat="step"]').textContent = axes.map((axis) => show(axis.step)).join(", ");
});
