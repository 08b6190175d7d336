"""Films: the demo world's film played with the precise slider as its seek bar (a guest,
phone and desktop, light and dark), exact frames by keys, by typed time and by dragging,
the film paused while the slider is edited and playing on after, the storyboard's
thumbnail over the slider while dragging, and without JavaScript the native player. A
photographer uploads a film in the editor, sees it processed, and picks its poster frame.

Frame positions are read from the video element itself (`currentTime`), and a frame is the
one whose span holds that time: 25 frames a second, the demo film's rate."""

import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, bring_into_view, click, javascript_is_off, sign_in, type_into, wait_until
from engines import emulate_media, set_viewport
from test_sliders import mouse, wheel

FRAME = 1 / 25
PROCESSING_WAIT = 120  # seconds: FFmpeg on two shared cores beside a debug server


def open_demo_film(driver, base_url):
    """michal1's "Krajina" opens with the demo film; returns the player's root."""
    driver.get(base_url + "/u/michal1")
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "a[href*='/portfolios/']") if "Krajina" in a.text)
    driver.get(link.get_attribute("href").split("#")[0])
    player = driver.find_element(By.CSS_SELECTOR, "[data-film]")
    wait_until(lambda: player.get_attribute("class") and driver.execute_script(
        "return !arguments[0].querySelector('[data-film-controls]').hidden", player), message="the player's script did not run")
    wait_until(lambda: driver.execute_script("return arguments[0].querySelector('video').readyState >= 2", player),
               timeout=WAIT * 3, message="the film did not load")
    return player


def video_time(driver):
    return driver.execute_script("return document.querySelector('[data-film] video').currentTime")


def video_paused(driver):
    return driver.execute_script("return document.querySelector('[data-film] video').paused")


def slider_value(driver):
    return driver.execute_script("""
        const root = document.querySelector('[data-film] [data-precise-slider]');
        return root.preciseSlider.value""")


def seconds_of(label):
    """Seconds of a ruler label such as 0:01.20 or 0:01,20."""
    minutes, rest = label.replace(",", ".").split(":")
    return int(minutes) * 60 + float(rest)


def frame_of(seconds):
    return int(seconds / FRAME + 1e-6)


def settled(driver):
    """Waits until the film has finished seeking; returns its time."""
    wait_until(lambda: driver.execute_script("const v = document.querySelector('[data-film] video'); return !v.seeking"),
               message="the film kept seeking")
    return video_time(driver)


