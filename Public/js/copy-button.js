// "Copy" next to a read-only address (pages/share-links): copies the field it names and
// says so on the button for a moment. Without the script, or without a clipboard, the
// button stays hidden and the address is selected and copied by hand.

const SAID_FOR_MS = 2000;

for (const button of document.querySelectorAll("[data-copy]")) {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) continue;
  const label = button.textContent;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = button.dataset.copiedLabel;
      setTimeout(() => { button.textContent = label; }, SAID_FOR_MS);
    } catch {
      field.select();
    }
  });
}

for (const field of document.querySelectorAll("[data-share-address]")) {
  field.addEventListener("focus", () => field.select());
}
