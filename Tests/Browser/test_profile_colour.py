"""The profile colour on the 2D precise slider: a hue × saturation field whose hue goes round,
saved and used by the profile page (with a lightness that keeps text readable)."""

import sqlite3

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, click, click_and_wait_for_next_page, sign_in
from test_sliders import box, drag, number, rulers, wait_for_change, watch_changes


def give_colour(server, username, hue, saturation):
    """Stores a colour the way a saved form would (the server reads the same file)."""
    with sqlite3.connect(server.data_dir / "fotofolio.sqlite") as database:
        database.execute("UPDATE user SET accentHue = ?, accentSaturation = ? WHERE username = ?", (hue, saturation, username))


def profile_accent(driver):
    return driver.execute_script("return getComputedStyle(document.querySelector('.profile')).getPropertyValue('--color-accent').trim()")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_colour_picked_across_the_hue_wrap_colours_the_profile(open_browser, own_server, screenshots_dir, size):
    server = own_server()
    give_colour(server, "vojtafoti", 350, 80)
    driver = open_browser(size=size)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/profile/edit")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-profile-accent] .precise-plane--live"),
                                      "the colour field did not come to life")
    use_default = driver.find_element(By.NAME, "accentDefault")
    click(driver, use_default)  # ticked by hand; touching the field unticks it again
    assert use_default.is_selected()
    watch_changes(driver)
    view = box(driver, "accent-x")
    # From 350°: the field spans the plane's width less its ruler per 360°; 20° further is past 0.
    drag(driver, (view["x"], view["y"]), -20 * (view["width"] - rulers(view)) / 360, 0)
    wait_for_change(driver)
    assert abs(number(driver, "accent-x") - 10) <= 0.5
    assert number(driver, "accent-y") == 80
    assert not use_default.is_selected()
    driver.save_screenshot(str(screenshots_dir / f"profile-colour-editor-{'phone' if size == PHONE else 'desktop'}.png"))
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[type=submit]"))
    driver.get(server.url + "/u/vojtafoti")
    WebDriverWait(driver, WAIT).until(lambda d: profile_accent(d).startswith("hsl(1"), "the profile did not take the colour")
    hue = float(profile_accent(driver)[4:].split()[0])
    assert abs(hue - 10) <= 0.5
    driver.save_screenshot(str(screenshots_dir / f"profile-colour-{'phone' if size == PHONE else 'desktop'}.png"))


def test_without_javascript_the_colour_is_two_range_inputs(open_browser, own_server):
    server = own_server()
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/profile/edit")
    # The keys move a range without the script: hue to its start, saturation to its top.
    driver.find_element(By.NAME, "accent-x").send_keys(Keys.HOME)
    driver.find_element(By.NAME, "accent-y").send_keys(Keys.END)
    use_default = driver.find_element(By.NAME, "accentDefault")
    if use_default.is_selected():
        click(driver, use_default)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[type=submit]"))
    driver.get(server.url + "/u/vojtafoti")
    link = driver.find_element(By.CSS_SELECTOR, "link[href*='accent.css']").get_attribute("href")
    assert "v=0.0-100.0" in link
