// "How it was shot" and the list of photos, on phones. Under each photo of a portfolio the
// server writes what the camera recorded (camera, lens, settings, date). On a narrow screen
// this module puts a button there instead, which opens the page's bottom sheet
// ([data-shot-sheet], run by bottom-sheet.js) with that photo's details, so the photos follow
// one another without lines of numbers between them. The header's "List of photos" button
// (data-sheet-detent="half", so bottom-sheet.js opens the sheet) fills the sheet with the
// photos; choosing one brings that photo up behind the sheet and swaps the sheet's content
// to its details, with a way back to the list. A swap never moves the sheet: it stays at the
// point the person left it. Without the script, or on a wide screen, the details stay under
// the photos and the page has no list. The wide/narrow switch is the stylesheet's (section 15).

import { reducedMotion } from "./motion.js";

const sheet = document.querySelector("[data-shot-sheet]");
const target = sheet?.querySelector("[data-shot-target]");
const title = sheet?.querySelector("#shot-sheet-title");
const listButton = document.querySelector("[data-photo-list-open]");
const frames = [...document.querySelectorAll(".frames > .frame")];
let opener = null; // the button whose details the sheet shows

function element(name, className, text) {
  const made = Object.assign(document.createElement(name), { className });
  if (text !== undefined) made.textContent = text; // text only: the same words, never markup
  return made;
}

/** The details the server wrote under a photo, as a list in the sheet; null if it has none. */
function detailsOf(frame) {
  const details = frame.querySelector("[data-shot]");
  if (!details) return null;
  const list = element("ul", "shot-sheet__list");
  for (const part of details.querySelectorAll(":scope > span:not(.visually-hidden)")) list.append(element("li", "", part.textContent));
  return list;
}

function open(button) {
  const list = detailsOf(button.closest(".frame"));
  if (!list) return;
  title.textContent = sheet.dataset.titleDetails;
  target.replaceChildren(list);
  opener = button;
  sheet.dispatchEvent(new CustomEvent("bottom-sheet:open", { detail: { detent: "half" } }));
  sheet.querySelector("[data-sheet-handle]")?.focus({ preventScroll: true });
}

function numbered(index) { return sheet.dataset.photoNumber.replace("{n}", String(index + 1)); }

/** The photos as a list of buttons; `chosen` (a frame) gets the focus, as after "Back". */
function showList(chosen = null) {
  const list = element("ol", "photo-list");
  list.setAttribute("data-photo-list", "");
  frames.forEach((frame, index) => {
    const button = element("button", "photo-list__item");
    button.type = "button";
    button.dataset.photoListItem = frame.id;
    const image = frame.querySelector("img");
    if (image) {
      const thumb = element("img", "photo-list__thumb");
      thumb.alt = "";
      thumb.src = image.currentSrc || image.src;
      button.append(thumb);
    }
    const words = element("span", "photo-list__words");
    words.append(element("span", "photo-list__name", numbered(index)));
    const about = image?.alt || frame.querySelector("[data-shot] > span:not(.visually-hidden)")?.textContent;
    if (about) words.append(element("span", "photo-list__about", about));
    button.append(words);
    button.addEventListener("click", () => showPhoto(frame, index));
    const item = element("li");
    item.append(button);
    list.append(item);
  });
  title.textContent = sheet.dataset.titleList;
  target.replaceChildren(list);
  opener = listButton;
  if (chosen) list.querySelector(`[data-photo-list-item="${CSS.escape(chosen.id)}"]`)?.focus({ preventScroll: false });
}

/** One photo's details in place of the list: the photo comes up behind the sheet. */
function showPhoto(frame, index) {
  const back = element("button", "button button--quiet button--small photo-list__back", sheet.dataset.back);
  back.type = "button";
  back.dataset.photoListBack = "";
  back.addEventListener("click", () => showList(frame));
  const heading = element("h3", "photo-list__heading", numbered(index));
  target.replaceChildren(back, heading, detailsOf(frame) ?? element("p", "photo-list__none", sheet.dataset.noDetails));
  target.scrollTop = 0;
  frame.scrollIntoView({ block: "start", behavior: reducedMotion() ? "instant" : "smooth" });
  back.focus({ preventScroll: true });
}

if (sheet && target && title) {
  document.querySelector(".frames")?.classList.add("frames--sheet");
  for (const button of document.querySelectorAll("[data-shot-open]")) {
    button.hidden = false;
    button.addEventListener("click", () => open(button));
  }
  if (listButton && frames.length) {
    listButton.hidden = false;
    // Filled before bottom-sheet.js (listening on the document) opens the sheet at "half".
    listButton.addEventListener("click", () => showList());
  }
  // Closed, the sheet is out of reach: the focus goes back to what opened it.
  sheet.addEventListener("bottom-sheet:change", (event) => {
    const lost = document.activeElement === document.body || sheet.contains(document.activeElement);
    if (event.detail.detent === 0 && opener && lost) opener.focus({ preventScroll: true });
  });
}
