// Tag input: shows the words of a text field as removable chips. Without JavaScript the field
// is a plain text input of words separated by spaces or commas, which the server splits. With
// it, that input becomes a hidden field this module keeps in sync (the chips joined by spaces,
// plus any word still being typed), so the form submits what it would have without the script.
// When the chips change, that hidden field fires a bubbling `change`, as a visible field would,
// so a form can react to its tags; a `tag-input:set` event with `detail.tags` replaces them.

const SEPARATORS = /[\s,]+/u;

// Duplicates ignore case and diacritics: "Portrét" and "portret" are the same tag.
const key = (word) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

// "#Praha," → "Praha": a leading hash and punctuation around a word are not part of the tag.
const clean = (word) => word.replace(/^\p{P}+|\p{P}+$/gu, "");

const wordsIn = (text) => text.split(SEPARATORS).map(clean).filter(Boolean);

function element(name, className, attributes = {}) {
  const node = document.createElement(name);
  node.className = className;
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  return node;
}

class TagInput {
  constructor(root) {
    this.root = root;
    this.field = root.querySelector("input");
    this.max = Number(root.dataset.max) || Infinity;
    this.tags = []; // the words shown as chips, in the order of this.chips' children

    // The box looks like the text field did (and keeps its invalid state), holding the chips
    // and a small input to type into.
    this.box = element("div", "field__input tag-input__box");
    this.chips = element("ul", "tag-input__chips");
    this.typing = element("input", "tag-input__typing", { autocomplete: "off" });
    this.status = element("p", "tag-input__status", { role: "status" });

    // The label's for= and the hint belong to where people type now.
    for (const name of ["id", "aria-describedby", "aria-invalid"]) {
      if (!this.field.hasAttribute(name)) continue;
      this.typing.setAttribute(name, this.field.getAttribute(name));
      this.field.removeAttribute(name);
    }
    this.field.type = "hidden";
    this.box.append(this.chips, this.typing);
    root.append(this.box, this.status);
    // Whatever the server rendered is kept, even past the limit: dropping it would lose data.
    for (const word of wordsIn(this.field.value)) this.add(word, { force: true });
    this.sync();

    this.typing.addEventListener("input", (event) => this.onInput(event));
    this.typing.addEventListener("keydown", (event) => this.onKeydown(event));
    this.typing.addEventListener("paste", (event) => this.onPaste(event));
    this.typing.addEventListener("blur", () => this.commitTyped());
    this.chips.addEventListener("click", (event) => this.onChipClick(event));
    // A click on the box around the chips should feel like a click into the field.
    this.box.addEventListener("click", (event) => event.target === this.box && this.typing.focus());
    root.addEventListener("tag-input:set", (event) => this.set(event.detail?.tags ?? []));
  }

  // Replaces every chip, e.g. when a page's tag link sets the filter. Words past the limit are
  // dropped quietly: nobody typed them, so a message about them would only puzzle.
  set(words) {
    this.chips.replaceChildren();
    this.tags = [];
    this.typing.value = ""; // a half-typed word would otherwise ride along with the new tags
    for (const word of words.flatMap(wordsIn)) this.add(word);
    this.status.textContent = "";
    this.sync();
    this.announceChange();
  }

  // Not on every keystroke: a word still being typed is not a change of the tags yet.
  announceChange() {
    this.field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A space or comma ends a word. Handled on input rather than keydown because phone
  // keyboards report most keys as "Unidentified".
  onInput(event) {
    if (event.isComposing || !SEPARATORS.test(this.typing.value)) {
      this.sync(); // an unfinished word is submitted too, as it would be without the script
      return;
    }
    const parts = this.typing.value.split(SEPARATORS);
    this.typing.value = parts.pop(); // the word after the last separator is still being typed
    this.addWords(parts.join(" "));
  }

  onKeydown(event) {
    if (event.isComposing) return;
    if (event.key === "Enter" && this.typing.value.trim()) {
      event.preventDefault(); // the word becomes a chip; the next Enter submits the form
      this.commitTyped();
    } else if (event.key === "Backspace" && !this.typing.value && this.tags.length) {
      event.preventDefault();
      this.remove(this.tags.length - 1);
    }
  }

  // Pasted text with several words becomes several chips at once.
  onPaste(event) {
    const text = event.clipboardData?.getData("text") ?? "";
    if (!SEPARATORS.test(text.trim())) return; // a single word pastes as usual
    event.preventDefault();
    this.typing.setRangeText(text, this.typing.selectionStart, this.typing.selectionEnd, "end");
    this.commitTyped();
  }

  onChipClick(event) {
    const button = event.target.closest(".tag-input__remove");
    if (!button) return;
    this.remove([...this.chips.children].indexOf(button.closest("li")));
    this.typing.focus(); // the button is gone with its chip
  }

  commitTyped() {
    const text = this.typing.value;
    this.typing.value = "";
    this.addWords(text);
  }

  addWords(text) {
    const before = this.tags.length;
    for (const word of wordsIn(text)) this.add(word);
    this.sync();
    if (this.tags.length !== before) this.announceChange();
  }

  add(word, { force = false } = {}) {
    if (this.tags.some((tag) => key(tag) === key(word))) return;
    if (!force && this.tags.length >= this.max) {
      this.status.textContent = this.root.dataset.limitMessage ?? "";
      return;
    }
    const chip = element("li", "tag-input__chip");
    const text = element("span", "tag-input__text");
    text.textContent = word;
    const label = (this.root.dataset.removeLabel ?? "{tag}").replaceAll("{tag}", word);
    const remove = element("button", "tag-input__remove", { type: "button", "aria-label": label });
    remove.textContent = "×";
    chip.append(text, remove);
    this.chips.append(chip);
    this.tags.push(word);
  }

  remove(index) {
    if (index < 0) return;
    this.chips.children[index].remove();
    this.tags.splice(index, 1);
    if (this.tags.length < this.max) this.status.textContent = "";
    this.sync();
    this.announceChange();
  }

  sync() {
    this.field.value = [...this.tags, this.typing.value.trim()].filter(Boolean).join(" ");
    // role="list": Safari drops the list role of a ul styled without bullets. Only with chips
    // in it: a list role must have items.
    if (this.tags.length) this.chips.setAttribute("role", "list");
    else this.chips.removeAttribute("role");
  }
}

for (const root of document.querySelectorAll("[data-tag-input]")) {
  if (root.querySelector("input")) new TagInput(root);
}
