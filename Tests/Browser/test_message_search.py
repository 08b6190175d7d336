"""Searching one's conversations: words typed in any case and without diacritics find the
messages whose words they begin, in one's own rooms only, marked; a hit opens its room at
that message, beside the list on a wide screen and alone on a phone."""

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import DESKTOP, PHONE, click_and_wait_for_next_page, sign_in, wait_until
from engines import emulate_media
from live_client import Person


def hits(driver):
    # textContent: WebKit's driver reads a line cut with an ellipsis as no text.
    return [(hit.find_element(By.CSS_SELECTOR, ".search-hit__room").get_attribute("textContent"),
             hit.find_element(By.CSS_SELECTOR, ".search-hit__text").get_attribute("textContent"))
            for hit in driver.find_elements(By.CSS_SELECTOR, ".search-hit")]


def marked(driver):
    return [mark.get_attribute("textContent") for mark in driver.find_elements(By.CSS_SELECTOR, ".search-hit__text mark")]


def in_view(driver, element):
    return driver.execute_script("""
        const box = arguments[0].getBoundingClientRect();
        const scroller = arguments[0].closest('[data-chat-scroller]').getBoundingClientRect();
        return box.top >= scroller.top - 1 && box.bottom <= scroller.bottom + 1""", element)


@pytest.mark.engines
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_search_finds_ones_own_messages_and_opens_the_room_at_one(open_browser, own_server, screenshots_dir, size, engine):
    server = own_server()
    jana = Person(server.url, "jana.k")
    room = jana.room_with("vojtafoti")
    jana.post(room, "Dobrý den, hledám fotografa na svatbu v Praze.")
    for number in range(1, 60):  # the hit is far back in a long conversation
        jana.post(room, f"Doplňuji podrobnost číslo {number}.")
    eva = Person(server.url, "eva.s")
    eva.post(eva.room_with("jana.k"), "Svatba v Praze? Tu nefotím.")  # not vojtafoti's conversation
    driver = open_browser(size=size)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/messages")

    box = driver.find_element(By.ID, "message-search")
    box.send_keys("SVATB praze")
    box.send_keys(Keys.ENTER)
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".search-hit"), message="the search found nothing")
    assert hits(driver) == [("Jana Králová", "Dobrý den, hledám fotografa na svatbu v Praze.")]
    assert marked(driver) == ["svatbu", "Praze"]
    name = "desktop" if size == DESKTOP else "phone"
    driver.save_screenshot(str(screenshots_dir / f"message-search-{name}.png"))
    if emulate_media(driver, "prefers-color-scheme", "dark"):
        driver.save_screenshot(str(screenshots_dir / f"message-search-{name}-dark.png"))

    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".search-hit__link"))
    target = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, "[data-timeline-target]"),
                        message="the room did not open at the message")[0]
    assert target.find_element(By.CSS_SELECTOR, ".chat-message__text").get_attribute("textContent") == "Dobrý den, hledám fotografa na svatbu v Praze."
    wait_until(lambda: in_view(driver, target), message="the message found is not in view")
    if size == DESKTOP:
        assert driver.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed()
    driver.save_screenshot(str(screenshots_dir / f"message-search-opened-{name}.png"))


def test_without_javascript_the_search_is_a_form(open_browser, base_url):
    jana = Person(base_url, "jana.k")
    jana.post(jana.room_with("tomas.priroda"), "Fotíte i horskou krajinu na Šumavě?")
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, base_url, "tomas.priroda")
    driver.get(base_url + "/messages")
    driver.find_element(By.ID, "message-search").send_keys("sumav")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".message-search button"))
    assert "q=sumav" in driver.current_url
    assert marked(driver) == ["Šumavě"]
