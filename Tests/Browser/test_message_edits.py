"""A message after it is sent: its author edits it in place and deletes it, the other
person reacts, and each change reaches the other browser live, without a reload and
without raising an unread count. Without JavaScript the same is a page and plain forms."""

import re

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import announced, click, sign_in
from live_client import Person
from messenger_helpers import PHONE_390, eva_and_adela_in_their_room, screenshots_light_and_dark, unread_badge, wait, write


def unread_on_server(person):
    """The person's unread total as a page rendered now counts it."""
    page = person.request("GET", "/messages")[2]
    return int(re.search(r'data-unread-total="(\d+)"', page).group(1))


def item(driver, text):
    """The message showing `text`, or None."""
    return driver.execute_script("""
        return [...document.querySelectorAll('[data-chat-days] .chat-message[data-message]')]
            .find((m) => m.querySelector('.chat-message__text')?.textContent === arguments[0]) ?? null""", text)


def item_by_id(driver, message_id):
    return driver.execute_script("return document.getElementById(arguments[0])", f"message-{message_id}")


def reactions(driver, message_id):
    """(accessible name, pressed) of each reaction under the message."""
    return [tuple(pair) for pair in driver.execute_script("""
        return [...(document.getElementById(arguments[0])?.querySelectorAll('.chat-reactions__reaction') ?? [])]
            .map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed') === 'true'])""", f"message-{message_id}")]


def open_menu_item(driver, message, selector):
    click(driver, message.find_element(By.CSS_SELECTOR, ".chat-message__menu summary"))
    click(driver, message.find_element(By.CSS_SELECTOR, selector))


@pytest.mark.engines()
def test_edits_deletions_and_reactions_reach_the_other_browser_live_and_raise_no_unread_count(
        open_browser, own_server, screenshots_dir):
    server = own_server()
    adela_api = Person(server.url, "ad.fotograf")
    room, eva, adela = eva_and_adela_in_their_room(open_browser, server)

    write(eva, "Vezmu i deku, sraz v 17:00")
    wait(adela, lambda d: item(d, "Vezmu i deku, sraz v 17:00"), "Adéla did not see the message")
    message_id = wait(eva, lambda d: (item(d, "Vezmu i deku, sraz v 17:00") or {}) and
                      item(d, "Vezmu i deku, sraz v 17:00").get_attribute("data-message"), "the message was not stored")
    # Adéla's open room read it: wait until the server has recorded that and her badge agrees.
    wait(adela, lambda d: f'data-room="{room}"' not in adela_api.request("GET", "/messages?unread=1")[2],
         "the room was not marked read while on screen")
    baseline = unread_on_server(adela_api)
    wait(adela, lambda d: unread_badge(d) == baseline, "Adéla's badge did not settle")

    # Eva edits in place: Enter saves; Adéla sees the new text marked edited.
    open_menu_item(eva, item_by_id(eva, message_id), "[data-message-edit]")
    field = wait(eva, lambda d: d.find_elements(By.CSS_SELECTOR, ".chat-message__edit textarea"), "no field to edit in")[0]
    assert field.get_attribute("value") == "Vezmu i deku, sraz v 17:00"
    field.send_keys(Keys.BACKSPACE * 5 + "17:30")
    eva.save_screenshot(str(screenshots_dir / "message-edits-editing-phone.png"))
    field.send_keys(Keys.ENTER)
    wait(eva, lambda d: announced(d) == "Zpráva upravena.", "the edit was not announced")
    wait(adela, lambda d: item(d, "Vezmu i deku, sraz v 17:30"), "Adéla did not see the edit")
    assert item_by_id(adela, message_id).find_element(By.CSS_SELECTOR, ".chat-message__edited").text == "upraveno"

    # Adéla reacts; Eva sees who, and gives the same, which Adéla sees counted twice.
    shown = item_by_id(adela, message_id)
    click(adela, shown.find_element(By.CSS_SELECTOR, ".chat-reactions__more"))
    adela.save_screenshot(str(screenshots_dir / "message-edits-picker-desktop.png"))
    click(adela, shown.find_element(By.CSS_SELECTOR, ".chat-reactions__choice[value='👍']"))
    wait(adela, lambda d: reactions(d, message_id) == [("👍 1: Adéla Dvořáková", True)], "Adéla's reaction was not shown")
    wait(eva, lambda d: reactions(d, message_id) == [("👍 1: Adéla Dvořáková", False)], "Eva did not see the reaction")
    click(eva, item_by_id(eva, message_id).find_element(By.CSS_SELECTOR, ".chat-reactions__reaction"))
    wait(adela, lambda d: reactions(d, message_id) == [("👍 2: Adéla Dvořáková, Eva Svobodová", True)],
         "Adéla did not see Eva's reaction")

    # Eva sends something by mistake and deletes it; Adéla sees only that it was deleted.
    # A number no message's random uuid or the page's tokens could hold by chance.
    pin = "4321-8806-5127"
    write(eva, f"Omylem: PIN {pin}")
    wait(adela, lambda d: item(d, f"Omylem: PIN {pin}"), "Adéla did not see the mistaken message")
    mistaken = wait(eva, lambda d: (item(d, f"Omylem: PIN {pin}") or {}) and item(d, f"Omylem: PIN {pin}").get_attribute("data-message"),
                    "the mistaken message was not stored")
    open_menu_item(eva, item_by_id(eva, mistaken), "[data-message-delete]")
    confirm = wait(eva, lambda d: d.find_elements(By.CSS_SELECTOR, ".chat-message__confirm .button--danger"), "no confirmation")[0]
    assert eva.switch_to.active_element == confirm
    click(eva, confirm)
    for driver in (eva, adela):
        wait(driver, lambda d: "Zpráva smazána" in (item_by_id(d, mistaken).text if item_by_id(d, mistaken) else ""),
             "the deletion was not shown")
        # Nowhere in the page, the conversation list beside the room (or hidden on a phone) included.
        wait(driver, lambda d: pin not in d.page_source, "the deleted words stayed in the page")
    assert announced(eva) == "Zpráva smazána."

    # None of it raised Adéla's unread count, on the page or on the server.
    wait(adela, lambda d: unread_on_server(adela_api) == baseline, "the server counted a change as unread")
    assert unread_badge(adela) == baseline
    # After a reload both see the same.
    adela.refresh()
    assert item(adela, "Vezmu i deku, sraz v 17:30") and pin not in adela.page_source
    assert reactions(adela, message_id) == [("👍 2: Adéla Dvořáková, Eva Svobodová", True)]

    screenshots_light_and_dark(screenshots_dir, "message-edits", phone=eva, desktop=adela)


