// The photos of a message, large, in a dialog: a click on a message's photo opens it there
// instead of leaving the page; ← and → (or the buttons) go through that message's photos,
// Escape or Close ends it, and focus returns to the photo it started from. Without this
// module each photo is a link to its large picture.

/** Brings the viewer of `room` to life; returns a function that stops it. */
export function openPhotoViewer(room) {
  const dialog = room.querySelector("[data-photo-viewer]");
  if (!dialog || typeof dialog.showModal !== "function") return () => {};
  const image = dialog.querySelector("[data-photo-viewer-image]");
  const previous = dialog.querySelector("[data-photo-viewer-previous]");
  const next = dialog.querySelector("[data-photo-viewer-next]");
  let photos = [];
  let index = 0;
  let opener = null;

  const show = (at) => {
    index = (at + photos.length) % photos.length;
    const link = photos[index];
    const thumbnail = link.querySelector("img");
    image.src = link.getAttribute("href");
    image.alt = thumbnail?.alt ?? "";
    if (link.dataset.width) image.width = Number(link.dataset.width);
    if (link.dataset.height) image.height = Number(link.dataset.height);
    previous.hidden = next.hidden = photos.length < 2;
  };
  const onClick = (event) => {
    const link = event.target.closest("[data-chat-photo]");
    if (!link || !room.contains(link) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const grid = link.closest(".chat-attachments__photos") ?? link.parentElement;
    photos = Array.from(grid.querySelectorAll("[data-chat-photo]"));
    opener = link;
    show(photos.indexOf(link));
    dialog.showModal();
  };
  const onKey = (event) => {
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
    else return;
    event.preventDefault();
  };
  const onPrevious = () => show(index - 1);
  const onNext = () => show(index + 1);
  const onClose = () => {
    image.removeAttribute("src");
    opener?.focus();
    opener = null;
  };
  room.addEventListener("click", onClick);
  dialog.addEventListener("keydown", onKey);
  dialog.addEventListener("close", onClose);
  previous.addEventListener("click", onPrevious);
  next.addEventListener("click", onNext);
  return () => {
    room.removeEventListener("click", onClick);
    dialog.removeEventListener("keydown", onKey);
    dialog.removeEventListener("close", onClose);
    previous.removeEventListener("click", onPrevious);
    next.removeEventListener("click", onNext);
    if (dialog.open) dialog.close();
  };
}
