"""The installed app in Chromium: the manifest passes Chromium's installability checks, the
service worker controls the site, a push delivered into it over DevTools shows one
notification (and a close push takes it away), and without the network a page is the
offline page with the conversation list saved earlier — nobody's once they signed out."""

import json

import pytest
from selenium.webdriver.common.by import By

from browser_helpers import STRINGS, log_out, sign_in, wait_until
from devtools_session import DevToolsSession

CONTROLLED = "return navigator.serviceWorker.controller !== null"
NOTIFICATIONS = """
    const done = arguments[arguments.length - 1];
    navigator.serviceWorker.ready
      .then((registration) => registration.getNotifications())
      .then((shown) => done(shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))));"""


# Counts the notifications the worker's showNotification calls have finished showing.
# Chromium's getNotifications() drops from its list (for good) a notification written but not
# yet on display when it is called, so the test reads the list only after the worker's call
# settled: a read racing the display would fail a push that worked.
COUNT_SHOWN = """
    self.shownNotifications = 0;
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (...details) {
      return show.apply(this, details).then((done) => { self.shownNotifications += 1; return done; });
    };"""


def controlled(driver):
    """Waits until the page is controlled by the site's service worker (installed, its shell
    kept, active)."""
    wait_until(lambda: driver.execute_script(CONTROLLED), message="no service worker took the page")


def test_the_manifest_passes_chromiums_installability_checks(open_browser, base_url):
    driver = open_browser(language="en")
    driver.get(base_url + "/")
    controlled(driver)
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == []
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"].endswith("/manifest.webmanifest?lang=en") and not manifest["errors"]


@pytest.mark.whole_chromium  # the headless shell has no notifications
def test_a_push_shows_one_notification_and_a_close_push_takes_it_away(open_browser, base_url):
    driver = open_browser(language="en")
    # Granted before the worker first starts, so it never runs without the permission.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["notifications"]})
    driver.get(base_url + "/")
    controlled(driver)
    devtools = DevToolsSession(driver)
    try:
        devtools.send("ServiceWorker.enable")
        # The registration of the worker that controls this page: a browser of the pool may still
        # list an earlier test's registration of this site, on its way out.
        versions = devtools.wait_for_event(
            "ServiceWorker.workerVersionUpdated",
            lambda params: any(v["scriptURL"].startswith(base_url + "/") and v["status"] == "activated" and v.get("controlledClients")
                               for v in params["versions"]))["versions"]
        [(registration_id, worker)] = {(v["registrationId"], v["targetId"]) for v in versions
                                       if v["scriptURL"].startswith(base_url + "/") and v["status"] == "activated" and v.get("controlledClients")}
        # Attached, the worker also stays running for the whole test.
        worker_session = devtools.attach(worker)
        devtools.evaluate(COUNT_SHOWN, worker_session)

        def push(payload):
            devtools.send("ServiceWorker.deliverPushMessage",
                          {"origin": base_url, "registrationId": registration_id, "data": json.dumps(payload)})

        def shown_after(count):
            wait_until(lambda: devtools.evaluate("self.shownNotifications", worker_session) >= count,
                       message="the worker did not show the push")
            return driver.execute_async_script(NOTIFICATIONS)

        push({"title": "Jana K.", "body": "Ahoj, máš čas v sobotu?", "url": "/messages/7", "tag": "room-7", "close": False})
        assert shown_after(1) == [{"title": "Jana K.", "body": "Ahoj, máš čas v sobotu?", "tag": "room-7", "data": {"url": "/messages/7"}}]
        push({"title": "Jana K.", "body": "A v neděli?", "url": "/messages/7", "tag": "room-7", "close": False})
        assert [n["body"] for n in shown_after(2)] == ["A v neděli?"], "a newer push of the conversation did not replace the older notification"
        push({"title": "", "body": "", "url": "/", "tag": "room-7", "close": True})
        wait_until(lambda: driver.execute_async_script(NOTIFICATIONS) == [], message="the close push left the notification")
    finally:
        devtools.close()


def offline_page(driver, url):
    """Opens `url` with the server gone and returns the offline page's saved section."""
    driver.get(url)
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "[data-offline-page]"), message="the offline page did not show")
    return driver.find_element(By.CSS_SELECTOR, "[data-saved-conversations]")


def test_offline_a_page_is_the_offline_page_with_the_list_saved_earlier_and_none_after_signing_out(open_browser, own_server):
    server = own_server()
    driver = open_browser(language="en")
    sign_in(driver, server.url, "jana.k")
    driver.get(server.url + "/messages")
    controlled(driver)
    rooms = [link.get_attribute("href") for link in driver.find_elements(By.CSS_SELECTOR, "[data-conversation-list] .conversation__link")]
    titles = [title.text for title in driver.find_elements(By.CSS_SELECTOR, "[data-conversation-list] .conversation__title")]
    assert rooms, "the demo's jana.k has conversations"
    port = server.port
    server.stop()

    saved = offline_page(driver, server.url + "/messages")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == STRINGS["en"]["pages"]["offline"]["title"]
    assert saved.is_displayed()
    assert saved.find_element(By.CSS_SELECTOR, "[data-saved-at]").text.startswith("Saved in this browser on ")
    assert [link.get_attribute("href") for link in saved.find_elements(By.CSS_SELECTOR, "a")] == rooms
    assert [title.text for title in saved.find_elements(By.CSS_SELECTOR, ".conversation__title")] == titles
    assert "jana.k" not in driver.find_element(By.CSS_SELECTOR, "header").text, "the offline page names nobody"

    server = own_server(port=port)
    driver.get(server.url + "/profile")
    log_out(driver)
    # Signing out took the worker too (Clear-Site-Data); the page signing out led to brings a new one.
    controlled(driver)
    assert driver.execute_script("return localStorage.getItem('fotofolio.savedConversations')") is None
    server.stop()
    saved = offline_page(driver, server.url + "/messages")
    assert not saved.is_displayed() and saved.find_elements(By.CSS_SELECTOR, "a") == []
