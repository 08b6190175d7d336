"""One browser per worker for each kind of browser the tests ask for, reset between tests.

Starting a browser costs seconds (Firefox and WebKit most), far more than most tests take.
A browser is kept for the next test that asks for the same kind, and before that is reset to
what a fresh one is: no cookies or stored data, one empty tab, no emulated screen, colour
scheme, motion, time zone or blocked addresses, the driver's default timeouts; the next test
gives it its size. A browser is not kept when its test failed (so a broken browser cannot fail
the next test), when the reset fails, or when the test changed something the reset cannot put
back (then the test's browser is closed, as every browser was before)."""

from urllib.parse import urlsplit

from selenium.webdriver.common.timeouts import Timeouts
from selenium.webdriver.remote.command import Command

from engines import engine_of, in_browser_chrome, open_engine, set_viewport

# What a browser has when it starts; tests change the script timeout (axe runs take longer).
DEFAULT_TIMEOUTS = Timeouts(implicit_wait=0, page_load=300, script=30)
# DevTools commands whose effects end with the tab they were sent to, or that change nothing:
# the reset opens a new tab. Anything else (permissions, say) makes the browser one-off.
TAB_LOCAL_CDP = ("Emulation.", "Network.", "Input.", "DOM.", "Accessibility.", "Page.")
# Firefox's preferences emulate_media sets: global, so put back by name.
FIREFOX_MEDIA_PREFERENCES = ("layout.css.prefers-color-scheme.content-override", "ui.prefersReducedMotion")
# How many idle browsers of one kind a worker keeps (a test may use two at once).
KEPT_PER_KIND = 2


def kind_of(engine, size, language, javascript, whole=False):
    """What a browser cannot change after it started: its engine, the language it asks for
    (WebKit takes it from its process's locale), whether pages run scripts, in Firefox
    whether scroll bars overlay the page (a phone's) or take room (a desktop's), and in
    Chromium whether it is the whole browser or its headless shell."""
    overlay = engine == "firefox" and size[0] < 768
    return engine, language, javascript, overlay, whole


class BrowserPool:
    def __init__(self):
        self.idle = {}

    def take(self, engine, size, language, javascript, whole=False):
        kind = kind_of(engine, size, language, javascript, whole)
        kept = self.idle.get(kind, [])
        while kept:
            driver = kept.pop()
            try:
                set_viewport(driver, *size)
                return driver
            except Exception:
                quit_quietly(driver)
        driver = open_engine(engine, size, language, javascript, whole)
        watch(driver, kind)
        return driver

    def give_back(self, driver, test_passed):
        """Keeps `driver` for the next test if it can be reset, else closes it."""
        kept = self.idle.setdefault(driver.kind, [])
        if test_passed and not driver.one_off and len(kept) < KEPT_PER_KIND:
            try:
                reset(driver)
                kept.append(driver)
                return
            except Exception:
                pass
        quit_quietly(driver)

    def close(self):
        for kept in self.idle.values():
            for driver in kept:
                quit_quietly(driver)
        self.idle.clear()


def watch(driver, kind):
    """Notes what a test does that a reset must undo: the addresses it visits (whose cookies
    and storage are cleared), and the DevTools commands it sends."""
    driver.kind, driver.one_off, driver.origins = kind, False, set()
    driver.first_tab = driver.current_window_handle
    navigate = driver.get

    def get(url):
        parts = urlsplit(url)
        if parts.scheme in ("http", "https"):
            driver.origins.add(f"{parts.scheme}://{parts.netloc}")
        navigate(url)

    driver.get = get
    if engine_of(driver) == "chromium":
        send = driver.execute_cdp_cmd

        def execute_cdp_cmd(command, arguments):
            if not command.startswith(TAB_LOCAL_CDP):
                driver.one_off = True
            return send(command, arguments)

        driver.execute_cdp_cmd = execute_cdp_cmd


def reset(driver):
    engine = engine_of(driver)
    # First: the reset's own scripts run under the default timeouts, not the test's (one that
    # left a short script timeout made Firefox's clearing of its data time out under load).
    driver.timeouts = DEFAULT_TIMEOUTS
    driver.execute(Command.W3C_CLEAR_ACTIONS)  # no key or button left pressed
    if (current := urlsplit(driver.current_url)).scheme in ("http", "https"):
        driver.origins.add(f"{current.scheme}://{current.netloc}")
    if engine == "webkit":
        reset_webkit(driver)
    else:
        # A new tab has none of the old one's emulation, session storage or history.
        old_tabs = driver.window_handles
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        for tab in old_tabs:
            driver.switch_to.window(tab)
            driver.close()
        driver.switch_to.window(fresh)
        driver.first_tab = fresh
        if engine == "chromium":
            driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            for origin in driver.origins:
                driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        else:
            in_browser_chrome(driver, """
                for (const name of arguments[0]) Services.prefs.clearUserPref(name);
                const flags = Ci.nsIClearDataService.CLEAR_COOKIES | Ci.nsIClearDataService.CLEAR_DOM_STORAGES
                  | Ci.nsIClearDataService.CLEAR_ALL_CACHES;
                return new Promise((resolve) => Services.clearData.deleteData(flags, resolve));""",
                              list(FIREFOX_MEDIA_PREFERENCES))
    driver.origins.clear()
    driver.one_off = False
    driver.get("about:blank")
    if engine == "chromium":
        driver.get_log("browser")  # read is emptied: the next test's log starts empty


def reset_webkit(driver):
    """WebKitGTK's driver has no command for a browser's data: each visited address is opened
    again and its cookies and storage cleared by hand. A browser with a second window, or
    that visited a server that is gone, is not reused."""
    if driver.window_handles != [driver.first_tab]:
        raise RuntimeError("a second window")
    for origin in sorted(driver.origins):
        driver.get(origin + "/healthz")
        if not driver.current_url.startswith(origin):
            raise RuntimeError(f"{origin} no longer answers")
        driver.delete_all_cookies()
        driver.execute_script("localStorage.clear(); sessionStorage.clear();")


def quit_quietly(driver):
    try:
        driver.quit()
    except Exception:
        pass
