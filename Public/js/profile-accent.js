// The profile colour: touching the colour plane (or typing a value) means choosing a colour
// of one's own, so the "use the default colour" box unticks itself. Without this module it
// is unticked by hand.

const field = document.querySelector("[data-profile-accent]");
const useDefault = field?.querySelector("input[name=accentDefault]");
const plane = field?.querySelector("[data-plane-view]");

function chooseOwn(event) {
  if (event.isTrusted && useDefault) useDefault.checked = false;
}

for (const type of ["pointerdown", "keydown", "wheel"]) plane?.addEventListener(type, chooseOwn);
for (const input of field?.querySelectorAll("[data-slider-typed] input") ?? []) input.addEventListener("input", chooseOwn);
