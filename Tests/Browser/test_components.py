"""The segmented control as people use it: a finger that drags the thumb (the label under it
turns two-coloured, pixel by pixel) and lets go, a flick, a tap, arrow keys; and how it
looks in light and dark. The bottom sheet and the content states have test files of their own."""

from urllib.parse import parse_qs, urlsplit

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, NARROW_PHONE, PHONE, WAIT, Finger, click, wait_for_rest, wait_until
from engines import Pointer, engine_of, set_viewport
from png_pixels import close, decode_png

ACCENT, ON_ACCENT, SUNKEN = (0xA8, 0x4C, 0x25), (0xFF, 0xFF, 0xFF), (0xF1, 0xEE, 0xE9)


# ---------------------------------------------------------------- reading and driving the control

def geometry(driver, name):
    """The control of radio group `name`, scrolled to the middle of the screen: its segments'
    and their labels' boxes (viewport px), where the thumb is, and which radio is checked."""
    return driver.execute_script("""
        const radios = [...document.querySelectorAll(`input[type=radio][name="${arguments[0]}"]`)];
        const track = radios[0].closest("[data-segmented-control]");
        track.scrollIntoView({ block: "center", behavior: "instant" });
        const box = track.getBoundingClientRect();
        const thumb = track.querySelector(".segmented__thumb");
        const shift = thumb ? new DOMMatrix(getComputedStyle(thumb).transform).m41 : null;
        const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width, height: r.height }; };
        return {
          track: rect(track), live: track.classList.contains("segmented--live"),
          segments: radios.map((r) => rect(r.closest("label"))),
          texts: radios.map((r) => rect(r.closest("label").querySelector("span"))),
          thumb: shift === null ? null : box.left + shift,
          clip: track.querySelector(".segmented__inverse")?.style.clipPath ?? null,
          checked: radios.findIndex((r) => r.checked),
        };""", name)


def wait_until_live(driver, name):
    WebDriverWait(driver, WAIT).until(lambda d: geometry(d, name)["live"], "the segmented control did not come to life")
    return geometry(driver, name)


def count_changes(driver):
    driver.execute_script("""
        window.segmentChanges = [];
        document.addEventListener("change", (e) => { if (e.target.type === "radio") window.segmentChanges.push(e.target.value); });""")


def changes(driver):
    return driver.execute_script("return window.segmentChanges")


def mouse(driver, kind, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1, "clickCount": 1})


def thumb_of(driver, name):
    return driver.execute_script(
        "return document.querySelector(`input[type=radio][name='${arguments[0]}']`)"
        ".closest('[data-segmented-control]').querySelector('.segmented__thumb')", name)


def middle(box):
    return box["left"] + box["width"] / 2, box["top"] + box["height"] / 2


def pitch(g):
    return g["segments"][1]["left"] - g["segments"][0]["left"]


def wait_for_thumb_over(driver, name, index):
    WebDriverWait(driver, WAIT).until(
        lambda d: abs(geometry(d, name)["thumb"] - geometry(d, name)["segments"][index]["left"]) < 0.5,
        f"the thumb did not settle over segment {index}")


# Every position a thumb takes (px), from the moment this runs.
WATCH_THUMBS = """
    window.thumbMoves = [];
    new MutationObserver((records) => {
      for (const r of records) {
        const match = r.target.classList?.contains("segmented__thumb") && /translateX\\((.*)px\\)/.exec(r.target.style.transform);
        const name = match && r.target.parentElement.querySelector("input[type=radio]").name;
        if (match) window.thumbMoves.push([name, parseFloat(match[1])]);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["style"] });"""


def watch_thumbs(driver):
    driver.execute_script(WATCH_THUMBS)


def thumb_moves(driver, name):
    return [x for control, x in driver.execute_script("return window.thumbMoves") if control == name]


def query_of(driver):
    return parse_qs(urlsplit(driver.current_url).query)


# ---------------------------------------------------------------- pixels

