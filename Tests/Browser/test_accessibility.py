"""axe-core 4's WCAG 2.0, 2.1 and 2.2 A and AA rules on every page, as a guest, a photographer
and a client, in Czech and English, on a phone and a wide screen, light and dark, with the
page's sheets, menus and dialogs open; a few things axe cannot judge, asked of the browser's
accessibility tree; and the pages in forced colours and with reduced motion.

One browser per person walks through all of that person's pages; each page is checked in
its four sizes × schemes without a reload, and everything found is reported at once."""

import pytest
from selenium.webdriver.common.by import By

from axe_check import Audit, set_media, set_viewport, settle
from browser_helpers import (DESKTOP, PHONE, STRINGS, click, http_status_of_page, log_in, sign_in, wait_for_rest,
                             wait_to_rest_at, wait_until)


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


def send_as_it_is(driver, form_selector):
    """Sends a form unfilled, past the browser's own checks, so that the server's field errors show."""
    driver.execute_script("const form = document.querySelector(arguments[0]); form.noValidate = true; form.requestSubmit()",
                          form_selector)
    wait_until(lambda: driver.execute_script("return document.readyState === 'complete' && !!document.querySelector('.form-alert')"),
               message="the form's errors did not show")
    ready(driver)


def links(driver, selector):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((a) => [a.getAttribute('href'), a.textContent])", selector)


def room_path(driver, base_url, name):
    """The chat room whose entry in the conversation list mentions `name`."""
    visit(driver, base_url, "/messages")
    return next(href for href, text in links(driver, "a[href^='/messages/']") if name in text)


SHOT_PORTFOLIO = "/portfolios/4"  # a demo portfolio whose photos carry camera details


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
    visit(driver, base_url, "/register")
    send_as_it_is(driver, "form[action='/register']")
    audit.check("registration with errors")
    if language == "cs":  # each failed login counts against 127.0.0.1 (test_accounts.py)
        visit(driver, base_url, "/login")
        log_in(driver, "nikdo-takovy", "spatne-heslo")
        assert http_status_of_page(driver) == 401
        audit.check("login after a wrong password")
    visit(driver, base_url, SHOT_PORTFOLIO)
    audit.check("a portfolio, a photo's details open", prepare=open_shot_sheet)


