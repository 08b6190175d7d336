// A proofing gallery (pages/gallery). Everything works as plain forms; this module makes
// it quicker:
// - the client's heart posts at once (a double tap on a photo does the same), a note is
//   saved when it is left, and the count follows, so "Save my choice" is not needed;
// - the photographer's page takes in the client's picks as they happen (`live:gallery`);
// - the photographer's upload sends the chosen files one after another, two at a time,
//   with one progress bar for all of them, instead of one request that must hold them all.

import { fetchFragment } from "./fragment.js";

const DOUBLE_TAP_MS = 300;
const UPLOADS_AT_ONCE = 2;
const BUSY_RETRY_MS = 2000;
const BUSY_RETRIES = 15;

const page = document.querySelector("[data-gallery]");
if (page) {
  const csrf = page.querySelector('input[name="_csrf"]')?.value ?? "";
  const summary = () => page.querySelector("[data-gallery-summary]");
  const problem = page.querySelector("[data-gallery-problem]") ?? addProblem(page);

  // ---------------------------------------------------------------- the client's choice

  const picks = page.querySelector("[data-gallery-picks]");
  if (picks) {
    picks.querySelector("[data-picks-save]")?.setAttribute("hidden", "");
    picks.addEventListener("change", (event) => {
      const tile = event.target.closest("[data-gallery-tile]");
      if (!tile) return;
      if (event.target.matches("[data-pick]")) send(tile, event.target.checked);
      else if (event.target.matches("[data-comment]") && tileCheckbox(tile).checked) send(tile, true);
    });
    let lastTap = { tile: null, at: 0, timer: 0 };
    picks.addEventListener("click", (event) => {
      const link = event.target.closest("[data-gallery-image]");
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const tile = link.closest("[data-gallery-tile]");
      event.preventDefault();
      const now = performance.now();
      if (lastTap.tile === tile && now - lastTap.at < DOUBLE_TAP_MS) {
        clearTimeout(lastTap.timer);
        lastTap = { tile: null, at: 0, timer: 0 };
        const box = tileCheckbox(tile);
        box.checked = !box.checked;
        send(tile, box.checked);
        return;
      }
      // A single tap still opens the whole photo, once it is clear no second tap follows.
      lastTap = { tile, at: now, timer: setTimeout(() => { location.href = link.href; }, DOUBLE_TAP_MS) };
    });
  }

  async function send(tile, picked) {
    const box = tileCheckbox(tile);
    const body = new FormData();
    body.set("_csrf", csrf);
    body.set("picked", String(picked));
    body.set("comment", tile.querySelector("[data-comment]")?.value ?? "");
    tile.classList.toggle("gallery-tile--picked", picked);
    try {
      const response = await fetch(tile.dataset.pickAction, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error);
      summary().textContent = answer.summary;
      problem.hidden = true;
    } catch (error) {
      box.checked = !picked;
      tile.classList.toggle("gallery-tile--picked", !picked);
      problem.textContent = error.message || problem.dataset.fallback;
      problem.hidden = false;
    }
  }

  // ---------------------------------------------------------------- the photographer's view

  if (page.hasAttribute("data-gallery-live")) {
    const region = page.querySelector("[data-gallery-photos]");
    let asking = null;
    document.addEventListener("live:gallery", async (event) => {
      if (String(event.detail.gallery) !== page.dataset.gallery) return;
      asking?.abort();
      asking = new AbortController();
      try {
        const html = await fetchFragment(location.pathname, "photos", asking.signal);
        if (html !== null) region.innerHTML = html;
      } catch {
        // A failed refresh leaves the picks as they were; the next event tries again.
      }
    });
  }

  const upload = page.querySelector("[data-gallery-upload]");
  if (upload) {
    upload.addEventListener("submit", (event) => {
      const files = [...upload.querySelector("[data-gallery-files]").files];
      if (files.length === 0) return;
      event.preventDefault();
      uploadAll(upload, files);
    });
  }
}

function tileCheckbox(tile) {
  return tile.querySelector("[data-pick]");
}

function addProblem(page) {
  const element = document.createElement("p");
  element.className = "form-alert";
  element.setAttribute("role", "alert");
  element.hidden = true;
  element.dataset.galleryProblem = "";
  page.querySelector(".page-header").after(element);
  return element;
}

async function uploadAll(form, files) {
  const progress = form.querySelector("[data-upload-progress]");
  const status = form.querySelector("[data-upload-status]");
  const button = form.querySelector("[data-upload-button]");
  const csrf = form.querySelector('input[name="_csrf"]').value;
  const count = files.length;
  let done = 0;
  let failed = 0;
  const say = (key) => status.dataset[key].replace("{done}", done).replace("{count}", count);
  progress.hidden = false;
  progress.max = count;
  button.disabled = true;
  status.textContent = say("uploading");
  const queue = [...files];
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (!(await uploadOne(form.action, csrf, file))) failed += 1;
      done += 1;
      progress.value = done;
      status.textContent = say("uploading");
    }
  }
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
  status.textContent = say("uploaded") + (failed ? " " + status.dataset.uploadFailed.replace("{count}", failed) : "");
  location.assign(`${location.pathname}?added=${count - failed}`);
}

/** Sends one file; waits and tries again while the server is busy processing others. */
async function uploadOne(url, csrf, file) {
  for (let attempt = 0; attempt <= BUSY_RETRIES; attempt += 1) {
    const body = new FormData();
    body.set("_csrf", csrf);
    body.set("files", file, file.name);
    try {
      const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
      if (response.status !== 503) return response.ok;
    } catch {
      // The network dropped: wait as for a busy server.
    }
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
  }
  return false;
}
