"""Paying for a shoot by bank transfer, in browsers, in Czech and in English: a new
photographer gives bank details (a mistyped account refused at its field first), offers a
shoot with a 30 % deposit, the client accepts and opens the booking from its card, and the
QR payments drawn on the client's screen, light and dark, are read by an independent reader
(zbarimg) as the Czech "QR Platba" the banking apps scan. The photographer marks the deposit
received; the client's page then has only the balance to scan. The booking page and the
bank details form on a phone and a desktop, light and dark, through axe."""

import re
import shutil
import urllib.request
import xml.etree.ElementTree as ElementTree
from decimal import Decimal
import subprocess
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from axe_check import Audit, set_media, set_viewport, settle
from engines import emulate_media
from browser_helpers import (DESKTOP, PHONE, STRINGS, WAIT, bring_into_view, click_and_wait_for_next_page, field_errors,
                             type_into, wait_until)
from test_bookings import cards, fill_offer, fill_request, press, room_of, send, set_value, spaced, today, value_of

LANGUAGE = {"chromium": "cs", "firefox": "en"}
ACCOUNT, IBAN = "19-2000145399/0800", "CZ6508000000192000145399"


def spayd_fields(text):
    """A QR payment's fields by key, read as the format says: `SPD*1.0*KEY:value*…`."""
    parts = text.split("*")
    assert parts[:2] == ["SPD", "1.0"], f"not a QR payment: {text!r}"
    return dict(part.split(":", 1) for part in parts[2:])


