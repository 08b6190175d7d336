"""Framing a photo's square crop in the portfolio editor: the photo dragged and zoomed under
a fixed square frame (mouse and Ctrl + wheel on a desktop, one and two fingers on a phone),
saved, and the feed's 320 px square checked pixel by pixel against the one before. Without
JavaScript the three number fields (x %, y %, zoom) frame it the same way."""

import subprocess
import tempfile
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, bring_into_view, click, javascript_is_off, path_of, type_into
from test_portfolios import DEMO_PHOTOS, photo_items, save, start_new_portfolio
from test_sliders import drag, pinch, touches, wheel

PHOTO = "landscape-misty-fields.jpg"
UPLOAD_WAIT = 60  # seconds: libvips in a debug build on two shared cores


# ---------------------------------------------------------------- the feed's square

def square_320_url(driver, base_url, portfolio_id):
    """The 320 px JPEG square of the portfolio's first photo, as the feed offers it."""
    driver.get(base_url + "/")
    card = driver.find_element(By.ID, f"portfolio-{portfolio_id}")
    srcset = card.find_element(By.CSS_SELECTOR, "img.photo__image").get_attribute("srcset")
    path = next(url for url, width in (entry.strip().split(" ") for entry in srcset.split(",")) if width == "320w")
    return base_url + path


def pixels(url):
    """The image's pixels as RGB bytes, decoded by the `vips` command (width, height, bytes)."""
    with tempfile.TemporaryDirectory() as directory:
        jpeg, ppm = Path(directory) / "square.jpg", Path(directory) / "square.ppm"
        jpeg.write_bytes(urllib.request.urlopen(url, timeout=WAIT).read())
        subprocess.run(["vips", "copy", str(jpeg), str(ppm)], check=True)
        data = ppm.read_bytes()
    # P6 header: magic, width, height, maximum, one per line, with "#" comment lines between.
    fields, position = [], 0
    while len(fields) < 4:
        end = data.index(b"\n", position)
        line = data[position:end]
        position = end + 1
        if not line.startswith(b"#"):
            fields += line.split()
    return int(fields[1]), int(fields[2]), data[position:]


def mean_difference(before, after):
    assert before[:2] == after[:2], "the squares differ in size"
    return sum(abs(a - b) for a, b in zip(before[2], after[2])) / len(before[2])


# ---------------------------------------------------------------- the editor

def new_portfolio_with_a_photo(driver, base_url, sign_up, javascript=True):
    account = sign_up(driver)
    start_new_portfolio(driver, base_url, account)
    type_into(driver, "name", "Ořez")
    driver.find_element(By.ID, "files").send_keys(str(DEMO_PHOTOS / PHOTO))
    if javascript:
        WebDriverWait(driver, UPLOAD_WAIT).until(lambda d: len(photo_items(d)) == 1, "the photo was not uploaded")
    save(driver)
    return int(path_of(driver).split("/")[-1])


def open_framing(driver, base_url, portfolio_id):
    driver.get(f"{base_url}/portfolios/{portfolio_id}/edit")
    panel = driver.find_element(By.CSS_SELECTOR, "[data-photo-framing-panel]")
    click(driver, panel.find_element(By.TAG_NAME, "summary"))
    return panel


def field(panel, axis):
    return panel.find_element(By.CSS_SELECTOR, f"input[name$='-{axis}']")


def number(panel, axis):
    return float(field(panel, axis).get_attribute("value").replace(",", "."))


