"""axe-core 4's WCAG 2.0, 2.1 and 2.2 A and AA rules on every page, as a guest, a photographer
and a client, in Czech and English, on a phone and a wide screen, light and dark, with the
page's sheets, menus and dialogs open; a few things axe cannot judge, asked of the browser's
accessibility tree; and the pages in forced colours and with reduced motion.

One browser per person walks through all of that person's pages; each page is checked in
its four sizes × schemes without a reload, and everything found is reported at once."""

import pytest
from selenium.webdriver.common.by import By

from axe_check import Audit, set_media, set_viewport, settle
from browser_helpers import DESKTOP, PHONE, STRINGS, click, sign_in, wait_for_rest, wait_to_rest_at, wait_until


# Putting a page into a state -----------------------------------------------------------------

def ready(driver):
    """The page's scripts have run: every segmented control is live."""
    wait_until(lambda: driver.execute_script(
        "return [...document.querySelectorAll('.segmented')].every((s) => s.classList.contains('segmented--live'))"),
        message="the page's scripts did not run")


def visit(driver, base_url, path):
    driver.get(base_url + path)
    ready(driver)


def open_details(selector):
    """A prepare step that opens a <details> (a menu, a confirmation, a panel)."""
    def prepare(driver, size):
        driver.execute_script("document.querySelector(arguments[0]).open = true", selector)
    return prepare


def open_feed_sheet(driver, size):
    """The feed's filter sheet, at half height over the cards; a wide screen has no sheet."""
    if size != "phone":
        return
    driver.execute_script("""document.querySelector("[data-bottom-sheet]")
        .dispatchEvent(new CustomEvent("bottom-sheet:open", { detail: { detent: 1 } }))""")
    wait_to_rest_at(driver, 1)


def open_shot_sheet(driver, size):
    """A photo's "how it was shot" sheet on a phone; on a wide screen the details stay under the photo."""
    if size != "phone":
        return
    button = driver.find_element(By.CSS_SELECTOR, "[data-shot-open]")
    wait_until(button.is_displayed, message="the photo details button did not appear")
    click(driver, button)
    wait_until(lambda: driver.execute_script(
        "return document.querySelector('[data-shot-sheet]').dataset.sheetDetent === '1'"),
        message="the photo details sheet did not open")
    wait_for_rest(driver, "[data-shot-sheet]")


def links(driver, selector):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((a) => [a.getAttribute('href'), a.textContent])", selector)


def room_path(driver, base_url, name):
    """The chat room whose entry in the conversation list mentions `name`."""
    visit(driver, base_url, "/messages")
    return next(href for href, text in links(driver, "a[href^='/messages/']") if name in text)


def shot_portfolio(driver, base_url):
    """A demo portfolio whose photos carry camera details."""
    for number in range(1, 13):
        visit(driver, base_url, f"/portfolios/{number}")
        if driver.find_elements(By.CSS_SELECTOR, "[data-shot-open]"):
            return f"/portfolios/{number}"
    pytest.fail("no demo portfolio has photos with camera details")


# What the accessibility tree says -------------------------------------------------------------

def ax_node(driver, selector, relatives=False):
    """The accessibility tree's node for the first element matching `selector` (with its
    ancestors when `relatives`), as the browser gives it to assistive technology."""
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no element matches {selector}"
    return driver.execute_cdp_cmd("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": relatives})["nodes"]


def value(node, key):
    return (node.get(key) or {}).get("value", "")


def accessible_name(driver, selector):
    nodes = ax_node(driver, selector)
    return value(nodes[0], "name")


def group_of(driver, selector):
    """(role, name) of the nearest group or radiogroup the element belongs to."""
    nodes = ax_node(driver, selector, relatives=True)
    by_id = {node["nodeId"]: node for node in nodes}
    node = next(node for node in nodes if not node.get("ignored") and value(node, "role") == "radio")
    while node.get("parentId") in by_id:
        node = by_id[node["parentId"]]
        if value(node, "role") in ("group", "radiogroup"):
            return value(node, "role"), value(node, "name")
    return None, ""


def landmarks(driver):
    """(role, name) of every landmark on the page."""
    nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    roles = {"banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"}
    return [(value(node, "role"), value(node, "name")) for node in nodes
            if not node.get("ignored") and value(node, "role") in roles]


# Every page, person by person ------------------------------------------------------------------

