// Show-password toggle: the button, hidden until this module runs, switches the named
// password fields between hidden and visible text. Without JavaScript the fields stay plain
// password inputs.
for (const button of document.querySelectorAll("[data-password-toggle]")) {
  const fields = button.dataset.passwordToggle.split(" ").map((id) => document.getElementById(id)).filter(Boolean);
  button.hidden = false;
  button.setAttribute("aria-pressed", "false");
  button.addEventListener("click", () => {
    const show = fields[0]?.type === "password";
    for (const field of fields) field.type = show ? "text" : "password";
    button.setAttribute("aria-pressed", String(show));
    button.textContent = show ? button.dataset.hide : button.dataset.show;
  });
}