def view_box(driver, panel):
    view = panel.find_element(By.CSS_SELECTOR, "[data-plane-view]")
    bring_into_view(driver, view)
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", view)
    return box


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_dragging_and_zooming_the_photo_under_the_frame_recrops_the_feed_square(
        open_browser, base_url, sign_up, screenshots_dir, size):
    driver = open_browser(size=size)
    portfolio_id = new_portfolio_with_a_photo(driver, base_url, sign_up)
    before_url = square_320_url(driver, base_url, portfolio_id)
    before = pixels(before_url)

    panel = open_framing(driver, base_url, portfolio_id)
    WebDriverWait(driver, WAIT).until(
        lambda d: "precise-plane--live" in panel.find_element(By.CSS_SELECTOR, "[data-photo-framing]").get_attribute("class"),
        "the framing did not come to life")
    start_x, start_y, start_zoom = number(panel, "x"), number(panel, "y"), number(panel, "zoom")
    assert start_zoom == 1
    left, top, width, height = view_box(driver, panel)
    centre = (left + width / 2, top + height / 2)
    if size == PHONE:
        spread = width * 0.15
        pinch(driver, [(centre[0] - spread, centre[1]), (centre[0] + spread, centre[1])],
              [(centre[0] - spread * 2.5, centre[1] - spread), (centre[0] + spread * 2.5, centre[1] + spread)])
        # One finger drags the photo to the right: the frame's centre moves left over the photo.
        touches(driver, "touchStart", [centre])
        for step in range(1, 11):
            touches(driver, "touchMove", [(centre[0] + width * 0.25 * step / 10, centre[1] + height * 0.1 * step / 10)])
        driver.execute_async_script("setTimeout(arguments[0], 250)")
        touches(driver, "touchEnd", [])
    else:
        # Two notches: ×e^1.2 ≈ 3.3, so the square still holds 320 px of the 1536 px side
        # (past ×4.8 the "320" square would be as small as the crop).
        for _ in range(2):
            wheel(driver, *centre, -120, ctrl=True)
        # The zoom lands once the wheel rests; the drag comes after, as a hand's would.
        WebDriverWait(driver, WAIT).until(lambda d: number(panel, "zoom") > 1.5, "the zoom did not change")
        drag(driver, centre, width * 0.25, height * 0.1)
    WebDriverWait(driver, WAIT).until(lambda d: number(panel, "zoom") > 1.5, "the zoom did not change")
    WebDriverWait(driver, WAIT).until(
        lambda d: abs(number(panel, "x") - start_x) + abs(number(panel, "y") - start_y) > 1, "dragging did not move the centre")
    assert number(panel, "zoom") <= 12 and 0 <= number(panel, "y") <= 100
    name = f"framing-editor-{'phone' if size == PHONE else 'desktop'}.png"
    assert driver.save_screenshot(str(screenshots_dir / name))

    save(driver)
    after_url = square_320_url(driver, base_url, portfolio_id)
    assert after_url != before_url, "the feed still links the old square"
    assert mean_difference(before, pixels(after_url)) > 8, "the new square shows the same pixels"


def test_without_javascript_the_form_fields_frame_the_photo(open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=PHONE, javascript=False)
    assert javascript_is_off(driver)
    portfolio_id = new_portfolio_with_a_photo(driver, base_url, sign_up, javascript=False)
    before_url = square_320_url(driver, base_url, portfolio_id)
    before = pixels(before_url)

    panel = open_framing(driver, base_url, portfolio_id)
    field(panel, "zoom").clear()
    field(panel, "zoom").send_keys("20")
    save(driver)
    panel = driver.find_element(By.CSS_SELECTOR, "[data-photo-framing-panel]")
    assert panel.get_attribute("open") is not None, "a refused value should open the crop"
    # A number field cannot hold letters, so the browser's own check is out of range.
    assert field(panel, "zoom").get_attribute("value") == "20"
    assert "20" in panel.find_element(By.CSS_SELECTOR, ".field__error").text
    assert driver.find_element(By.ID, "name").get_attribute("value") == "Ořez"
    assert driver.save_screenshot(str(screenshots_dir / "framing-no-javascript-refused.png"))

    # The centre's range inputs take the keys without the script.
    field(panel, "zoom").clear()
    field(panel, "zoom").send_keys("2")
    field(panel, "x").send_keys(Keys.HOME)
    save(driver)
    after_url = square_320_url(driver, base_url, portfolio_id)
    assert after_url != before_url
    assert mean_difference(before, pixels(after_url)) > 8


@pytest.mark.parametrize("size,theme", [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark"), (DESKTOP, "dark")])
def test_the_framing_is_drawn_without_errors(open_browser, base_url, sign_up, screenshots_dir, size, theme):
    driver = open_browser(size=size)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
    portfolio_id = new_portfolio_with_a_photo(driver, base_url, sign_up)
    panel = open_framing(driver, base_url, portfolio_id)
    view_box(driver, panel)
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return document.querySelectorAll('.precise-plane--live').length") == 1)
    assert [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"] == []
    name = f"framing-{'phone' if size == PHONE else 'desktop'}-{theme}.png"
    assert driver.save_screenshot(str(screenshots_dir / name))
