// Parts of a page fetched again in place: the feed's results and next cards, the people
// found, the conversation list. The server answers a GET carrying `X-Fragment: <name>` with
// just that part of the page at the same URL.
//
// One `Fragments` per page part: the newest request wins (an older one still on its way is
// aborted, so its answer never lands after a newer one's), the element being replaced says
// `aria-busy` meanwhile, and `soon` makes a burst of calls (typing, live events) one request.
// An answer that was redirected means the session ended meanwhile (the server sends the
// reader to sign in): the page is loaded again and says so itself.

/** The HTML of `url`'s `name` fragment; null when the page is being reloaded. Throws when it failed. */
export async function fetchFragment(url, name, signal) {
  // no-store: the fragment shares its URL with the whole page, so the HTTP cache must never
  // hand it back in the page's place (on Back, say).
  const response = await fetch(url, { headers: { "X-Fragment": name }, signal, cache: "no-store" });
  if (response.redirected) {
    location.reload();
    return null;
  }
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

export class Fragments {
  #controller = null; // of the request on its way, if any
  #timer = 0;

  /** Whether a request is on its way. */
  get busy() { return this.#controller !== null; }

  /**
   * The HTML of `url`'s `name` fragment, `busy` (an element) saying aria-busy until it is
   * in; null when a newer request took over or the page is being reloaded. Throws when it failed.
   */
  async fetch(url, name, busy) {
    this.cancelSoon();
    this.#controller?.abort();
    const controller = (this.#controller = new AbortController());
    busy.setAttribute("aria-busy", "true");
    try {
      return await fetchFragment(url, name, controller.signal);
    } catch (error) {
      if (error.name === "AbortError") return null;
      throw error;
    } finally {
      if (this.#controller === controller) {
        this.#controller = null;
        busy.setAttribute("aria-busy", "false");
      }
    }
  }

  /** Runs `load` once no other call has come for `pauseMs`. */
  soon(pauseMs, load) {
    this.cancelSoon();
    this.#timer = setTimeout(load, pauseMs);
  }

  cancelSoon() { clearTimeout(this.#timer); }
}

/**
 * The error state the server rendered for `region` in `template`, its retry pointed at the
 * `url` that failed. Without one the page goes to the address, as the plain form would.
 */
export function showFailure(region, template, url) {
  const state = template?.content.firstElementChild?.cloneNode(true);
  if (!state) {
    location.assign(url);
    return;
  }
  const retry = state.querySelector('[data-state-action="retry"]');
  if (retry) retry.href = url;
  region.replaceChildren(state); // role="alert": it is read out by itself
}
