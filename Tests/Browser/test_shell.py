"""The app shell as a person meets it in a browser: language, navigation, layout on a
phone and on a wide screen, the not-found page, and pages that stay clean and usable."""

import re
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import (DESKTOP, NARROW_PHONE, PHONE, PROFILE_PAGE_ID, STRINGS, WAIT,
                             click, click_and_wait_for_next_page, heading, left, html_lang, javascript_is_off, own_profile_path,
                             page_id, path_of, png_size)

MIN_TOUCH_TARGET = 44  # CSS pixels, the smallest comfortable size for a finger

PAGES = [  # (data-page, path), in tab order
    ("feed", "/"),
    ("selection", "/selection"),
    ("search", "/search"),
    ("messages", "/messages"),
    ("profile", "/profile"),
]
PUBLIC_PAGES = [("feed", "/"), ("search", "/search")]
PERSONAL_PAGES = [("selection", "/selection"), ("messages", "/messages"), ("profile", "/profile")]
# Signed in, the profile tab opens the person's own public profile.
SIGNED_IN_PAGE_ID = {"profile": PROFILE_PAGE_ID}
UNKNOWN_PATH = "/tahle-stranka-neexistuje"
TAB_LABELS = {
    "cs": ["Feed", "Výběr", "Hledat", "Zprávy", "Profil"],
    "en": ["Feed", "Selection", "Search", "Messages", "Profile"],
}
HEADINGS = {  # the h1 of each page: its tab's label, but search says it finds people
    language: {**dict(zip([page for page, _ in PAGES], TAB_LABELS[language])),
               "search": STRINGS[language]["pages"]["search"]["title"]}
    for language in ("cs", "en")
}


# Helpers ---------------------------------------------------------------------------------

def text_contents(driver, selector):
    # textContent, not .text: it reads hidden elements too (the tab bar on a wide screen).
    return [element.get_property("textContent").strip()
            for element in driver.find_elements(By.CSS_SELECTOR, selector)]


def pressed_language(driver):
    chosen = driver.find_elements(By.CSS_SELECTOR, "form.language-switch input[name='lang']:checked")
    return [radio.get_attribute("value") for radio in chosen]


def choose_language(driver, code):
    """Taps the language's segment; the switch sends itself (without JavaScript, its button does)."""
    label = driver.find_element(By.XPATH, f"//form[contains(@class, 'language-switch')]//label[input[@value='{code}']]")
    if driver.find_elements(By.CSS_SELECTOR, "form.language-switch .segmented--live"):
        click_and_wait_for_next_page(driver, label)
    else:
        click(driver, label)
        click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form.language-switch [data-submit-fallback]"))


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
    # The English address of the same page, with its query.
    assert urlsplit(driver.current_url).path == "/en/search"
    assert parse_qs(urlsplit(driver.current_url).query) == parse_qs(urlsplit(path).query)
    assert heading(driver) == STRINGS["en"]["pages"]["search"]["title"]
    assert pressed_language(driver) == ["en"]
    # And back to the Czech one.
    choose_language(driver, "cs")
    assert html_lang(driver) == "cs" and urlsplit(driver.current_url).path == "/search"


def test_chosen_language_survives_a_reload(open_browser, base_url):
    driver = open_browser(language="cs")
    driver.get(base_url + "/search")
    choose_language(driver, "en")

    old_page = driver.find_element(By.TAG_NAME, "html")
    driver.refresh()
    WebDriverWait(driver, WAIT).until(left(old_page), "the page did not reload")

    assert html_lang(driver) == "en"
    assert heading(driver) == STRINGS["en"]["pages"]["search"]["title"]


def test_switching_back_to_czech_restores_czech_on_a_personal_page(open_browser, base_url, sign_up):
    driver = open_browser(language="cs")
    sign_up(driver)
    driver.get(base_url + "/messages")
    choose_language(driver, "en")
    assert html_lang(driver) == "en"

    choose_language(driver, "cs")

    assert html_lang(driver) == "cs"
    assert path_of(driver) == "/messages"
    assert heading(driver) == "Zprávy"
    assert pressed_language(driver) == ["cs"]


