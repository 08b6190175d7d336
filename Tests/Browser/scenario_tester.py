"""A tester of the Fotofolio user test (test_thesis_scenarios.py): a person in front of the
browser who finds things by what the screen calls them (a link's or a button's text, a
field's label, a tab's name, in the language the browser asks for), clicks and types, and
reads the page back. Also the other people of a scenario, who act over plain HTTP."""

import http.client
import re
import uuid
from datetime import date, timedelta
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_helpers import (STRINGS, WAIT, bring_into_view, click, click_and_wait_for_next_page, new_account, path_of,
                             plural_form, wait_to_rest_at, wait_until)
from live_client import Person

DEMO_PHOTOS = Path(__file__).resolve().parents[2] / "Demo" / "photos"
UPLOAD_WAIT = 60  # seconds: photos through libvips in a debug build on a busy machine

# The accessible name of a star button on a profile: "Rate 4 stars".
STAR_NAMES = {"cs": "Ohodnotit {n} hvězdičkami", "en": "Rate {n} stars"}

# Visible elements of `selector` whose name (aria-label, else the rendered text, spaces
# collapsed) is `name`, or holds it when `part` is set (a row that also shows initials).
NAMED = """
const [selector, name, part, scope] = arguments;
const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
const nameOf = (e) => (e.getAttribute("aria-label") || e.innerText || e.value || "").replace(/\\s+/g, " ").trim();
return [...(scope || document).querySelectorAll(selector)].filter((e) => visible(e))
  .filter((e) => part ? nameOf(e).includes(name) : nameOf(e) === name);
"""

# The form control a visible label whose text starts with the given words names.
LABELLED = """
const [text, scope] = arguments;
const clean = (s) => s.replace(/\\s+/g, " ").trim();
const label = [...(scope || document).querySelectorAll("label, legend")]
  .find((l) => l.getClientRects().length > 0 && clean(l.innerText).startsWith(text));
if (!label) return null;
return label.control || label.closest("fieldset")?.querySelector("input, textarea, select") || null;
"""


