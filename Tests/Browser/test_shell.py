"""The app shell as a person meets it in a browser: language, navigation, layout on a
phone and on a wide screen, the not-found page, and pages that stay clean and usable."""

import json
import struct
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.wait import WebDriverWait

PHONE = (375, 812)
NARROW_PHONE = (320, 568)
DESKTOP = (1280, 800)
MIN_TOUCH_TARGET = 44  # CSS pixels, the smallest comfortable size for a finger
WAIT = 10  # seconds an explicit wait may take before the test fails

PAGES = [  # (data-page, path), in tab order
    ("feed", "/"),
    ("selection", "/selection"),
    ("search", "/search"),
    ("messages", "/messages"),
    ("profile", "/profile"),
]
UNKNOWN_PATH = "/tahle-stranka-neexistuje"
TAB_LABELS = {
    "cs": ["Feed", "Výběr", "Hledat", "Zprávy", "Profil"],
    "en": ["Feed", "Selection", "Search", "Messages", "Profile"],
}
LOCALES = Path(__file__).resolve().parents[2] / "Templates" / "locales"
STRINGS = {lang: json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("cs", "en")}
HEADINGS = {  # the h1 of each page, which is also its tab's label
    "cs": dict(zip([page for page, _ in PAGES], TAB_LABELS["cs"])),
    "en": dict(zip([page for page, _ in PAGES], TAB_LABELS["en"])),
}


# Helpers ---------------------------------------------------------------------------------

def html_lang(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def page_id(driver):
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-page")


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def path_of(driver):
    return urlsplit(driver.current_url).path


def text_contents(driver, selector):
    # textContent, not .text: it reads hidden elements too (the tab bar on a wide screen).
    return [element.get_property("textContent").strip()
            for element in driver.find_elements(By.CSS_SELECTOR, selector)]


def pressed_language(driver):
    pressed = driver.find_elements(By.CSS_SELECTOR, "form.language-switch button[aria-pressed='true']")
    return [button.get_attribute("value") for button in pressed]


def click_and_wait_for_next_page(driver, element):
    """Clicks a link or submit button and waits until the browser has left the page."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    element.click()
    WebDriverWait(driver, WAIT).until(EC.staleness_of(old_page), "the click did not lead to a new page")
    WebDriverWait(driver, WAIT).until(EC.presence_of_element_located((By.CSS_SELECTOR, "body[data-page]")))


def choose_language(driver, code):
    button = driver.find_element(By.CSS_SELECTOR, f"form.language-switch button[name='lang'][value='{code}']")
    click_and_wait_for_next_page(driver, button)


def viewport_rect(driver, element):
    """The element's box as the viewport sees it (Selenium's rect is page-relative)."""
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)


def http_status(url, language):
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status
    except urllib.error.HTTPError as error:  # 4xx and 5xx arrive as exceptions
        return error.code


def png_size(path):
    """(width, height) of a PNG file; fails if the file is not one."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR", f"{path.name} has no PNG header chunk"
    return struct.unpack(">II", data[16:24])


# Language ----------------------------------------------------------------------------------

@pytest.mark.parametrize("browser_language", ["cs-CZ,cs", "de-DE,de"],
                         ids=["browser-asks-for-czech", "browser-asks-for-a-language-not-offered"])
def test_feed_is_in_czech_by_default(open_browser, base_url, browser_language):
    driver = open_browser(language=browser_language)
    driver.get(base_url + "/")

    assert html_lang(driver) == "cs"
    assert driver.title == "Feed · Fotofolio"
    assert text_contents(driver, "nav.tabbar .tabbar__label") == TAB_LABELS["cs"]
    assert text_contents(driver, ".page-header__lead") == [STRINGS["cs"]["pages"]["feed"]["lead"]]
    assert pressed_language(driver) == ["cs"]


def test_feed_is_in_english_when_the_browser_asks_for_english(open_browser, base_url):
    driver = open_browser(language="en-US,en")
    driver.get(base_url + "/")

    assert html_lang(driver) == "en"
    assert driver.title == "Feed · Fotofolio"
    assert text_contents(driver, "nav.tabbar .tabbar__label") == TAB_LABELS["en"]
    assert text_contents(driver, ".page-header__lead") == [STRINGS["en"]["pages"]["feed"]["lead"]]
    assert pressed_language(driver) == ["en"]


