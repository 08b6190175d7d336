// A menu or an inline confirmation drawn by <details> (`.menu`, `.confirm-inline`): Escape
// closes it and gives the focus back to its button (the <summary>), as a menu button does;
// a click outside it closes it too.

const OPEN_MENUS = ":is(details.menu, details.confirm-inline)[open]";

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
