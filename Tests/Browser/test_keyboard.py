"""The five tasks of the Fotofolio user test done with the keyboard alone, on a phone-sized
window: Tab, Shift+Tab, Enter, Space, arrows and Escape sent to whatever has the focus, no
clicks. After every Tab the focused element must be in view, not covered (by the sticky
header, the tab bar or the bottom sheet) and drawn with a focus indicator (WCAG 2.1.1,
2.4.3, 2.4.7, 2.4.11). A file is chosen the way a keyboard user does it with the file
dialog: the focused file input is given the path."""

import re
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser_helpers import PHONE, WAIT, new_account, path_of, sign_in, wait_until
from live_client import Person
from test_accessibility import room_path

DEMO_PHOTOS = Path(__file__).resolve().parents[2] / "Demo" / "photos"
UPLOAD_WAIT = 60  # seconds: a photo through libvips in a debug build on a busy machine
FOCUS_SETTLES = 5  # seconds for a smooth scroll or a transition to bring the focus into view on a busy machine
MOST_TABS = 120  # a target further than this many stops away is a failure of its own

# Why the focused element would fail a sighted keyboard user, or "" when it is fine. A visually
# hidden control (a star's or a segment's radio) is judged by the label that draws it.
FOCUS_PROBLEM = """
const el = document.activeElement;
// Past the last stop the focus leaves the page for the browser's own controls, then comes back.
if (!el || el === document.body) return "";
const name = (e) => e ? e.outerHTML.slice(0, 120) : "nothing";
let shown = el;
const own = el.getBoundingClientRect();
if (own.width < 4 || own.height < 4) shown = el.labels?.[0] ?? el.closest("label") ?? el.parentElement;
const r = shown.getBoundingClientRect();
const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 20), 0), innerHeight - 1);
if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return `${name(el)} is out of view`;
const hit = document.elementFromPoint(x, y);
if (!hit || !(shown.contains(hit) || el.contains(hit))) return `${name(el)} is covered by ${name(hit)}`;
const drawn = (e) => {
  if (!e) return false;
  const s = getComputedStyle(e);
  return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== "none";
};
const around = [el, shown, el.nextElementSibling, el.parentElement, el.parentElement?.parentElement];
if (!around.some(drawn)) return `${name(el)} shows no focus indicator`;
return "";
"""


