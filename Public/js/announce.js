// The page's one polite live region (`[data-announcer]`, rendered by the layout): short news
// a screen reader says when the person is not looking at what changed — a message in the
// open conversation, the feed's new count, how an upload went. Only for events, never for
// every keystroke.

/** Says `text` politely. The same words twice in a row still count as news. */
export function announce(text) {
  const region = document.querySelector("[data-announcer]");
  if (!region || !text) return;
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/** Takes back what the region says (a message since deleted): it must not be read out later. */
export function withdraw() {
  const region = document.querySelector("[data-announcer]");
  if (region) region.textContent = "";
}

const rules = new Map();

/**
 * The counted phrase the server rendered into `element`'s `data-<name>-one|few|many`, with
 * `{count}` and any other `{placeholder}` of `values` filled in: the forms and the rule are
 * the string tables' (Czech: 1, 2–4, the rest; English: 1, the rest).
 */
export function counted(element, name, count, values = {}) {
  const lang = document.documentElement.lang || "cs";
  if (!rules.has(lang)) rules.set(lang, new Intl.PluralRules(lang));
  const category = rules.get(lang).select(count);
  const form = ["one", "few"].includes(category) ? category : "many";
  const key = `${name}-${form}`.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
  return fill(element.dataset[key] ?? "", { count, ...values });
}

/** `text` with each `{name}` replaced by `values[name]`. */
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * `text` cut to at most `limit` characters as a person counts them (grapheme clusters, so an
 * emoji or a letter with its accents is never split), with "…" when something was left out.
 */
export function shortened(text, limit) {
  const characters = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
  return characters.length > limit ? `${characters.slice(0, limit).join("")}…` : text;
}