def split_colours(driver, text, edge):
    """Which colours the label's text box holds left and right of the thumb's edge (x)."""
    width, _, rows = decode_png(driver.get_screenshot_as_png())
    top, bottom = int(text["top"]) + 1, int(text["top"] + text["height"]) - 1
    left_part = [rows[y][x] for y in range(top, bottom) for x in range(int(text["left"]), int(edge) - 1)]
    right_part = [rows[y][x] for y in range(top, bottom)
                  for x in range(int(edge) + 2, min(int(text["left"] + text["width"]), width))]
    return left_part, right_part


# ---------------------------------------------------------------- segmented control

@pytest.mark.engines
def test_a_finger_drags_the_thumb_the_half_covered_label_is_two_coloured_and_the_release_snaps(
        open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/search?q=Praha")
    g = wait_until_live(driver, "by")
    count_changes(driver)
    assert g["checked"] == 0 and abs(g["thumb"] - g["segments"][0]["left"]) < 0.5

    finger = Finger(driver)
    finger.down(*middle(g["segments"][0]))
    finger.slide(0.55 * pitch(g))
    # Pointer moves reach the page with its next frame.
    target = g["segments"][0]["left"] + 0.55 * pitch(g)
    WebDriverWait(driver, WAIT).until(lambda d: abs(geometry(d, "by")["thumb"] - target) < 0.5, "the thumb did not follow the finger")
    moved = geometry(driver, "by")
    edge = moved["thumb"]
    assert moved["texts"][0]["left"] + 4 < edge < moved["texts"][0]["left"] + moved["texts"][0]["width"] - 4, \
        "the thumb's edge should cut through the first label"
    clip_left = float(moved["clip"].split(" round")[0].split()[-1].removesuffix("px"))
    assert abs(clip_left - (edge - moved["track"]["left"])) < 0.01, "the inverted labels are clipped at the thumb's edge"
    driver.save_screenshot(str(screenshots_dir / "segmented-half-drag-phone.png"))

    uncovered, covered = split_colours(driver, moved["texts"][0], edge)
    assert not any(close(c, ACCENT) for c in uncovered), "left of the thumb the label lies on the track"
    assert any(not close(c, SUNKEN, 60) for c in uncovered), "left of the thumb the label's text is drawn in the track's colours"
    assert sum(close(c, ACCENT) for c in covered) > len(covered) / 3, "right of the edge lies the thumb"
    assert any(close(c, ON_ACCENT, 60) for c in covered), "the covered part of the label is drawn in the thumb's text colour"

    finger.up(after_ms=200)
    wait_for_thumb_over(driver, "by", 1)
    assert geometry(driver, "by")["checked"] == 1
    assert changes(driver) == ["location"], "one change per committed choice"
    WebDriverWait(driver, WAIT).until(lambda d: query_of(d).get("by") == ["location"], "the choice did not reach the URL")


def test_a_quick_flick_moves_the_thumb_one_segment_in_its_direction(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/search")
    g = wait_until_live(driver, "by")
    finger = Finger(driver)
    finger.down(*middle(g["segments"][0]))
    finger.slide(0.2 * pitch(g), steps=4, ms_per_step=8)  # a fifth of a segment, fast
    finger.up()
    wait_for_thumb_over(driver, "by", 1)
    assert geometry(driver, "by")["checked"] == 1


def test_a_slow_short_drag_falls_back_to_where_it_was(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/search")
    g = wait_until_live(driver, "by")
    count_changes(driver)
    finger = Finger(driver)
    finger.down(*middle(g["segments"][0]))
    finger.slide(0.3 * pitch(g))
    finger.up(after_ms=200)
    wait_for_thumb_over(driver, "by", 0)
    assert geometry(driver, "by")["checked"] == 0
    assert changes(driver) == []


# Not in WebKit: the slide is timed (260 ms), and a busy WebKitGTK draws its first frame of
# it after that, so the test sees only the ends (README, Browsers).
@pytest.mark.engines("chromium", "firefox")
def test_a_click_on_a_segment_selects_it_and_the_thumb_slides_there(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="cs")
    driver.get(base_url + "/")
    g = wait_until_live(driver, "sort")
    count_changes(driver)
    watch_thumbs(driver)
    x, y = middle(g["segments"][1])
    if engine_of(driver) == "chromium":
        mouse(driver, "mousePressed", x, y)
        mouse(driver, "mouseReleased", x, y)
    else:
        click_at = Pointer(driver, "mouse")
        click_at.down(x, y)
        click_at.up(after_ms=0)
    wait_for_thumb_over(driver, "sort", 1)
    start, end = g["segments"][0]["left"] - g["track"]["left"], g["segments"][1]["left"] - g["track"]["left"]
    assert any(start + 1 < x < end - 1 for x in thumb_moves(driver, "sort")), "the thumb slides; it does not jump"
    assert changes(driver) == ["rating"]
    WebDriverWait(driver, WAIT).until(lambda d: query_of(d).get("sort") == ["rating"], "the sort did not reach the URL")


def test_a_tap_begun_before_the_script_ran_still_chooses(open_browser, base_url):
    """On a slow network a person can press a segment while the control's script is still on
    its way: the control comes to life under the finger, and the release still chooses."""
    driver = open_browser(size=PHONE, language="en")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/js/segmented-control.*"]})  # held back
    driver.get(base_url + "/register")
    g = geometry(driver, "role")
    assert not g["live"] and g["checked"] == 1, g  # a photographer, until a client is chosen
    x, y = middle(g["segments"][0])
    mouse(driver, "mousePressed", x, y)
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})  # … and arrives
    script = driver.find_element(By.CSS_SELECTOR, "script[src*='segmented-control']").get_attribute("src")
    driver.execute_script("import(arguments[0] + '?arrived')", script)
    wait_until_live(driver, "role")
    mouse(driver, "mouseReleased", x, y)
    wait_for_thumb_over(driver, "role", 0)
    assert geometry(driver, "role")["checked"] == 0
    assert not driver.find_element(By.ID, "bio").is_displayed(), "choosing a client hides the photographer's fields"


# Not in WebKit: WebKitGTK does not match :focus-visible on a radio its arrow keys focus, so
# the control shows no ring there (README, Browsers).
@pytest.mark.engines("chromium", "firefox")
def test_arrow_keys_move_the_choice_and_the_thumb_follows(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/register")
    wait_until_live(driver, "role")
    count_changes(driver)
    driver.execute_script(
        "(document.querySelector('input[name=role]:checked') ?? document.querySelector('input[name=role]')).focus()")
    checked_before = geometry(driver, "role")["checked"]
    # Towards the other choice: WebKit's radios stop at the ends, where the others wrap round.
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT if checked_before <= 0 else Keys.ARROW_LEFT)
    expected = 1 if checked_before <= 0 else 0
    wait_for_thumb_over(driver, "role", expected)
    values = ["client", "creator"]
    assert changes(driver) == [values[expected]]
    assert driver.find_element(By.ID, "bio").is_displayed() == (expected == 1)
    ring = driver.execute_script(
        "return getComputedStyle(document.querySelector('.role-choice .segmented__thumb')).outlineStyle")
    assert ring == "solid", "the focused control shows a focus ring around its thumb"


def test_the_thumb_appears_in_place_without_sliding_on_first_render(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_THUMBS})
    driver.get(base_url + "/search?by=location")
    g = wait_until_live(driver, "by")
    wait_for_rest(driver, thumb_of(driver, "by"))  # a slide on first render would be over by then
    moves = set(thumb_moves(driver, "by"))
    assert len(moves) == 1, f"the thumb moved on first render: {moves}"
    assert abs(g["thumb"] - g["segments"][1]["left"]) < 0.5