class Participant:
    """One person of the user test, at one browser, reading and writing one language."""

    def __init__(self, driver, base_url, language):
        self.driver, self.base_url, self.language = driver, base_url, language

    # The words on the screen -------------------------------------------------------------

    def t(self, key, count=None, **values):
        """A text of the string table, as the page shows it."""
        entry = STRINGS[self.language]
        for part in key.split("."):
            entry = entry[part]
        if count is not None:
            entry = entry[plural_form(self.language, count)].replace("{count}", str(count))
        for name, value in values.items():
            entry = entry.replace("{" + name + "}", str(value))
        return entry

    def named(self, name, selector="a, button, summary", part=False, scope=None):
        return self.driver.execute_script(NAMED, selector, name, part, scope)

    def the(self, name, selector="a, button, summary", part=False, scope=None):
        """The one visible link or button called `name` (the first when there are several)."""
        found = wait_until(lambda: self.named(name, selector, part, scope), WAIT,
                           f"nothing called “{name}” on {path_of(self.driver)}")
        return found[0]

    def field(self, label, scope=None):
        return wait_until(lambda: self.driver.execute_script(LABELLED, label, scope), WAIT,
                          f"no field labelled “{label}” on {path_of(self.driver)}")

    def text(self, selector="main"):
        return self.driver.find_element("css selector", selector).text

    # Doing things -------------------------------------------------------------------------

    def go(self, name, selector="a, button", part=False):
        """Clicks what is called `name` and waits for the next page."""
        click_and_wait_for_next_page(self.driver, self.the(name, selector, part=part))

    def press(self, name, selector="a, button, summary", scope=None, part=False):
        """Clicks what is called `name` on this page (the page's script answers it)."""
        click(self.driver, self.the(name, selector, part=part, scope=scope))

    def tab(self, key):
        """Opens a main section by its name in the navigation (the tab bar on a phone)."""
        label = self.t(f"nav.{key}")
        links = wait_until(lambda: [link for link in self.named(label, "nav a", part=True)], WAIT,
                           f"no “{label}” in the navigation")
        click_and_wait_for_next_page(self.driver, links[0])

    def type(self, label, text, scope=None, clear=True):
        field = self.field(label, scope)
        bring_into_view(self.driver, field)
        if clear:
            field.clear()
        field.send_keys(text)
        return field

    def set_date(self, label, day):
        """A date field as its picker leaves it (the engines type dates in their own order)."""
        field = self.field(label)
        self.driver.execute_script("""
            arguments[0].value = arguments[1];
            arguments[0].dispatchEvent(new Event("input", { bubbles: true }));
            arguments[0].dispatchEvent(new Event("change", { bubbles: true }));""", field, day.isoformat())

    def choose(self, label):
        """Picks the option of a segmented control or radio group shown as `label`."""
        option = self.driver.execute_script("""
            return [...document.querySelectorAll("label")].find((l) => l.getClientRects().length > 0
              && l.querySelector("input") && l.innerText.trim() === arguments[0]);""", label)
        assert option, f"no option “{label}” on {path_of(self.driver)}"
        click(self.driver, option)

    def keys(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def wait_for(self, condition, message, timeout=WAIT):
        return wait_until(condition, timeout, message)

    # Signing in and out, as the pages offer it ------------------------------------------------

    def log_in(self, username, password):
        self.go(self.t("nav.logIn"), "header a, nav a")
        self.type(self.t("forms.identifier"), username)
        self.type(self.t("forms.password"), password)
        self.go(self.t("pages.login.submit"), "main button")
        assert path_of(self.driver) != "/login", f"{username} could not log in"

    def log_out(self):
        self.tab("profile")
        self.press(self.t("profile.settings"), "summary")
        self.go(self.t("pages.account.logOut"), "button")
        self.the(self.t("nav.logIn"), "header a, nav a")

    def rate(self, stars):
        """Presses the star button called "Rate <n> stars" in the profile's rating section and
        waits until the page shows it pressed and the profile's average changed."""
        name = STAR_NAMES[self.language].format(n=stars)
        summary = self.text("[data-rating-summary]")
        assert self.the(name, "#rating button").get_attribute("aria-pressed") == "false", f"{stars} stars were given already"
        self.press(name, "#rating button")
        self.wait_for(lambda: [b for b in self.named(name, "#rating button") if b.get_attribute("aria-pressed") == "true"],
                      f"the {stars}-star button did not stay pressed")
        self.wait_for(lambda: self.text("[data-rating-summary]") != summary, "the profile's rating did not change")


def photo_path(name):
    return str(DEMO_PHOTOS / name)


def a_day_ahead(days):
    return date.today() + timedelta(days=days)


class Publisher(Person):
    """Someone who publishes a portfolio over HTTP the way the editor's plain form does it:
    the fields and the photos in one multipart POST."""

    def publish(self, name, tags, photos, description=""):
        page = self.request("GET", "/portfolios/new")[2]
        token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        fields = {"_csrf": token, "name": name, "description": description, "tags": tags,
                  "visibility": "public", "save": "1"}
        boundary = uuid.uuid4().hex
        body = bytearray()
        for key, value in fields.items():
            body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n').encode()
        for photo in photos:
            body += (f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{photo}"\r\n'
                     f"Content-Type: image/jpeg\r\n\r\n").encode()
            body += (DEMO_PHOTOS / photo).read_bytes() + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        connection = http.client.HTTPConnection(*self.host_port, timeout=UPLOAD_WAIT)
        try:
            connection.request("POST", "/portfolios", body=bytes(body), headers={
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                "Content-Type": f"multipart/form-data; boundary={boundary}", "Sec-Fetch-Site": "same-origin"})
            response = connection.getresponse()
            response.read()
            location = response.getheader("Location") or ""
        finally:
            connection.close()
        assert response.status == 303 and location.startswith("/portfolios/"), \
            f"publishing {name} was refused ({response.status})"
        return location.split("?", 1)[0]


# Steps several scenarios share ------------------------------------------------------------

def register(me, account):
    """Registration through the form, as a tester fills it in."""
    me.driver.get(me.base_url + "/")
    me.go(me.t("nav.logIn"), "header a, nav a")
    me.go(me.t("pages.login.registerLink"), "main a")
    me.choose(me.t("forms.roleCreator") if account.role == "creator" else me.t("forms.roleClient"))
    for label, text in [("username", account.username), ("fullName", account.full_name), ("email", account.email),
                        ("location", account.location), ("password", account.password),
                        ("passwordConfirmation", account.password)]:
        me.type(me.t(f"forms.{label}"), text)
    if account.role == "creator":
        me.type(me.t("forms.bio"), account.bio)
        me.type(me.t("forms.yearsOfExperience"), account.years_of_experience)
    me.go(me.t("pages.register.submit"), "main button")
    assert path_of(me.driver) == f"/u/{account.username}", "the registration did not end on the own profile"


def register_and_log_in(me, role):
    """Registers a new account through the form, logs out and logs in with it again."""
    account = new_account(role)
    register(me, account)
    me.log_out()
    me.log_in(account.username, account.password)
    return account

def filter_feed_by(me, tag):
    """Opens the feed's filter (a sheet on a phone) and enters one tag."""
    open_filter(me)
    me.type(me.t("feed.tags"), tag + " ", clear=False)
    me.wait_for(lambda: "tags=" in me.driver.current_url and me.text("[data-feed-count]"), "the tag did not filter the feed")

def open_filter(me):
    """On a phone the filter is a sheet whose bar says "Filter": a tap opens it."""
    handle = me.driver.find_element("css selector", "[data-sheet-handle]")
    if handle.is_displayed() and handle.get_attribute("aria-expanded") != "true":
        assert me.t("feed.filterTitle") in handle.text
        click(me.driver, handle)
        me.wait_for(lambda: handle.get_attribute("aria-expanded") == "true", "the filter sheet did not open")
        # The sheet says it is open as it starts to rise: a click before it rests would land
        # where a control was a few frames ago, on whatever has risen there since.
        wait_to_rest_at(me.driver, int(me.driver.execute_script(
            "return document.querySelector('[data-bottom-sheet]').dataset.sheetDetent")))

def close_filter(me):
    handle = me.driver.find_element("css selector", "[data-sheet-handle]")
    if handle.is_displayed() and handle.get_attribute("aria-expanded") == "true":
        me.keys(Keys.ESCAPE)
        me.wait_for(lambda: handle.get_attribute("aria-expanded") == "false", "the filter sheet did not close")

def sort_feed_by_rating(me):
    open_filter(me)
    me.choose(me.t("feed.bestRated"))
    me.wait_for(lambda: "sort=rating" in me.driver.current_url, "the feed was not sorted by rating")
    close_filter(me)

def send_message(me, text):
    me.type(me.t("messages.write"), text)
    me.press(me.t("messages.send"), ".chat-composer button")
    me.wait_for(lambda: any(text in m.text for m in me.driver.find_elements("css selector", ".chat-message--own[data-message]")),
                "the message was not sent")
