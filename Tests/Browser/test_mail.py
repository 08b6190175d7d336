"""Mail reaches people: through a real SMTP server (aiosmtpd) for a server run with
--smtp-url, and through the operator's mail page for a LAN-style run without one. Mails are
read with Python's email package. The faults — the mail server down, a server killed while
it sends — run a server of their own."""

import json
import os
import signal
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from browser_helpers import click_and_wait_for_next_page, new_account, page_id, submit_form, type_into, wait_until
from conftest import launch_server, seed
from http_sign_up import register_over_http, request
from live_client import Person
from mail_sink import Sink, html_of, link, text_of

FAST = ["--mail-poll", "0.2", "--missed-message-delay", "2", "--mail-retry-seconds", "0.5"]


def mailing_server(folder):
    """A server of the demo world that mails through a sink of its own: (server, sink)."""
    sink = Sink(folder / "sink")
    seed(folder / "data")
    return launch_server(folder / "data", folder / "server.log", extra=["--smtp-url", sink.url, *FAST]), sink


@pytest.fixture(scope="module")
def mailing(tmp_path_factory):
    """One mailing server for the tests that leave it as they found it (each its own people)."""
    server, sink = mailing_server(tmp_path_factory.mktemp("mailing"))
    yield server, sink
    server.stop()
    sink.stop()


@pytest.fixture
def own_mailing(tmp_path):
    """A mailing server for a test that turns its sink's faults on."""
    server, sink = mailing_server(tmp_path)
    yield server, sink
    server.stop()
    sink.stop()


def mail_rows(server):
    """What the operator's mail page lists, read by an operator over HTTP."""
    operator = Person(server.url, "spravce")
    _, _, page = operator.request("GET", "/moderation/mail")
    return page