@pytest.mark.parametrize("path", ["/search", "/search?q=svatba+Praha&mesto=Brno"], ids=["page", "page-with-query"])
def test_language_switch_changes_language_and_returns_to_the_same_page(open_browser, base_url, path):
    driver = open_browser(language="cs")
    driver.get(base_url + path)
    assert html_lang(driver) == "cs"

    choose_language(driver, "en")

    assert html_lang(driver) == "en"
    assert path_of(driver) == "/search"
    assert parse_qs(urlsplit(driver.current_url).query) == parse_qs(urlsplit(path).query)
    assert heading(driver) == "Search"
    assert pressed_language(driver) == ["en"]


def test_chosen_language_survives_a_reload(open_browser, base_url):
    driver = open_browser(language="cs")
    driver.get(base_url + "/profile")
    choose_language(driver, "en")

    old_page = driver.find_element(By.TAG_NAME, "html")
    driver.refresh()
    WebDriverWait(driver, WAIT).until(EC.staleness_of(old_page), "the page did not reload")

    assert html_lang(driver) == "en"
    assert heading(driver) == "Profile"


def test_switching_back_to_czech_restores_czech(open_browser, base_url):
    driver = open_browser(language="cs")
    driver.get(base_url + "/messages")
    choose_language(driver, "en")
    assert html_lang(driver) == "en"

    choose_language(driver, "cs")

    assert html_lang(driver) == "cs"
    assert path_of(driver) == "/messages"
    assert heading(driver) == "Zprávy"
    assert pressed_language(driver) == ["cs"]


def test_language_switch_works_without_javascript(open_browser, base_url):
    driver = open_browser(language="cs", javascript=False)
    # Make sure the preference took effect, or this test would prove nothing.
    driver.get("data:text/html,<title>off</title><script>document.title = 'on'</script>")
    assert driver.title == "off", "JavaScript is still enabled"
    driver.get(base_url + "/selection")

    choose_language(driver, "en")

    assert html_lang(driver) == "en"
    assert path_of(driver) == "/selection"
    assert heading(driver) == "Selection"


# Layout --------------------------------------------------------------------------------------

def test_phone_shows_the_tab_bar_instead_of_the_top_navigation(open_browser, base_url):
    driver = open_browser(size=PHONE)
    driver.get(base_url + "/")

    assert driver.find_element(By.CSS_SELECTOR, "nav.tabbar").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "nav.topnav").is_displayed()


def test_phone_tab_links_are_comfortable_touch_targets(open_browser, base_url):
    driver = open_browser(size=PHONE)
    driver.get(base_url + "/")

    links = driver.find_elements(By.CSS_SELECTOR, "nav.tabbar a")
    assert len(links) == len(PAGES)
    too_small = {link.get_dom_attribute("href"): (link.rect["width"], link.rect["height"]) for link in links
                 if link.rect["width"] < MIN_TOUCH_TARGET or link.rect["height"] < MIN_TOUCH_TARGET}
    assert too_small == {}


@pytest.mark.parametrize("language", ["cs", "en"])
def test_tab_labels_fit_on_a_narrow_phone(open_browser, base_url, language):
    # The labels are cut with an ellipsis when they do not fit; no label should need it.
    driver = open_browser(size=NARROW_PHONE, language=language)
    driver.get(base_url + "/")

    labels = driver.find_elements(By.CSS_SELECTOR, "nav.tabbar .tabbar__label")
    cut = [label.text for label in labels
           if int(label.get_property("scrollWidth")) > int(label.get_property("clientWidth"))]
    assert cut == []


def test_phone_footer_is_not_hidden_under_the_tab_bar(open_browser, base_url):
    driver = open_browser(size=PHONE)
    driver.get(base_url + "/")

    # "instant": the stylesheet asks for smooth scrolling, which would still be moving.
    driver.execute_script("window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script(
            "return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight"),
        "the page did not scroll to the bottom")

    footer = viewport_rect(driver, driver.find_element(By.CSS_SELECTOR, "footer.site-footer"))
    tabbar = viewport_rect(driver, driver.find_element(By.CSS_SELECTOR, "nav.tabbar"))
    assert footer["bottom"] <= tabbar["top"], f"footer ends at {footer['bottom']}, tab bar starts at {tabbar['top']}"