def scanned(driver, element):
    """What zbarimg reads from the screen with the element in the middle of it: the payments
    of every code in view, as the browser draws them."""
    bring_into_view(driver, element)
    with tempfile.TemporaryDirectory() as directory:
        picture = Path(directory) / "screen.png"
        picture.write_bytes(driver.get_screenshot_as_png())
        result = subprocess.run([shutil.which("zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(picture)],
                                capture_output=True, text=True, timeout=WAIT)
        assert result.returncode == 0, f"zbarimg read nothing: {result.stderr}"
        return [line for line in result.stdout.splitlines() if line.startswith("SPD*")]


def scanned_payments(driver):
    """The fields of every QR payment on the page, by amount, each read from the screen."""
    read = {}
    for code in codes(driver):
        for text in scanned(driver, code):
            fields = spayd_fields(text)
            read[fields["AM"]] = fields
    return read


NS = {"i": "http://isdoc.cz/namespace/2013"}


def isdoc(driver, url):
    """The invoice's ISDOC file fetched with the browser's session, parsed as XML."""
    request = urllib.request.Request(url, headers={"Cookie": "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())})
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        assert response.headers["Content-Type"] == "application/xml; charset=utf-8"
        root = ElementTree.fromstring(response.read())
    assert root.tag == "{http://isdoc.cz/namespace/2013}Invoice" and root.get("version") == "6.0.2"
    total = Decimal(root.findtext("i:LegalMonetaryTotal/i:TaxInclusiveAmount", namespaces=NS))
    base = Decimal(root.findtext("i:LegalMonetaryTotal/i:TaxExclusiveAmount", namespaces=NS))
    assert base + Decimal(root.findtext("i:TaxTotal/i:TaxAmount", namespaces=NS)) == total
    return root


def codes(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-payment-qr]")


def payment_state(driver, part):
    return driver.find_element(By.CSS_SELECTOR, f"[data-payment='{part}']").get_attribute("data-payment-state")


def audit_of(driver):
    """axe's audit of the browser's way through the pages, in Chromium (see `pictures`)."""
    return Audit(driver) if driver.engine == "chromium" else None


def pictures(driver, audit, screenshots_dir, name, label):
    """The page on a phone and a desktop, light and dark, saved and checked by axe (in
    Chromium, whose DevTools set the viewport and media the pictures need)."""
    if audit is None:
        return
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        set_viewport(driver, size)
        for scheme in ("light", "dark"):
            set_media(driver, scheme, prefers_reduced_motion="reduce")
            settle(driver)
            driver.save_screenshot(str(screenshots_dir / f"{name}-{size_name}-{scheme}.png"))
    audit.check(label)


def offer_with_deposit(client, studio, base_url, photographer, day, due_days=None, rest_due=None):
    """The client asks for a portrait; the photographer offers 10 000 Kč with a 30 % deposit
    (due within `due_days`, the rest `rest_due` days from the shoot). The conversation's id."""
    client.get(f"{base_url}/u/{photographer.username}/shoot")
    fill_request(client, "Portrét", day, 2, "Venku, prosím.", town="Praha")
    send(client)
    room = room_of(client)
    studio.get(f"{base_url}/messages/{room}")
    press(studio, "request", "open", "offer")
    fill_offer(studio, start="10:00", place="Letná", price=10000, valid_until=today() + timedelta(days=7))
    type_into(studio, "field-deposit", "30 %")
    if due_days is not None:
        type_into(studio, "field-depositDueDays", due_days)
    if rest_due is not None:
        Select(studio.find_element(By.ID, "field-restDueDays")).select_by_value(rest_due)
    send(studio)
    return room


@pytest.mark.engines("chromium", "firefox")
def test_a_client_pays_by_qr_code_and_the_photographer_marks_it_received(open_browser, base_url, sign_up, engine, screenshots_dir):
    language = LANGUAGE[engine]
    words = STRINGS[language]
    day = today() + timedelta(days=30)
    studio = open_browser(size=DESKTOP, language=language)
    studio_audit = audit_of(studio)
    photographer = sign_up(studio, role="creator")

    # Bank details: a mistyped account is refused at its field, and nothing is kept.
    studio.get(base_url + "/profile/payments")
    type_into(studio, "field-account", "19-2000145398/0800")
    type_into(studio, "field-name", "Ateliér Světlo")
    type_into(studio, "field-address", "Letná 12\n170 00 Praha 7")
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-payee-save]"))
    assert field_errors(studio) == {"field-account": words["payments"]["problems"]["account"]["checksum"]}
    assert value_of(studio, "field-account") == "19-2000145398/0800", "what was typed is gone"
    type_into(studio, "field-account", ACCOUNT)
    type_into(studio, "field-paymentNote", "Atelier Svetlo")
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-payee-save]"))
    assert studio.find_elements(By.CSS_SELECTOR, "[data-payee-saved]")
    assert "CZ65 0800 0000 1920 0014 5399" in studio.find_element(By.CSS_SELECTOR, "[data-payee-shown]").text
    pictures(studio, studio_audit, screenshots_dir, f"payments-bank-details-{language}", "bank details")

    # The client asks; the photographer offers 10 000 Kč with a 30 % deposit.
    client = open_browser(size=PHONE, language=language)
    client_audit = audit_of(client)
    sign_up(client, role="client")
    room = offer_with_deposit(client, studio, base_url, photographer, day, due_days="5", rest_due="-7")

    client.get(f"{base_url}/messages/{room}")
    offer = client.find_elements(By.CSS_SELECTOR, "[data-chat-days] [data-shoot-card='offer'][data-state='open']")[-1]
    parts = words["payments"]["parts"]
    assert f"{parts['deposit']}" in offer.text and "3 000 Kč" in spaced(offer.text).replace(",", " ")
    press(client, "offer", "open", "accept")
    send(client)
    assert cards(client)[-1] == ("booking", "confirmed")
    press(client, "booking", "confirmed", "payment")
    number = int(re.fullmatch(r".*/bookings/(\d+)", client.current_url).group(1))

    # Two codes, each read by zbarimg from the screen, in light and in dark.
    assert len(codes(client)) == 2
    for scheme in ("light", "dark"):
        emulate_media(client, "prefers-color-scheme", scheme)
        settle(client)
        read = scanned_payments(client)
        assert sorted(read) == ["3000.00", "7000.00"], f"zbarimg read {sorted(read)}"
        deposit, rest = read["3000.00"], read["7000.00"]
        assert deposit["ACC"] == IBAN and deposit["AM"] == "3000.00" and deposit["CC"] == "CZK"
        assert deposit["X-VS"] == str(number) and deposit["RN"] == "Atelier Svetlo"
        assert deposit["DT"] == (today() + timedelta(days=5)).strftime("%Y%m%d")
        assert deposit["MSG"].startswith("Atelier Svetlo ") and deposit["MSG"].endswith(f"Portret {day.isoformat()}")
        assert rest["AM"] == "7000.00" and rest["DT"] == (day - timedelta(days=7)).strftime("%Y%m%d")
    assert [payment_state(client, part) for part in ("deposit", "rest")] == ["waiting", "waiting"]
    assert not client.find_elements(By.CSS_SELECTOR, "[data-payment-mark]"), "the client is offered the photographer's marks"
    pictures(client, client_audit, screenshots_dir, f"payments-booking-client-{language}", "booking with QR payments")

    # The photographer marks the deposit received today.
    studio.get(f"{base_url}/bookings/{number}")
    deposit_item = studio.find_element(By.CSS_SELECTOR, "[data-payment='deposit']")
    set_value(studio, "paidOn-deposit", today().isoformat())
    click_and_wait_for_next_page(studio, deposit_item.find_element(By.CSS_SELECTOR, "[data-payment-received]"))
    assert payment_state(studio, "deposit") == "paid"
    pictures(studio, studio_audit, screenshots_dir, f"payments-booking-photographer-{language}", "booking marked paid")

    # Its invoice: a page in the reader's language and an ISDOC file that adds up.
    link = studio.find_element(By.CSS_SELECTOR, "[data-payment='deposit'] [data-payment-invoice] a")
    invoice_number = link.text.split()[-1]
    assert re.fullmatch(rf"{today().year}-0001", invoice_number), f"the first invoice is numbered {invoice_number}"
    click_and_wait_for_next_page(studio, link)
    assert studio.find_element(By.CSS_SELECTOR, "h1").text == f"{words['payments']['invoice']['title']} {invoice_number}"
    assert "3 000 Kč" in spaced(studio.find_element(By.CSS_SELECTOR, "[data-invoice-total]").text).replace(",", " ")
    pictures(studio, studio_audit, screenshots_dir, f"payments-invoice-{language}", "invoice")
    invoice = isdoc(studio, studio.find_element(By.CSS_SELECTOR, "[data-invoice-isdoc]").get_attribute("href"))
    assert invoice.findtext("i:ID", namespaces=NS) == invoice_number
    assert invoice.findtext("i:LegalMonetaryTotal/i:PayableAmount", namespaces=NS) == "3000.00"
    assert invoice.findtext("i:PaymentMeans/i:Payment/i:Details/i:IBAN", namespaces=NS) == IBAN

    client.refresh()
    wait_until(lambda: payment_state(client, "deposit") == "paid", WAIT, "the client does not see the deposit received")
    assert len(codes(client)) == 1
    assert list(scanned_payments(client)) == ["7000.00"]
    client.get(base_url + "/bookings")
    assert "7 000 Kč" in spaced(client.find_element(By.CSS_SELECTOR, f"[data-booking='{number}'] [data-booking-payment]").text).replace(",", " ")
    audits = [audit for audit in (studio_audit, client_audit) if audit]
    assert not any(audit.found for audit in audits), "\n\n".join(audit.report() for audit in audits if audit.found)


@pytest.mark.engines("chromium", "firefox")
def test_an_invoice_before_the_money_and_a_refund_after_a_cancellation(open_browser, base_url, sign_up, engine, screenshots_dir):
    """The photographer issues the balance's invoice before it is paid: its page carries a QR
    payment for it. The deposit arrives, the client cancels, and the photographer records the
    deposit refunded with the segmented choice: the booking lists the credit note, whose
    page and ISDOC file correct the deposit's invoice with the opposite amount."""
    language = LANGUAGE[engine]
    words = STRINGS[language]
    day = today() + timedelta(days=30)
    studio = open_browser(size=DESKTOP, language=language)
    studio_audit = audit_of(studio)
    photographer = sign_up(studio, role="creator")
    studio.get(base_url + "/profile/payments")
    type_into(studio, "field-account", ACCOUNT)
    type_into(studio, "field-name", "Ateliér Světlo")
    type_into(studio, "field-address", "Letná 12\n170 00 Praha 7")
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-payee-save]"))

    client = open_browser(size=PHONE, language=language)
    sign_up(client, role="client")
    room = offer_with_deposit(client, studio, base_url, photographer, day)
    client.get(f"{base_url}/messages/{room}")
    press(client, "offer", "open", "accept")
    send(client)
    press(client, "booking", "confirmed", "payment")
    number = int(re.fullmatch(r".*/bookings/(\d+)", client.current_url).group(1))

    # The balance's invoice, issued before the money: a QR payment for it on its page.
    studio.get(f"{base_url}/bookings/{number}")
    issue = studio.find_element(By.CSS_SELECTOR, "[data-payment='rest'] [data-payment-issue] button")
    assert issue.text == words["payments"]["actions"]["issueInvoice"]
    click_and_wait_for_next_page(studio, issue)
    assert re.fullmatch(r".*/invoices/\d+", studio.current_url)
    code = studio.find_element(By.CSS_SELECTOR, "[data-invoice-qr] figure")
    payment = spayd_fields(scanned(studio, code)[0])
    assert payment["AM"] == "7000.00" and payment["X-VS"] == str(number) and payment["ACC"] == IBAN
    pictures(studio, studio_audit, screenshots_dir, f"payments-invoice-before-payment-{language}", "invoice before payment")

    # The deposit arrives; the client cancels.
    studio.get(f"{base_url}/bookings/{number}")
    set_value(studio, "paidOn-deposit", today().isoformat())
    click_and_wait_for_next_page(studio, studio.find_element(By.CSS_SELECTOR, "[data-payment='deposit'] [data-payment-received]"))
    client.get(f"{base_url}/messages/{room}")
    press(client, "booking", "confirmed", "cancel")
    type_into(client, "field-reason", "Svatba se odkládá.")
    send(client)

    # The photographer records the deposit refunded, chosen in the segmented control.
    studio.get(f"{base_url}/bookings/{number}")
    form = studio.find_element(By.CSS_SELECTOR, "[data-payment='deposit'] [data-payment-settle]")
    refunded = form.find_element(By.CSS_SELECTOR, "input[name='outcome'][value='refunded']")
    refunded.find_element(By.XPATH, "..").click()
    assert refunded.is_selected()
    set_value(studio, "refundedOn-deposit", today().isoformat())
    pictures(studio, studio_audit, screenshots_dir, f"payments-refund-{language}", "recording a refund")
    click_and_wait_for_next_page(studio, form.find_element(By.CSS_SELECTOR, "[data-payment-settle-save]"))
    assert payment_state(studio, "deposit") == "refunded"
    assert not studio.find_elements(By.CSS_SELECTOR, "[data-payment-settle]"), "a refund is final"
    links = studio.find_elements(By.CSS_SELECTOR, "[data-payment='deposit'] [data-payment-invoice] a:not([download])")
    assert len(links) == 2
    original_number, note_number = links[0].text.split()[-1], links[1].text.split()[-1]
    click_and_wait_for_next_page(studio, links[1])
    assert studio.find_element(By.CSS_SELECTOR, "h1").text == f"{words['payments']['invoice']['creditNotePlain']} {note_number}"
    assert original_number in studio.find_element(By.CSS_SELECTOR, "[data-invoice-corrects]").text
    assert "3 000 Kč" in spaced(studio.find_element(By.CSS_SELECTOR, "[data-invoice-total]").text).replace(",", " ")
    pictures(studio, studio_audit, screenshots_dir, f"payments-credit-note-{language}", "credit note")
    note = isdoc(studio, studio.find_element(By.CSS_SELECTOR, "[data-invoice-isdoc]").get_attribute("href"))
    assert note.findtext("i:DocumentType", namespaces=NS) == "2"
    assert note.findtext("i:LegalMonetaryTotal/i:PayableAmount", namespaces=NS) == "-3000.00"
    assert note.findtext("i:OriginalDocumentReferences/i:OriginalDocumentReference/i:ID", namespaces=NS) == original_number

    # The client sees it too.
    client.get(f"{base_url}/bookings/{number}")
    assert payment_state(client, "deposit") == "refunded"
    assert studio_audit is None or not studio_audit.found, studio_audit.report()
