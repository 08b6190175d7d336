"""Reporting and the moderation desk, in browsers: a client reports a portfolio, an operator
(granted from the command line) hides it from the desk and another client's feed no longer
has it; a message is reported from its conversation, removed by the operator, and the open
conversation shows it as removed without a reload. The report form, the reporter's list, the
desk and the log as they look on a phone and a desktop, light and dark."""

import subprocess

from selenium.webdriver.common.by import By

from browser_helpers import (DESKTOP, PHONE, WAIT, bring_into_view, click, click_and_wait_for_next_page,
                             http_status_of_page, sign_in, type_into, wait_until)
from conftest import BINARY
from engines import emulate_media
from live_client import Person


def grant_operator(server, username):
    """As an administrator does it: the command line, beside the running server."""
    done = subprocess.run([str(BINARY), "operator", "grant", username, "--data-dir", str(server.data_dir)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"@{username} is an operator" in done.stdout


def card_names(driver):
    return [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".feed-card__name")]


def pick(driver, name, value):
    click(driver, driver.find_element(By.CSS_SELECTOR, f"input[name='{name}'][value='{value}']"))


def screenshots(driver, directory, name):
    for scheme in ("light", "dark"):
        emulate_media(driver, "prefers-color-scheme", scheme)
        driver.save_screenshot(str(directory / f"{name}-{scheme}.png"))
    emulate_media(driver, "prefers-color-scheme", "light")


def act(driver, case, action, reason):
    """Writes the reason on the desk's case and presses the action's button."""
    form = driver.find_element(By.CSS_SELECTOR, f"[data-case='{case}'] form")
    field = form.find_element(By.NAME, "reason")
    bring_into_view(driver, field)
    field.send_keys(reason)
    click_and_wait_for_next_page(driver, form.find_element(By.CSS_SELECTOR, f"button[value='{action}']"))


def test_a_reported_portfolio_hidden_from_the_desk_leaves_another_clients_feed(open_browser, own_server, screenshots_dir):
    server = own_server()
    grant_operator(server, "eva.s")
    martin = open_browser(size=DESKTOP, language="en")
    sign_in(martin, server.url, "martin.b")
    martin.get(server.url + "/")
    assert "Jídlo a káva" in card_names(martin)

    # Jana reports the portfolio from its page on her phone.
    jana = open_browser(size=PHONE, language="en")
    sign_in(jana, server.url, "jana.k")
    jana.get(server.url + "/portfolios/8")
    click_and_wait_for_next_page(jana, jana.find_element(By.CSS_SELECTOR, ".portfolio-page__actions [data-report]"))
    assert "Jídlo a káva" in jana.find_element(By.CSS_SELECTOR, "[data-report-subject]").text
    pick(jana, "reason", "stolenWork")
    type_into(jana, "details", "These are my photos from the Letná café.")
    screenshots(jana, screenshots_dir, "report-form-phone")
    click_and_wait_for_next_page(jana, jana.find_element(By.CSS_SELECTOR, "[data-report-send]"))
    assert jana.find_element(By.CSS_SELECTOR, "[data-report-sent]").is_displayed()
    assert jana.find_element(By.CSS_SELECTOR, "[data-report-state]").get_attribute("data-report-state") == "open"
    screenshots(jana, screenshots_dir, "reports-list-phone")

    # Eva, an operator, reads it on the desk and hides the portfolio with a reason.
    eva = open_browser(size=DESKTOP, language="en")
    sign_in(eva, server.url, "eva.s")
    eva.get(server.url + "/moderation")
    case = eva.find_element(By.CSS_SELECTOR, "[data-case='portfolio:8']")
    assert "These are my photos from the Letná café." in case.text
    screenshots(eva, screenshots_dir, "moderation-desk-desktop")
    on_phone = open_browser(size=PHONE, language="cs")
    sign_in(on_phone, server.url, "eva.s")
    on_phone.get(server.url + "/moderation")
    assert on_phone.find_element(By.CSS_SELECTOR, "[data-case='portfolio:8']").is_displayed()
    screenshots(on_phone, screenshots_dir, "moderation-desk-phone")
    act(eva, "portfolio:8", "hidePortfolio", "The reporter showed the originals.")
    assert eva.find_element(By.CSS_SELECTOR, "[data-moderation-done]").text == "The portfolio is hidden."
    eva.get(server.url + "/moderation/log")
    entry = eva.find_element(By.CSS_SELECTOR, "[data-audit-entry]")
    assert "@eva.s" in entry.text and "Hide portfolio" in entry.text and "The reporter showed the originals." in entry.text
    assert entry.find_element(By.CSS_SELECTOR, "[data-undo='unhidePortfolio']"), "the hide can be taken back"
    screenshots(eva, screenshots_dir, "moderation-log-desktop")

    # Martin's next look at the feed has it no more: he filters by one of its own tags, shown on
    # its card since before the hide, and the results are fetched without leaving the page.
    martin.execute_script("window.stillTheSamePage = true")
    tag = martin.find_element(By.CSS_SELECTOR, "#portfolio-8 a.tag--link[data-filter-tags]")
    label = tag.text
    click(martin, tag)
    wait_until(lambda: [chip.text for chip in martin.find_elements(By.CSS_SELECTOR, ".filter-chip")], WAIT,
               "the filter was not applied")
    assert label in martin.find_element(By.CSS_SELECTOR, ".filter-chip").text
    assert "Jídlo a káva" not in card_names(martin), "the hidden portfolio stayed in the feed"
    assert martin.execute_script("return window.stillTheSamePage") is True, "the feed was loaded anew"
    martin.get(server.url + "/")
    assert "Jídlo a káva" not in card_names(martin)
    martin.get(server.url + "/portfolios/8")
    assert http_status_of_page(martin) == 404

    # Jana's report says it was acted on; the owner is told why on the portfolio's page.
    jana.get(server.url + "/reports")
    assert jana.find_element(By.CSS_SELECTOR, "[data-report-state]").get_attribute("data-report-state") == "actioned"
    lenka = open_browser(size=PHONE, language="cs")
    sign_in(lenka, server.url, "lenka.svetlo")
    lenka.get(server.url + "/portfolios/8")
    assert "The reporter showed the originals." in lenka.find_element(By.CSS_SELECTOR, "[data-moderation-notice]").text
    screenshots(lenka, screenshots_dir, "moderation-owner-notice-phone")


def test_a_removed_message_is_shown_as_removed_in_the_open_conversation_without_a_reload(open_browser, own_server,
                                                                                          screenshots_dir):
    server = own_server()
    grant_operator(server, "eva.s")
    vojta = open_browser(size=DESKTOP, language="en")
    sign_in(vojta, server.url, "vojtafoti")
    room = Person(server.url, "vojtafoti").room_with("martin.b")
    vojta.get(f"{server.url}/messages/{room}")
    wait_until(lambda: vojta.execute_script("return document.body.dataset.liveRole") == "leader", WAIT,
               "Vojta's page did not follow live events")
    last = vojta.find_elements(By.CSS_SELECTOR, "[data-chat-days] [data-message][data-author='martin.b']")[-1]
    message_id = last.get_attribute("data-message")

    # Vojta reports Martin's last message from the conversation's menu.
    vojta.get(f"{server.url}/messages/{room}/report?message={message_id}")
    assert vojta.find_element(By.CSS_SELECTOR, f"input[value='message:{message_id}']").is_selected()
    pick(vojta, "reason", "harassment")
    screenshots(vojta, screenshots_dir, "report-message-desktop")
    click_and_wait_for_next_page(vojta, vojta.find_element(By.CSS_SELECTOR, "[data-report-send]"))
    vojta.get(f"{server.url}/messages/{room}")
    wait_until(lambda: vojta.execute_script("return document.body.dataset.liveRole") == "leader", WAIT,
               "Vojta's page did not follow live events")
    text = vojta.find_element(By.CSS_SELECTOR, f"#message-{message_id} .chat-message__text").text
    assert text

    eva = open_browser(size=PHONE, language="en")
    sign_in(eva, server.url, "eva.s")
    eva.get(server.url + "/moderation")
    case = eva.find_element(By.CSS_SELECTOR, f"[data-case='message:{message_id}']")
    assert text in case.find_element(By.CSS_SELECTOR, ".moderation-context__line--reported").text
    act(eva, f"message:{message_id}", "removeMessage", "Insults")

    # On Vojta's open page the message keeps its place and loses its text, live.
    wait_until(lambda: vojta.find_elements(By.CSS_SELECTOR, f"#message-{message_id}.chat-message--removed"), WAIT,
               "the removal did not reach the open conversation")
    shown = vojta.find_element(By.CSS_SELECTOR, f"#message-{message_id} .chat-message__text").text
    assert shown == "Removed by moderation"
    bring_into_view(vojta, vojta.find_element(By.CSS_SELECTOR, f"#message-{message_id}"))
    screenshots(vojta, screenshots_dir, "message-removed-desktop")