def test_a_guest_meets_the_demo_film_with_the_precise_seek_bar(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    player = open_demo_film(driver, base_url)
    video = player.find_element(By.TAG_NAME, "video")
    assert video.get_attribute("controls") is None, "the native controls gave way to the slider"
    labels = [text.text for text in player.find_elements(By.CSS_SELECTOR, ".ruler-label") if text.text]
    assert labels and labels[0].startswith("0:00"), labels  # m:ss, with hundredths while the step needs them
    # Phone and desktop, light and dark: the ruler under the film, as wide as the film.
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        set_viewport(driver, *size)
        for scheme in ("light", "dark"):
            emulate_media(driver, "prefers-color-scheme", scheme)
            ruler = player.find_element(By.CSS_SELECTOR, "[data-slider-ruler]")
            assert ruler.location["y"] > video.location["y"] + video.size["height"] - 1
            assert abs(ruler.size["width"] - video.size["width"]) < 2
            bring_into_view(driver, player)
            driver.save_screenshot(str(screenshots_dir / f"film-player-{name}-{scheme}.png"))
    # The feed's card shows the poster with the film's length.
    driver.get(base_url + "/")
    badge = driver.find_element(By.CSS_SELECTOR, ".photo__duration")
    assert badge.text.strip().endswith("0:16")


@pytest.mark.engines
def test_frame_keys_step_exactly_one_frame_and_j_and_l_jump_ten_seconds(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="en")
    player = open_demo_film(driver, base_url)
    play = player.find_element(By.CSS_SELECTOR, "[data-film-play]")
    play.send_keys(".")
    for _ in range(4):
        play.send_keys(".")
    assert frame_of(settled(driver)) == 5
    play.send_keys(",")
    assert frame_of(settled(driver)) == 4
    assert video_paused(driver)
    assert abs(slider_value(driver) - 4 * FRAME) < 1e-6
    play.send_keys("l")
    assert abs(settled(driver) - (4 * FRAME + 10)) < FRAME
    play.send_keys("j")
    assert frame_of(settled(driver)) == 4


def test_a_typed_time_seeks_to_its_frame(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="en")
    player = open_demo_film(driver, base_url)
    field = player.find_element(By.CSS_SELECTOR, "[data-film-goto]")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("0:07,130", Keys.ENTER)
    wait_until(lambda: abs(video_time(driver) - 7.13) < FRAME, message="the typed time was not sought")
    assert frame_of(settled(driver)) == frame_of(7.13)


def play_with_the_ruler_in_view(driver, player, after):
    """Plays the film until it is past `after` seconds; returns its seek bar's ruler, in view."""
    click(driver, player.find_element(By.CSS_SELECTOR, "[data-film-play]"))
    wait_until(lambda: not video_paused(driver) and video_time(driver) > after, message="the film did not play")
    ruler = player.find_element(By.CSS_SELECTOR, "[data-slider-ruler]")
    bring_into_view(driver, ruler)
    return ruler


def test_dragging_pauses_the_film_shows_the_storyboard_and_the_release_plays_on_from_there(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=DESKTOP, language="cs")
    player = open_demo_film(driver, base_url)
    ruler = play_with_the_ruler_in_view(driver, player, after=0.2)
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", ruler)
    x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
    before = slider_value(driver)
    mouse(driver, "mousePressed", x, y)
    for step in range(1, 13):
        mouse(driver, "mouseMoved", x - 20 * step, y)
    # Held: paused, the ruler moved forward in time, the thumbnail shown.
    wait_until(lambda: video_paused(driver), message="the film played on while the slider was held")
    preview = player.find_element(By.CSS_SELECTOR, "[data-film-preview]")
    wait_until(lambda: preview.is_displayed(), message="no storyboard thumbnail while dragging")
    assert "url(" in preview.find_element(By.CSS_SELECTOR, "[data-film-preview-image]").value_of_css_property("background-image")
    driver.save_screenshot(str(screenshots_dir / "film-scrubbing-desktop.png"))
    held = slider_value(driver)
    assert held > before + 1
    mouse(driver, "mouseReleased", x - 240, y)
    wait_until(lambda: not video_paused(driver), message="the film did not play on after the release")
    assert not preview.is_displayed()
    assert video_time(driver) >= held - FRAME


def seek_bar(driver):
    return driver.execute_script("return document.querySelector('[data-film] [data-precise-slider]').preciseSlider")


def slider_scale(driver):
    return driver.execute_script("return document.querySelector('[data-film] [data-precise-slider]').preciseSlider.scale")


def plays_on(driver, message):
    """The film is playing and its time moves on (the ruler following it)."""
    start = video_time(driver)
    wait_until(lambda: not video_paused(driver) and video_time(driver) > start + 0.1, message=message)
    wait_until(lambda: abs(slider_value(driver) - video_time(driver)) < 0.5, message="the ruler stopped following the film")


def test_zooming_the_seek_bar_leaves_the_film_playing_and_moving_the_value_pauses_it(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="en")
    player = open_demo_film(driver, base_url)
    ruler = play_with_the_ruler_in_view(driver, player, after=0.1)
    ruler.send_keys("+")
    assert slider_scale(driver) == 2
    plays_on(driver, "zooming by key paused the film")
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", ruler)
    x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
    wheel(driver, x, y, -100, ctrl=True)
    wait_until(lambda: slider_scale(driver) > 2, message="Ctrl + wheel did not zoom")
    plays_on(driver, "zooming by Ctrl + wheel paused the film")
    for count in (1, 2):
        mouse(driver, "mousePressed", x, y, clickCount=count)
        mouse(driver, "mouseReleased", x, y, clickCount=count)
    wait_until(lambda: slider_scale(driver) > 3, message="the double click did not zoom")
    plays_on(driver, "zooming by a double click paused the film")
    # Moving the value is an edit, as before: held, the film waits.
    mouse(driver, "mousePressed", x, y)
    for step in range(1, 7):
        mouse(driver, "mouseMoved", x - 10 * step, y)
    wait_until(lambda: video_paused(driver), message="moving the value did not pause the film")
    mouse(driver, "mouseReleased", x - 60, y)
    wait_until(lambda: not video_paused(driver), message="the film did not play on after the release")


def test_on_a_phone_the_time_stays_on_one_line_and_a_frame_is_twelve_pixels_at_the_deepest_zoom(
        open_browser, base_url, screenshots_dir):
    driver = open_browser(size=(375, 812), language="en")
    player = open_demo_film(driver, base_url)
    field = player.find_element(By.CSS_SELECTOR, "[data-film-goto]")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("0:05.362", Keys.ENTER)
    wait_until(lambda: field.get_attribute("value") == "0:05.362", message="the time field did not show the time")
    time_box = player.find_element(By.CSS_SELECTOR, ".film__time")
    line = driver.execute_script("return parseFloat(getComputedStyle(arguments[0]).lineHeight) || 20", time_box)
    assert time_box.size["height"] < 2 * line, "the time wraps onto a second line"
    assert "0:16" in time_box.text
    # The 16 s film at 25 frames a second zooms until a frame (40 ms) is at least 12 px wide.
    ruler = player.find_element(By.CSS_SELECTOR, "[data-slider-ruler]")
    bring_into_view(driver, ruler)
    ruler.send_keys("+" * 6)
    width = driver.execute_script("return arguments[0].clientWidth", ruler)
    pixels_per_second = 2 * width * slider_scale(driver) / 16
    assert pixels_per_second * FRAME >= 12, (width, slider_scale(driver))
    assert [text.text for text in player.find_elements(By.CSS_SELECTOR, ".ruler-label") if text.text]
    driver.save_screenshot(str(screenshots_dir / "film-player-deepest-zoom-phone.png"))


def test_without_javascript_the_native_player_plays_the_film(open_browser, base_url):
    driver = open_browser(size=PHONE, language="cs", javascript=False)
    assert javascript_is_off(driver)
    driver.get(base_url + "/u/michal1")
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "a[href*='/portfolios/']") if "Krajina" in a.text)
    driver.get(link.get_attribute("href").split("#")[0])
    video = driver.find_element(By.CSS_SELECTOR, "[data-film] video")
    assert video.get_attribute("controls") is not None
    assert not driver.find_element(By.CSS_SELECTOR, "[data-film-controls]").is_displayed()
    sources = [source.get_attribute("type") for source in video.find_elements(By.TAG_NAME, "source")]
    assert sources == ["video/mp4", "video/webm"]


