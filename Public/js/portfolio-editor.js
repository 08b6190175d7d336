// Portfolio editor: the photos of a portfolio form. Without JavaScript every change is a round
// trip: the move and remove buttons submit the form, the server re-renders it in the new
// order, and chosen files travel with the form. This module does the same in the page. The
// <li>s are moved and removed here, and their hidden "photo" inputs carry the order to the
// server on Save; a drag handle reorders by pointer; chosen files upload at once, one request
// each, so a big batch shows progress and a bad file fails alone instead of the whole form.
// Each chosen file holds its place in the list from the start, in the order chosen, whichever
// upload answers first; the live region says when a batch starts and how it ended. A film is
// answered 202 with a job: its place then follows the job's event stream (processing
// progress) until the server sends the finished item, the same markup the form renders.

import { announce, counted, fill as fillText } from "./announce.js";
import { enhancePosterPickers } from "./film-player.js";
import { enhance as enhanceSliders } from "./precise-slider.js";

const PARALLEL_UPLOADS = 2; // more would only split the same upstream bandwidth
const SCROLL_EDGE = 96; // px from the viewport's top or bottom where a drag scrolls the page
let uploadCount = 0; // makes the ids that name each progress bar unique on the page

function element(name, className, text = "") {
  const node = document.createElement(name);
  node.className = className;
  node.textContent = text;
  return node;
}

// Fills {id}, {src} and {color} in the template's attributes and text. Done on parsed nodes,
// not on the template's HTML source, so no value can ever turn into markup.
function fill(root, values) {
  const replace = (text) => text.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = root; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) node.data = replace(node.data);
    else for (const attribute of node.attributes) attribute.value = replace(attribute.value);
  }
}

// Puts `dragged` just before or after `target` by moving the items in between rather than
// `dragged` itself: leaving the document even for an instant would end its pointer capture.
function placeAround(dragged, target, after, items) {
  const from = items.indexOf(dragged);
  const to = items.indexOf(target) + (after ? 1 : 0); // insertion index in the current order
  if (to > from + 1) dragged.before(...items.slice(from + 1, to));
  else if (to < from) dragged.after(...items.slice(to, from));
}

class PortfolioEditor {
  constructor(form) {
    this.form = form;
    this.list = form.querySelector("[data-photo-list]");
    this.template = form.querySelector("template[data-photo-item-template]");
    this.fileInput = form.querySelector("[data-photo-upload]");
    this.uploads = form.querySelector("[data-upload-list]");
    this.queue = []; // uploads waiting for a free slot
    this.running = 0;
    this.batch = { total: 0, done: 0, failed: 0 }; // the uploads since the last were all done
    this.autoCover = null; // the cover radio checked for the person, until they pick one

    this.list.addEventListener("change", (event) => {
      if (event.target.name === "cover") this.autoCover = null;
    });
    this.list.addEventListener("click", (event) => this.onClick(event));
    this.list.addEventListener("pointerdown", (event) => this.startDrag(event));
    for (const item of this.items()) this.enhance(item);
    this.refresh();
    // Without a place to send files to, or a template to show them, they go with the form.
    if (this.fileInput?.dataset.uploadUrl && this.template && this.uploads) {
      this.fileInput.addEventListener("change", () => this.addFiles());
      // Files now upload as soon as they are chosen: the no-script "Upload" button has no job.
      const uploadButton = form.querySelector("[data-upload-button]");
      if (uploadButton) uploadButton.hidden = true;
    }
  }

  items() {
    return [...this.list.querySelectorAll(":scope > [data-photo-item]")];
  }

  enhance(item) {
    const handle = item.querySelector("[data-drag-handle]");
    if (handle) handle.hidden = false;
  }

  // The first photo cannot move up nor the last down. aria-disabled rather than disabled, so
  // the button that just moved its photo to an end keeps the keyboard focus.
  refresh() {
    const items = this.items();
    items.forEach((item, index) => {
      for (const [direction, end] of [["up", 0], ["down", items.length - 1]]) {
        const button = item.querySelector(`[data-move="${direction}"]`);
        button?.removeAttribute("disabled");
        button?.setAttribute("aria-disabled", String(index === end));
      }
    });
  }

  onClick(event) {
    const button = event.target.closest("[data-move], [data-remove]");
    if (!button) return;
    event.preventDefault(); // done here instead of by the server's round trip
    const item = button.closest("[data-photo-item]");
    if (button.hasAttribute("data-remove")) this.remove(item);
    else this.move(item, button);
  }

  // Moves the neighbour past the item, not the item past it: the item, and the focused button
  // in it, then never leave the document, so the focus stays where it was.
  move(item, button) {
    const up = button.dataset.move === "up";
    const neighbour = up ? item.previousElementSibling : item.nextElementSibling;
    if (!neighbour?.matches("[data-photo-item]")) return;
    if (up) item.after(neighbour);
    else item.before(neighbour);
    button.scrollIntoView({ block: "nearest" });
    this.refresh();
  }