def guest_pages(driver, base_url, audit, language):
    visit(driver, base_url, "/")
    audit.check("feed", prepare=open_feed_sheet)
    visit(driver, base_url, "/?tags=svatba,neexistuje")
    audit.check("feed without results")
    for query in ("", "?q=Brno&by=location", "?q=nikdo&by=name"):
        visit(driver, base_url, "/search" + query)
        audit.check(f"search{query}")
    for path in ("/register", "/login", "/u/ad.fotograf", "/u/eva.s", "/sliders", "/status",
                 "/no-such-page", "/portfolios/999999", "/confirm-email/nonsense"):
        visit(driver, base_url, path)
        audit.check(path)
    audit.check(shot_portfolio(driver, base_url), prepare=open_shot_sheet)


def photographer_pages(driver, base_url, audit, language):
    sign_in(driver, base_url, "lenka.svetlo")
    visit(driver, base_url, "/u/lenka.svetlo")
    portfolio = next(href for href, _ in links(driver, "a[href^='/portfolios/']") if href.split("/")[-1].isdigit())
    audit.check("own profile, its menu open", prepare=open_details("details.menu"))
    for path in ("/profile/edit", "/profile/password", "/portfolios/new", portfolio, portfolio + "/delete", "/",
                 "/u/eva.s"):
        visit(driver, base_url, path)
        audit.check(path)
    visit(driver, base_url, portfolio + "/edit")
    audit.check("portfolio editor, a photo's framing open", prepare=open_details("[data-photo-framing-panel]"))
    assert group_of(driver, "input[name='cover']") == ("radiogroup", STRINGS[language]["portfolio"]["coverChoice"]), (
        "the cover photo radios are not a group named for the choice")
    visit(driver, base_url, "/messages")
    audit.check("messages, a new group's form open", prepare=open_details(".conversation-start__group"))
    visit(driver, base_url, room_path(driver, base_url, "Jana"))
    audit.check("a long direct chat, its timeline open", prepare=open_details(".chat-timeline"))
    set_viewport(driver, PHONE)
    assert accessible_name(driver, ".chat-composer__send") == STRINGS[language]["messages"]["send"], (
        "on a phone the Send button has no name")
    set_viewport(driver, DESKTOP)
    visit(driver, base_url, room_path(driver, base_url, "Svatba"))
    audit.check("group chat, its members shown", prepare=open_details(".chat-room__manage"))


def client_pages(driver, base_url, audit, language):
    sign_in(driver, base_url, "martin.b")
    visit(driver, base_url, "/u/martin.b")
    audit.check("own client profile, its menu open", prepare=open_details("details.menu"))
    for path in ("/profile/edit", "/u/vojtafoti", "/"):
        visit(driver, base_url, path)
        audit.check(path)
    visit(driver, base_url, room_path(driver, base_url, "Svatba"))
    audit.check("group chat, its management open", prepare=open_details(".chat-room__manage"))
    visit(driver, base_url, room_path(driver, base_url, "Vojta"))
    audit.check("direct chat")


def new_client_pages(driver, base_url, audit, language, sign_up):
    sign_up(driver, role="client")
    visit(driver, base_url, "/selection")
    audit.check("empty selection")
    visit(driver, base_url, "/")
    for button in driver.find_elements(By.CSS_SELECTOR, "[data-bookmark-button]")[:3]:
        click(driver, button)
        wait_until(lambda: button.get_attribute("aria-pressed") == "true", message="the bookmark did not take")
    visit(driver, base_url, "/selection")
    audit.check("selection, its clear confirmation open", prepare=open_details("details.confirm-inline"))
    names = [name for role, name in landmarks(driver) if role == "region"]
    assert len(names) == len(set(names)), f"landmarks on the selection page share names: {names}"
    visit(driver, base_url, "/messages")
    audit.check("no messages yet")


PEOPLE = {
    "guest": guest_pages,
    "photographer": photographer_pages,
    "client": client_pages,
    "new client": new_client_pages,
}


@pytest.mark.parametrize("person, language", [
    ("guest", "cs"), ("guest", "en"), ("photographer", "en"), ("client", "cs"), ("new client", "en"),
])
def test_every_page_passes_axe(open_browser, base_url, sign_up, person, language):
    driver = open_browser(size=DESKTOP, language=language)
    audit = Audit(driver)
    walk = PEOPLE[person]
    if person == "new client":
        walk(driver, base_url, audit, language, sign_up)
    else:
        walk(driver, base_url, audit, language)
    assert not audit.found, audit.report()
