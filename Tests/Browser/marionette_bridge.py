"""Selenium's WebDriver API over Marionette, Firefox's own remote protocol.

Debian has no geckodriver, the program that turns W3C WebDriver into Marionette. Marionette's
commands are W3C WebDriver's under other names ("WebDriver:Navigate" for "navigate to"), with
the same parameters, results and element references, so this module does geckodriver's part
inside the test process: `MarionetteConnection` takes Selenium's place of a remote connection
and sends each command over Marionette's socket (the transport from Mozilla's
`marionette_driver`). The tests then drive Firefox with the same Selenium code as Chromium.

Firefox runs headless with a profile of its own, made from the preferences Mozilla's own
Marionette harness starts Firefox with (no first-run pages, updates or telemetry)."""

import atexit
import json
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():
    # Mozilla's package imports modules of its own that Python has deprecated.
    warnings.simplefilter("ignore", DeprecationWarning)
    from marionette_driver.geckoinstance import DesktopInstance
    from marionette_driver.transport import TcpTransport
from selenium.webdriver.common.options import ArgOptions
from selenium.webdriver.remote.command import Command
from selenium.webdriver.remote.webdriver import WebDriver

FIREFOX = "/usr/bin/firefox-esr"
STARTUP_DEADLINE = 60.0
QUIT_DEADLINE = 10.0
# A reply can take as long as the slowest page load or script the tests allow.
REPLY_DEADLINE = 300.0


def id_only(params):
    return {"id": params["id"]}


def same(params):
    return params


def session_free(params):
    return {key: value for key, value in params.items() if key != "sessionId"}


