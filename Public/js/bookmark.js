// The bookmark button (partials/bookmark) on the feed's cards and on a portfolio's page: a
// form that adds the portfolio to the selection or takes it out. Without JavaScript it posts
// and the server comes back to the same page; this module posts it in place, asking for
// JSON, and shows the new state. Delegated from the document, so cards added later work
// without any setup.

/** Bookmark forms awaiting an answer: a second tap waits for it. */
export const posting = new WeakSet();

/**
 * The JSON answer to a form post, or null for anything the page cannot use: not signed in,
 * an expired session, no network, a server error.
 */
export async function postForJSON(url, data) {
  try {
    const headers = { Accept: "application/json" };
    const response = await fetch(url, { method: "POST", body: data, headers });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

export function showSelected(form, selected) {
  const button = form.querySelector("[data-bookmark-button]");
  if (!button) return;
  button.setAttribute("aria-pressed", String(selected));
  const label = button.querySelector("[data-bookmark-label]");
  const text = selected ? button.dataset.labelRemove : button.dataset.labelAdd;
  if (label && text) label.textContent = text;
}

async function toggleBookmark(event) {
  const form = event.target;
  if (!form.matches("[data-bookmark-form]")) return;
  event.preventDefault();
  if (posting.has(form)) return;
  posting.add(form);
  const answer = await postForJSON(form.action, new FormData(form));
  posting.delete(form);
  if (typeof answer?.selected === "boolean") showSelected(form, answer.selected);
  else form.submit(); // e.g. a guest: the server's own answer asks them to sign in
}

document.addEventListener("submit", toggleBookmark);