def test_phone_keyboard_focus_is_never_hidden_under_the_tab_bar(open_browser, base_url):
    driver = open_browser(size=PHONE, language="en")
    # Settled positions, not a smooth scroll still under way: the stylesheet drops smooth
    # scrolling for readers who ask for reduced motion.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(base_url + "/messages")  # long enough that the footer starts below the fold
    tabbar = driver.find_element(By.CSS_SELECTOR, "nav.tabbar")

    hidden = []
    for _ in range(30):  # more than the page has focusable elements before the tab bar
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        if driver.execute_script("return arguments[0].contains(arguments[1])", tabbar, focused):
            break  # the tab bar comes last; its own links are what covers the others
        if viewport_rect(driver, focused)["bottom"] > viewport_rect(driver, tabbar)["top"]:
            hidden.append(focused.text or focused.get_dom_attribute("href"))
    assert hidden == []


def test_wide_screen_shows_the_top_navigation_instead_of_the_tab_bar(open_browser, base_url):
    driver = open_browser(size=DESKTOP)
    driver.get(base_url + "/")

    assert driver.find_element(By.CSS_SELECTOR, "nav.topnav").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "nav.tabbar").is_displayed()


# Navigation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("nav, size", [("tabbar", PHONE), ("topnav", DESKTOP)], ids=["phone-tabbar", "wide-topnav"])
@pytest.mark.parametrize("page, path", PAGES, ids=[page for page, _ in PAGES])
def test_tab_opens_its_page_and_marks_itself_current(open_browser, base_url, nav, size, page, path):
    driver = open_browser(size=size, language="cs")
    # Start on the previous tab's page, so the mark has to move.
    start = PAGES[PAGES.index((page, path)) - 1][1]
    driver.get(base_url + start)

    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, f"nav.{nav} a[href='{path}']"))

    assert path_of(driver) == path
    assert page_id(driver) == page
    assert heading(driver) == HEADINGS["cs"][page]
    current = driver.find_elements(By.CSS_SELECTOR, f"nav.{nav} a[aria-current='page']")
    assert [link.get_dom_attribute("href") for link in current] == [path]


# Errors --------------------------------------------------------------------------------------

@pytest.mark.parametrize("language, title, message", [
    ("cs", "Stránku jsme nenašli", "Adresa je možná špatně napsaná, nebo stránka mezitím zmizela."),
    ("en", "Page not found", "The address may be mistyped, or the page is no longer here."),
])
def test_unknown_path_shows_the_not_found_page_in_the_readers_language(open_browser, base_url, language, title,
                                                                        message):
    assert http_status(base_url + UNKNOWN_PATH, language) == 404

    driver = open_browser(language=language)
    driver.get(base_url + UNKNOWN_PATH)

    assert html_lang(driver) == language
    assert page_id(driver) == "error"
    assert driver.title == f"{title} · Fotofolio"
    assert heading(driver) == title
    assert "404" in driver.find_element(By.CSS_SELECTOR, ".error-page__code").text
    assert driver.find_element(By.CSS_SELECTOR, ".error-page__message").text == message
    assert driver.find_element(By.CSS_SELECTOR, ".error-page__actions a").get_dom_attribute("href") == "/"
    assert driver.find_elements(By.CSS_SELECTOR, "[aria-current='page']") == []


# Health ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", [path for _, path in PAGES] + [UNKNOWN_PATH],
                         ids=[page for page, _ in PAGES] + ["not-found"])
def test_page_logs_no_console_errors(open_browser, base_url, path):
    driver = open_browser(size=PHONE)
    driver.get(base_url + path)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if path == UNKNOWN_PATH:
        # Chrome logs the document's own 404 status as a failed load; that status is the point.
        errors = [entry for entry in errors if not entry["message"].startswith(f"{base_url}{path} - ")]
    assert [entry["message"] for entry in errors] == []


# Screenshots -----------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375", "1280"])
@pytest.mark.parametrize("language", ["cs", "en"])
def test_every_page_is_captured_in_a_screenshot(open_browser, base_url, screenshots_dir, language, size):
    # For people to look at: <page>-<lang>-<width>.png in Tests/Browser/screenshots/.
    driver = open_browser(size=size, language=language)
    width, height = size

    for page, path in PAGES + [("error", UNKNOWN_PATH)]:
        driver.get(base_url + path)
        assert (page_id(driver), html_lang(driver)) == (page, language)
        file = screenshots_dir / f"{page}-{language}-{width}.png"
        file.unlink(missing_ok=True)  # a stale file must not pass for a new one
        assert driver.save_screenshot(str(file)), f"could not write {file}"
        assert png_size(file) == (width, height)
