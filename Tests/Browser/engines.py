"""The three browser engines the tests run in, and what differs in driving each.

- Chromium: Debian's chromium-headless-shell (the engine without the browser around it: about
  40 % less CPU per test) + chromedriver; the screen, colour scheme and input through DevTools
  (CDP). Tests marked `whole_chromium` get the whole browser, for what only it has: the
  installed app's checks, notifications and push.
- Firefox: Debian's firefox-esr, headless, through Marionette (marionette_bridge.py).
- WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver, on a private X server
  (Xvfb): MiniBrowser has no headless mode. Pages are painted without the GL compositor.

`open_engine(engine, size, language, javascript, whole)` starts one; the rest of this module does
one thing the same way in each, or says where an engine cannot."""

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
from selenium.webdriver.support.wait import WebDriverWait
from selenium.webdriver.webkitgtk.service import Service as WebKitService

import marionette_bridge

ENGINES = ("chromium", "firefox", "webkit")

# Debian's packages: the same build on every machine, and nothing is downloaded at run time.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_SHELL = "/usr/lib/chromium/chromium-headless-shell"
CHROMEDRIVER = "/usr/bin/chromedriver"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = next(iter(sorted(Path("/usr/lib/x86_64-linux-gnu").glob("webkit2gtk-4.*/MiniBrowser"))), None)
NEEDS = {
    "chromium": ([CHROMIUM, CHROMIUM_SHELL, CHROMEDRIVER], "chromium chromium-headless-shell chromium-driver"),
    "firefox": ([marionette_bridge.FIREFOX], "firefox-esr"),
    "webkit": ([WEBKIT_DRIVER, str(MINIBROWSER), "/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/localedef"],
               "webkit2gtk-driver xvfb xdotool locales"),
}

# Firefox's headless window and MiniBrowser's window are no narrower than their toolbars.
# MiniBrowser's toolbar is shrunk by a GTK style sheet of its own (below); Firefox shows a
# narrower page in its wide window by giving the page's <browser> element the size, as its
# responsive design mode does.
FIREFOX_CHROME_SCRIPT = """
    const [width, height] = arguments;
    const browser = gBrowser.selectedBrowser;
    if (width === null) {
      for (const property of ["width", "height", "flex"]) browser.style.removeProperty(property);
      return;
    }
    browser.style.setProperty("width", `${width}px`);
    browser.style.setProperty("height", `${height}px`);
    browser.style.setProperty("flex", "none");"""
MINIBROWSER_GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 4px; -gtk-icon-transform: scale(0.25); }\n"

# Firefox's overrides for the media features Chromium emulates through DevTools.
FIREFOX_MEDIA = {
    ("prefers-color-scheme", "dark"): ("layout.css.prefers-color-scheme.content-override", 0),
    ("prefers-color-scheme", "light"): ("layout.css.prefers-color-scheme.content-override", 1),
    ("prefers-reduced-motion", "reduce"): ("ui.prefersReducedMotion", 1),
    ("prefers-reduced-motion", "no-preference"): ("ui.prefersReducedMotion", 0),
}


def missing(engine):
    """What to install when `engine` cannot start here, else None."""
    paths, packages = NEEDS[engine]
    if all(path and os.access(path, os.X_OK) for path in paths):
        return None
    return f"{engine} needs {', '.join(paths)}: apt-get install {packages}"


def engine_of(driver):
    return getattr(driver, "engine", "chromium")


def open_engine(engine, size, language, javascript, whole=False):
    """Starts `engine`; `whole` asks for the whole Chromium browser rather than its shell."""
    if engine == "chromium":
        driver = chromium(size, language, javascript, whole)
    else:
        driver = {"firefox": firefox, "webkit": webkit}[engine](size, language, javascript)
    driver.engine = engine
    try:
        set_viewport(driver, *size)
    except BaseException:
        driver.quit()
        raise
    return driver


# ---------------------------------------------------------------- starting each engine

