"""The precise sliders on their demo page (/sliders), driven as people drive them: mouse drags
and flings, touch pinches (two synthetic fingers through Chrome DevTools), Ctrl + wheel,
the keyboard, and the plain form without JavaScript; and the handle a page drives a slider
by (a film player's seek bar). Expected values come from the slider's formulas (a 1D range
spans twice the ruler's width at scale 1; a plane's content is the plane less its rulers;
zooming never moves the value), computed here independently of the page's scripts."""

import time
import math
from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, bring_into_view, click_and_wait_for_next_page, http_status_of_page, png_size
from engines import Pointer, engine_of


# ---------------------------------------------------------------- reading the page

def widget_selector(name):
    return f':is([data-precise-slider], [data-precise-plane]):has(input[name="{name}"])'


def box(driver, name, part="[data-slider-ruler], [data-plane-view]"):
    """The slider's ruler (or plane) scrolled to the middle of the screen: its client rect, with
    `width`/`height` inside its border (what the ruler draws into)."""
    return driver.execute_script("""
        const part = document.querySelector(arguments[0]).querySelector(arguments[1]);
        part.scrollIntoView({ block: "center", behavior: "instant" });
        const r = part.getBoundingClientRect();
        // Mouse events land on whole pixels: aim at one, and say how far it is from the middle.
        const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
        return { left: r.left, top: r.top, width: part.clientWidth, height: part.clientHeight,
                 x, y, offset: x - (r.left + r.width / 2) };""", widget_selector(name), part)


def field(driver, name):
    return driver.execute_script("return document.querySelector(`input[name='${arguments[0]}']`).value", name)


def number(driver, name):
    return float(field(driver, name))


def stat(driver, name, key):
    return driver.execute_script("""
        return document.querySelector(arguments[0]).closest(".slider-demo__item")
            .querySelector(`[data-stat='${arguments[1]}']`).textContent""", widget_selector(name), key)


def readout(driver, name):
    return driver.execute_script(
        "return document.querySelector(arguments[0]).querySelector('.precise-slider__readout').textContent",
        widget_selector(name))


def label_x(driver, name, text):
    """Where the ruler draws the label `text`, in px from the ruler's left edge (None if not drawn)."""
    return driver.execute_script("""
        const labels = [...document.querySelector(arguments[0]).querySelectorAll("text.ruler-label")];
        const label = labels.find((l) => l.textContent === arguments[1] && l.getAttribute("visibility") !== "hidden");
        if (!label) return null;
        // Labels sit in a group that is shifted while the ruler moves.
        const shift = label.parentNode.transform.baseVal.consolidate()?.matrix.e ?? 0;
        return parseFloat(label.getAttribute("x")) + shift;""", widget_selector(name), text)


def watch_changes(driver):
    driver.execute_script("""
        window.sliderChanges = [];
        window.sliderStarts = [];
        window.sliderInputs = [];
        document.addEventListener("slider-change", (e) => window.sliderChanges.push(e.detail));
        document.addEventListener("slider-start", (e) => window.sliderStarts.push(e.detail));
        document.addEventListener("slider-input", (e) => window.sliderInputs.push(e.detail));""")


def events(driver):
    """How many slider-start, slider-input and slider-change events the page has heard."""
    return driver.execute_script(
        "return [window.sliderStarts.length, window.sliderInputs.length, window.sliderChanges.length]")


def handle(driver, name, script, *arguments):
    """Runs `script` with `slider` bound to the handle of the slider holding `name`."""
    return driver.execute_script(
        "const slider = document.querySelector(arguments[0]).preciseSlider;" + script,
        widget_selector(name), *arguments)


def rulers(view):
    """An idle plane ruler's thickness: 5 % of the plane's shorter side."""
    return 0.05 * min(view["width"], view["height"])


def wait_for_change(driver, count=1):
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return window.sliderChanges.length") >= count, "the slider never settled")


# ---------------------------------------------------------------- input through DevTools

def mouse(driver, kind, x, y, **extra):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind != "mouseReleased" else 0,
        "clickCount": 1, **extra})


def drag(driver, start, dx, dy=0, steps=12, hold=True):
    """Presses at `start`, moves by (dx, dy) in `steps` moves and releases. With `hold` the
    pointer rests before the release (no fling); without, it lets go while moving fast.

    Every event carries its own time stamp, one frame (16 ms) after the one before, so the
    velocity the widget measures does not depend on how fast this machine sends them."""
    x, y = start
    if hold and engine_of(driver) != "chromium":
        # WebDriver's mouse in Firefox and WebKit: real time, so only a drag that rests.
        pointer = Pointer(driver, "mouse")
        pointer.down(x, y)
        pointer.move([(x + dx * step / steps, y + dy * step / steps) for step in range(1, steps + 1)])
        pointer.up(after_ms=250)
        return
    start_time = time.time()
    at = lambda frame: {"timestamp": start_time + frame * 0.016}
    mouse(driver, "mousePressed", x, y, **at(0))
    for step in range(1, steps + 1):
        mouse(driver, "mouseMoved", x + dx * step / steps, y + dy * step / steps, **at(step))
    if hold:
        # The release velocity only counts the last 100 ms of movement: rest longer than that.
        driver.execute_async_script("setTimeout(arguments[0], 250)")
        mouse(driver, "mouseReleased", x + dx, y + dy)
    else:
        mouse(driver, "mouseReleased", x + dx, y + dy, **at(steps + 1))


