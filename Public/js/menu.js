// A menu, an inline confirmation or a panel drawn by <details data-dismissible>: Escape
// closes it and gives the focus back to its button (the <summary>), as a menu button does;
// a click outside it closes it too.

const OPEN_MENUS = "details[data-dismissible][open]";

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const menu = event.target.closest?.(OPEN_MENUS);
  if (!menu) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector("summary").focus();
});

document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll(OPEN_MENUS)) {
    if (!menu.contains(event.target)) menu.open = false;
  }
});
