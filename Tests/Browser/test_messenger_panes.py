"""The messenger side by side: from 900 px wide the conversation list stands beside the
open room (or "Choose a conversation"); choosing another conversation replaces only the
room, so the list keeps its element, its scroll and its filters; Back and Forward bring
the earlier rooms back; a phone keeps one pane; without JavaScript every row is a link."""

import re

import pytest

from selenium.common.exceptions import ElementClickInterceptedException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import DESKTOP, PHONE, bring_into_view, click_and_wait_for_next_page, sign_in, wait_until
from messenger_helpers import is_leader
from engines import emulate_media, set_viewport
from live_client import Person

GROUPS = 12  # enough conversations for the list to scroll beside the room


def room_open(driver):
    """The id of the room in the right pane, 0 when none is."""
    return driver.execute_script("return Number(document.querySelector('[data-messenger-room] [data-chat-room]')"
                                 "?.dataset.chatRoom ?? 0)")


def marked_rows(driver):
    return driver.execute_script("""return [...document.querySelectorAll('.conversation__link[aria-current="page"]')]
        .map((link) => Number(link.closest('[data-room]').dataset.room))""")


def message_texts(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-chat-days] .chat-message__text')].map((e) => e.textContent)")


def list_scroll(driver):
    return driver.execute_script("return document.querySelector('.messenger__list').scrollTop")


def window_scrolls(driver):
    """How far the window itself could scroll: 0 when the panes fit it, as they must."""
    return driver.execute_script("return document.scrollingElement.scrollHeight - innerHeight")


def row(driver, room):
    return driver.find_element(By.CSS_SELECTOR, f".conversation[data-room='{room}'] .conversation__link")


def choose(driver, room):
    """Clicks a conversation's row and waits until its room is in the right pane; returns how
    far the list was scrolled when the click came. The list is fetched again whenever
    something happens, so the row is found again if it was replaced meanwhile."""
    scrolled = []

    def clicked():
        link = row(driver, room)
        bring_into_view(driver, link)
        scrolled.append(list_scroll(driver))
        try:
            link.click()
        except ElementClickInterceptedException:
            return False
        return True
    wait_until(clicked, message=f"the row of room {room} could not be clicked")
    wait_until(lambda: room_open(driver) == room and driver.execute_script(
        "return document.querySelector('[data-messenger-room]').getAttribute('aria-busy') !== 'true'"),
        message=f"room {room} did not open beside the list")
    return scrolled[-1]


def unread_total(driver):
    """The unread count on the Messages tab."""
    return driver.execute_script("return Number(document.querySelector('[data-unread-total]').dataset.unreadTotal)")


def title(driver):
    # textContent: WebKit's driver reads a line cut with an ellipsis as no text.
    return driver.find_element(By.CSS_SELECTOR, ".chat-room__title").get_attribute("textContent")