# Selenium's command → (Marionette's command, how its parameters become Marionette's).
COMMANDS = {
    Command.GET: ("WebDriver:Navigate", same),
    Command.GET_CURRENT_URL: ("WebDriver:GetCurrentURL", same),
    Command.GET_TITLE: ("WebDriver:GetTitle", same),
    Command.GET_PAGE_SOURCE: ("WebDriver:GetPageSource", same),
    Command.GO_BACK: ("WebDriver:Back", same),
    Command.GO_FORWARD: ("WebDriver:Forward", same),
    Command.REFRESH: ("WebDriver:Refresh", same),
    Command.W3C_EXECUTE_SCRIPT: ("WebDriver:ExecuteScript", same),
    Command.W3C_EXECUTE_SCRIPT_ASYNC: ("WebDriver:ExecuteAsyncScript", same),
    Command.FIND_ELEMENT: ("WebDriver:FindElement", same),
    Command.FIND_ELEMENTS: ("WebDriver:FindElements", same),
    Command.FIND_CHILD_ELEMENT: ("WebDriver:FindElement",
                                 lambda p: {"element": p["id"], "using": p["using"], "value": p["value"]}),
    Command.FIND_CHILD_ELEMENTS: ("WebDriver:FindElements",
                                  lambda p: {"element": p["id"], "using": p["using"], "value": p["value"]}),
    Command.GET_SHADOW_ROOT: ("WebDriver:GetShadowRoot", id_only),
    Command.FIND_ELEMENT_FROM_SHADOW_ROOT: ("WebDriver:FindElementFromShadowRoot",
                                            lambda p: {"shadowRoot": p["shadowId"], "using": p["using"], "value": p["value"]}),
    Command.FIND_ELEMENTS_FROM_SHADOW_ROOT: ("WebDriver:FindElementsFromShadowRoot",
                                             lambda p: {"shadowRoot": p["shadowId"], "using": p["using"], "value": p["value"]}),
    Command.W3C_GET_ACTIVE_ELEMENT: ("WebDriver:GetActiveElement", same),
    Command.CLICK_ELEMENT: ("WebDriver:ElementClick", id_only),
    Command.CLEAR_ELEMENT: ("WebDriver:ElementClear", id_only),
    Command.SEND_KEYS_TO_ELEMENT: ("WebDriver:ElementSendKeys", lambda p: {"id": p["id"], "text": p["text"]}),
    Command.GET_ELEMENT_TEXT: ("WebDriver:GetElementText", id_only),
    Command.GET_ELEMENT_TAG_NAME: ("WebDriver:GetElementTagName", id_only),
    Command.IS_ELEMENT_SELECTED: ("WebDriver:IsElementSelected", id_only),
    Command.IS_ELEMENT_ENABLED: ("WebDriver:IsElementEnabled", id_only),
    Command.GET_ELEMENT_RECT: ("WebDriver:GetElementRect", id_only),
    Command.GET_ELEMENT_ATTRIBUTE: ("WebDriver:GetElementAttribute", lambda p: {"id": p["id"], "name": p["name"]}),
    Command.GET_ELEMENT_PROPERTY: ("WebDriver:GetElementProperty", lambda p: {"id": p["id"], "name": p["name"]}),
    Command.GET_ELEMENT_VALUE_OF_CSS_PROPERTY: ("WebDriver:GetElementCSSValue",
                                                lambda p: {"id": p["id"], "propertyName": p["propertyName"]}),
    Command.GET_ELEMENT_ARIA_ROLE: ("WebDriver:GetComputedRole", id_only),
    Command.GET_ELEMENT_ARIA_LABEL: ("WebDriver:GetComputedLabel", id_only),
    Command.ELEMENT_SCREENSHOT: ("WebDriver:TakeScreenshot",
                                 lambda p: {"id": p["id"], "full": False, "hash": False, "scroll": True}),
    Command.SCREENSHOT: ("WebDriver:TakeScreenshot", lambda p: {"full": False, "hash": False}),
    Command.W3C_ACTIONS: ("WebDriver:PerformActions", same),
    Command.W3C_CLEAR_ACTIONS: ("WebDriver:ReleaseActions", same),
    Command.W3C_GET_CURRENT_WINDOW_HANDLE: ("WebDriver:GetWindowHandle", same),
    Command.W3C_GET_WINDOW_HANDLES: ("WebDriver:GetWindowHandles", same),
    Command.SWITCH_TO_WINDOW: ("WebDriver:SwitchToWindow", lambda p: {"handle": p["handle"], "focus": True}),
    Command.NEW_WINDOW: ("WebDriver:NewWindow", lambda p: {"type": p.get("type", "tab"), "focus": False}),
    Command.CLOSE: ("WebDriver:CloseWindow", same),
    Command.GET_WINDOW_RECT: ("WebDriver:GetWindowRect", same),
    Command.SET_WINDOW_RECT: ("WebDriver:SetWindowRect", same),
    Command.W3C_MAXIMIZE_WINDOW: ("WebDriver:MaximizeWindow", same),
    Command.MINIMIZE_WINDOW: ("WebDriver:MinimizeWindow", same),
    Command.FULLSCREEN_WINDOW: ("WebDriver:FullscreenWindow", same),
    Command.SWITCH_TO_FRAME: ("WebDriver:SwitchToFrame", same),
    Command.SWITCH_TO_PARENT_FRAME: ("WebDriver:SwitchToParentFrame", same),
    Command.GET_ALL_COOKIES: ("WebDriver:GetCookies", same),
    Command.ADD_COOKIE: ("WebDriver:AddCookie", same),
    Command.DELETE_COOKIE: ("WebDriver:DeleteCookie", same),
    Command.DELETE_ALL_COOKIES: ("WebDriver:DeleteAllCookies", same),
    Command.SET_TIMEOUTS: ("WebDriver:SetTimeouts", same),
    Command.GET_TIMEOUTS: ("WebDriver:GetTimeouts", same),
    Command.W3C_ACCEPT_ALERT: ("WebDriver:AcceptAlert", same),
    Command.W3C_DISMISS_ALERT: ("WebDriver:DismissAlert", same),
    Command.W3C_GET_ALERT_TEXT: ("WebDriver:GetAlertText", same),
    Command.W3C_SET_ALERT_VALUE: ("WebDriver:SendAlertText", same),
    Command.PRINT_PAGE: ("WebDriver:Print", same),
}