def chromium(size, language, javascript, whole):
    options = webdriver.ChromeOptions()
    for argument in ("--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--lang={language.split(',')[0]}"):
        options.add_argument(argument)
    if whole:
        options.binary_location = CHROMIUM
        options.add_argument("--headless=new")
        preferences = {"intl.accept_languages": language}
        if not javascript:
            preferences["profile.managed_default_content_settings.javascript"] = 2
        options.add_experimental_option("prefs", preferences)
    else:
        # The shell has no profile preferences: the languages and scripts are switches.
        options.binary_location = CHROMIUM_SHELL
        options.add_argument(f"--accept-lang={language}")
        if not javascript:
            options.add_argument("--blink-settings=scriptEnabled=false")
    # Console messages, CSP violations among them, for driver.get_log("browser").
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=ChromeService(CHROMEDRIVER), options=options)


def firefox(size, language, javascript):
    preferences = {
        "intl.accept_languages": language,
        "javascript.enabled": javascript,
        # As Chromium's phone emulation: scroll bars that overlay the page take none of its width.
        "ui.useOverlayScrollbars": 1 if size[0] < 768 else 0,
    }
    return marionette_bridge.firefox(preferences, size)


def webkit(size, language, javascript):
    options = WebKitOptions()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    if not javascript:
        # The page's own scripts are off; the driver's scripts still run.
        options.add_argument("--enable-javascript-markup=false")
    display, server = private_display()
    environment = {
        **os.environ,
        "DISPLAY": display,
        # WebKitGTK asks for the languages of the process's locale (Accept-Language).
        "LOCPATH": str(locales()), "LC_ALL": locale_for(language), "LANGUAGE": language.replace(",", ":"),
        "XDG_CONFIG_HOME": str(gtk_settings()),
        # Pages are painted without the GL compositor: Xvfb has no GPU, so it would run on
        # Mesa's software GL (llvmpipe), which costs a quarter more CPU and once crashed in
        # the compositor's thread (swrast_dri.so) in the middle of a run.
        "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
    }
    try:
        driver = webdriver.WebKitGTK(options=options, service=WebKitService(WEBKIT_DRIVER, env=environment))
    except BaseException:
        stop(server)
        raise
    # Alone on its screen, with no window manager to give it the keyboard: given here, so the
    # page has focus (document.hasFocus(), :focus-visible) as in a person's browser.
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--class", "MiniBrowser", "windowfocus", "--sync"],
                   env=environment, check=True, capture_output=True, timeout=30)
    quit_browser = driver.quit

    def quit():
        try:
            quit_browser()
        finally:
            stop(server)

    driver.quit = quit
    # WebKitWebDriver answers a navigation once the document is parsed, before the page's
    # scripts have run; Chromium's and Firefox's drivers wait for the load event.
    navigate = driver.get

    def get(url):
        navigate(url)
        wait_for_load(driver)

    driver.get = get
    return driver


def wait_for_load(driver, seconds=30):
    """Waits until the current document has loaded (its load event has fired)."""
    WebDriverWait(driver, seconds).until(lambda d: d.execute_script("return document.readyState") == "complete",
                                         "the page did not finish loading")


# ---------------------------------------------------------------- the screen

def set_viewport(driver, width, height):
    """Gives the page exactly width × height CSS pixels.

    A window's size includes its toolbars and has a minimum width, so resizing the window does
    not give an exact viewport. Chromium emulates the screen; phone widths also get a phone's
    overlay scrollbars, so the layout sees all of its width. Firefox and WebKit get a window
    as much larger as their toolbars take (Firefox: and the page's own narrower box)."""
    engine = engine_of(driver)
    if engine == "chromium":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 768,
        })
        return
    if driver.execute_script("return [innerWidth, innerHeight]") == [width, height]:
        return  # resizing to the size it has would still move the page through other sizes
    if engine == "firefox":
        in_browser_chrome(driver, FIREFOX_CHROME_SCRIPT, None, None)  # the page fills its window again
    resize_window(driver, width, height)
    for _ in range(4):  # the toolbars' height is known once they are laid out in the new size
        inner_width, inner_height = driver.execute_script("return [innerWidth, innerHeight]")
        if (inner_width, inner_height) == (width, height):
            break
        window = driver.get_window_size()
        resize_window(driver, width + max(window["width"] - inner_width, 0), height + max(window["height"] - inner_height, 0))
    if engine == "firefox" and driver.execute_script("return [innerWidth, innerHeight]") != [width, height]:
        in_browser_chrome(driver, FIREFOX_CHROME_SCRIPT, width, height)
    actual = driver.execute_script("return [innerWidth, innerHeight]")
    assert actual == [width, height], f"{engine} shows the page at {actual}, not {width} × {height}"