@pytest.mark.engines
def test_the_list_stays_beside_the_rooms_chosen_one_after_another(open_browser, own_server, screenshots_dir, engine):
    server = own_server()
    jana = Person(server.url, "jana.k")
    groups = [jana.group(f"Focení {number}", ["vojtafoti"]) for number in range(1, GROUPS + 1)]
    for number, group in enumerate(groups, start=1):
        jana.post(group, f"Zpráva ve skupině {number}")
    driver = open_browser(size=DESKTOP)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/messages")

    # Nothing open yet: the list, and beside it "Choose a conversation".
    assert driver.find_element(By.CSS_SELECTOR, "[data-messenger-none]").text == "Vyberte konverzaci"
    assert driver.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed()
    driver.save_screenshot(str(screenshots_dir / "messenger-none-desktop.png"))

    # Choosing a row low in the list opens it beside the list, which is the same element
    # with the same scroll and filters, and marks its row.
    driver.execute_script("document.querySelector('.messenger__list').dataset.kept = 'yes'; window.sameDocument = true")
    unread_before = unread_total(driver)
    first = groups[2]  # low in the list: the newest conversation is at the top
    scrolled = choose(driver, first)
    assert scrolled > 0, "the list did not scroll beside the room"
    assert driver.execute_script("return window.sameDocument === true && document.querySelector('.messenger__list').dataset.kept")
    assert list_scroll(driver) == scrolled
    assert re.search(rf"/messages/{first}$", driver.current_url)
    assert marked_rows(driver) == [first]
    assert title(driver) == "Focení 3"
    # The room read is counted off the unread badge when its read event comes, which may be
    # after the room is shown: the tab's title keeps the room's name and takes the new count.
    unread = wait_until(lambda: [count for count in [unread_total(driver)] if count < unread_before],
                        message="the room read was not counted off the badge")[0]
    assert driver.title == (f"({unread}) " if unread else "") + "Focení 3 · Fotofolio"
    assert message_texts(driver) == ["Zpráva ve skupině 3"]
    assert window_scrolls(driver) <= 1, "the window itself scrolls beside the panes"
    assert not driver.find_element(By.CSS_SELECTOR, ".chat-room__back").is_displayed()

    # The room opened beside the list is live, and sends.
    box = driver.find_element(By.ID, "composer")
    box.send_keys("Ve čtvrtek mám volno.")
    box.send_keys(Keys.ENTER)
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".chat-message--own[data-message]"), message="the message was not sent")
    jana.post(first, "Výborně, děkuji!")
    wait_until(lambda: "Výborně, děkuji!" in message_texts(driver), message="the room beside the list did not follow live messages")
    # The list follows too: the room moves to the top. Until it has, its rows may move between
    # finding the next row and the click landing, which then opens whichever row moved there.
    wait_until(lambda: driver.execute_script(
        "const top = document.querySelector('.conversation[data-room]');"
        "return Number(top?.dataset.room) === arguments[0] && top.textContent.includes('Výborně, děkuji!')", first),
        message="the list did not follow the room's messages")

    # Another room: the one before stops listening (its messages do not land here).
    second = groups[5]
    scrolled = choose(driver, second)
    assert marked_rows(driver) == [second] and list_scroll(driver) == scrolled
    jana.post(first, "Ještě jedna věc k prvnímu focení.")
    wait_until(lambda: driver.execute_script(
        f"return document.querySelector('.conversation[data-room=\"{first}\"] [data-unread]') !== null"),
        message="the list did not count the message of the room left")
    assert "Ještě jedna věc k prvnímu focení." not in message_texts(driver)
    assert message_texts(driver) == ["Zpráva ve skupině 6"]
    driver.save_screenshot(str(screenshots_dir / "messenger-panes-desktop.png"))
    if emulate_media(driver, "prefers-color-scheme", "dark"):
        driver.save_screenshot(str(screenshots_dir / "messenger-panes-desktop-dark.png"))

    # Back and Forward go through the rooms opened, and back to "Choose a conversation".
    driver.back()
    wait_until(lambda: room_open(driver) == first, message="Back did not bring the earlier room")
    assert marked_rows(driver) == [first] and "Ještě jedna věc k prvnímu focení." in message_texts(driver)
    driver.back()
    wait_until(lambda: room_open(driver) == 0 and driver.find_elements(By.CSS_SELECTOR, "[data-messenger-none]"),
               message="Back did not come to the list without a room")
    assert marked_rows(driver) == []
    driver.forward()
    wait_until(lambda: room_open(driver) == first, message="Forward did not bring the room again")
    assert driver.execute_script("return window.sameDocument === true")

    # A phone's width shows one pane: the room, with its way back to the list.
    set_viewport(driver, *PHONE)
    wait_until(lambda: not driver.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed(),
               message="the list stayed beside the room on a phone")
    assert driver.find_element(By.CSS_SELECTOR, ".chat-room__back").is_displayed()