def test_language_switch_works_without_javascript(open_browser, base_url, sign_up):
    driver = open_browser(language="cs", javascript=False)
    assert javascript_is_off(driver), "JavaScript is still enabled, so this test would prove nothing"
    sign_up(driver)  # the registration form needs no script either
    driver.get(base_url + "/selection")

    choose_language(driver, "en")

    assert html_lang(driver) == "en"
    assert path_of(driver) == "/selection"
    assert heading(driver) == "Selection"


def test_language_switch_on_the_login_page_keeps_the_page_to_return_to(open_browser, base_url):
    driver = open_browser(language="cs")
    driver.get(base_url + "/messages")
    assert path_of(driver) == "/login"

    choose_language(driver, "en")

    assert html_lang(driver) == "en"
    assert path_of(driver) == "/login"
    assert parse_qs(urlsplit(driver.current_url).query) == {"return": ["/messages"]}
    assert driver.find_element(By.CSS_SELECTOR, "form.form input[name='return']").get_attribute("value") == "/messages"


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
    # Less than a pixel is rounding: the page's height has fractions, its scroll range does not.
    assert footer["bottom"] < tabbar["top"] + 1, f"footer ends at {footer['bottom']}, tab bar starts at {tabbar['top']}"


@pytest.mark.parametrize("path, signed_in", [("/messages", True), ("/register", False)],
                         ids=["messages-signed-in", "register-form"])
def test_phone_keyboard_focus_is_never_hidden_under_the_tab_bar(open_browser, base_url, sign_up, path, signed_in):
    driver = open_browser(size=PHONE, language="en")
    if signed_in:
        sign_up(driver)
    # Settled positions, not a smooth scroll still under way: the stylesheet drops smooth
    # scrolling for readers who ask for reduced motion.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(base_url + path)  # long enough that the footer starts below the fold
    tabbar = driver.find_element(By.CSS_SELECTOR, "nav.tabbar")

    hidden = []
    for _ in range(60):  # more than the page has focusable elements before the tab bar
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        if driver.execute_script("return arguments[0].contains(arguments[1])", tabbar, focused):
            break  # the tab bar comes last; its own links are what covers the others
        if viewport_rect(driver, focused)["bottom"] > viewport_rect(driver, tabbar)["top"]:
            hidden.append(focused.text or focused.get_dom_attribute("href") or focused.get_dom_attribute("id"))
    else:
        pytest.fail("the keyboard never reached the tab bar")
    assert hidden == []


def test_wide_screen_shows_the_top_navigation_instead_of_the_tab_bar(open_browser, base_url):
    driver = open_browser(size=DESKTOP)
    driver.get(base_url + "/")

    assert driver.find_element(By.CSS_SELECTOR, "nav.topnav").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "nav.tabbar").is_displayed()


# Navigation ----------------------------------------------------------------------------------

NAVS = pytest.mark.parametrize("nav, size", [("tabbar", PHONE), ("topnav", DESKTOP)],
                               ids=["phone-tabbar", "wide-topnav"])


def marked_current(driver, nav):
    return [link.get_dom_attribute("href")
            for link in driver.find_elements(By.CSS_SELECTOR, f"nav.{nav} a[aria-current='page']")]


@NAVS
@pytest.mark.parametrize("page, path", PUBLIC_PAGES, ids=[page for page, _ in PUBLIC_PAGES])
def test_public_tab_opens_its_page_for_a_guest_and_marks_itself_current(open_browser, base_url, nav, size, page,
                                                                          path):
    driver = open_browser(size=size, language="cs")
    # Start on the other public page, so the mark has to move.
    start = next(other for _, other in PUBLIC_PAGES if other != path)
    driver.get(base_url + start)

    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, f"nav.{nav} a[href='{path}']"))

    assert path_of(driver) == path
    assert page_id(driver) == page
    assert heading(driver) == HEADINGS["cs"][page]
    assert marked_current(driver, nav) == [path]


@NAVS
@pytest.mark.parametrize("page, path", PERSONAL_PAGES, ids=[page for page, _ in PERSONAL_PAGES])
def test_personal_tab_sends_a_guest_to_log_in_with_the_way_back(open_browser, base_url, nav, size, page, path):
    driver = open_browser(size=size, language="cs")
    driver.get(base_url + "/")

    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, f"nav.{nav} a[href='{path}']"))

    assert path_of(driver) == "/login"
    assert page_id(driver) == "login"
    assert parse_qs(urlsplit(driver.current_url).query) == {"return": [path]}
    assert driver.find_element(By.CSS_SELECTOR, "form.form input[name='return']").get_attribute("value") == path
    assert heading(driver) == STRINGS["cs"]["pages"]["login"]["title"]