def touches(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def pinch(driver, start_points, end_points, steps=10):
    touches(driver, "touchStart", start_points)
    for step in range(1, steps + 1):
        touches(driver, "touchMove", [
            (a[0] + (b[0] - a[0]) * step / steps, a[1] + (b[1] - a[1]) * step / steps)
            for a, b in zip(start_points, end_points)])
    touches(driver, "touchEnd", [])


def wheel(driver, x, y, delta_y, ctrl=False):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y, "modifiers": 2 if ctrl else 0})


def rubber_band(x):
    return math.sqrt(abs(x) + 0.25) - 0.5


def open_sliders(open_browser, base_url, size=DESKTOP, **options):
    driver = open_browser(size=size, **options)
    driver.get(base_url + "/sliders")
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return document.querySelectorAll('.precise-slider--live').length") == 6,
        "the sliders did not come to life")
    watch_changes(driver)
    return driver


# ---------------------------------------------------------------- 1D

def visible_labels(driver, name):
    return driver.execute_script("""
        return [...document.querySelector(arguments[0]).querySelectorAll("text.ruler-label")]
            .filter((l) => l.getAttribute("visibility") !== "hidden" && l.textContent !== "")
            .map((l) => l.textContent)""", widget_selector(name))


def test_the_ruler_labels_each_major_tick_in_view_where_it_belongs(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    ppv = 2 * ruler["width"] / 100
    half = ruler["width"] / 2 / ppv
    majors = [str(v) for v in range(0, 101, 5) if 37 - half <= v <= 37 + half]
    assert sorted(visible_labels(driver, "finite"), key=int) == majors
    for text in majors:
        assert abs(label_x(driver, "finite", text) - (ruler["width"] / 2 + (int(text) - 37) * ppv)) < 0.01


@pytest.mark.engines
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_dragging_moves_the_ruler_one_to_one_and_the_form_submits_the_value(open_browser, base_url, screenshots_dir, size):
    driver = open_sliders(open_browser, base_url, size)
    ruler = box(driver, "finite")
    drag(driver, (ruler["x"], ruler["y"]), -120)
    wait_for_change(driver)
    # 0–100 spans 2 × width at scale 1: 120 px to the left is 120 · 100 / (2 · width) more.
    expected = 37 + 120 * 100 / (2 * ruler["width"])
    assert abs(number(driver, "finite") - expected) <= 0.05 + 1e-9
    assert readout(driver, "finite") == f"{number(driver, 'finite'):.1f}".replace(".", ",")
    assert stat(driver, "finite", "value") == field(driver, "finite")
    driver.save_screenshot(str(screenshots_dir / f"sliders-dragged-{'phone' if size == PHONE else 'desktop'}.png"))

    text = field(driver, "finite")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".slider-demo__actions button"))
    assert driver.execute_script(
        "return document.querySelector('[data-accepted-value=\"finite\"]').textContent") == text
    assert field(driver, "finite") == text