  remove(item) {
    const index = this.items().indexOf(item);
    const wasCover = item.querySelector('input[type="radio"]')?.checked;
    item.remove();
    const rest = this.items();
    if (wasCover && rest.length) rest[0].querySelector('input[type="radio"]').checked = true;
    // The focused button went with its item; stay where the person was working.
    const next = rest[Math.min(index, rest.length - 1)];
    (next?.querySelector("[data-remove]") ?? this.fileInput)?.focus();
    this.refresh();
  }

  addFiles() {
    const { dataset } = this.fileInput;
    const files = [...this.fileInput.files];
    // Cleared so the same files do not travel with the form on Save as well.
    this.fileInput.value = "";
    for (const row of this.form.querySelectorAll(".upload--failed")) row.remove();

    const taken = this.items().length + this.queue.length + this.running;
    const room = (Number(dataset.maxPhotos) || Infinity) - taken;
    if (files.length > room) {
      const row = element("li", "upload");
      this.uploads.append(row);
      this.fail(row, dataset.tooManyMessage);
    }
    const chosen = files.slice(0, Math.max(room, 0));
    if (!chosen.length) return;
    this.batch.total += chosen.length;
    announce(counted(this.fileInput, "uploading", chosen.length));
    for (const file of chosen) this.queue.push({ file, row: this.addPlaceholder(file.name) });
    this.startUploads();
  }

  // The file's place in the photo list, taken now so the photos keep the order they were
  // chosen in: its name and progress until the upload answers, then the photo or why not.
  addPlaceholder(name) {
    const row = element("li", "upload upload--pending");
    const label = element("span", "upload__name", name);
    label.id = `upload-${++uploadCount}`;
    const bar = element("progress", "upload__bar");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-labelledby", label.id);
    row.append(label, bar);
    this.list.append(row);
    return row;
  }

  fail(row, message) {
    row.classList.remove("upload--pending");
    row.classList.add("upload--failed");
    row.querySelector("progress")?.remove();
    const text = element("p", "upload__message", message);
    text.setAttribute("role", "alert");
    row.append(text);
  }

  startUploads() {
    while (this.running < PARALLEL_UPLOADS && this.queue.length) {
      this.running += 1;
      this.upload(this.queue.shift());
    }
  }

