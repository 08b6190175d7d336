// What happens to a message after it is sent, without leaving the room: its author edits
// it in place (Enter saves, Shift+Enter starts a new line, Escape cancels) or deletes it
// after a confirmation asked in place, and anyone reacts to it. Each is the plain form or page the server
// renders (`/messages/{room}/{message}/edit`, `…/delete`, `…/reactions`), sent with fetch;
// the reply is the message's new markup, which takes the place of the one shown (other
// tabs get the same from the live `changed` event). A long press on a reaction shows who
// gave it, as the title does for a mouse.

import { announce } from "./announce.js";
import { element, withToken } from "./chat-history.js";

const LONG_PRESS_MS = 500;

let room = null; // the room open now (messenger.js opens one after another)
const token = () => room?.querySelector("[data-chat-composer] [name=_csrf]")?.value ?? "";

/** Answers the menus, forms and long presses of the messages in `opened`; returns what closes it. */
export function openEdits(opened) {
  room = opened;
  opened.addEventListener("click", clicked);
  opened.addEventListener("submit", submitted);
  opened.addEventListener("pointerdown", pressStarted);
  return () => {
    opened.removeEventListener("click", clicked);
    opened.removeEventListener("submit", submitted);
    opened.removeEventListener("pointerdown", pressStarted);
    if (room === opened) room = null;
  };
}

function clicked(event) {
  const edit = event.target.closest("[data-message-edit]");
  const remove = event.target.closest("[data-message-delete]");
  if (edit) {
    event.preventDefault();
    startEditing(edit);
  } else if (remove) {
    event.preventDefault();
    confirmDeleting(remove);
  }
}

function submitted(event) {
  const form = event.target.closest("[data-chat-reactions]");
  if (!form || !event.submitter?.value) return;
  event.preventDefault();
  react(form, event.submitter.value);
}

/** Posts `data` to `url` with the room's token; the message's new markup, or the reason it was refused. */
async function post(url, data = new FormData()) {
  data.set("_csrf", token());
  try {
    const response = await fetch(url, { method: "POST", body: data, headers: { Accept: "application/json" } });
    const reply = await response.json().catch(() => ({}));
    return response.ok ? { html: reply.html } : { error: reply.error ?? response.statusText };
  } catch {
    return { error: room?.dataset.offline ?? "" };
  }
}

/** The message shown takes its new form, keeping its place in a run of the same person's. */
function replace(item, html) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const fresh = template.content.firstElementChild;
  withToken(fresh, room);
  fresh.classList.toggle("chat-message--continued", item.classList.contains("chat-message--continued"));
  item.replaceWith(fresh);
  return fresh;
}

// ---- editing

async function startEditing(link) {
  const item = link.closest(".chat-message");
  link.closest("details")?.removeAttribute("open");
  const text = item.querySelector(".chat-message__text");
  if (!text || item.classList.contains("chat-message--editing")) return;
  const response = await fetch(link.href, { headers: { Accept: "application/json" } }).catch(() => null);
  const reply = response?.ok ? await response.json() : null;
  if (!reply) return location.assign(link.href);
  const form = element("form", "chat-message__edit");
  form.action = link.href;
  const field = element("textarea", "field__input");
  field.name = "content";
  field.value = reply.content;
  field.required = true;
  field.setAttribute("aria-label", room?.dataset.editLabel ?? "");
  const actions = element("div", "chat-message__edit-actions");
  const save = element("button", "button button--small", room?.dataset.save);
  save.type = "submit";
  const cancel = element("button", "button button--quiet button--small", room?.dataset.cancel);
  cancel.type = "button";
  actions.append(save, cancel, element("span", "", room?.dataset.editHint));
  form.append(field, actions);
  item.classList.add("chat-message--editing");
  text.hidden = true;
  text.after(form);
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);

  const stop = () => {
    form.remove();
    text.hidden = false;
    item.classList.remove("chat-message--editing");
    item.querySelector(".chat-message__menu summary")?.focus();
  };
  cancel.addEventListener("click", stop);
  field.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      stop();
    } else if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    save.disabled = true;
    const data = new FormData();
    data.set("content", field.value);
    const result = await post(link.href, data);
    save.disabled = false;
    if (result.error !== undefined) return refused(form, field, result.error);
    const fresh = replace(item, result.html);
    fresh.querySelector(".chat-message__menu summary")?.focus();
    announce(room?.dataset.announceEdited);
  });
}

function refused(form, field, reason) {
  form.querySelector(".field__error")?.remove();
  const error = element("p", "field__error", reason);
  error.setAttribute("role", "alert");
  form.prepend(error);
  field.focus();
}

// ---- deleting

/** Asks in place, under the message: Delete (focused) or Cancel; Escape cancels too. */
function confirmDeleting(link) {
  link.closest("details")?.removeAttribute("open");
  const item = link.closest(".chat-message");
  if (item.querySelector(".chat-message__confirm")) return;
  const question = element("div", "chat-message__confirm");
  question.setAttribute("role", "group");
  const text = element("p", "", link.dataset.confirm);
  text.id = `confirm-${item.dataset.message}`;
  question.setAttribute("aria-labelledby", text.id);
  const yes = element("button", "button button--danger button--small", link.textContent);
  yes.type = "button";
  const no = element("button", "button button--quiet button--small", room?.dataset.cancel);
  no.type = "button";
  question.append(text, yes, no);
  item.querySelector(".chat-message__body").append(question);
  yes.focus();
  const cancel = () => {
    question.remove();
    item.querySelector(".chat-message__menu summary")?.focus();
  };
  no.addEventListener("click", cancel);
  question.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    cancel();
  });
  yes.addEventListener("click", async () => {
    yes.disabled = true;
    const result = await post(link.href.replace(/\/edit(#.*)?$/, "/delete"));
    if (result.error !== undefined) {
      yes.disabled = false;
      return announce(result.error);
    }
    const fresh = replace(item, result.html);
    fresh.setAttribute("tabindex", "-1");
    fresh.focus();
    announce(room?.dataset.announceDeleted);
  });
}

// ---- reactions

async function react(form, reaction) {
  const item = form.closest(".chat-message");
  const data = new FormData();
  data.set("reaction", reaction);
  const result = await post(form.action, data);
  if (result.error !== undefined) return announce(result.error);
  const fresh = replace(item, result.html);
  // The focus stays on the reaction pressed (or, taken back to none, on the picker).
  const same = [...fresh.querySelectorAll(".chat-reactions__reaction")].find((button) => button.value === reaction);
  (same ?? fresh.querySelector(".chat-reactions__more"))?.focus();
  if (same) announce(same.getAttribute("aria-label"));
}

/** A finger held on a reaction shows who gave it until it lifts; the press then gives nothing. */
function pressStarted(event) {
  const button = event.target.closest(".chat-reactions__reaction");
  if (!button || event.pointerType !== "touch") return;
  let bubble = null;
  const timer = setTimeout(() => {
    bubble = element("span", "chat-reactions__names", button.dataset.names);
    bubble.setAttribute("aria-hidden", "true");
    button.append(bubble);
    button.addEventListener("click", (click) => click.preventDefault(), { once: true, capture: true });
  }, LONG_PRESS_MS);
  const end = () => {
    clearTimeout(timer);
    bubble?.remove();
    removeEventListener("pointerup", end);
    removeEventListener("pointercancel", end);
  };
  addEventListener("pointerup", end);
  addEventListener("pointercancel", end);
  button.addEventListener("contextmenu", (menu) => menu.preventDefault(), { once: true });
}