def test_without_javascript_a_message_is_edited_on_its_page_and_reacted_to_with_a_form(open_browser, own_server):
    server = own_server()
    eva_api = Person(server.url, "eva.s")
    room = eva_api.room_with("ad.fotograf")
    eva_api.post(room, "Bez skriptu 17:00")
    driver = open_browser(size=PHONE_390, javascript=False)
    sign_in(driver, server.url, "eva.s")
    driver.get(f"{server.url}/messages/{room}")
    message = item(driver, "Bez skriptu 17:00")
    message_id = message.get_attribute("data-message")
    click(driver, message.find_element(By.CSS_SELECTOR, ".chat-message__menu summary"))
    click(driver, message.find_element(By.CSS_SELECTOR, "[data-message-edit]"))
    wait(driver, lambda d: d.current_url.endswith(f"/messages/{room}/{message_id}/edit"), "the edit page did not open")
    field = driver.find_element(By.ID, "message-content")
    field.clear()
    field.send_keys("Bez skriptu 17:30")
    click(driver, driver.find_element(By.CSS_SELECTOR, "form[action$='/edit'] [type='submit']"))
    wait(driver, lambda d: item(d, "Bez skriptu 17:30"), "the edit did not come back to the room")
    shown = item_by_id(driver, message_id)
    click(driver, shown.find_element(By.CSS_SELECTOR, ".chat-reactions__more"))
    click(driver, shown.find_element(By.CSS_SELECTOR, ".chat-reactions__choice[value='🙏']"))
    wait(driver, lambda d: reactions(d, message_id) == [("🙏 1: Eva Svobodová", True)], "the reaction did not come back")
    assert driver.find_element(By.CSS_SELECTOR, f"#message-{message_id} .chat-reactions__reaction").get_attribute("title") == "Eva Svobodová"