def test_a_fling_glides_on_after_the_release(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    drag(driver, (ruler["x"], ruler["y"]), -100, steps=8, hold=False)
    released_at = 37 + 100 * 100 / (2 * ruler["width"])
    wait_for_change(driver)
    assert number(driver, "finite") > released_at + 3
    assert number(driver, "finite") <= 100
    # One edit: begun once, over once, when the glide ended (not when the finger lifted).
    assert events(driver)[0] == 1 and events(driver)[2] == 1
    assert handle(driver, "finite", "return slider.editing") is False


def test_with_reduced_motion_a_fling_lands_at_once(open_browser, base_url):
    driver = open_browser(size=DESKTOP)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(base_url + "/sliders")
    watch_changes(driver)
    ruler = box(driver, "finite")
    drag(driver, (ruler["x"], ruler["y"]), -100, steps=8, hold=False)
    # No glide to wait for: the value was committed by the release itself.
    assert driver.execute_script("return window.sliderChanges.length") == 1
    assert number(driver, "finite") > 37 + 100 * 100 / (2 * ruler["width"]) + 3


def test_a_double_click_zooms_in_one_step_and_keeps_the_value(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    # Well right of the pointer: the zoom is about the pointer all the same.
    for count in (1, 2):
        mouse(driver, "mousePressed", ruler["x"] + 80, ruler["y"], clickCount=count)
        mouse(driver, "mouseReleased", ruler["x"] + 80, ruler["y"], clickCount=count)
    WebDriverWait(driver, WAIT).until(lambda d: stat(d, "finite", "scale") == "5", "the double click did not zoom")
    assert stat(driver, "finite", "step") == "0.2"
    assert handle(driver, "finite", "return slider.value") == 37
    # A zoom is not an edit of the value: past the first click's wait for a second, still none.
    assert driver.execute_async_script("const done = arguments[0]; setTimeout(done, 400)") is None
    assert events(driver) == [0, 0, 0]


def test_a_double_tap_zooms_in_one_step(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    ruler = box(driver, "finite")
    for _ in range(2):
        touches(driver, "touchStart", [(ruler["x"], ruler["y"])])
        touches(driver, "touchEnd", [])
    WebDriverWait(driver, WAIT).until(lambda d: stat(d, "finite", "scale") == "5", "the double tap did not zoom")


def test_one_finger_alone_sets_the_value_by_a_tap_and_zooms_by_the_buttons(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    ruler = box(driver, "finite")
    touches(driver, "touchStart", [(ruler["x"] + 60, ruler["y"])])
    touches(driver, "touchEnd", [])
    # The value under the tap comes to the pointer: 60 px right is 60 · 100 / (2 · width) more.
    expected = 37 + (60 + ruler["offset"]) * 100 / (2 * ruler["width"])
    WebDriverWait(driver, WAIT).until(
        lambda d: abs(number(d, "finite") - expected) <= 0.1, "the tap did not bring its value to the pointer")
    zoom_in = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('finite')} [data-zoom='in']")
    zoom_in.click()
    assert stat(driver, "finite", "scale") == "2"
    driver.find_element(By.CSS_SELECTOR, f"{widget_selector('finite')} [data-zoom='out']").click()
    assert stat(driver, "finite", "scale") == "1"
    assert abs(number(driver, "finite") - expected) <= 0.1, "zooming about the pointer moved the value"


def test_a_key_pressed_right_after_a_tap_wins_over_the_taps_jump(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    ruler = box(driver, "finite")
    # Left of the pointer: after End, the value under that point is below the end.
    touches(driver, "touchStart", [(ruler["x"] - 60, ruler["y"])])
    touches(driver, "touchEnd", [])
    driver.find_element(By.CSS_SELECTOR, f"{widget_selector('finite')} [data-slider-ruler]").send_keys(Keys.END)
    # The tap's jump would come a double tap's wait (300 ms) after it: past that, the End stays.
    assert driver.execute_async_script("const done = arguments[0]; setTimeout(done, 600)") is None
    assert number(driver, "finite") == 100, "the tap's late jump undid the key"


def test_past_the_end_the_ruler_resists_and_springs_back(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    ppv = 2 * ruler["width"] / 100
    past = 200
    x, y = ruler["x"], ruler["y"]
    mouse(driver, "mousePressed", x, y)
    for step in range(1, 21):
        mouse(driver, "mouseMoved", x - (63 * ppv + past) * step / 20, y)
    # The finger is 200 px past 100; the ruler shows only the rubber band's √(200 + ¼) − ½ px.
    WebDriverWait(driver, WAIT).until(lambda d: label_x(d, "finite", "100") is not None)
    shown = ruler["width"] / 2 - label_x(driver, "finite", "100")
    assert abs(shown - rubber_band(past)) < 0.5
    assert number(driver, "finite") == 100  # the public value never leaves the range
    mouse(driver, "mouseReleased", x - 63 * ppv - past, y)
    wait_for_change(driver)
    assert abs(label_x(driver, "finite", "100") - ruler["width"] / 2) < 0.5
    assert number(driver, "finite") == 100


def test_two_fingers_change_only_the_scale_wherever_they_are(open_browser, base_url):
    """Dragging selects the value, spreading changes the scale: fingers 40 px apart, 50 px right
    of the pointer, spread to 120 px while sliding 90 px left, zoom three times about the
    pointer and leave the value exactly where it was."""
    driver = open_sliders(open_browser, base_url, size=PHONE)
    ruler = box(driver, "finite")
    x, y = ruler["x"], ruler["y"]
    pinch(driver, [(x + 30, y), (x + 70, y)], [(x - 100, y), (x + 20, y)])
    WebDriverWait(driver, WAIT).until(lambda d: stat(d, "finite", "scale") == "3", "the pinch did not zoom")
    assert handle(driver, "finite", "return slider.value") == 37
    assert field(driver, "finite") == "37"


@pytest.mark.parametrize("spot", [-110, -40, 0, 60, 120])
def test_pinches_anywhere_on_the_ruler_never_move_the_value(open_browser, base_url, spot):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    ruler = box(driver, "reversed")
    x, y = ruler["x"] + spot, ruler["y"]
    pinch(driver, [(x - 15, y), (x + 15, y)], [(x - 50, y), (x + 40, y)])
    WebDriverWait(driver, WAIT).until(lambda d: stat(d, "reversed", "scale") == "3", "the pinch did not zoom")
    assert handle(driver, "reversed", "return slider.value") == 250


def test_ctrl_wheel_zooms_about_the_pointer_and_keeps_the_value(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    # The cursor well left of the pointer: the zoom is about the pointer all the same.
    wheel(driver, ruler["x"] - 120, ruler["y"], -200, ctrl=True)
    WebDriverWait(driver, WAIT).until(lambda d: stat(d, "finite", "scale") == "2.718", "Ctrl + wheel did not zoom")
    assert handle(driver, "finite", "return slider.value") == 37
    assert events(driver) == [0, 0, 0]  # zooming is not an edit of the value


def test_the_wheel_moves_the_ruler_by_its_pixels(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "finite")
    wheel(driver, ruler["x"], ruler["y"], 100)
    wait_for_change(driver)
    assert abs(number(driver, "finite") - (37 + 100 / (2 * ruler["width"] / 100))) <= 0.05


@pytest.mark.engines
def test_the_keyboard_steps_by_ticks_jumps_to_the_ends_and_zooms(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('finite')} [data-slider-ruler]")
    assert ruler.get_attribute("role") == "slider"
    assert ruler.get_attribute("aria-valuemin") == "0" and ruler.get_attribute("aria-valuemax") == "100"
    ruler.send_keys(Keys.ARROW_RIGHT)
    assert field(driver, "finite") == "38" and ruler.get_attribute("aria-valuenow") == "38"
    ruler.send_keys(Keys.PAGE_UP)
    assert field(driver, "finite") == "40"
    ruler.send_keys(Keys.HOME)
    assert field(driver, "finite") == "0"
    ruler.send_keys(Keys.END)
    assert field(driver, "finite") == "100" and ruler.get_attribute("aria-valuetext") == "100,0"
    ruler.send_keys("++")
    assert stat(driver, "finite", "scale") == "4"
    # Past scale 5 the ruler hands over to ticks five times finer: arrows follow them.
    ruler.send_keys("+", Keys.ARROW_LEFT)
    assert stat(driver, "finite", "step") == "0.2"
    assert field(driver, "finite") == "99.8"


def test_the_infinite_axis_wraps_past_its_end(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "hue")
    # 360° span 2 × width: 20° is 20 · 2 · width / 360 px.
    drag(driver, (ruler["x"], ruler["y"]), -20 * 2 * ruler["width"] / 360)
    wait_for_change(driver)
    assert abs(number(driver, "hue") - 10) <= 0.06
    element = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('hue')} [data-slider-ruler]")
    element.send_keys(Keys.HOME)
    assert field(driver, "hue") == "0"
    element.send_keys(Keys.ARROW_LEFT)
    assert field(driver, "hue") == "354"


def test_a_reversed_range_runs_from_right_to_left(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "reversed")
    drag(driver, (ruler["x"], ruler["y"]), -100)
    wait_for_change(driver)
    # Dragging the ruler left brings the values on the right, which are smaller.
    expected = 250 - 100 * 1000 / (2 * ruler["width"])
    assert abs(number(driver, "reversed") - expected) <= 0.5
    assert label_x(driver, "reversed", "0") > label_x(driver, "reversed", "200")


def test_the_time_axis_zooms_from_months_to_minutes(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('date')} [data-slider-ruler]")
    labels = lambda: driver.execute_script("""
        return [...document.querySelector(arguments[0]).querySelectorAll("text.ruler-label")]
            .filter((l) => l.getAttribute("visibility") !== "hidden").map((l) => l.textContent)""",
        widget_selector("date"))
    assert any("2026" in label for label in labels())
    ruler.send_keys("+" * 20)  # 2^20: from months to minutes
    # A zoom redraws the ruler on the next animation frame, not before the key's event returns.
    WebDriverWait(driver, WAIT).until(lambda _: any(":" in label for label in labels()),
                                      f"the ruler zoomed in shows no minutes: {labels()}")
    assert field(driver, "date").startswith("2026-11-22T12:00")


# ---------------------------------------------------------------- the handle a film player drives

def test_set_value_moves_an_idle_ruler_quietly_and_is_refused_while_the_person_drags(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = box(driver, "video")
    assert handle(driver, "video", "return slider.editing") is False
    # Idle: the ruler moves to the value, through the model, and nobody is told it was edited.
    assert handle(driver, "video", "return slider.setValue(125.5)") is True
    WebDriverWait(driver, WAIT).until(lambda d: field(d, "video") == "2:05.50", "the ruler did not move")
    assert handle(driver, "video", "return slider.value") == 125.5
    assert handle(driver, "video", "return slider.setValue(9999)") is True
    assert handle(driver, "video", "return slider.value") == 600
    assert events(driver) == [0, 0, 0]

    # A press on the ruler begins an edit: from then on the person's hand wins.
    x, y = ruler["x"], ruler["y"]
    mouse(driver, "mousePressed", x, y)
    for step in range(1, 11):
        mouse(driver, "mouseMoved", x + 6 * step, y)
    assert handle(driver, "video", "return slider.editing") is True
    dragged = handle(driver, "video", "return slider.value")
    assert handle(driver, "video", "return slider.setValue(30)") is False
    assert handle(driver, "video", "return slider.value") == dragged
    assert events(driver)[0] == 1 and events(driver)[2] == 0
    driver.execute_async_script("setTimeout(arguments[0], 250)")
    mouse(driver, "mouseReleased", x + 60, y)
    wait_for_change(driver)
    assert events(driver)[0] == 1 and events(driver)[1] > 0 and events(driver)[2] == 1
    assert handle(driver, "video", "return slider.editing") is False
    assert handle(driver, "video", "return slider.setValue(30)") is True


def test_a_held_key_is_one_edit_and_a_film_player_keeps_its_keys(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    ruler = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('video')} [data-slider-ruler]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'}); arguments[0].focus()", ruler)
    key = lambda kind, name, code, repeat=False: driver.execute_script("""
        return arguments[0].dispatchEvent(new KeyboardEvent(arguments[1],
            { key: arguments[2], code: arguments[3], repeat: arguments[4], bubbles: true, cancelable: true }))""",
        ruler, kind, name, code, repeat)
    # The seek bar steps frame by frame (25 a second): `.` forward, `,` back, exactly one frame.
    key("keydown", ".", "Period")
    assert handle(driver, "video", "return slider.editing") is True
    assert handle(driver, "video", "return slider.setValue(10)") is False
    key("keydown", ".", "Period", True)
    key("keyup", ".", "Period")
    assert handle(driver, "video", "return slider.value") == handle(driver, "video", "return 2252 * 0.04")
    assert events(driver)[0] == 1 and events(driver)[2] == 1  # one edit for the press and its repeat
    key("keydown", ",", "Comma")
    key("keyup", ",", "Comma")
    assert handle(driver, "video", "return slider.value") == handle(driver, "video", "return 2251 * 0.04")
    # j, k, l and Space are the player's: the slider neither takes them nor stops them.
    for name, code in (("j", "KeyJ"), ("k", "KeyK"), ("l", "KeyL"), (" ", "Space")):
        assert key("keydown", name, code) is True, name
        key("keyup", name, code)
    assert events(driver)[2] == 2


# ---------------------------------------------------------------- a page's own slider: its look and its interface

def own_log(driver):
    return driver.execute_script("return [...document.querySelectorAll('[data-slider-log] li')].map((li) => li.textContent)")


def test_a_page_styles_its_own_slider_and_drives_it_from_code(open_browser, base_url, screenshots_dir):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    own = driver.find_element(By.ID, "slider-own")
    bring_into_view(driver, own)
    colours = driver.execute_script("""
        const root = arguments[0];
        const css = (selector, property) => getComputedStyle(root.querySelector(selector))[property];
        return [css("[data-slider-ruler]", "backgroundColor"), css(".ruler-tick--end", "stroke"),
                css(".precise-slider__pointer line", "stroke"), css(".ruler-label", "fill")]""", own)
    assert colours == ["rgb(20, 33, 61)", "rgb(252, 163, 17)", "rgb(252, 163, 17)", "rgb(229, 229, 229)"]
    slider = lambda script: driver.execute_script("return document.getElementById('slider-own').preciseSlider." + script)
    def press(action):
        button = driver.find_element(By.CSS_SELECTOR, f"[data-api='{action}']")
        bring_into_view(driver, button)
        button.click()
    press("zoom")
    assert slider("scale") == 5 and own_log(driver)[0].startswith("slider-scale")
    press("bounds")
    assert slider("value") == 20 and own_log(driver)[0].startswith("slider-bounds")
    assert own.find_element(By.CSS_SELECTOR, "[data-slider-ruler]").get_attribute("aria-valuemax") == "20"
    press("units")
    assert own_log(driver)[0].startswith("slider-units")
    press("format")
    assert own_log(driver)[0].startswith("slider-format") and "%" in own_log(driver)[0]
    press("infinite")
    assert own_log(driver)[0].startswith("slider-infinite")
    assert slider("setValue(25)") is True and slider("value") == 5  # 25 on a 0–20 ring
    press("colour")
    driver.save_screenshot(str(screenshots_dir / "sliders-own-phone.png"))
    assert events(driver)[0] == 0, "changes made from code are not the person's edits"


# ---------------------------------------------------------------- the shoot request form's budget

def test_the_budget_on_the_shoot_request_form_is_a_live_slider(open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=PHONE)
    sign_up(driver, role="client")
    driver.get(base_url + "/u/lenka.svetlo/shoot")
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return !!document.querySelector('.precise-slider--live input[name=budget]')"),
        "the budget's slider did not come to life")
    ruler = box(driver, "budget")
    before = number(driver, "budget") if field(driver, "budget") else None
    drag(driver, (ruler["x"], ruler["y"]), -80)
    WebDriverWait(driver, WAIT).until(lambda d: field(d, "budget") and number(d, "budget") != before, "dragging did not move the budget")
    dragged = number(driver, "budget")
    assert dragged > (before or 0)
    element = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('budget')} [data-slider-ruler]")
    element.send_keys("+++")
    assert handle(driver, "budget", "return slider.scale") == 8
    element.send_keys(Keys.ARROW_RIGHT)
    assert number(driver, "budget") > dragged
    driver.save_screenshot(str(screenshots_dir / "shoot-budget-phone.png"))


# ---------------------------------------------------------------- 2D

def test_dragging_the_photo_moves_both_axes_and_a_ruler_moves_one(open_browser, base_url, screenshots_dir):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "photo-x")
    drag(driver, (view["x"], view["y"]), -60, -40)
    wait_for_change(driver)
    # At scale 1 the photo is the plane less its rulers: 60 px is 60 · 100 / (width − ruler) percent.
    assert abs(number(driver, "photo-x") - (50 + 60 * 100 / (view["width"] - rulers(view)))) <= 0.1
    assert abs(number(driver, "photo-y") - (50 + 40 * 100 / (view["height"] - rulers(view)))) <= 0.1
    y_before = field(driver, "photo-y")
    x_before = number(driver, "photo-x")

    # The bottom ruler (5 % of the shorter side thick) moves only x, however the finger wanders.
    strip = view["top"] + view["height"] - 0.025 * min(view["width"], view["height"])
    drag(driver, (view["x"], strip), 50, -30)
    wait_for_change(driver, 2)
    assert abs(number(driver, "photo-x") - (x_before - 50 * 100 / (view["width"] - rulers(view)))) <= 0.1
    assert field(driver, "photo-y") == y_before
    # The ruler that was used is thick and labelled now, and goes quiet again after 2 s.
    x_labels = lambda d: d.execute_script("""
        return [...document.querySelector(arguments[0]).querySelectorAll('[data-plane-axis="x"] text.ruler-label')]
            .filter((l) => l.getAttribute("visibility") !== "hidden" && l.textContent !== "").length""",
        widget_selector("photo-x"))
    thickness = lambda d: d.execute_script(
        "return document.querySelector(arguments[0]).querySelector('[data-plane-axis=\"x\"] rect').getAttribute('height')",
        widget_selector("photo-x"))
    assert x_labels(driver) > 0
    assert abs(float(thickness(driver)) - 0.1 * min(view["width"], view["height"])) < 0.01
    driver.save_screenshot(str(screenshots_dir / "sliders-plane-phone.png"))
    WebDriverWait(driver, WAIT).until(lambda d: x_labels(d) == 0, "the ruler stayed active")
    assert abs(float(thickness(driver)) - 0.05 * min(view["width"], view["height"])) < 0.01


def test_an_idle_ruler_catches_a_finger_over_its_active_size(open_browser, base_url):
    """The thesis: each ruler's touch area is its active size (10 % of the shorter side) even
    while it is drawn thin (5 %). A finger just inside that edge, above the thin ruler, moves
    only x."""
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "photo-x")
    active = 2 * rulers(view)
    edge = view["top"] + view["height"] - active + 1
    assert handle_plane_thickness(driver, "photo-x") < active - 1, "the ruler is not drawn thin"
    y_before = field(driver, "photo-y")
    drag(driver, (view["x"], edge), -40, -30)
    wait_for_change(driver)
    assert field(driver, "photo-y") == y_before, "a press at the ruler's active edge moved the picture"
    assert abs(number(driver, "photo-x") - (50 + 40 * 100 / (view["width"] - rulers(view)))) <= 0.1


def handle_plane_thickness(driver, name):
    return float(driver.execute_script(
        "return document.querySelector(arguments[0]).querySelector('[data-plane-axis=\"x\"] rect').getAttribute('height')",
        widget_selector(name)))


def test_a_tap_on_the_photo_brings_the_point_under_it_to_the_crosshair(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "photo-x")
    touches(driver, "touchStart", [(view["x"] + 60, view["y"] - 30)])
    touches(driver, "touchEnd", [])
    wait_for_change(driver, 2)  # the release, then the jump
    # At scale 1 the photo is the plane less its rulers: 60 px is 60 · 100 / (width − ruler) percent.
    assert abs(number(driver, "photo-x") - (50 + (60 + view["offset"]) * 100 / (view["width"] - rulers(view)))) <= 0.6
    assert abs(number(driver, "photo-y") - (50 - 30 * 100 / (view["height"] - rulers(view)))) <= 0.6


def test_pinching_the_photo_zooms_each_axis_by_its_own_spread(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "photo-x")
    x, y = view["x"], view["y"]
    # A sideways spread from 40 to 120 px; the vertical spread stays under the 24 px minimum.
    pinch(driver, [(x - 20, y), (x + 20, y + 10)], [(x - 60, y), (x + 60, y + 10)])
    wait_for_change(driver)
    assert stat(driver, "photo-x", "scale") == "3 × 1"


def plane_values(driver, name):
    return driver.execute_script(
        "const p = document.querySelector(arguments[0]).precisePlane.position; return [p.x.value, p.y.value]",
        widget_selector(name))


def test_a_pinch_off_the_crosshair_zooms_the_photo_about_the_crosshair(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "photo-x")
    # Fingers in the top left corner, spreading both ways and sliding towards the middle.
    left, top = view["left"] + 30, view["top"] + 30
    pinch(driver, [(left, top), (left + 30, top + 30)], [(left + 20, top + 20), (left + 110, top + 110)])
    wait_for_change(driver)
    assert stat(driver, "photo-x", "scale") == "3 × 3"
    assert plane_values(driver, "photo-x") == [50, 50]
    assert (field(driver, "photo-x"), field(driver, "photo-y")) == ("50", "50")


def test_a_pinch_on_a_ruler_zooms_its_axis_about_the_crosshair(open_browser, base_url):
    driver = open_sliders(open_browser, base_url, size=PHONE)
    view = box(driver, "colour-x")
    strip = view["top"] + view["height"] - rulers(view) / 2
    left = view["left"] + 40
    pinch(driver, [(left, strip), (left + 40, strip)], [(left - 20, strip), (left + 140, strip)])
    wait_for_change(driver)
    assert stat(driver, "colour-x", "scale") == "4 × 1"
    assert plane_values(driver, "colour-x") == [350, 80]


def test_at_scale_one_the_picture_is_the_plane_less_its_rulers(open_browser, base_url, screenshots_dir):
    for size in (PHONE, DESKTOP):
        driver = open_sliders(open_browser, base_url, size=size)
        for name in ("photo-x", "colour-x"):
            view = box(driver, name)
            tile = driver.execute_script("""
                const tile = document.querySelector(arguments[0]).querySelector(".plane-tile");
                return [parseFloat(tile.getAttribute("width")), parseFloat(tile.getAttribute("height"))]""",
                widget_selector(name))
            # Neighbouring copies of the colour field overlap by a pixel so no hairline shows.
            overlap = 1 if name == "colour-x" else 0
            assert abs(tile[0] - (view["width"] - rulers(view) + overlap)) < 0.01, (size, name, tile, view)
            assert abs(tile[1] - (view["height"] - rulers(view))) < 0.01, (size, name, tile, view)
        driver.save_screenshot(str(screenshots_dir / f"sliders-plane-scale-one-{'phone' if size == PHONE else 'desktop'}.png"))


def value_text(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"input[name='{name}']").get_attribute("aria-valuetext")


def test_the_plane_is_two_range_inputs_that_take_the_keys_and_a_tap_zooms(open_browser, base_url, screenshots_dir):
    """As React Aria's useColorArea: a named group with a range input per axis; either input
    takes all four arrows, Shift and the page keys take major steps, Home/End go to the ends,
    and right to left Left moves x forward. The + and − buttons zoom with one tap."""
    driver = open_sliders(open_browser, base_url)
    group = driver.find_element(By.CSS_SELECTOR, widget_selector("photo-x"))
    assert group.get_attribute("role") == "group"
    label = driver.find_element(By.ID, group.get_attribute("aria-labelledby")).text
    assert label and driver.find_element(By.ID, "photo-x").get_attribute("type") == "range"

    driver.find_element(By.ID, "photo-x").send_keys(Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    # 0–100 in 10 units: minor ticks every 2 %.
    assert (field(driver, "photo-x"), field(driver, "photo-y")) == ("52", "54")
    x_label = driver.find_element(By.CSS_SELECTOR, "label[for='photo-x']").text
    assert value_text(driver, "photo-x").replace("\u00a0", " ") in (f"{x_label}: 52,0 %", f"{x_label}: 52.0 %")
    y = driver.find_element(By.ID, "photo-y")
    y.send_keys(Keys.SHIFT, Keys.ARROW_LEFT)
    y.send_keys(Keys.PAGE_DOWN)
    # A major step lands on the next major tick.
    assert (field(driver, "photo-x"), field(driver, "photo-y")) == ("50", "60")
    y.send_keys(Keys.END)
    driver.find_element(By.ID, "photo-x").send_keys(Keys.HOME)
    assert (field(driver, "photo-x"), field(driver, "photo-y")) == ("0", "100")
    assert "100" in value_text(driver, "photo-y")

    driver.execute_script("document.querySelector(arguments[0]).dir = 'rtl'", widget_selector("photo-x"))
    driver.find_element(By.ID, "photo-x").send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert field(driver, "photo-x") == "4"
    driver.find_element(By.ID, "photo-x").send_keys(Keys.ARROW_RIGHT)
    assert field(driver, "photo-x") == "2"

    driver.find_element(By.ID, "photo-x").send_keys("+")
    assert stat(driver, "photo-x", "scale") == "2 × 2"
    zoom_out = group.find_element(By.CSS_SELECTOR, "[data-zoom='out']")
    bring_into_view(driver, zoom_out)
    zoom_out.click()
    zoom_out.click()
    assert stat(driver, "photo-x", "scale") == "0.5 × 0.5"
    driver.save_screenshot(str(screenshots_dir / "sliders-plane-keys-desktop.png"))


def test_the_colour_field_wraps_its_hue(open_browser, base_url):
    driver = open_sliders(open_browser, base_url)
    view = box(driver, "colour-x")
    # From 350°: the field spans the plane's width less its ruler per 360°; 20° further is past 0.
    drag(driver, (view["x"], view["y"]), -20 * (view["width"] - rulers(view)) / 360, 0)
    wait_for_change(driver)
    assert abs(number(driver, "colour-x") - 10) <= 0.1
    assert field(driver, "colour-y") == "80"


# ---------------------------------------------------------------- without JavaScript, and looks

def test_without_javascript_the_typed_fields_submit_through_the_model(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, javascript=False)
    driver.get(base_url + "/sliders")
    assert driver.find_element(By.ID, "slider-finite").is_displayed()
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-precise-slider] text.ruler-label")) > 20
    # The first frame draws the photo at scale 1 as the plane less its rulers (3 × 2: 5 % of the height).
    tile = driver.find_element(By.CSS_SELECTOR, f"{widget_selector('photo-x')} .plane-tile")
    assert (tile.get_attribute("width"), tile.get_attribute("height")) == ("96.667%", "95.000%")
    driver.save_screenshot(str(screenshots_dir / "sliders-no-javascript-phone.png"))

    finite = driver.find_element(By.ID, "slider-finite")
    finite.clear()
    finite.send_keys("150")
    hue = driver.find_element(By.ID, "slider-hue")
    hue.clear()
    hue.send_keys("-30")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".slider-demo__actions button"))
    accepted = lambda name: driver.find_element(By.CSS_SELECTOR, f'[data-accepted-value="{name}"]').text
    assert accepted("finite") == "100" and accepted("hue") == "330"

    # A plane's axes are range inputs: the keys set them without the script, and they submit.
    driver.get(base_url + "/sliders")
    driver.find_element(By.ID, "photo-x").send_keys(Keys.END)
    driver.find_element(By.ID, "colour-y").send_keys(Keys.HOME)
    driver.save_screenshot(str(screenshots_dir / "sliders-plane-no-javascript-phone.png"))
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".slider-demo__actions button"))
    assert accepted("photo-x") == "100" and accepted("photo-y") == "50" and accepted("colour-y") == "0"

    driver.get(base_url + "/sliders?" + urlencode({"finite": "dvanáct"}))
    assert http_status_of_page(driver) == 422
    assert driver.find_element(By.ID, "slider-finite").get_attribute("value") == "dvanáct"
    assert "není číslo" in driver.find_element(By.ID, "slider-finite-error").text


@pytest.mark.parametrize("size,theme", [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")])
def test_the_demo_page_is_drawn_without_errors(open_browser, base_url, screenshots_dir, size, theme):
    driver = open_browser(size=size)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
    driver.get(base_url + "/sliders")
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return document.querySelectorAll('.precise-plane--live').length") == 2)
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
    # The thesis's two looks of a plane: the photo blurred behind itself, a static crosshair.
    looks = driver.execute_script("""
        const backdrop = document.querySelector(arguments[0]).querySelector("[data-plane-backdrop]");
        const crosshair = getComputedStyle(document.querySelector(arguments[1]).querySelector(".plane-crosshair path"));
        return [backdrop?.getAttribute("filter")?.startsWith("url(#") ?? false, crosshair.mixBlendMode, crosshair.stroke]""",
        widget_selector("photo-x"), widget_selector("colour-x"))
    assert looks == [True, "normal", "rgb(255, 255, 255)"]
    name = f"sliders-{'phone' if size == PHONE else 'desktop'}-{theme}.png"
    file = screenshots_dir / name
    assert driver.save_screenshot(str(file))
    assert png_size(file) == size
