// Star rating: five submit buttons in a form, each posting its stars, and one that removes
// the rating. Without JavaScript a tap posts the form and the server answers with the profile
// again. With this module a tap saves in place: the pressed star changes at once, the
// server's JSON answer brings the new summary, and a failed request submits the form.

class Rating {
  constructor(form) {
    this.form = form;
    this.stars = [...form.querySelectorAll('button[name="stars"]')];
    this.remove = form.querySelector("[data-rating-remove]");
    this.summaries = [...document.querySelectorAll("[data-rating-summary]")];
    this.queued = null; // the latest choice not yet sent: { stars } (null stars: remove)
    this.sending = false;

    // The summary changes under a person who just picked a star; a status reads it out.
    for (const summary of this.summaries) {
      if (!summary.hasAttribute("role")) summary.setAttribute("role", "status");
    }
    form.addEventListener("submit", (event) => {
      const button = event.submitter;
      if (button !== this.remove && !this.stars.includes(button)) return;
      event.preventDefault();
      const stars = button === this.remove ? null : Number(button.value);
      this.press(stars);
      this.save(stars);
    });
  }

  // Requests go one at a time, so they cannot overtake each other on the way to the server;
  // choices made meanwhile collapse into one request with the latest.
  save(stars) {
    this.queued = { stars };
    if (!this.sending) this.send();
  }

  async send() {
    this.sending = true;
    while (this.queued) {
      const { stars } = this.queued;
      this.queued = null;
      const answer = await this.post(stars);
      if (!answer) {
        this.submitNatively(stars);
        return;
      }
      if (!this.queued) this.show(answer); // a newer choice is on its way: keep showing that
    }
    this.sending = false;
  }

  async post(stars) {
    const data = new FormData(this.form);
    if (stars == null) data.append(this.remove.name, this.remove.value);
    else data.append("stars", String(stars));
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
    this.press(stars);
    if (typeof summary === "string") {
      for (const element of this.summaries) element.textContent = summary;
    }
  }

  // The given star is pressed and every star up to it drawn full.
  press(stars) {
    for (const button of this.stars) {
      const value = Number(button.value);
      button.setAttribute("aria-pressed", String(value === stars));
      button.classList.toggle("rating__star--filled", stars != null && value <= stars);
    }
    this.showRemove(stars != null);
  }

  // There is nothing to remove before the first rating. If focus was on the button, it moves
  // to the first star rather than being lost with it.
  showRemove(rated) {
    if (!this.remove || this.remove.hidden === !rated) return;
    const hadFocus = document.activeElement === this.remove;
    this.remove.hidden = !rated;
    if (hadFocus) this.stars[0]?.focus();
  }

  // form.submit() sends no button, so the choice travels in a field of its own.
  submitNatively(stars) {
    const field = Object.assign(document.createElement("input"), { type: "hidden" });
    if (stars == null) Object.assign(field, { name: this.remove.name, value: this.remove.value });
    else Object.assign(field, { name: "stars", value: String(stars) });
    this.form.append(field);
    this.form.submit();
  }
}

for (const form of document.querySelectorAll("[data-rating-form]")) new Rating(form);