@NAVS
@pytest.mark.parametrize("page, path", PAGES, ids=[page for page, _ in PAGES])
def test_tab_opens_its_page_for_a_signed_in_person_and_marks_itself_current(open_browser, base_url, sign_up, nav,
                                                                              size, page, path):
    driver = open_browser(size=size, language="cs")
    account = sign_up(driver)
    # Start on the previous tab's page, so the mark has to move.
    start = PAGES[PAGES.index((page, path)) - 1][1]
    driver.get(base_url + start)

    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, f"nav.{nav} a[href='{path}']"))

    if page == "profile":
        assert path_of(driver) == own_profile_path(account)
        assert heading(driver) == account.full_name
    else:
        assert path_of(driver) == path
        assert heading(driver) == HEADINGS["cs"][page]
    assert page_id(driver) == SIGNED_IN_PAGE_ID.get(page, page)
    assert marked_current(driver, nav) == [path]


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
    assert driver.find_element(By.CSS_SELECTOR, ".error-page__actions a").get_dom_attribute("href") == ("/" if language == "cs" else "/en/")
    assert driver.find_elements(By.CSS_SELECTOR, "[aria-current='page']") == []


# Health ----------------------------------------------------------------------------------------

CLEAN_PAGES = (  # (id, path, signed in?): every page as the person who can see it
    [(page, path, False) for page, path in PUBLIC_PAGES]
    + [(page, path, True) for page, path in PERSONAL_PAGES]
    + [("register", "/register", False), ("login", "/login", False), ("not-found", UNKNOWN_PATH, False)]
)


@pytest.mark.parametrize("path, signed_in", [(path, signed_in) for _, path, signed_in in CLEAN_PAGES],
                         ids=[page for page, _, _ in CLEAN_PAGES])
def test_page_logs_no_console_errors(open_browser, base_url, sign_up, path, signed_in):
    driver = open_browser(size=PHONE)
    if signed_in:
        sign_up(driver)
        driver.get_log("browser")  # reading the log empties it: only the page below counts
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
def test_every_page_is_captured_in_a_screenshot(open_browser, base_url, sign_up, screenshots_dir, language, size):
    # For people to look at: <page>-<lang>-<width>.png in Tests/Browser/screenshots/,
    # the personal pages as a signed-in person sees them.
    driver = open_browser(size=size, language=language)
    sign_up(driver)
    width, height = size

    for page, path in PAGES + [("error", UNKNOWN_PATH)]:
        driver.get(base_url + path)
        assert (page_id(driver), html_lang(driver)) == (SIGNED_IN_PAGE_ID.get(page, page), language)
        file = screenshots_dir / f"{page}-{language}-{width}.png"
        file.unlink(missing_ok=True)  # a stale file must not pass for a new one
        assert driver.save_screenshot(str(file)), f"could not write {file}"
        assert png_size(file) == (width, height)


FINGERPRINTED_SCRIPT = re.compile(r"/js/[a-z0-9/-]+\.[0-9a-f]{16}\.js")


@pytest.mark.engines
def test_a_page_fetches_every_module_by_its_fingerprinted_address(open_browser, base_url):
    """Modules import each other by plain address (`./fragment.js`); the page's import map,
    which the CSP allows by its hash, resolves each to its fingerprinted address, kept for a
    year. Without the map, or with a map the browser refused, the feed would ask for each
    imported module again on every view (plain addresses are revalidated)."""
    driver = open_browser(size=DESKTOP)
    driver.get(base_url + "/")  # the feed: three levels of imports (slider, sheet, bookmarks)
    # Module scripts run before the load event, so by then every static import was fetched.
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")
    scripts = driver.execute_script("""return performance.getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith("/js/"))""")  # not /sw.js, the worker's fixed address
    assert len(scripts) > 20, scripts
    assert not [path for path in scripts if not FINGERPRINTED_SCRIPT.fullmatch(path)], scripts
    assert "/js/precise-slider/constants.js" not in scripts
    assert driver.find_elements(By.CSS_SELECTOR, ".segmented--live"), "the page's scripts did not run"
