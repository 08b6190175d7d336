// The components page: says which detent its sheet came to rest at (the sheet's
// bottom-sheet:change event names it), and shows or hides the page's own "offline" state
// from its <template> (content-state.js), as the messenger does when the network goes.

import { hideState, showState } from "./content-state.js";

const reached = document.querySelector("[data-demo-detent]");
for (const sheet of document.querySelectorAll("[data-bottom-sheet]")) {
  // bottom-sheet.js, loaded first, may already have set it down where it rests.
  if (sheet.dataset.sheetDetentName) reached.value = sheet.dataset.sheetDetentName;
  sheet.addEventListener("bottom-sheet:change", (event) => { reached.value = event.detail.name; });
}

const offline = document.querySelector("[data-demo-offline]");
const region = document.querySelector("[data-demo-states]");
if (offline && region) {
  offline.hidden = false;
  offline.addEventListener("click", () => {
    const showing = offline.getAttribute("aria-pressed") !== "true";
    offline.setAttribute("aria-pressed", String(showing));
    if (showing) showState(region, "offline");
    else hideState(region, "offline");
  });
}
