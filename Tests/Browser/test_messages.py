"""Chatting live: two people in two browsers write to each other and see it at once; eight
tabs of one browser all follow the conversation over a single stream (and another tab takes
over when the one holding it closes); without JavaScript a message is a form post."""

import re
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT, click_and_wait_for_next_page, sign_in
from live_client import Person


def message_texts(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-chat-messages] .chat-message__text')].map((e) => e.textContent)")


def live_streams(base_url):
    with urllib.request.urlopen(base_url + "/metrics", timeout=WAIT) as response:
        text = response.read().decode()
    return int(float(re.search(r"^fotofolio_live_streams (\S+)$", text, re.M).group(1)))


def write(driver, text):
    box = driver.find_element(By.ID, "composer")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def open_chat(driver, base_url, username, room):
    """Signs in and opens the room, once its page leads the live stream of its browser."""
    sign_in(driver, base_url, username)
    driver.get(f"{base_url}/messages/{room}")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.body.dataset.liveRole") == "leader")


def ask_and_answer(martin, lenka, question, answer):
    """Martin writes and Lenka sees it at once; she answers and he sees that. Returns how
    many messages the room showed before (the same two people chat in each engine)."""
    earlier = len(message_texts(martin))
    write(martin, question)
    WebDriverWait(lenka, WAIT).until(lambda d: message_texts(d)[earlier:] == [question], "Lenka did not see Martin's message")
    write(lenka, answer)
    WebDriverWait(martin, WAIT).until(lambda d: message_texts(d)[earlier:] == [question, answer],
                                      "Martin did not see Lenka's answer")
    # Each sees every message once, whoever sent it.
    assert message_texts(martin) == message_texts(lenka)
    assert len(message_texts(martin)) == earlier + 2
    return earlier


@pytest.mark.engines
@pytest.mark.stores
def test_two_people_chat_live_both_ways(open_browser, base_url, screenshots_dir):
    room = Person(base_url, "martin.b").room_with("lenka.svetlo")
    martin = open_browser(size=PHONE)
    lenka = open_browser(size=DESKTOP, language="en")
    open_chat(martin, base_url, "martin.b", room)
    open_chat(lenka, base_url, "lenka.svetlo", room)
    ask_and_answer(martin, lenka, "Dobrý den, fotíte i jídlo na svatbách?", "Ano, ráda. Pošlu ukázky: https://example.cz/jidlo")
    link = martin.find_elements(By.CSS_SELECTOR, ".chat-message__text a")[-1]
    assert link.get_attribute("href") == "https://example.cz/jidlo"
    martin.save_screenshot(str(screenshots_dir / "chat-room-phone.png"))
    lenka.save_screenshot(str(screenshots_dir / "chat-room-desktop.png"))


@pytest.mark.engines
def test_eight_tabs_follow_one_stream_and_hand_it_over(open_browser, own_server):
    # A server of its own: its stream count is this test's alone.
    base_url = own_server().url
    jana = Person(base_url, "jana.k")
    room = jana.room_with("tomas.priroda")
    streams_before = live_streams(base_url)
    assert streams_before == 0
    driver = open_browser(size=DESKTOP)
    sign_in(driver, base_url, "tomas.priroda")
    tabs = []
    for index in range(8):
        if index:
            driver.switch_to.new_window("tab")
        driver.get(f"{base_url}/messages/{room}")
        tabs.append(driver.current_window_handle)

    def roles():
        found = []
        for tab in tabs:
            driver.switch_to.window(tab)
            found.append(driver.execute_script("return document.body.dataset.liveRole"))
        return found

    WebDriverWait(driver, WAIT).until(lambda d: roles().count("leader") == 1, "no single leader among the tabs")
    # The page after signing in had a stream too; the server counts it out as soon as it closes.
    WebDriverWait(driver, WAIT).until(lambda d: live_streams(base_url) == streams_before + 1, "more than one stream")

    def every_tab_shows(text, handles):
        for tab in handles:
            driver.switch_to.window(tab)
            if text not in message_texts(driver):
                return False
        return True

    jana.post(room, "Zpráva pro všechny záložky")
    WebDriverWait(driver, WAIT).until(lambda d: every_tab_shows("Zpráva pro všechny záložky", tabs), "a tab missed it")

    leader = tabs[roles().index("leader")]
    driver.switch_to.window(leader)
    driver.close()
    rest = [tab for tab in tabs if tab != leader]
    tabs[:] = rest
    WebDriverWait(driver, WAIT).until(lambda d: roles().count("leader") == 1, "no tab took the stream over")
    # The server notices the closed tab's stream hang up at once, not at the next heartbeat.
    WebDriverWait(driver, WAIT).until(lambda d: live_streams(base_url) == streams_before + 1, "the old stream stayed open")
    jana.post(room, "Po předání")
    WebDriverWait(driver, WAIT).until(lambda d: every_tab_shows("Po předání", rest), "a tab missed the message after the handover")
    for tab in rest:
        driver.switch_to.window(tab)
        assert message_texts(driver).count("Po předání") == 1


def test_without_javascript_a_message_is_a_form_post(open_browser, base_url, screenshots_dir):
    room = Person(base_url, "eva.s").room_with("michal1")
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, base_url, "eva.s")
    driver.get(f"{base_url}/messages/{room}")
    driver.find_element(By.ID, "composer").send_keys("Dobrý den,\nfotíte i krajinu na zakázku?")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-chat-composer] button"))
    assert f"/messages/{room}" in driver.current_url
    shown = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".chat-message__text")]
    assert shown == ["Dobrý den,\nfotíte i krajinu na zakázku?"]
    driver.save_screenshot(str(screenshots_dir / "chat-room-no-javascript-phone.png"))
