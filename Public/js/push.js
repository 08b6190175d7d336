// The push part of /profile/notifications: a button that asks for permission, subscribes
// this browser with the site's key (`data-vapid-key`) and posts the subscription like the
// page's forms do (`_csrf`, `endpoint`, `p256dh`, `auth`). Offered only where push can work:
// a secure context (https or localhost) with service workers and the Push API; elsewhere the
// server-rendered explanation stays.

/// The key as bytes: `applicationServerKey` takes the raw P-256 point.
export function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/// What the page can offer in this browser.
export function pushSupport(scope) {
  if (!scope.isSecureContext) return "insecure";
  if (!("serviceWorker" in scope.navigator) || !("PushManager" in scope) || !("Notification" in scope)) return "unsupported";
  if (scope.Notification.permission === "denied") return "denied";
  return "offer";
}

class PushSettings {
  #section;
  #status;

  constructor(section) {
    this.#section = section;
    this.#status = section.querySelector("[data-push-status]");
    const support = pushSupport(window);
    this.#show(support);
    if (support !== "offer") return;
    section.querySelector("[data-push-subscribe]").addEventListener("click", this.#subscribe);
    this.#markThisBrowser();
  }

  #show(state) {
    for (const part of this.#section.querySelectorAll("[data-push-when]")) {
      part.hidden = !part.dataset.pushWhen.split(" ").includes(state);
    }
  }

  async #markThisBrowser() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription && Notification.permission === "granted") this.#show("subscribed");
  }

  #subscribe = async () => {
    const button = this.#section.querySelector("[data-push-subscribe]");
    button.disabled = true;
    try {
      if (await Notification.requestPermission() !== "granted") {
        this.#show("denied");
        return;
      }
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(this.#section.dataset.vapidKey),
      });
      const keys = subscription.toJSON().keys ?? {};
      const form = new FormData();
      form.set("_csrf", this.#section.dataset.csrf);
      form.set("endpoint", subscription.endpoint);
      form.set("p256dh", keys.p256dh ?? "");
      form.set("auth", keys.auth ?? "");
      const response = await fetch("/push/subscriptions", { method: "POST", body: form, headers: { Accept: "application/json" } });
      if (response.status === 201) {
        // The device list is the server's: the page shows it with the new device.
        location.assign("/profile/notifications?pushAdded=1");
        return;
      }
      const answer = await response.json().catch(() => ({}));
      await subscription.unsubscribe();
      this.#say(answer.error ?? this.#section.dataset.failed);
    } catch {
      this.#say(this.#section.dataset.failed);
    } finally {
      button.disabled = false;
    }
  };

  #say(text) {
    this.#status.textContent = text;
    this.#status.hidden = false;
  }
}

if (typeof document !== "undefined") {
  const section = document.querySelector("[data-push]");
  if (section) new PushSettings(section);
}
