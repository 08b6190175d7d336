"""A person's own MQTT client, made from the profile's menu: the password is shown once, the
commands on the page work as written with mosquitto_sub, and revoking takes it away."""

import re
import shlex
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe_check import report, violations
from browser_helpers import DESKTOP, click, click_and_wait_for_next_page, sign_in
from live_client import Person
from messenger_helpers import PHONE_390, screenshots_light_and_dark, wait


def text_of(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


@pytest.mark.engines("chromium", "firefox")
def test_a_password_made_on_the_page_lets_mosquitto_sub_read_the_persons_conversations(open_browser, own_server,
                                                                                      screenshots_dir, engine):
    server = own_server()
    room = Person(server.url, "eva.s").room_with("ad.fotograf")
    eva = open_browser(size=PHONE_390)
    sign_in(eva, server.url, "eva.s")
    eva.get(f"{server.url}/profile")
    click(eva, eva.find_element(By.CSS_SELECTOR, ".profile__menu summary"))
    click_and_wait_for_next_page(eva, eva.find_element(By.CSS_SELECTOR, "a[href='/profile/mqtt']"))
    wait(eva, lambda d: d.find_elements(By.ID, "mqtt-label"), "the page has no form for a new password")
    assert "Zatím žádná aplikace nemá heslo." in eva.page_source
    eva.find_element(By.ID, "mqtt-label").send_keys("Telefon" + Keys.ENTER)
    wait(eva, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-mqtt-password]"), "no password was shown")
    name = text_of(eva, "[data-mqtt-username]")
    password = text_of(eva, "[data-mqtt-password]")
    assert re.fullmatch(r"eva_s-[a-z0-9]{6}", name), name
    assert re.fullmatch(r"[A-Za-z0-9]{32}", password), password
    if engine == "chromium":
        found = violations(eva)
        assert not found, report(found)
        desktop = open_browser(size=DESKTOP)
        sign_in(desktop, server.url, "eva.s")
        # The desktop shows the list (the password was on the phone's answer alone).
        desktop.get(f"{server.url}/profile/mqtt")
        screenshots_light_and_dark(screenshots_dir, "mqtt-account-made", eva, desktop)

    # The page's own command, as a person copies it, reads the conversation's messages.
    command = text_of(eva, ".mqtt-created pre code")
    assert command.startswith("mosquitto_sub "), command
    arguments = shlex.split(command) + ["-C", "1", "-W", "30"]
    reader = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # mosquitto_sub subscribes once connected: the message is sent again until it comes.
        adela = Person(server.url, "ad.fotograf")
        deadline = time.monotonic() + 30
        while reader.poll() is None and time.monotonic() < deadline:
            adela.post(room, "Dobrý den, posílám termíny")
            time.sleep(0.3)
        output, _ = reader.communicate(timeout=30)
    finally:
        if reader.poll() is None:
            reader.kill()
    assert f"fotofolio/chat-room/{room}/message" in output, output
    assert "Dobrý den, posílám termíny" in output, output

    # Back on the list, the password is not shown again; revoking takes the account away.
    eva.get(f"{server.url}/profile/mqtt")
    assert password not in eva.page_source
    assert name in eva.page_source
    click_and_wait_for_next_page(eva, eva.find_element(By.CSS_SELECTOR, ".blocked-list form button"))
    wait(eva, lambda d: "Heslo je zrušené" in d.page_source, "revoking said nothing")
    assert name not in eva.page_source
    # The broker forgets the account within seconds: a connection is refused from then on.
    deadline = time.monotonic() + 20
    while True:
        refused = subprocess.run(arguments[:-4] + ["-C", "1", "-W", "2"], capture_output=True, text=True, timeout=30)
        said = (refused.stdout + refused.stderr).lower()
        if "not authori" in said or time.monotonic() > deadline:
            break
    assert refused.returncode != 0 and "not authori" in said, refused
    if engine == "chromium":
        # Still in the dark theme the screenshots above left it in.
        eva.save_screenshot(str(screenshots_dir / "mqtt-account-revoked-phone-dark.png"))