def test_a_forgotten_password_is_set_again_from_the_link_in_the_mail(open_browser, mailing, screenshots_dir):
    server, sink = mailing
    driver = open_browser(language="en")
    driver.get(server.url + "/login")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-forgot-password]"))
    assert page_id(driver) == "forgotPassword"
    type_into(driver, "identifier", "jana.k")
    submit_form(driver)
    assert driver.find_element(By.CSS_SELECTOR, "[data-reset-sent]").is_displayed()
    # In the language jana.k last used the site in.
    [mail] = sink.wait_for("jana.k@demo.fotofolio.cz", "Nastavení nového hesla")
    assert mail["Auto-Submitted"] == "auto-generated"
    assert mail["List-Unsubscribe"] is None, "account mails cannot be turned off"
    assert "@jana.k" in text_of(mail) and "/reset-password/" in html_of(mail)
    assert mail.get_content_type() == "multipart/alternative"
    driver.get(server.url + link(mail, "/reset-password/"))
    type_into(driver, "password", "zcela-nove-heslo")
    type_into(driver, "passwordConfirmation", "zcela-nove-heslo")
    submit_form(driver)
    assert "Your new password is set" in driver.find_element(By.CSS_SELECTOR, ".form-notice").text
    type_into(driver, "identifier", "jana.k")
    type_into(driver, "password", "zcela-nove-heslo")
    submit_form(driver)
    assert driver.get_cookie("session") is not None
    driver.get(server.url + link(mail, "/reset-password/"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-reset-spent]").is_displayed(), "a link works once"


def test_a_new_account_confirms_its_address_from_the_mail(open_browser, mailing):
    server, sink = mailing
    driver = open_browser(language="en")
    account = new_account("client")
    register_over_http(driver, server.url, account, "en")
    [mail] = sink.wait_for(account.email)
    assert mail["Subject"] == "Confirm your e-mail address"
    assert mail["From"].addresses[0].display_name == "Fotofolio"
    assert mail["Message-ID"].startswith("<") and mail["Date"] is not None
    driver.get(server.url + link(mail, "/confirm-email/"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-confirmation='confirmed']").is_displayed()
    driver.get(server.url + "/profile/notifications")
    assert "confirmed" in driver.find_element(By.CSS_SELECTOR, ".mail-address").text


def test_a_burst_of_messages_makes_one_mail_whose_one_click_unsubscribe_turns_them_off(mailing):
    server, sink = mailing
    martin = Person(server.url, "martin.b")
    room = martin.room_with("tomas.priroda")
    token = martin.csrf()
    for number in range(1, 6):
        assert martin.post(room, f"Dobrý den, zpráva {number}", token)[0] == 201
    [mail] = sink.wait_for("tomas.priroda@demo.fotofolio.cz", "nepřečt")
    assert "Martin" in mail["Subject"]
    assert "Dobrý den, zpráva 1" in text_of(mail) and "Dobrý den, zpráva 5" in text_of(mail)
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    address = mail["List-Unsubscribe"].strip("<>")
    # What a mail program does (RFC 8058): a POST without cookies or a form token.
    answer = urllib.request.urlopen(urllib.request.Request(address, data=b"List-Unsubscribe=One-Click", method="POST"))
    assert answer.status == 200
    tomas = Person(server.url, "tomas.priroda")
    page = tomas.request("GET", "/profile/notifications")[2]
    assert 'value="never" checked' in page
    # The batch is over, and a new message makes no mail: nothing waits in the outbox.
    assert martin.post(room, "Ještě jedna", token)[0] == 201
    status, _, report = Person.at(server.url).request("GET", "/status", headers={"Accept": "application/json"})
    assert status == 200 and json.loads(report)["internals"]["mailWaiting"] == 0
    assert len(sink.messages_to("tomas.priroda@demo.fotofolio.cz", "nepřečt")) == 1


def test_the_mail_server_down_then_up_delays_the_mail_and_loses_nothing(tmp_path):
    sink = Sink(tmp_path / "sink")
    port = sink.port
    sink.stop()
    seed(tmp_path / "data")
    server = launch_server(tmp_path / "data", tmp_path / "server.log", extra=["--smtp-url", f"smtp://127.0.0.1:{port}", *FAST])
    try:
        guest = Person.at(server.url)
        page = guest.request("GET", "/forgot-password")[2]
        token = page.split('name="_csrf" value="')[1].split('"')[0]
        assert guest.request("POST", "/forgot-password", {"_csrf": token, "identifier": "jana.k"})[0] == 200

        def waiting():
            report = json.loads(Person.at(server.url).request("GET", "/status", headers={"Accept": "application/json"})[2])
            return report["internals"]["mailWaiting"]
        # It waits, with the demo world's own mails, while nothing answers.
        wait_until(lambda: "to be tried again" in (tmp_path / "server.log").read_text(), 10, "no attempt failed")
        assert waiting() >= 1
        sink = Sink(tmp_path / "sink2", port=port)
        [mail] = sink.wait_for("jana.k@demo.fotofolio.cz", "Nastavení nového hesla")
        wait_until(lambda: waiting() == 0, 10, "the mail was not marked sent")
        sink.stop()
    finally:
        server.stop()


def test_a_server_killed_while_it_sends_sends_once_more_with_the_same_message_id(tmp_path):
    sink = Sink(tmp_path / "sink")
    seed(tmp_path / "data")
    extra = ["--smtp-url", sink.url, *FAST]
    server = launch_server(tmp_path / "data", tmp_path / "server.log", extra=extra)
    report = lambda: json.loads(Person.at(server.url).request("GET", "/status", headers={"Accept": "application/json"})[2])
    try:
        # The demo world's own mails go first; then the server holds the next one unanswered.
        wait_until(lambda: report()["internals"]["mailWaiting"] == 0, 20, "the demo world's mails were not sent")
        sink.hold()
        guest = Person.at(server.url)
        page = guest.request("GET", "/forgot-password")[2]
        token = page.split('name="_csrf" value="')[1].split('"')[0]
        guest.request("POST", "/forgot-password", {"_csrf": token, "identifier": "jana.k"})
        wait_until(sink.held, 10, "the mail did not reach the server")
        # The mail server has taken the message; the sender dies before it hears so.
        server.kill()
        sink.release()
        assert len(sink.messages_to("jana.k@demo.fotofolio.cz", "hesla")) == 1
        server = launch_server(tmp_path / "data", tmp_path / "server.log", port=server.port, extra=extra)
        first, second = sink.wait_for("jana.k@demo.fotofolio.cz", "hesla", count=2)
        assert first["Message-ID"] == second["Message-ID"]
        assert first["Subject"] == second["Subject"]
        wait_until(lambda: report()["internals"]["mailWaiting"] == 0, 10, "the mail was not marked sent")
        assert len(sink.messages_to("jana.k@demo.fotofolio.cz", "hesla")) == 2, "at most one duplicate"
    finally:
        if server.process.poll() is None:
            server.stop()
        sink.stop()


def test_without_a_mail_server_the_operator_reads_every_mail_and_its_links_work(open_browser, base_url, screenshots_dir):
    account = new_account("client")
    newcomer = open_browser(language="en")
    register_over_http(newcomer, base_url, account, "en")
    driver = open_browser(language="en")
    driver.get(base_url + "/login")
    type_into(driver, "identifier", "spravce")
    type_into(driver, "password", "heslovo")
    submit_form(driver)

    def written():
        """The newcomer's mail on the operator's page once it is written, else None."""
        driver.get(base_url + "/moderation/mail")
        return next((row for row in driver.find_elements(By.CSS_SELECTOR, "[data-mail-row][data-state='sent']")
                     if account.email in row.text), None)
    # The shared server looks for due mail every 5 s.
    wait_until(lambda: written() is not None, 20, "the mail is not on the operator's page")
    click_and_wait_for_next_page(driver, written().find_element(By.TAG_NAME, "a"))
    assert account.email in driver.find_element(By.CSS_SELECTOR, "[data-mail-to]").text
    confirm = next(a for a in driver.find_elements(By.CSS_SELECTOR, "[data-mail-text] a") if "/confirm-email/" in a.get_attribute("href"))
    newcomer.get(confirm.get_attribute("href"))
    assert newcomer.find_element(By.CSS_SELECTOR, "[data-confirmation='confirmed']").is_displayed()


def test_a_refused_address_fails_the_mail_with_the_servers_answer_and_three_stop_its_mail(own_mailing):
    server, sink = own_mailing
    status = lambda: json.loads(Person.at(server.url).request("GET", "/status", headers={"Accept": "application/json"})[2])["internals"]
    wait_until(lambda: status()["mailWaiting"] == 0, 20, "the demo world's mails were not sent")
    sink.fault("550 5.1.1 <jana.k@demo.fotofolio.cz>: No such user", at="RCPT")
    guest = Person.at(server.url)
    for attempt in range(1, 4):
        token = guest.request("GET", "/forgot-password")[2].split('name="_csrf" value="')[1].split('"')[0]
        assert guest.request("POST", "/forgot-password", {"_csrf": token, "identifier": "jana.k"})[0] == 200
        wait_until(lambda: status()["mailFailed"] == attempt, 10, f"mail {attempt} did not fail")
    assert "No such user" in mail_rows(server)
    sink.clear_faults()
    jana = Person(server.url, "jana.k")
    page = jana.request("GET", "/profile/notifications")[2]
    assert "data-mail-bouncing" in page
    # Her messages are not mailed any more: a burst to her queues nothing.
    vojta = Person(server.url, "vojtafoti")
    assert vojta.post(vojta.room_with("jana.k"), "Dobrý den, Jano")[0] == 201
    assert status()["mailWaiting"] == 0 and status()["mailFailed"] == 3