class MarionetteConnection:
    """Stands where Selenium keeps its connection to a WebDriver server: `execute` answers
    each command as a W3C WebDriver server would, by asking Firefox over Marionette.
    Starts Firefox on `profile` (a folder of its own, removed at the end)."""

    def __init__(self, profile, size=(1280, 800)):
        self.quitting, self.transport = False, None
        self.profile = profile
        self.log = profile.with_name(profile.name + ".log")
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", str(profile),
                 "--width", str(size[0]), "--height", str(size[1]), "about:blank"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                # Chrome context (the window around the page) for the viewport and preferences.
                env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1", "MOZ_REMOTE_ALLOW_SYSTEM_ACCESS": "1"})
        try:
            self.transport = TcpTransport("127.0.0.1", self.active_port(), socket_timeout=REPLY_DEADLINE)
            self.transport.connect()
        except BaseException:
            self.close()
            raise

    def active_port(self):
        """The port Marionette listens on: Firefox picks a free one (marionette.port 0) and
        writes it into the profile once it accepts connections."""
        port_file = self.profile / "MarionetteActivePort"
        deadline = time.monotonic() + STARTUP_DEADLINE
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Firefox exited with code {self.process.returncode}:\n{self.log.read_text()[-2000:]}")
            if port_file.is_file() and (port := port_file.read_text().strip()):
                return int(port)
            time.sleep(0.05)  # the file appears once Firefox has started: look again shortly
        raise RuntimeError(f"Firefox did not open Marionette within {STARTUP_DEADLINE:.0f} s")

    def request(self, name, params=None):
        reply = self.transport.request(name, params or {})
        return reply.error, reply.result

    def execute(self, command, params):
        params = session_free(params or {})
        if command == Command.NEW_SESSION:
            error, result = self.request("WebDriver:NewSession", {"strictFileInteractability": True})
        elif command == Command.QUIT:
            # Ends the session and Firefox with it; `close` then waits for the process.
            error, result = self.request("Marionette:Quit", {"flags": ["eForceQuit"]})
            self.quitting = True
        elif command == Command.GET_COOKIE:
            error, result = self.request("WebDriver:GetCookies")
            if not error:
                matching = [cookie for cookie in result if cookie["name"] == params["name"]]
                if not matching:
                    error = {"error": "no such cookie", "message": params["name"], "stacktrace": ""}
                result = {"value": matching[0] if matching else None}
        elif command in COMMANDS:
            name, translate = COMMANDS[command]
            error, result = self.request(name, translate(params))
        else:
            error, result = {"error": "unknown command", "message": f"{command} is not forwarded to Marionette",
                             "stacktrace": ""}, None
        if error:
            # What Selenium's HTTP connection returns for a W3C error reply.
            return {"status": 500, "value": json.dumps({"value": error})}
        return {"status": 0, "value": unwrapped(result)}

    def close(self, keep_profile=False):
        """Quits Firefox (asking first, then killing it) and removes its profile."""
        try:
            if self.process.poll() is None and self.transport and not self.quitting:
                self.request("Marionette:Quit", {"flags": ["eForceQuit"]})
        except (OSError, ValueError):
            pass
        finally:
            if self.transport:
                self.transport.close()
            try:
                self.process.wait(timeout=QUIT_DEADLINE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            if not keep_profile:
                shutil.rmtree(self.profile, ignore_errors=True)
            self.log.unlink(missing_ok=True)


def unwrapped(result):
    """Marionette wraps a single value as {"value": …}; W3C answers it bare."""
    if isinstance(result, dict) and result.keys() == {"value"}:
        return result["value"]
    return result


def write_preferences(profile, preferences):
    """user.js: read at every start, over what the profile kept from the last one."""
    settings = {**DesktopInstance.required_prefs, **DesktopInstance.desktop_prefs, **preferences,
                # Any free port, written to MarionetteActivePort: no clash between test workers.
                "marionette.port": 0}
    lines = []
    for name, value in settings.items():
        if isinstance(value, str):
            # The harness's prefs point some services at its own web server; none is wanted.
            value = value.replace("%(server)s", "127.0.0.1:9")
        lines.append(f"user_pref({json.dumps(name)}, {json.dumps(value)});")
    (profile / "user.js").write_text("\n".join(lines) + "\n")


_template = None


def fresh_profile(preferences):
    """A new profile folder for one Firefox. A new profile's first start spends seconds making
    its databases and caches, so the first Firefox of this process starts on a template that
    is then copied for every later one."""
    global _template
    if _template is None:
        folder = Path(tempfile.mkdtemp(prefix="fotofolio-firefox-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        template = folder / "template"
        template.mkdir()
        write_preferences(template, {})
        connection = MarionetteConnection(template)
        connection.request("WebDriver:NewSession", {})
        connection.execute(Command.QUIT, {})
        connection.close(keep_profile=True)
        (template / "MarionetteActivePort").unlink(missing_ok=True)
        _template = template
    profile = Path(tempfile.mkdtemp(prefix="fotofolio-firefox-"))
    shutil.copytree(_template, profile, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("lock", ".parentlock", "MarionetteActivePort"))
    write_preferences(profile, preferences)
    return profile


class FirefoxOptions(ArgOptions):
    @property
    def default_capabilities(self):
        return {"browserName": "firefox"}


def firefox(preferences, size):
    """A Selenium WebDriver driving a new headless Firefox."""
    connection = MarionetteConnection(fresh_profile(preferences), size)
    try:
        driver = WebDriver(command_executor=connection, options=FirefoxOptions())
    except BaseException:
        connection.close()
        raise
    # Firefox runs on this machine and reads files by their path, as a local driver's
    # browser does; Selenium would otherwise send a file for an <input type=file> zipped.
    driver._is_remote = False
    return driver
