// "How it was shot" on phones. Under each photo of a portfolio the server writes what the
// camera recorded (camera, lens, settings, date). On a narrow screen this module puts a
// button there instead, which opens the page's bottom sheet ([data-shot-sheet], run by
// bottom-sheet.js) with that photo's details, so the photos follow one another without
// lines of numbers between them. Without the script, or on a wide screen, the details stay
// under the photos. The wide/narrow switch is the stylesheet's (section 15).

const sheet = document.querySelector("[data-shot-sheet]");
const target = sheet?.querySelector("[data-shot-target]");
let opener = null; // the button whose details the sheet shows

function open(button) {
  const details = button.parentElement.querySelector("[data-shot]");
  if (!details) return;
  const list = Object.assign(document.createElement("ul"), { className: "shot-sheet__list" });
  for (const part of details.querySelectorAll(":scope > span:not(.visually-hidden)")) {
    const item = document.createElement("li");
    item.textContent = part.textContent; // text only: the same words, never markup
    list.append(item);
  }
  target.replaceChildren(list);
  opener = button;
  sheet.dispatchEvent(new CustomEvent("bottom-sheet:open", { detail: { detent: 1 } }));
  sheet.querySelector("[data-sheet-handle]")?.focus({ preventScroll: true });
}

if (sheet && target) {
  document.querySelector(".frames")?.classList.add("frames--sheet");
  for (const button of document.querySelectorAll("[data-shot-open]")) {
    button.hidden = false;
    button.addEventListener("click", () => open(button));
  }
  // Closed, the sheet is out of reach: the focus goes back to the photo it was about.
  sheet.addEventListener("bottom-sheet:change", (event) => {
    const lost = document.activeElement === document.body || sheet.contains(document.activeElement);
    if (event.detail.detent === 0 && opener && lost) opener.focus({ preventScroll: true });
  });
}