def test_a_room_page_opens_with_the_list_beside_it_and_on_a_phone_alone(open_browser, own_server, screenshots_dir):
    server = own_server()
    driver = open_browser(size=DESKTOP, language="en")
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/messages")
    room = int(driver.find_element(By.CSS_SELECTOR, ".conversation").get_attribute("data-room"))
    driver.get(f"{server.url}/messages/{room}")
    assert driver.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed()
    assert marked_rows(driver) == [room]
    assert window_scrolls(driver) <= 1, "the window itself scrolls beside the panes"
    # The footer (and its language switch) stays on the list's own page only.
    assert not driver.find_element(By.CSS_SELECTOR, ".site-footer").is_displayed()
    driver.save_screenshot(str(screenshots_dir / "messenger-room-desktop-en.png"))

    phone = open_browser(size=PHONE, language="en")
    sign_in(phone, server.url, "vojtafoti")
    phone.get(f"{server.url}/messages/{room}")
    assert not phone.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed()
    assert phone.find_element(By.CSS_SELECTOR, "[data-chat-room]").is_displayed()
    phone.get(f"{server.url}/messages")
    assert not phone.find_element(By.CSS_SELECTOR, "[data-messenger-none]").is_displayed()
    assert phone.find_element(By.CSS_SELECTOR, ".site-footer").is_displayed()
    # A phone's row is a link to the room's own page.
    click_and_wait_for_next_page(phone, row(phone, room))
    assert phone.current_url.endswith(f"/messages/{room}")


def test_without_javascript_both_panes_are_links(open_browser, own_server):
    server = own_server()
    driver = open_browser(size=DESKTOP, javascript=False)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/messages")
    assert driver.find_element(By.CSS_SELECTOR, "[data-messenger-none]").is_displayed()
    rooms = [int(e.get_attribute("data-room")) for e in driver.find_elements(By.CSS_SELECTOR, ".conversation")]
    click_and_wait_for_next_page(driver, row(driver, rooms[1]))
    assert driver.current_url.endswith(f"/messages/{rooms[1]}")
    assert marked_rows(driver) == [rooms[1]]
    click_and_wait_for_next_page(driver, row(driver, rooms[0]))
    assert marked_rows(driver) == [rooms[0]] and driver.find_element(By.CSS_SELECTOR, "[data-conversation-list]").is_displayed()


@pytest.mark.engines
def test_a_row_pressed_while_the_list_changes_still_opens_its_room(open_browser, own_server, engine):
    """A message that moves another conversation to the top while a row is pressed: the new
    list waits until the click has landed on the row pressed, then shows."""
    server = own_server()
    jana = Person(server.url, "jana.k")
    groups = [jana.group(f"Focení {number}", ["vojtafoti"]) for number in range(1, 4)]
    for number, group in enumerate(groups, start=1):
        jana.post(group, f"Zpráva ve skupině {number}")
    driver = open_browser(size=DESKTOP)
    sign_in(driver, server.url, "vojtafoti")
    driver.get(server.url + "/messages")
    wait_until(lambda: is_leader(driver), message="the page did not follow live events")
    pressed = row(driver, groups[0])
    driver.execute_script("arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, isPrimary: true}))",
                          pressed)
    jana.post(groups[1], "Mezitím nová zpráva")
    wait_until(lambda: driver.execute_script("return 'listHeld' in document.querySelector('[data-conversations]').dataset"),
               message="the new list did not wait for the press")
    assert driver.execute_script("return document.contains(arguments[0])", pressed)
    driver.execute_script("""
        arguments[0].dispatchEvent(new PointerEvent('pointerup', {bubbles: true, isPrimary: true}));
        arguments[0].click()""", pressed)
    wait_until(lambda: room_open(driver) == groups[0], message="the pressed row's room did not open")
    wait_until(lambda: driver.execute_script(
        "return document.querySelector('.conversation[data-room]')?.dataset.room") == str(groups[1]),
        message="the list that waited was not shown after the click")
    assert marked_rows(driver) == [groups[0]]
