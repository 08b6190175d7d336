"""What several browser test modules need: the string tables, reading a page, moving from
page to page, and fresh accounts registered through the real form."""

import itertools
import json
import struct
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from selenium.common.exceptions import (ElementClickInterceptedException, StaleElementReferenceException,
                                        TimeoutException, WebDriverException)
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.wait import WebDriverWait

from engines import Pointer, engine_of, wait_for_load

PHONE = (375, 812)
NARROW_PHONE = (320, 568)
DESKTOP = (1280, 800)
WAIT = 10  # seconds an explicit wait may take before the test fails

LOCALES = Path(__file__).resolve().parents[2] / "Templates" / "locales"
STRINGS = {lang: json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("cs", "en")}


# Waiting -------------------------------------------------------------------------------------

def wait_until(condition, timeout=WAIT, message="the condition never held", poll=0.05):
    """The one way these tests wait: calls `condition()` until it returns something truthy,
    and returns that; fails with `message` after `timeout` seconds. Never a sleep: what a
    test waits for is a state (a page, an event, a process gone), with a deadline."""
    # WebDriverWait polls any object, not only a browser. A condition that touched a node the
    # page replaced meanwhile (WebKit's driver can report it even from find_elements) is
    # simply asked again.
    return WebDriverWait(condition, timeout, poll_frequency=poll,
                         ignored_exceptions=(StaleElementReferenceException,)).until(lambda check: check(), message)


# Two animation frames in a row with nothing running and nothing moved: the element is at rest.
AT_REST = """
    const [element, done] = arguments;
    let last = null;
    const look = () => {
      const box = element.getBoundingClientRect();
      const now = `${getComputedStyle(element).transform} ${box.left} ${box.top} ${box.width} ${box.height}`;
      const running = element.getAnimations({ subtree: true }).some((a) => a.playState === "running");
      if (!running && now === last) return done(true);
      last = now;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);"""


def wait_for_rest(driver, element, timeout=WAIT):
    """Waits until `element` (a WebElement or a CSS selector) has stopped moving: no CSS
    animation or transition running in it and the same box and transform on two frames in a
    row. Slides, snaps and flings are awaited by where they end, never by how long they take."""
    if isinstance(element, str):
        element = driver.find_element(By.CSS_SELECTOR, element)
    driver.set_script_timeout(timeout)
    driver.execute_async_script(AT_REST, element)


# Reading a page ----------------------------------------------------------------------------

