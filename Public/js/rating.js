// Star rating: five radio buttons drawn as stars (app.css) in a form that posts the choice.
// Without JavaScript one picks the stars and presses "Rate", or "Remove rating"; the server
// answers with the profile again. With this module a choice is saved the moment it is made
// and the server's JSON answer brings the new summary; a failed request submits the form.

class Rating {
  constructor(form) {
    this.form = form;
    this.remove = form.querySelector("[data-rating-remove]");
    this.summary = form.nextElementSibling?.matches("[data-rating-summary]")
      ? form.nextElementSibling
      : document.querySelector("[data-rating-summary]");
    this.queued = null; // the latest choice not yet sent: { remove }
    this.sending = false;

    // Choosing a star saves it now: the button has nothing left to do.
    const submit = form.querySelector("[data-rating-submit]");
    if (submit) submit.hidden = true;
    // The summary changes under a person who just picked a star; a status reads it out.
    if (this.summary && !this.summary.hasAttribute("role")) {
      this.summary.setAttribute("role", "status");
    }
    this.showRemove(this.checked() != null);

    // Arrow keys move the choice star by star, each a change: only the last one must stick.
    form.addEventListener("change", (event) => event.target.name === "stars" && this.save(false));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.save(Boolean(this.remove) && event.submitter === this.remove);
    });
  }

  checked() {
    return this.form.querySelector('input[name="stars"]:checked')?.value ?? null;
  }

  // Requests go one at a time, so they cannot overtake each other on the way to the server;
  // choices made meanwhile collapse into one request with the latest.
  save(remove) {
    this.queued = { remove };
    if (!this.sending) this.send();
  }

  async send() {
    this.sending = true;
    while (this.queued) {
      const { remove } = this.queued;
      this.queued = null;
      const data = new FormData(this.form);
      if (remove) data.append(this.remove.name, this.remove.value); // as the pressed button would
      const answer = await this.post(data);
      if (!answer) {
        this.submitNatively(remove);
        return;
      }
      if (!this.queued) this.show(answer); // a newer choice is on its way: keep showing that
    }
    this.sending = false;
  }

  async post(data) {
    try {
      const response = await fetch(this.form.action, {
        method: "POST",
        body: data,
        headers: { Accept: "application/json" },
      });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  show({ stars, summary }) {
    for (const radio of this.form.querySelectorAll('input[name="stars"]')) {
      radio.checked = stars != null && Number(radio.value) === stars;
    }
    if (this.summary && typeof summary === "string") this.summary.textContent = summary;
    this.showRemove(stars != null);
  }

  // There is nothing to remove before the first rating. If focus was on the button, it moves
  // to the stars rather than being lost with it.
  showRemove(rated) {
    if (!this.remove || this.remove.hidden === !rated) return;
    const hadFocus = document.activeElement === this.remove;
    this.remove.hidden = !rated;
    if (hadFocus) this.form.querySelector('input[name="stars"]')?.focus();
  }

  // form.submit() sends no button, so the removal travels in a field of its own.
  submitNatively(remove) {
    if (remove) {
      const field = Object.assign(document.createElement("input"), { type: "hidden" });
      Object.assign(field, { name: this.remove.name, value: this.remove.value });
      this.form.append(field);
    }
    this.form.submit();
  }
}

for (const form of document.querySelectorAll("[data-rating-form]")) new Rating(form);
