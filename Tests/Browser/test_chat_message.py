"""One markup for a chat message: what arrives live, what the composer settles into once
stored, and what the page shows after a reload are the same element, mentions and links
included."""

import uuid as uuids

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, WAIT, sign_in
from live_client import Person


def is_leader(driver):
    return driver.execute_script("return document.body.dataset.liveRole") == "leader"


def shown(driver, message_uuid):
    """The outer HTML of the stored message with that uuid, or None while it is not there."""
    return driver.execute_script(
        "return document.querySelector(`[data-chat-days] [data-uuid='${arguments[0]}'][data-message]`)?.outerHTML ?? null",
        message_uuid)


def test_a_message_that_arrives_live_is_the_one_the_page_shows_after_a_reload(open_browser, base_url):
    adela = Person(base_url, "ad.fotograf")
    room = adela.group("Jedna podoba zprávy", ["michal1"])
    driver = open_browser(size=DESKTOP)
    sign_in(driver, base_url, "michal1")
    driver.get(f"{base_url}/messages/{room}")
    WebDriverWait(driver, WAIT).until(is_leader, "the room did not follow live events")

    message_uuid = str(uuids.uuid4())
    status, _ = adela.post(room, "@michal1, <fotky> jsou tady: https://example.cz/a?b=1&c=2.\nDíky!", message_uuid=message_uuid)
    assert status == 201
    live = WebDriverWait(driver, WAIT).until(lambda d: shown(d, message_uuid), "the message did not arrive live")
    item = driver.find_element(By.CSS_SELECTOR, f"[data-uuid='{message_uuid}']")
    assert item.find_element(By.CSS_SELECTOR, ".mention").text == "@michal1"
    assert item.find_element(By.CSS_SELECTOR, ".chat-message__text a").get_attribute("href") == "https://example.cz/a?b=1&c=2"
    assert "<fotky>" in item.find_element(By.CSS_SELECTOR, ".chat-message__text").text

    driver.refresh()
    WebDriverWait(driver, WAIT).until(lambda d: shown(d, message_uuid), "the page did not show the message")
    assert shown(driver, message_uuid) == live


def test_a_message_written_here_settles_into_the_markup_the_page_shows(open_browser, base_url):
    Person(base_url, "ad.fotograf")  # signs in, so the group can be made with her
    michal = Person(base_url, "michal1")
    room = michal.group("Odesláno odsud", ["ad.fotograf"])
    driver = open_browser(size=DESKTOP)
    sign_in(driver, base_url, "michal1")
    driver.get(f"{base_url}/messages/{room}")
    WebDriverWait(driver, WAIT).until(is_leader, "the room did not follow live events")

    box = driver.find_element(By.ID, "composer")
    box.send_keys("Ahoj @ad.fotograf, mrkni na https://example.cz/portfolio")
    box.send_keys(Keys.ENTER)
    # The reply and the live event may each put the stored message in place: read its uuid in
    # the same step that finds it, and look again if it was replaced meanwhile.
    message_uuid = WebDriverWait(driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-chat-days] .chat-message--own[data-message]").get_attribute("data-uuid"),
        "the message was not stored")
    settled = shown(driver, message_uuid)
    assert 'class="mention">@ad.fotograf</span>' in settled
    assert 'href="https://example.cz/portfolio"' in settled
    assert "chat-message--sending" not in settled

    driver.refresh()
    WebDriverWait(driver, WAIT).until(lambda d: shown(d, message_uuid), "the page did not show the message")
    assert shown(driver, message_uuid) == settled