  // XMLHttpRequest rather than fetch: only it reports upload progress.
  upload({ file, row }) {
    const bar = row.querySelector("progress");
    const request = new XMLHttpRequest();
    request.open("POST", this.fileInput.dataset.uploadUrl);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json"; // null when the answer is not JSON, e.g. a proxy's error page
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) bar.value = (event.loaded / event.total) * 100;
    });
    // Every byte is sent but the server is still converting the photo: an indeterminate bar.
    request.upload.addEventListener("load", () => bar.removeAttribute("value"));
    // loadend follows success, HTTP errors, network errors, aborts and timeouts alike.
    request.addEventListener("loadend", () => {
      const body = request.response;
      if (request.status === 202 && typeof body?.progress === "string") {
        this.followFilm(row, body);
        return; // the slot is free, the batch goes on once the film is made
      }
      if (request.status >= 200 && request.status < 300 && body?.id != null) {
        this.place(row, this.photoItem(body));
      } else {
        const message = typeof body?.error === "string" && body.error;
        this.fail(row, message || this.fileInput.dataset.failedMessage);
        this.batch.failed += 1;
      }
      this.running -= 1;
      this.startUploads();
      if (!this.running && !this.queue.length && !this.filmsPending) this.announceBatch();
    });

    const data = new FormData();
    data.append("_csrf", this.form.querySelector('input[name="_csrf"]')?.value ?? "");
    data.append("file", file);
    request.send(data);
  }

  // The uploaded file's row gives way to its item, which joins the batch's count.
  place(row, item) {
    row.replaceWith(item);
    this.chooseCover();
    this.refresh();
    this.batch.done += 1;
  }

  // A film being made: its row shows the processing progress the job's stream reports, then
  // the item the server rendered for it (poster, length, poster-frame slider), or why not.
  followFilm(row, { progress, waiting }) {
    const bar = row.querySelector("progress");
    bar.removeAttribute("value");
    const status = element("span", "upload__status", waiting ?? "");
    row.append(status);
    const label = this.fileInput.dataset.processingMessage ?? "";
    this.running -= 1;
    this.filmsPending = (this.filmsPending ?? 0) + 1;
    this.startUploads();
    const events = new EventSource(progress);
    const finish = () => {
      events.close();
      this.filmsPending -= 1;
      if (!this.running && !this.queue.length && !this.filmsPending) this.announceBatch();
    };
    events.addEventListener("progress", (event) => {
      bar.value = Number(event.data);
      status.textContent = fillText(label, { percent: event.data });
    });
    events.addEventListener("ready", (event) => {
      const { item } = JSON.parse(event.data);
      const template = document.createElement("template");
      template.innerHTML = item; // the server's own rendering, escaped as every page is
      const node = template.content.querySelector("[data-photo-item]");
      this.enhance(node);
      this.place(row, node);
      enhanceSliders(node);
      enhancePosterPickers(node);
      finish();
    });
    events.addEventListener("failed", (event) => {
      this.fail(row, JSON.parse(event.data).error || this.fileInput.dataset.failedMessage);
      this.batch.failed += 1;
      finish();
    });
    // A 401 or 404 ends the stream for good (EventSource gives up); a drop reconnects by itself.
    events.addEventListener("error", () => {
      if (events.readyState !== EventSource.CLOSED) return;
      this.fail(row, this.fileInput.dataset.failedMessage);
      this.batch.failed += 1;
      finish();
    });
  }

  photoItem({ id, src, color }) {
    // Cloned from the inert template content and filled before it joins the page, so the
    // browser never requests an image at "{src}".
    const item = this.template.content.querySelector("[data-photo-item]").cloneNode(true);
    fill(item, { id: String(id), src: src ?? "", color: color ?? "" });
    this.enhance(item);
    return item;
  }

  // A portfolio's first photo is its cover until the person picks another; photos arrive
  // in any order, so the cover follows the first one in the list until then.
  chooseCover() {
    const checked = this.list.querySelector('input[name="cover"]:checked');
    if (checked && checked !== this.autoCover) return;
    const first = this.items()[0]?.querySelector('input[name="cover"]');
    if (!first) return;
    first.checked = true;
    this.autoCover = first;
  }

  // "3 of 3 photos uploaded", and how many failed: each failure also says why in its place.
  announceBatch() {
    const { total, done, failed } = this.batch;
    this.batch = { total: 0, done: 0, failed: 0 };
    if (!total) return;
    const summary = counted(this.fileInput, "uploaded", total, { done });
    const failures = failed ? fillText(this.fileInput.dataset.uploadsFailed ?? "", { count: failed }) : "";
    announce([summary, failures].filter(Boolean).join(". "));
  }

  startDrag(event) {
    const handle = event.target.closest("[data-drag-handle]");
    if (!handle || !event.isPrimary || event.button !== 0 || this.drag) return;
    event.preventDefault(); // no text selection while a mouse drags
    const item = handle.closest("[data-photo-item]");
    handle.setPointerCapture(event.pointerId);
    item.classList.add("photo-item--dragging");
    const ended = new AbortController();
    this.drag = { item, x: event.clientX, y: event.clientY, frame: 0 };

    const end = () => {
      ended.abort();
      cancelAnimationFrame(this.drag.frame);
      item.classList.remove("photo-item--dragging");
      this.drag = null;
    };
    const options = { signal: ended.signal };
    handle.addEventListener("pointermove", (move) => {
      Object.assign(this.drag, { x: move.clientX, y: move.clientY });
      this.reorder();
    }, options);
    // A cancelled pointer (the browser took over the gesture) ends the drag where it is.
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      handle.addEventListener(type, end, options);
    }
    this.drag.frame = requestAnimationFrame(() => this.autoScroll());
  }

  // Scrolls while the pointer rests near the top or bottom of the viewport, so a photo can
  // travel further than one screen. Runs every frame: a resting pointer sends no events.
  autoScroll() {
    const { y } = this.drag;
    const bottom = window.innerHeight - SCROLL_EDGE;
    const overshoot = y < SCROLL_EDGE ? y - SCROLL_EDGE : Math.max(0, y - bottom);
    if (overshoot) {
      // "instant": app.css makes the page scroll smoothly, which would lag a frame-by-frame scroll.
      window.scrollBy({ top: overshoot / 4, behavior: "instant" });
      this.reorder();
    }
    this.drag.frame = requestAnimationFrame(() => this.autoScroll());
  }

  // Places the dragged item before or after the item under the pointer, by which half of it
  // the pointer is over: across for items side by side in a grid, down for a single column.
  reorder() {
    const { item, x, y } = this.drag;
    const target = document.elementFromPoint(x, y)?.closest("[data-photo-item]");
    if (!target || target === item || target.parentElement !== this.list) return;
    const box = target.getBoundingClientRect();
    const sideBySide = box.width * 1.5 < this.list.clientWidth;
    const after = sideBySide ? x > box.left + box.width / 2 : y > box.top + box.height / 2;
    placeAround(item, target, after, this.items());
    this.refresh();
  }
}

for (const form of document.querySelectorAll("[data-portfolio-form]")) {
  if (form.querySelector("[data-photo-list]")) new PortfolioEditor(form);
}