def resize_window(driver, width, height):
    """Asks for a window of width × height and waits until the window has taken it: WebKit's
    answers before it has, and the page's size read meanwhile is the old window's, from which
    the next correction would overshoot. A size the window cannot take (below its minimum)
    is left to the caller's check."""
    driver.set_window_size(width, height)
    if engine_of(driver) != "webkit":
        return
    try:
        WebDriverWait(driver, 5).until(lambda d: (d.get_window_size()["width"], d.get_window_size()["height"]) == (width, height))
    except TimeoutException:
        pass


def in_browser_chrome(driver, script, *args):
    """Runs `script` in Firefox's own window (its toolbars, tabs and preferences)."""
    connection = driver.command_executor
    connection.request("Marionette:SetContext", {"value": "chrome"})
    try:
        error, result = connection.request("WebDriver:ExecuteScript", {"script": script, "args": list(args)})
        if error:
            raise RuntimeError(f"Firefox's window refused a script: {error}")
        return result
    finally:
        connection.request("Marionette:SetContext", {"value": "content"})


def emulate_media(driver, feature, value):
    """Makes the page see `feature: value` (prefers-color-scheme, prefers-reduced-motion).
    Returns False where the engine cannot change it while running: WebKitGTK takes these from
    the desktop's settings when it starts, and its WebDriver has no command to change them."""
    engine = engine_of(driver)
    if engine == "chromium":
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": feature, "value": value}]})
        return True
    if engine == "firefox":
        name, number = FIREFOX_MEDIA[(feature, value)]
        in_browser_chrome(driver, f"Services.prefs.setIntPref({name!r}, {number});")
        return True
    return False


# ---------------------------------------------------------------- input

class Pointer:
    """A finger or a mouse driven by WebDriver actions, which every engine takes (Chromium's
    tests send touch and mouse events through DevTools instead, with their own time stamps).
    WebKitGTK's WebDriver has no touch input and moves a mouse for a finger: its pointer
    events say "mouse"."""

    def __init__(self, driver, kind="touch"):
        self.driver, self.kind = driver, kind

    def perform(self, build, step_ms=0):
        # One input source ("pointer") across calls: WebDriver keeps it pressed between them.
        builder = ActionBuilder(self.driver, mouse=PointerInput(self.kind, "pointer"), duration=step_ms)
        build(builder.pointer_action)
        builder.perform()

    def down(self, x, y):
        self.perform(lambda act: act.move_to_location(x, y).pointer_down())

    def move(self, points, step_ms=16):
        def moves(act):
            for x, y in points:
                act.move_to_location(x, y)
        self.perform(moves, step_ms)

    def up(self, after_ms=16):
        self.perform(lambda act: act.pause(after_ms / 1000).pointer_up())


# ---------------------------------------------------------------- what WebKit needs around it

_locales = None
_gtk_settings = None


def private_display():
    """An X server of one browser's own (Xvfb on a free display number), as a person's
    browser window is alone on their screen: (its name, its process)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        stop(server)
        raise RuntimeError("Xvfb did not start")
    return f":{number}", server


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


def locale_for(language):
    first = language.split(",")[0].split(";")[0].strip().lower()
    return {"cs": "cs_CZ.UTF-8", "en": "en_US.UTF-8"}.get(first, "en_US.UTF-8")


def locales():
    """Czech and English locales compiled into a folder of this process's own (Debian's
    `locales` has their sources; the system's generated locales are left as they are)."""
    global _locales
    if _locales is None:
        folder = Path(tempfile.mkdtemp(prefix="fotofolio-locales-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        for name in ("cs_CZ", "en_US"):
            subprocess.run(["localedef", "-i", name, "-f", "UTF-8", str(folder / f"{name}.UTF-8")],
                           check=True, capture_output=True, timeout=60)
        _locales = folder
    return _locales


def gtk_settings():
    """A settings folder whose GTK style sheet lets MiniBrowser's window be as narrow as a phone."""
    global _gtk_settings
    if _gtk_settings is None:
        folder = Path(tempfile.mkdtemp(prefix="fotofolio-gtk-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        (folder / "gtk-3.0").mkdir()
        (folder / "gtk-3.0" / "gtk.css").write_text(MINIBROWSER_GTK_CSS)
        _gtk_settings = folder
    return _gtk_settings
