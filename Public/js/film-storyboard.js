// The film player's pure parts, apart from the page so they can be tested alone: reading the
// storyboard's WebVTT map and writing times as the player shows them.

/** The storyboard's cues from its WebVTT map: each a time span and a window on the sprite. */
export function parseStoryboard(text, base) {
  const cues = [];
  const time = (stamp) => {
    const parts = stamp.trim().split(":").map(Number);
    return parts.reduce((total, part) => total * 60 + part, 0);
  };
  for (const block of text.replace(/\r/g, "").split("\n\n")) {
    const lines = block.split("\n").filter(Boolean);
    const timing = lines.findIndex((line) => line.includes("-->"));
    if (timing < 0 || !lines[timing + 1]) continue;
    const [start, end] = lines[timing].split("-->").map((part) => time(part.split(" ").filter(Boolean)[0] ?? ""));
    const [file, fragment = ""] = lines[timing + 1].trim().split("#xywh=");
    const [x, y, w, h] = fragment.split(",").map(Number);
    if (![start, end, x, y, w, h].every(Number.isFinite)) continue;
    cues.push({ start, end, url: new URL(file, base).href, x, y, w, h });
  }
  return cues;
}

/** "1:05.250" style text for a time in seconds, to `decimals` places ("1:05,250" with a Czech comma). */
export function clockText(seconds, decimals = 0, separator = ".") {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const scale = 10 ** decimals;
  const units = Math.floor(safe * scale + 1e-6);
  const whole = Math.floor(units / scale);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, "0");
  const fraction = decimals ? separator + String(units % scale).padStart(decimals, "0") : "";
  return `${minutes}:${rest}${fraction}`;
}