def html_lang(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def page_id(driver):
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-page")


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def path_of(driver):
    """The page the browser shows, by its path without a language's prefix: `/en/u/jana` is
    `/u/jana`, the same page in English (test_open_web.py checks the addresses themselves)."""
    path = urlsplit(driver.current_url).path
    return "/" if path in ("/en", "/en/") else path.removeprefix("/en") if path.startswith("/en/") else path


def http_status_of_page(driver):
    """The HTTP status the current document arrived with (the last response of a redirect chain)."""
    return driver.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus")


def png_size(path):
    """(width, height) of a PNG file; fails if the file is not one."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR", f"{path.name} has no PNG header chunk"
    return struct.unpack(">II", data[16:24])


def javascript_is_off(driver):
    """Whether the browser really runs no scripts; a test of the no-script path proves
    nothing if the preference did not take effect."""
    driver.get("data:text/html,<title>off</title><script>document.title = 'on'</script>")
    return driver.title == "off"


# Moving from page to page ----------------------------------------------------------------------

def bring_into_view(driver, element):
    """Scrolls `element` to the middle of the screen at once.

    The stylesheet scrolls smoothly; the scroll WebDriver makes before a click or typing
    would still be moving when they land (WebKit's WebDriver then finds the element out of
    view and refuses it), so the element is brought into view at once first."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)


def click(driver, element):
    """Clicks like a person who first scrolled the element into view, and scrolls again when
    something still lies over it where the click would land.

    A loaded machine may still be laying the page out, or a scroll may still be settling, when
    the click comes: the driver then finds the sticky header over the element and refuses the
    click (the page did nothing wrong). A person looks again; so does this, until `WAIT` has
    passed, and then fails with what covered the element."""
    refused = []

    def clicked():
        bring_into_view(driver, element)
        try:
            element.click()
            return True
        except ElementClickInterceptedException as error:
            refused.append(error)
            return False
    try:
        wait_until(clicked, WAIT, "", poll=0.2)
    except TimeoutException:
        raise refused[-1] from None


def click_and_wait_for_next_page(driver, element):
    """Clicks a link or submit button and waits until the browser has left the page, or,
    beside the conversation list on a wide screen, until the chosen room is in its pane
    (the messenger's script opens it there without leaving the page)."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    # Marked rather than held: a node the page replaced cannot be handed back to the browser.
    in_pane = driver.execute_script("""
        const shown = document.querySelector('[data-messenger-room]')?.firstElementChild;
        if (shown) shown.dataset.shownBeforeClick = '';
        return Boolean(shown)""")
    try:
        click(driver, element)
    except WebDriverException as error:
        # When the click navigates at once (a form post answered by a quick redirect),
        # chromedriver may report that the clicked node left the document while it was
        # still finishing the click. The click happened; the wait below proves it.
        if NODE_GONE not in str(error):
            raise
    WebDriverWait(driver, WAIT).until(lambda d: left(old_page)(d) or (in_pane and room_replaced(d)),
                                      "the click did not lead to a new page")
    WebDriverWait(driver, WAIT).until(EC.presence_of_element_located((By.CSS_SELECTOR, "body[data-page]")))
    wait_for_load(driver, WAIT)  # its scripts have run, as a person waits for the page to settle


def room_replaced(driver):
    """The messenger's right pane holds another room than before the click, loaded."""
    try:
        return driver.execute_script("""
            const pane = document.querySelector('[data-messenger-room]');
            return pane !== null && pane.getAttribute('aria-busy') !== 'true' && pane.firstElementChild !== null
                && !pane.firstElementChild.hasAttribute('data-shown-before-click') && pane.querySelector('[data-chat-room]') !== null""")
    except WebDriverException:
        return False  # the page is being left: `left` says so next time


NODE_GONE = "does not belong to the document"


def left(old_page):
    """Like EC.staleness_of, but also accepts chromedriver's other way of saying the old
    page's node is gone, which it reports while a navigation is under way."""
    def check(driver):
        try:
            old_page.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if NODE_GONE in str(error):
                return True
            raise
    return check


def submit_form(driver, form_selector="form.form"):
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, f"{form_selector} [type='submit']"))


def type_into(driver, field_id, text):
    field = driver.find_element(By.ID, field_id)
    bring_into_view(driver, field)
    field.clear()
    field.send_keys(text)


def field_errors(driver):
    """{field: message} for every error shown under a form field."""
    return {element.get_attribute("id").removesuffix("-error"): element.text
            for element in driver.find_elements(By.CSS_SELECTOR, "p.field__error")}


# Accounts --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Account:
    username: str
    email: str
    password: str
    full_name: str
    location: str
    role: str  # "client" or "creator"
    bio: str = ""
    years_of_experience: str = ""
    hourly_rate: str = ""
    price_by_agreement: bool = False


# The Profile tab (/profile) takes a signed-in person to their public profile, which for
# its owner also holds the account settings.
PROFILE_PAGE_ID = "ownProfile"


def own_profile_path(account):
    return f"/u/{account.username}"


_serial = itertools.count(1)


def new_account(role="creator", **changes):
    """Details for an account nobody has yet: every test shares one server, so usernames and
    e-mail addresses carry a serial number and a random part."""
    # Short enough to look like a real one in the screenshots (the longest one a person may
    # choose has tests of its own).
    username = f"jana.{next(_serial)}{uuid.uuid4().hex[:6]}"
    details = dict(
        username=username, email=f"{username}@example.com", password=f"Heslo-{uuid.uuid4().hex[:12]}",
        full_name="Jana Nováková", location="Brno", role=role,
    )
    if role == "creator":
        details.update(bio="Svatby a portréty v přirozeném světle.", years_of_experience="7", hourly_rate="1500",
                       price_by_agreement=True)
    details.update(changes)
    return Account(**details)


