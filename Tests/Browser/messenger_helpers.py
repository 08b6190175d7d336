"""What the messenger's browser tests share: waiting on one browser, whether its tab holds the
live stream, the unread count it shows, writing in the composer, the dark theme, Eva and Adéla
in their conversation, and screenshots of both in light and dark."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import DESKTOP, WAIT, sign_in, wait_until
from engines import emulate_media
from live_client import Person

PHONE_390 = (390, 844)


def wait(driver, check, message, timeout=WAIT):
    return wait_until(lambda: check(driver), timeout, message)


def is_leader(driver):
    return driver.execute_script("return document.body.dataset.liveRole") == "leader"


def unread_badge(driver):
    """The count the Messages tab shows, 0 when its badge is hidden."""
    return driver.execute_script("""
        const badge = document.querySelector('[data-unread-total]');
        return badge.hidden ? 0 : Number(badge.querySelector('[data-unread-count]').textContent)""")


def write(driver, text):
    box = driver.find_element(By.ID, "composer")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def dark(driver):
    """Switches to the dark theme and waits until the colours have finished changing; False
    where the engine cannot switch while running (WebKit: engines.emulate_media)."""
    if not emulate_media(driver, "prefers-color-scheme", "dark"):
        return False
    # Only what is drawn: Firefox never starts a transition inside a closed <details>, whose
    # content is never painted, and lists it as pending for good.
    wait(driver, lambda d: d.execute_script(
        "return document.getAnimations().filter((a) => a.effect?.target?.checkVisibility() ?? true).length") == 0,
        "the theme did not settle")
    return True


def screenshots_light_and_dark(directory, name, phone, desktop):
    """`{name}-phone.png` and `{name}-desktop.png` of the two browsers, then the same in the
    dark theme (`-dark`) where the engine can switch."""
    phone.save_screenshot(str(directory / f"{name}-phone.png"))
    desktop.save_screenshot(str(directory / f"{name}-desktop.png"))
    if dark(phone):
        phone.save_screenshot(str(directory / f"{name}-phone-dark.png"))
    if dark(desktop):
        desktop.save_screenshot(str(directory / f"{name}-desktop-dark.png"))


def eva_and_adela_in_their_room(open_browser, server):
    """(room, eva, adela): Eva on a phone and Adéla on a desktop, each signed in with their
    conversation open and following live events."""
    room = Person(server.url, "eva.s").room_with("ad.fotograf")
    eva = open_browser(size=PHONE_390)
    sign_in(eva, server.url, "eva.s")
    adela = open_browser(size=DESKTOP)
    sign_in(adela, server.url, "ad.fotograf")
    for driver in (eva, adela):
        driver.get(f"{server.url}/messages/{room}")
        wait(driver, is_leader, "the page did not follow live events")
    return room, eva, adela
