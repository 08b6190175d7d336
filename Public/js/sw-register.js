// On every page: registers the service worker (/sw.js: the shell for offline use and the
// push notifications; browsers offer workers only on https and localhost), keeps or drops
// the conversation list saved for the offline page, and on /offline shows it.
import { keepConversationList, showSavedConversations } from "./saved-conversations.js";

function storage() {
  try { return window.localStorage; } catch { return null; }
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Without a worker the site works as before, only not offline.
  });
}

const kept = storage();
if (kept) {
  if (document.querySelector("[data-offline-page]")) showSavedConversations(document, kept);
  else keepConversationList(document, kept);
}