def longest_username():
    """A fresh username of the greatest length the rules allow (30 characters)."""
    return f"jana.{next(_serial)}{uuid.uuid4().hex[:6]}.fotografka_z_brna"[:30]


def choose(driver, name, value):
    """Picks an option of a segmented control by its visible label, as a person does."""
    click(driver, driver.find_element(By.XPATH, f"//label[input[@name='{name}' and @value='{value}']]"))


def choose_role(driver, role):
    choose(driver, "role", role)


def fill_registration(driver, account):
    """Fills the registration form of the current page as a person would (no script needed)."""
    choose_role(driver, account.role)
    for field_id, text in [("username", account.username), ("fullName", account.full_name),
                           ("email", account.email), ("location", account.location),
                           ("password", account.password), ("passwordConfirmation", account.password)]:
        type_into(driver, field_id, text)
    if account.role == "creator":
        type_into(driver, "bio", account.bio)
        type_into(driver, "yearsOfExperience", account.years_of_experience)
        type_into(driver, "hourlyRate", account.hourly_rate)
        checkbox = driver.find_element(By.CSS_SELECTOR, "input[name='priceByAgreement']")
        if checkbox.is_selected() != account.price_by_agreement:
            click(driver, checkbox)


def register(driver, base_url, account):
    """Registers `account` through the form; the browser ends up signed in, on its profile."""
    driver.get(base_url + "/register")
    fill_registration(driver, account)
    submit_form(driver)
    assert (path_of(driver), page_id(driver)) == (own_profile_path(account), PROFILE_PAGE_ID), (
        f"registration of {account.username} did not end on its profile: {field_errors(driver)}")
    return account


def log_in(driver, identifier, password):
    """Logs in with the login form of the current page."""
    type_into(driver, "identifier", identifier)
    type_into(driver, "password", password)
    submit_form(driver)


def sign_in(driver, base_url, username, password="heslovo"):
    """Signs in through the login page and waits until it has been left."""
    driver.get(base_url + "/login")
    log_in(driver, username, password)
    WebDriverWait(driver, WAIT).until(lambda d: "/login" not in d.current_url, f"{username} could not sign in")


def log_out(driver):
    """Logs out from the settings menu of the own profile, opening the menu first."""
    button = driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button[type='submit']")
    if not button.is_displayed():
        click(driver, driver.find_element(By.CSS_SELECTOR, "details.menu > summary"))
    click_and_wait_for_next_page(driver, button)


def plural_form(language, count):
    """Which form of a counted string-table entry the app uses (Czech: one, few, many;
    English: one, many)."""
    if count == 1:
        return "one"
    return "few" if language == "cs" and 2 <= count <= 4 else "many"


# Bottom sheets ------------------------------------------------------------------------------------

def sheet_state(driver):
    """The sheet as the screen shows it: how much of it is visible above its bottom edge (px),
    the detent heights its attribute asks for, and where the script says it rests."""
    return driver.execute_script(r"""
        const sheet = document.querySelector("[data-bottom-sheet]");
        const bottom = parseFloat(getComputedStyle(sheet).bottom);
        const available = innerHeight - bottom;
        // "peek: 64px; half: 50%; full: 100% - 24px", or an unnamed "64 0.5 0.9"
        const height = (text) => {
          const [, number, unit, sign, offset] = /^([\d.]+)(px|%)?(?:\s*([+-])\s*([\d.]+)px)?$/.exec(text.trim());
          const fraction = unit === "%" ? number / 100 : !unit && Number(number) <= 1 ? Number(number) : null;
          if (fraction === null) return Number(number);
          return Math.min(Math.max(fraction * available + (sign === "-" ? -1 : 1) * Number(offset ?? 0), 0), available);
        };
        const text = sheet.dataset.detents;
        const parts = text.includes(":") ? text.split(";").filter((p) => p.trim()).map((p) => p.split(":")[1]) : text.trim().split(/\s+/);
        const detents = parts.map(height).sort((a, b) => a - b);
        const handle = sheet.querySelector("[data-sheet-handle]").getBoundingClientRect();
        return {
          live: sheet.classList.contains("sheet--live"), detent: Number(sheet.dataset.sheetDetent ?? -1),
          visible: available - sheet.getBoundingClientRect().top, detents,
          handle: { x: handle.left + handle.width / 2, y: handle.top + 12 },
          expanded: sheet.querySelector("[data-sheet-handle]").getAttribute("aria-expanded"),
        };""")