def test_with_reduced_motion_the_thumb_jumps_to_the_choice(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="cs")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(base_url + "/search")
    g = wait_until_live(driver, "by")
    watch_thumbs(driver)
    x, y = middle(g["segments"][1])
    mouse(driver, "mousePressed", x, y)
    mouse(driver, "mouseReleased", x, y)
    # Where it is the moment the tap is handled, before any frame is drawn: no slide and no
    # (however short) CSS transition on the way.
    assert abs(geometry(driver, "by")["thumb"] - g["segments"][1]["left"]) < 0.5
    assert thumb_moves(driver, "by") == [pytest.approx(g["segments"][1]["left"] - g["track"]["left"], abs=0.01)]


def thumb_and_choice(driver, name):
    """The thumb's box and the checked segment's box (viewport px), and the track's width."""
    return driver.execute_script("""
        const radios = [...document.querySelectorAll(`input[type=radio][name="${arguments[0]}"]`)];
        const track = radios[0].closest("[data-segmented-control]");
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
        return { thumb: box(track.querySelector(".segmented__thumb")), choice: box(radios.find((r) => r.checked).closest("label")),
                 track: track.getBoundingClientRect().width };""", name)


def wait_for_thumb_on_choice(driver, name, message):
    def fits():
        boxes = thumb_and_choice(driver, name)
        return all(abs(a - b) < 0.5 for a, b in zip(boxes["thumb"], boxes["choice"])) and boxes
    return wait_until(fits, message=message)