def test_a_photographer_uploads_a_film_sees_it_processed_and_picks_its_poster_frame(open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=PHONE, language="en")
    sign_up(driver, role="creator")
    driver.get(base_url + "/portfolios/new")
    with tempfile.TemporaryDirectory() as folder:
        clip = Path(folder) / "first dance.mp4"
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=3",
                        "-pix_fmt", "yuv420p", str(clip)], check=True)
        driver.find_element(By.ID, "files").send_keys(str(clip))
        item = WebDriverWait(driver, PROCESSING_WAIT).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "[data-photo-item] .photo__duration"), "the film never arrived")[0]
    assert item.text.strip().endswith("0:03")
    film_item = item.find_element(By.XPATH, "./ancestor::*[@data-photo-item]")
    photo_id = film_item.get_attribute("data-photo-id")
    poster = film_item.find_element(By.CSS_SELECTOR, "[data-precise-slider]")
    bring_into_view(driver, poster)
    # Whatever the clip's exact length, the ruler's labels are round times (0:01.20, not 0:01.005).
    labels = [text.text for text in poster.find_elements(By.CSS_SELECTOR, ".ruler-label") if text.text]
    assert labels and all(round(seconds_of(label) * 1000) % 10 == 0 for label in labels), labels
    driver.save_screenshot(str(screenshots_dir / "film-editor-poster-phone.png"))
    # The last frame (2.96 s at 25 fps), by the ruler's End key; the picker shows that frame
    # and Save cuts it again.
    frame = poster.find_element(By.XPATH, "./ancestor::*[@data-poster-picker]//video")
    wait_until(lambda: frame.is_displayed() and driver.execute_script("return arguments[0].readyState >= 1", frame),
               message="the poster picker shows no frame")
    poster.find_element(By.CSS_SELECTOR, "[data-slider-ruler]").send_keys(Keys.END)
    wait_until(lambda: driver.execute_script("return arguments[0].currentTime", frame) > 2.9,
               message="the picker did not follow the slider")
    driver.save_screenshot(str(screenshots_dir / "film-editor-poster-end-phone.png"))
    type_into(driver, "name", "First dance")
    type_into(driver, f"alt-{photo_id}", "The first dance")
    click(driver, driver.find_element(By.CSS_SELECTOR, "button.button--wide[name='save']"))
    WebDriverWait(driver, WAIT * 3).until(lambda d: "saved=1" in d.current_url, "the portfolio was not saved")
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "[data-film] video"), message="no film on the page")
    driver.get(base_url + f"/portfolios/{driver.current_url.split('/portfolios/')[1].split('?')[0]}/edit")
    value = driver.find_element(By.CSS_SELECTOR, f"[name='poster-{photo_id}']").get_attribute("value")
    assert value.startswith("0:02.96"), value
