""""Seen" in a direct conversation: when the other person's open room reads one's message,
the mark appears under it live, and their reply takes it away."""

import pytest

from browser_helpers import DESKTOP, sign_in
from engines import set_viewport
from live_client import Person
from messenger_helpers import dark, is_leader, wait, write

PHONE_390 = (390, 844)


def seen_mark(driver, text):
    """The text of the "Seen" mark under the message showing `text`, or None."""
    return driver.execute_script("""
        const message = [...document.querySelectorAll('[data-chat-days] .chat-message[data-message]')]
            .find((m) => m.querySelector('.chat-message__text')?.textContent === arguments[0]);
        return message?.querySelector('.chat-message__seen')?.textContent ?? null""", text)


def marks(driver):
    return driver.execute_script("return document.querySelectorAll('[data-chat-days] .chat-message__seen').length")


@pytest.mark.engines()
def test_the_other_persons_read_shows_as_seen_live_and_their_reply_takes_it_away(open_browser, own_server, screenshots_dir,
                                                                                 engine):
    server = own_server()
    room = Person(server.url, "eva.s").room_with("ad.fotograf")
    eva = open_browser(size=PHONE_390)
    sign_in(eva, server.url, "eva.s")
    eva.get(f"{server.url}/messages/{room}")
    wait(eva, is_leader, "Eva's page did not follow live events")

    write(eva, "Posílám rozpis na sobotu")
    wait(eva, lambda d: d.execute_script(
        "return document.querySelector('.chat-message--own[data-message]') !== null"), "the message was not stored")
    assert seen_mark(eva, "Posílám rozpis na sobotu") is None

    # Adéla opens the room: it is read while on screen, and Eva sees so without a reload.
    adela = open_browser(size=DESKTOP)
    sign_in(adela, server.url, "ad.fotograf")
    adela.get(f"{server.url}/messages/{room}")
    mark = wait(eva, lambda d: seen_mark(d, "Posílám rozpis na sobotu"), "Eva did not see that Adéla read it")
    assert mark.startswith("Viděno "), mark
    assert marks(eva) == 1
    assert marks(adela) == 0, "the reader's own page shows no mark"
    if engine == "chromium":
        eva.save_screenshot(str(screenshots_dir / "seen-phone.png"))
        if dark(eva):
            eva.save_screenshot(str(screenshots_dir / "seen-phone-dark.png"))
        set_viewport(eva, *DESKTOP)
        eva.save_screenshot(str(screenshots_dir / "seen-desktop-dark.png"))

    # Her reply says more than the mark: it goes.
    wait(adela, is_leader, "Adéla's page did not follow live events")
    write(adela, "Díky, mám ho")
    wait(eva, lambda d: d.execute_script(
        "return [...document.querySelectorAll('.chat-message__text')].some((t) => t.textContent === 'Díky, mám ho')"),
        "Eva did not get the reply")
    wait(eva, lambda d: marks(d) == 0, "the mark stayed after the reply")

    # A reload shows the same: the mark is the server's rule, not the script's.
    eva.refresh()
    wait(eva, lambda d: d.execute_script("return document.readyState") == "complete", "the page did not load")
    assert marks(eva) == 0