class Keyboard:
    """A person at the keyboard: keys go to whatever has the focus."""

    def __init__(self, driver):
        self.driver = driver
        self.stops = 0

    def press(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def type(self, text):
        self.press(text)

    def focused(self, selector):
        return self.driver.execute_script("return document.activeElement.matches(arguments[0])", selector)

    def tab_to(self, selector, back=False):
        """Tabs (or Shift+Tabs) until the element matching `selector` has the focus, checking
        each stop on the way."""
        for _ in range(MOST_TABS):
            self.press(*((Keys.SHIFT, Keys.TAB) if back else (Keys.TAB,)))
            self.stops += 1
            self.check_focus()
            if self.focused(selector):
                return self.driver.switch_to.active_element
        raise AssertionError(f"{selector} was not reached with {MOST_TABS} Tabs on {path_of(self.driver)}")

    def check_focus(self):
        """The focused element ends up in view, uncovered and ringed (after the smooth scroll
        and the skip link's slide, hence a short deadline)."""
        problems = []

        def fine():
            problems.append(self.driver.execute_script(FOCUS_PROBLEM))
            return problems[-1] == ""
        try:
            wait_until(fine, FOCUS_SETTLES, "")
        except TimeoutException:
            raise AssertionError(f"on {path_of(self.driver)}: {problems[-1]}") from None

    def choose_with_arrows(self, selector):
        """In a radio group that has the focus, Right arrows until `selector` is chosen."""
        for _ in range(10):
            if self.focused(f"{selector}:checked"):
                return
            self.press(Keys.ARROW_RIGHT)
            self.check_focus()
        raise AssertionError(f"the arrows did not reach {selector}")

    def wait_for_page(self, path_pattern, message):
        wait_until(lambda: re.fullmatch(path_pattern, path_of(self.driver)), WAIT, message)
        wait_until(lambda: self.driver.execute_script("return document.readyState") == "complete", WAIT, message)


@pytest.mark.stores
def test_the_five_user_test_tasks_with_the_keyboard_alone(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    keys = Keyboard(driver)
    account = new_account("creator")

    # 1. Register as a photographer and create a portfolio with a photo.
    driver.get(base_url + "/register")
    keys.tab_to("input[name='role']")
    keys.choose_with_arrows("input[name='role'][value='creator']")
    for field, text in [("username", account.username), ("fullName", account.full_name), ("email", account.email),
                        ("location", account.location), ("password", account.password),
                        ("passwordConfirmation", account.password), ("bio", account.bio),
                        ("yearsOfExperience", account.years_of_experience), ("hourlyRate", account.hourly_rate)]:
        keys.tab_to(f"#{field}")
        keys.type(text)
    keys.tab_to("form.form button[type='submit']")
    keys.press(Keys.ENTER)
    keys.wait_for_page(f"/u/{re.escape(account.username)}", "the registration did not end on the profile")

    keys.tab_to("a[href='/portfolios/new']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/portfolios/new", "the new portfolio's form did not open")
    keys.tab_to("#name")
    keys.type("Mlhavá pole")
    keys.tab_to("#files")
    driver.switch_to.active_element.send_keys(str(DEMO_PHOTOS / "landscape-misty-fields.jpg"))
    wait_until(lambda: driver.find_elements("css selector", "[data-photo-list] > [data-photo-item]"), UPLOAD_WAIT,
               "the chosen photo was not uploaded")
    keys.tab_to(".form__actions button[name='save']")
    keys.press(Keys.ENTER)
    keys.wait_for_page(r"/portfolios/\d+", "saving the portfolio did not show it")

    # 2. Filter the feed by tags and rate a portfolio's author.
    keys.tab_to("a.tabbar__link[href='/']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/", "the feed did not open")
    handle = keys.tab_to("[data-bottom-sheet] [data-sheet-handle]")
    keys.press(Keys.ENTER)
    wait_until(lambda: handle.get_attribute("aria-expanded") == "true", WAIT, "Enter did not open the filter sheet")
    keys.tab_to("#filter-tags")
    keys.type("příroda ")
    wait_until(lambda: "tags=p%C5%99%C3%ADroda" in driver.current_url, WAIT, "the tag did not filter the feed")
    keys.press(Keys.ESCAPE)
    wait_until(lambda: handle.get_attribute("aria-expanded") == "false", WAIT, "Escape did not close the filter sheet")
    assert keys.focused("[data-sheet-handle]"), "the focus did not return to the sheet's handle"
    keys.tab_to("a.feed-card__author")
    keys.press(Keys.ENTER)
    keys.wait_for_page(r"/u/[^/]+", "the author's profile did not open")
    summary = driver.find_element("css selector", "[data-rating-summary]")
    before = summary.text
    star = keys.tab_to(".rating-stars button[name='stars'][value='4']")
    keys.press(Keys.ENTER)
    wait_until(lambda: summary.text != before, WAIT, "the rating did not reach the page")
    assert star.get_attribute("aria-pressed") == "true"

    # 3. Shortlist a portfolio and write to its photographer.
    keys.tab_to("a.tabbar__link[href='/']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/", "the feed did not open")
    # Someone else's portfolio: the newest card is the one just made.
    bookmark = keys.tab_to(f"li[data-feed-card]:not(:has(a.feed-card__author[href$='/u/{account.username}'])) "
                           "[data-bookmark-button][aria-pressed='false']")
    keys.press(Keys.SPACE)
    wait_until(lambda: bookmark.get_attribute("aria-pressed") == "true", WAIT, "Space did not shortlist the portfolio")
    keys.tab_to("a.tabbar__link[href='/selection']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/selection", "the selection did not open")
    keys.tab_to(".confirm-inline > summary")
    keys.press(Keys.ENTER)
    keys.tab_to(".confirm-inline button")
    keys.press(Keys.ESCAPE)
    assert driver.find_element("css selector", ".confirm-inline").get_attribute("open") is None, \
        "Escape left the question open"
    assert keys.focused(".confirm-inline > summary"), "the focus did not return to the question's button"
    keys.tab_to(".feed-card__actions button")
    keys.press(Keys.ENTER)
    keys.wait_for_page(r"/messages/\d+", "writing to the photographer did not open a conversation")
    room = int(path_of(driver).rsplit("/", 1)[1])
    keys.tab_to("#composer")
    keys.type("Dobrý den, máte volno v květnu?")
    keys.press(Keys.ENTER)
    wait_until(lambda: driver.find_elements("css selector", ".chat-message--own[data-message]"), WAIT,
               "the message was not sent")

    # 4. Log out, log in by e-mail and search people by town.
    keys.tab_to("a.chat-room__back")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/messages", "the way back from the conversation did not work")
    keys.tab_to("a.tabbar__link[href='/profile']")
    keys.press(Keys.ENTER)
    keys.wait_for_page(f"/u/{re.escape(account.username)}", "the own profile did not open")
    menu = keys.tab_to("details.menu > summary")
    keys.press(Keys.ENTER)
    keys.tab_to("details.menu .menu__item")
    keys.press(Keys.ESCAPE)
    assert driver.find_element("css selector", "details.menu").get_attribute("open") is None, "Escape left the menu open"
    assert keys.focused("details.menu > summary"), "the focus did not return to the menu's button"
    keys.press(Keys.ENTER)
    keys.tab_to("form[action='/logout'] button")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/", "logging out did not return to the feed")
    keys.tab_to("a[href^='/login']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/login", "the login page did not open")
    keys.tab_to("#password")
    keys.type(account.password)
    keys.tab_to("#identifier", back=True)
    keys.type(account.email)
    keys.press(Keys.ENTER)
    wait_until(lambda: path_of(driver) != "/login", WAIT, "logging in by e-mail failed")
    keys.tab_to("a.tabbar__link[href='/search']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/search", "the search did not open")
    keys.tab_to("input[name='by']")
    keys.choose_with_arrows("input[name='by'][value='location']")
    keys.tab_to("#q")
    keys.type("Praha")
    wait_until(lambda: driver.find_elements("css selector", ".person-result[href$='/u/vojtafoti']"), WAIT,
               "searching by town found nobody")

    # 5. Answer a conversation with an unread message: a demo photographer writes (the
    # shortlisted card's author may be another test's account, whose password is its own).
    vojta = Person(base_url, "vojtafoti")
    room = vojta.room_with(account.username)
    vojta.post(room, "Dobrý den, v květnu mám ještě dva volné víkendy.")
    keys.tab_to("a.tabbar__link[href='/messages']")
    keys.press(Keys.ENTER)
    keys.wait_for_page("/messages", "the conversations did not open")
    keys.tab_to(f".conversation__link[href='/messages/{room}']")
    keys.press(Keys.ENTER)
    keys.wait_for_page(f"/messages/{room}", "the conversation did not open")
    keys.tab_to("#composer")
    keys.type("Skvělé, beru první z nich.")
    keys.press(Keys.ENTER)
    wait_until(lambda: len(driver.find_elements("css selector", ".chat-message--own[data-message]")) == 1, WAIT,
               "the answer was not sent")


def test_escape_closes_a_group_chats_panel_and_gives_the_focus_back_to_its_button(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    sign_in(driver, base_url, "martin.b")
    driver.get(base_url + room_path(driver, base_url, "Svatba"))
    keys = Keyboard(driver)
    keys.tab_to(".chat-room__manage > summary")
    keys.press(Keys.ENTER)
    keys.tab_to(".chat-room__manage-panel button")
    keys.press(Keys.ESCAPE)
    wait_until(lambda: not driver.execute_script("return document.querySelector('.chat-room__manage').open"), WAIT,
               "Escape did not close the group's panel")
    assert keys.focused(".chat-room__manage > summary"), "the focus did not return to the panel's button"
    keys.check_focus()