def pages_without_scripts(driver, base_url, audit, language):
    """The pages as they are without JavaScript: radios, plain fields, details under each photo.
    The page's own scripts (all of them files) are blocked rather than JavaScript switched
    off, which would stop axe too."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*.js"]})
    for path in ("/", "/search?q=Brno&by=location", "/register", "/sliders", SHOT_PORTFOLIO):
        driver.get(base_url + path)
        assert not driver.find_elements(By.CSS_SELECTOR, ".segmented--live, .sheet--live"), "a page script ran"
        audit.check(f"{path} without scripts")


def photographer_pages(driver, base_url, audit, language):
    sign_in(driver, base_url, "lenka.svetlo")
    visit(driver, base_url, "/u/lenka.svetlo")
    # Its page in the reader's language, and the path its author's pages (edit, delete) hang from.
    portfolio = next(href for href, _ in links(driver, "a[href*='/portfolios/']") if href.split("/")[-1].isdigit())
    portfolio = portfolio.removeprefix("/en")
    audit.check("own profile, its menu open", prepare=open_details("details.menu"))
    for path in ("/profile/edit", "/profile/password", "/portfolios/new", portfolio, portfolio + "/delete", "/",
                 "/u/eva.s"):
        visit(driver, base_url, path)
        audit.check(path)
    visit(driver, base_url, "/portfolios/new")
    send_as_it_is(driver, "form[action='/portfolios']")
    audit.check("a new portfolio with errors")
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
    for path in ("/profile/edit", "/profile/edit?creator=1", "/u/vojtafoti", "/"):
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
    "guest without scripts": pages_without_scripts,
    "photographer": photographer_pages,
    "client": client_pages,
    "new client": new_client_pages,
}


@pytest.mark.parametrize("person, language", [
    ("guest", "cs"), ("guest", "en"), ("guest without scripts", "cs"), ("photographer", "cs"), ("photographer", "en"),
    ("client", "cs"), ("client", "en"), ("new client", "en"),
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


# Forced colours and reduced motion ---------------------------------------------------------------

# What a system colour (Canvas, CanvasText, Highlight…) is in the palette the browser forces now.
SYSTEM_COLOUR = """
    const probe = document.createElement("span");
    probe.style.cssText = "forced-color-adjust: none; color: " + arguments[0];
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;"""

SEGMENTED_COLOURS = """
    const track = document.querySelector(".segmented--live");
    const options = [...track.querySelectorAll(".segmented__option")];
    const copies = [...track.querySelectorAll(".segmented__inverse .segmented__label")];
    const style = (element, property) => getComputedStyle(element)[property];
    const behind = style(track, "backgroundColor");
    return options.map((option, index) => option.querySelector("input").checked
      ? { checked: true, text: style(copies[index], "color"), ground: style(track.querySelector(".segmented__thumb"), "backgroundColor"),
          shown: style(copies[index], "visibility") === "visible" }
      : { checked: false, text: style(option, "color"), ground: behind, shown: style(copies[index], "visibility") === "visible" });"""

RULER_COLOURS = """
    const ruler = document.querySelector(".precise-slider__ruler");
    const style = (selector, property) => getComputedStyle(ruler.querySelector(selector))[property];
    return { ticks: style(".ruler-tick", "stroke"), major: style(".ruler-tick--major", "stroke"),
             labels: style(".ruler-label", "fill"), pointer: style(".precise-slider__pointer line", "stroke"),
             mark: style(".precise-slider__pointer path", "fill"), ground: getComputedStyle(ruler).backgroundColor };"""


def system_colour(driver, name):
    return driver.execute_script(SYSTEM_COLOUR, name)


def shoot(driver, screenshots_dir, name):
    settle(driver)
    driver.save_screenshot(str(screenshots_dir / f"{name}.png"))


def test_forced_colours_keep_the_choice_the_rulers_and_the_sheet_visible(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    schemes = ("light", "dark")  # as Windows' light and dark contrast themes

    def palettes():
        """Each forced palette in turn, with its system colours."""
        for scheme in schemes:
            set_media(driver, scheme, forced_colors="active")
            settle(driver)  # colours fade from the last palette to this one
            yield scheme, {name: system_colour(driver, name) for name in ("Canvas", "CanvasText", "Highlight", "HighlightText")}

    visit(driver, base_url, "/search?q=Brno&by=location")
    for scheme, colour in palettes():
        segments = driver.execute_script(SEGMENTED_COLOURS)
        chosen = [(s["text"], s["ground"], s["shown"]) for s in segments if s["checked"]]
        others = {(s["text"], s["ground"], s["shown"]) for s in segments if not s["checked"]}
        assert chosen == [(colour["HighlightText"], colour["Highlight"], True)], segments
        assert others == {(colour["CanvasText"], colour["Canvas"], False)}, segments
        edge = driver.execute_script("""const style = getComputedStyle(document.querySelector("form .button[type=submit]"));
            return [style.borderTopStyle, style.borderTopColor]""")
        assert edge == ["solid", system_colour(driver, "ButtonText")], "a button has no edge in forced colours"
        shoot(driver, screenshots_dir, f"forced-colors-search-phone-{scheme}")

    visit(driver, base_url, "/")
    open_feed_sheet(driver, "phone")
    for scheme, colour in palettes():
        grabber, edge, ground = driver.execute_script("""
            const sheet = document.querySelector("[data-bottom-sheet]");
            return [getComputedStyle(sheet.querySelector(".sheet__grabber")).backgroundColor,
                    getComputedStyle(sheet).borderTopColor, getComputedStyle(sheet).backgroundColor];""")
        assert (grabber, edge, ground) == (colour["CanvasText"], colour["CanvasText"], colour["Canvas"]), (
            "the sheet's grabber or edge vanishes in forced colours")
        tab = driver.execute_script("""const style = getComputedStyle(
            document.querySelector('.tabbar__link[aria-current="page"] .icon'));
            return [style.backgroundColor, style.color]""")
        assert tab == [colour["Highlight"], colour["HighlightText"]], "the current tab keeps the theme's colours"
        shoot(driver, screenshots_dir, f"forced-colors-feed-sheet-phone-{scheme}")

    visit(driver, base_url, "/sliders")
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        set_viewport(driver, size)
        for scheme, colour in palettes():
            ruler = driver.execute_script(RULER_COLOURS)
            text, highlight = colour["CanvasText"], colour["Highlight"]
            assert ruler == {"ticks": text, "major": text, "labels": text, "pointer": highlight, "mark": highlight,
                             "ground": colour["Canvas"]}, f"the ruler is not drawn in system colours: {ruler}"
            shoot(driver, screenshots_dir, f"forced-colors-sliders-{name}-{scheme}")


SLIDES_AT_ONCE = """
    const [start, done] = arguments;
    const where = new Function(start)();
    requestAnimationFrame(() => requestAnimationFrame(() => done(where())));"""


def test_with_reduced_motion_the_sheet_and_the_thumb_move_at_once(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="en")
    set_media(driver, "light", prefers_reduced_motion="reduce")
    visit(driver, base_url, "/")
    # Two frames after the sheet is asked to open, and the thumb to move, both are where they end.
    state = driver.execute_async_script(SLIDES_AT_ONCE, """
        const sheet = document.querySelector("[data-bottom-sheet]");
        sheet.dispatchEvent(new CustomEvent("bottom-sheet:open", { detail: { detent: 1 } }));
        const segmented = sheet.querySelector(".segmented--live");
        const option = segmented.querySelectorAll(".segmented__option")[1];
        option.click();
        return () => ({ sheet: sheet.getBoundingClientRect().top, thumb: segmented.querySelector(".segmented__thumb").getBoundingClientRect().left,
                        option: option.getBoundingClientRect().left, running: document.getAnimations().length });""")
    wait_to_rest_at(driver, 1)
    rest = driver.execute_script("return document.querySelector('[data-bottom-sheet]').getBoundingClientRect().top")
    assert abs(state["sheet"] - rest) < 1 and abs(state["thumb"] - state["option"]) < 1 and state["running"] == 0, state
    shoot(driver, screenshots_dir, "reduced-motion-feed-sheet-phone")
