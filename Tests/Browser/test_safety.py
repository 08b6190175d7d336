"""Blocking and who may write, in browsers: a photographer blocks a client from their
conversation, the client's next message is refused with the reason and kept in the composer,
and after the unblock the next one arrives live; the profile, the list of blocked people and
the profile form as they look on a phone and a desktop, light and dark."""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import DESKTOP, PHONE, WAIT, click, click_and_wait_for_next_page, sign_in, wait_until
from engines import emulate_media


def message_texts(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-chat-days] .chat-message__text')].map((e) => e.textContent)")


def write(driver, text):
    box = driver.find_element(By.ID, "composer")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def follows_live_events(driver):
    return driver.execute_script("return document.body.dataset.liveRole") == "leader"


def open_menu(driver, selector):
    """Opens a <details> menu by its summary and returns the menu."""
    menu = driver.find_element(By.CSS_SELECTOR, selector)
    click(driver, menu.find_element(By.TAG_NAME, "summary"))
    wait_until(lambda: menu.get_attribute("open") is not None, WAIT, "the menu did not open")
    return menu


def test_a_block_refuses_the_next_message_and_an_unblock_lets_the_one_after_arrive_live(open_browser, own_server, screenshots_dir):
    server = own_server()
    vojta = open_browser(size=PHONE, language="en")
    sign_in(vojta, server.url, "vojtafoti")
    vojta.get(server.url + "/messages")
    click_and_wait_for_next_page(vojta, vojta.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Martin Beneš']]"))
    room = re.search(r"/messages/(\d+)", vojta.current_url).group(1)
    martin = open_browser(size=DESKTOP, language="en")
    sign_in(martin, server.url, "martin.b")
    martin.get(f"{server.url}/messages/{room}")
    wait_until(lambda: follows_live_events(martin), WAIT, "Martin's page did not follow live events")

    # Vojta blocks Martin from the conversation's menu and comes back to it.
    menu = open_menu(vojta, ".chat-room__more")
    vojta.save_screenshot(str(screenshots_dir / "safety-room-menu-phone.png"))
    click_and_wait_for_next_page(vojta, menu.find_element(By.CSS_SELECTOR, "[data-block]"))
    assert vojta.current_url.endswith(f"/messages/{room}")
    notice = vojta.find_element(By.CSS_SELECTOR, "[data-you-blocked]")
    assert "You have blocked this person" in notice.text
    vojta.save_screenshot(str(screenshots_dir / "safety-room-blocked-phone.png"))
    before = message_texts(vojta)

    # Martin's next message is refused: the reason shows and the text is back in the composer.
    write(martin, "Haló, jste tam?")
    error = wait_until(lambda: martin.find_elements(By.CSS_SELECTOR, ".chat-composer__error"), WAIT,
                       "Martin was not told his message was refused")[0]
    assert error.text == "This person does not accept your messages."
    assert martin.find_element(By.ID, "composer").get_attribute("value") == "Haló, jste tam?"
    assert "Haló, jste tam?" not in message_texts(martin)
    assert not martin.find_elements(By.CSS_SELECTOR, "[data-you-blocked]"), "nothing else tells Martin"
    martin.save_screenshot(str(screenshots_dir / "safety-refused-desktop.png"))
    vojta.refresh()
    assert message_texts(vojta) == before

    # Vojta unblocks from the notice; Martin's next message arrives on Vojta's page live.
    wait_until(lambda: follows_live_events(vojta), WAIT, "Vojta's page did not follow live events")
    click_and_wait_for_next_page(vojta, vojta.find_element(By.CSS_SELECTOR, "[data-you-blocked] button"))
    assert not vojta.find_elements(By.CSS_SELECTOR, "[data-you-blocked]")
    wait_until(lambda: follows_live_events(vojta), WAIT, "Vojta's page did not follow live events")
    martin.find_element(By.ID, "composer").clear()
    write(martin, "Dobrý den, ještě jednou: máte 14. června volno?")
    wait_until(lambda: "Dobrý den, ještě jednou: máte 14. června volno?" in message_texts(vojta), WAIT,
               "the message after the unblock did not arrive live")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_profile_the_list_and_the_form_look_right(open_browser, own_server, screenshots_dir, size):
    server = own_server()
    name = "phone" if size == PHONE else "desktop"
    jana = open_browser(size=size, language="cs")
    sign_in(jana, server.url, "jana.k")
    jana.get(server.url + "/u/michal1")
    for scheme in ("light", "dark"):
        emulate_media(jana, "prefers-color-scheme", scheme)
        menu = open_menu(jana, ".profile__menu")
        jana.save_screenshot(str(screenshots_dir / f"safety-profile-menu-{name}-{scheme}.png"))
        click(jana, menu.find_element(By.TAG_NAME, "summary"))
    emulate_media(jana, "prefers-color-scheme", "light")
    menu = open_menu(jana, ".profile__menu")
    click_and_wait_for_next_page(jana, menu.find_element(By.CSS_SELECTOR, "[data-block]"))
    assert jana.find_element(By.CSS_SELECTOR, ".form-notice").text.startswith("Zablokováno.")
    assert not jana.find_elements(By.CSS_SELECTOR, "form[action='/messages/direct']")
    # The feed leaves michal1's work out: the film "Krajina" is his.
    jana.get(server.url + "/")
    names = [e.text for e in jana.find_elements(By.CSS_SELECTOR, ".feed-card__name")]
    assert names and "Krajina" not in names
    jana.get(server.url + "/profile/blocked")
    assert [e.text for e in jana.find_elements(By.CSS_SELECTOR, ".blocked-list__who a")] == ["Michal Novotný"]
    for scheme in ("light", "dark"):
        emulate_media(jana, "prefers-color-scheme", scheme)
        jana.save_screenshot(str(screenshots_dir / f"safety-blocked-list-{name}-{scheme}.png"))
    emulate_media(jana, "prefers-color-scheme", "light")

    # Who may write: only photographers; a client visiting sees why there is no button.
    jana.get(server.url + "/profile/edit")
    choice = jana.find_element(By.CSS_SELECTOR, "input[name='whoMayWrite'][value='creatorsOnly']")
    click(jana, choice)
    fieldset = jana.find_element(By.CSS_SELECTOR, ".who-may-write")
    jana.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", fieldset)
    for scheme in ("light", "dark"):
        emulate_media(jana, "prefers-color-scheme", scheme)
        jana.save_screenshot(str(screenshots_dir / f"safety-who-may-write-{name}-{scheme}.png"))
    click_and_wait_for_next_page(jana, jana.find_element(By.CSS_SELECTOR, ".form__actions button[type='submit']"))
    eva = open_browser(size=size, language="cs")
    sign_in(eva, server.url, "eva.s")
    eva.get(server.url + "/u/jana.k")
    note = eva.find_element(By.CSS_SELECTOR, "[data-contact-note]")
    assert note.text == "Tento člověk přijímá nové zprávy jen od fotografů."
    assert not eva.find_elements(By.CSS_SELECTOR, "form[action='/messages/direct']")
    eva.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", note)
    for scheme in ("light", "dark"):
        emulate_media(eva, "prefers-color-scheme", scheme)
        eva.save_screenshot(str(screenshots_dir / f"safety-not-accepting-{name}-{scheme}.png"))