def wait_to_rest_at(driver, detent):
    wait_until(
        lambda: driver.execute_script("return document.querySelector('[data-bottom-sheet]').dataset.sheetDetent") == str(detent)
        and abs(sheet_state(driver)["visible"] - sheet_state(driver)["detents"][detent]) < 1,
        message=f"the sheet did not come to rest at detent {detent}")


# Touch ------------------------------------------------------------------------------------------

class Finger:
    """One finger on the touch screen (DevTools touch events). Each event carries its own
    time stamp, so a flick's speed and a rest before the release are exact however slowly
    the commands travel. In Firefox and WebKit the finger is a WebDriver pointer instead
    (engines.Pointer), whose moves take real time."""

    def __init__(self, driver):
        self.driver, self.clock = driver, time.time()
        self.pointer = None if engine_of(driver) == "chromium" else Pointer(driver)

    def send(self, kind, points, after_ms):
        self.clock += after_ms / 1000
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": self.clock})

    def down(self, x, y):
        if self.pointer:
            self.pointer.down(x, y)
        else:
            self.send("touchStart", [{"x": x, "y": y, "id": 0}], 0)
        self.x, self.y = x, y

    def slide(self, dx, dy=0, steps=10, ms_per_step=16):
        x, y = self.x, self.y
        points = [(x + dx * step / steps, y + dy * step / steps) for step in range(1, steps + 1)]
        if self.pointer:
            self.pointer.move(points, ms_per_step)
        else:
            for px, py in points:
                self.send("touchMove", [{"x": px, "y": py, "id": 0}], ms_per_step)
        self.x, self.y = x + dx, y + dy

    def up(self, after_ms=16):
        """Lets go: at once after the last move is a flick; after 200 ms, a careful release."""
        if self.pointer:
            self.pointer.up(after_ms)
        else:
            self.send("touchEnd", [], after_ms)


def announced(driver):
    """What the page's polite live region (the layout's `[data-announcer]`) says now."""
    return driver.execute_script("return document.querySelector('[data-announcer]').textContent").strip()


# Pictures -----------------------------------------------------------------------------------------

SHOT_SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def pictures(driver, screenshots_dir, name, found, focus=None):
    """The page as it is, on a phone and a desktop, light and dark, in any engine: saved as
    `{name}-{size}-{scheme}.png` and checked by axe (every rule in light, the colour rules in
    dark), what it finds added to `found` as (state, violation). The browser asks for reduced
    motion from then on and is left at the desktop size, light."""
    from axe_check import COLOUR_RULES, OPTIONS, RUNNING, violations  # axe_check imports this module
    from engines import emulate_media, set_viewport

    emulate_media(driver, "prefers-reduced-motion", "reduce")
    for size_name, size in SHOT_SIZES.items():
        set_viewport(driver, *size)
        if focus:
            bring_into_view(driver, driver.find_element(By.CSS_SELECTOR, focus))
        else:
            driver.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
        for scheme in ("light", "dark"):
            emulate_media(driver, "prefers-color-scheme", scheme)
            wait_until(lambda: driver.execute_script(RUNNING) == 0, message="the page's transitions did not end")
            file = screenshots_dir / f"{name}-{size_name}-{scheme}.png"
            file.unlink(missing_ok=True)
            assert driver.save_screenshot(str(file)), f"{file.name} was not saved"
            state = f"{name} [{size_name}, {scheme}]"
            found.extend((state, v) for v in violations(driver, OPTIONS if scheme == "light" else COLOUR_RULES))
    emulate_media(driver, "prefers-color-scheme", "light")
    set_viewport(driver, *DESKTOP)


def axe_report(found):
    """What `pictures` gathered, as text for an assertion."""
    from axe_check import report
    return f"{len(found)} violation(s):\n" + "\n".join(report([v], f"{state}: ") for state, v in found)
