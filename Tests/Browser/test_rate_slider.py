"""The hourly rate on the precise slider: set to the crown with zoom and keys in the profile
editor, shown on the profile, and used as the feed's "at most an hour" filter."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, click, click_and_wait_for_next_page, sign_in


def spaced(text):
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_an_exact_rate_is_set_with_zoom_and_keys_and_shows_on_the_profile(open_browser, own_server, screenshots_dir, size):
    server = own_server()
    driver = open_browser(size=size)
    sign_in(driver, server.url, "vojtafoti")
    # Zoom and steps land at once, so each key press can be read at once.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(server.url + "/profile/edit")
    ruler = driver.find_element(By.XPATH, "//input[@name='hourlyRate']/ancestor::*[@data-precise-slider]//*[@data-slider-ruler]")
    field = driver.find_element(By.NAME, "hourlyRate")
    assert field.get_attribute("value") == "1500"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", ruler)
    ruler.send_keys("+" * 10)  # zoomed in until the ticks are single crowns
    assert field.get_attribute("value") == "1500"
    for _ in range(10):
        ruler.send_keys(Keys.ARROW_LEFT)
        if int(field.get_attribute("value")) <= 1497:
            break
    assert field.get_attribute("value") == "1497"  # one crown a key press: exact
    driver.save_screenshot(str(screenshots_dir / f"rate-editor-{'phone' if size == PHONE else 'desktop'}.png"))
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[type=submit]"))
    driver.get(server.url + "/u/vojtafoti")
    assert "1 497 Kč" in spaced(driver.find_element(By.CSS_SELECTOR, "body").text)


def test_the_feed_keeps_photographers_up_to_the_chosen_rate(open_browser, own_server, screenshots_dir):
    server = own_server()
    driver = open_browser(size=DESKTOP)
    driver.get(server.url + "/?maxRate=1100")
    assert "do 1 100 Kč/h" in spaced(driver.find_element(By.CSS_SELECTOR, "[data-feed-peek]").get_attribute("textContent"))
    authors = {e.text for e in driver.find_elements(By.CSS_SELECTOR, ".feed-card a[href*='/u/']")}
    assert authors and authors <= {"@velvary.foto", "@lenka.svetlo"}
    ruler = driver.find_element(By.XPATH, "//input[@name='maxRate']/ancestor::*[@data-precise-slider]//*[@data-slider-ruler]")
    click(driver, ruler)
    ruler.send_keys(Keys.END)
    WebDriverWait(driver, WAIT).until(lambda d: "maxRate=10000" in d.current_url, "the filter did not follow the slider")
    WebDriverWait(driver, WAIT).until(
        lambda d: "@vojtafoti" in {e.text for e in d.find_elements(By.CSS_SELECTOR, ".feed-card a[href*='/u/']")},
        "a photographer within the new rate did not appear")
    authors = {e.text for e in driver.find_elements(By.CSS_SELECTOR, ".feed-card a[href*='/u/']")}
    assert "@michal1" not in authors  # by agreement: no stated rate
    driver.save_screenshot(str(screenshots_dir / "rate-feed-filter-desktop.png"))


def test_without_javascript_the_rate_is_a_typed_amount(open_browser, own_server):
    server = own_server()
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/profile/edit")
    field = driver.find_element(By.NAME, "hourlyRate")
    field.clear()
    field.send_keys("12000")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[type=submit]"))
    assert driver.find_element(By.ID, "hourlyRate-error").is_displayed()
    field = driver.find_element(By.NAME, "hourlyRate")
    assert field.get_attribute("value") == "12000"
    field.clear()
    field.send_keys("1 234 Kč")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[type=submit]"))
    driver.get(server.url + "/u/vojtafoti")
    assert "1 234 Kč" in spaced(driver.find_element(By.CSS_SELECTOR, "body").text)