def test_the_thumb_keeps_to_its_segment_when_the_window_or_its_container_is_resized(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="cs")
    driver.get(base_url + "/search?by=location")
    wait_until_live(driver, "by")
    wide = wait_for_thumb_on_choice(driver, "by", "the thumb did not start on the choice")["track"]
    set_viewport(driver, *NARROW_PHONE)
    wait_for_thumb_on_choice(driver, "by", "the thumb did not follow a narrower window")
    set_viewport(driver, *DESKTOP)
    # The container narrows the track (its max-width), the window staying as it is.
    driver.execute_script("""document.querySelector("[name=by]").closest("[data-segmented-control]")
        .parentElement.style.width = "9rem";""")
    narrow = wait_for_thumb_on_choice(driver, "by", "the thumb did not follow a narrower container")["track"]
    assert narrow < wide - 20, "the container did not narrow the track"
    # Resized while the thumb slides to a new choice: it ends on the new choice as laid out now.
    driver.execute_script("""const track = document.querySelector("[name=by]").closest("[data-segmented-control]");
        track.querySelector("input[value=name]").closest("label").click();
        track.parentElement.style.width = "";""")
    wait_for_rest(driver, thumb_of(driver, "by"))
    boxes = wait_for_thumb_on_choice(driver, "by", "a resize during the slide left the thumb off its segment")
    assert abs(boxes["track"] - wide) < 1


def test_segmented_controls_are_captured_in_light_and_dark(open_browser, base_url, screenshots_dir):
    for scheme in ("light", "dark"):
        for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
            driver = open_browser(size=size, language="cs")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(base_url + "/register")
            wait_until_live(driver, "role")
            driver.save_screenshot(str(screenshots_dir / f"segmented-register-{scheme}-{label}.png"))
            driver.get(base_url + "/search?by=location&q=Brno")
            wait_until_live(driver, "by")
            driver.save_screenshot(str(screenshots_dir / f"segmented-search-{scheme}-{label}.png"))
            wait_until_live(driver, "lang")
            driver.save_screenshot(str(screenshots_dir / f"segmented-language-{scheme}-{label}.png"))


def test_the_components_page_shows_each_option_at_work(open_browser, base_url, screenshots_dir):
    """/components: buttons move its sheet to named detents and the sheet names where it rests;
    the page's own "offline" state comes from its template; in light and dark, phone and desktop."""
    driver = open_browser(size=PHONE, language="en")
    driver.get(base_url + "/components")
    reached = lambda: driver.find_element(By.CSS_SELECTOR, "[data-demo-detent]").get_attribute("value")
    wait_until(lambda: reached() == "peek", message="the sheet did not name its first resting point")
    click(driver, driver.find_element(By.CSS_SELECTOR, "button[data-sheet-detent='half']"))
    wait_until(lambda: reached() == "half", message="the button did not move the sheet to half")
    driver.execute_script("document.querySelector('[data-bottom-sheet]').bottomSheet.moveTo('peek')")
    wait_until(lambda: reached() == "peek", message="the sheet did not come back to its peek bar")
    offline = driver.find_element(By.CSS_SELECTOR, "[data-demo-offline]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", offline)
    click(driver, offline)
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "[data-demo-states] .state--offline"), message="no offline state")
    for scheme in ("light", "dark"):
        for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
            set_viewport(driver, *size)
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
            assert driver.execute_script("return document.documentElement.scrollWidth") <= size[0]
            driver.save_screenshot(str(screenshots_dir / f"components-{scheme}-{label}.png"))

