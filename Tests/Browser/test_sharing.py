"""Sharing a portfolio, in browsers: a photographer makes a portfolio unlisted in its editor
and a share link with a password on its links page; a guest's browser with no account opens
the link, is asked for the password, is told a wrong one, and sees the portfolio after the
right one, which is still on neither the photographer's profile nor the feed; once the link
is revoked the guest's reload is the 404 page. The password form without scripts. The feed's
"free to reuse" box narrows the results in place by the photos' licences. The links page
and /s/TOKEN on a phone and a desktop, light and dark, saved and through axe."""

import re
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from browser_helpers import (DESKTOP, STRINGS, WAIT, axe_report, bring_into_view, choose, click,
                             click_and_wait_for_next_page, field_errors, heading, http_status_of_page, javascript_is_off,
                             page_id, path_of, pictures, plural_form, sign_in, type_into, wait_until)
from engines import engine_of

DEMO_PHOTOS = Path(__file__).resolve().parents[2] / "Demo" / "photos"
UPLOAD_WAIT = 60  # seconds: a photo through libvips in a debug build on two cores
CS = STRINGS["cs"]
SHARING = CS["sharing"]

# The demo's unlisted series, shared already with an editor's office.
DEMO_OWNER, DEMO_UNLISTED = "michal1", "Mosty – rozpracováno"


# The photographer's side ----------------------------------------------------------------------------

def portfolio_id(driver):
    match = re.fullmatch(r"/portfolios/(\d+)", path_of(driver))
    assert match, f"not on a portfolio's page: {driver.current_url}"
    return int(match.group(1))


def new_portfolio(driver, base_url, name, tag, photo, licence=None):
    """Makes a public portfolio of one photo through the editor; returns its id."""
    driver.get(base_url + "/portfolios/new")
    type_into(driver, "name", name)
    driver.find_element(By.ID, "tags").send_keys(f"{tag} ")
    driver.find_element(By.ID, "files").send_keys(str(DEMO_PHOTOS / photo))
    wait_until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "[data-photo-list] > [data-photo-item] textarea")) == 1
               and not driver.find_elements(By.CSS_SELECTOR, "[data-photo-list] progress"),
               UPLOAD_WAIT, f"{photo} did not upload")
    alt = driver.find_element(By.CSS_SELECTOR, "[data-photo-list] > [data-photo-item] textarea")
    bring_into_view(driver, alt)
    alt.send_keys(f"Fotka do portfolia {name}")
    if licence:
        field = driver.find_element(By.ID, "licence")
        bring_into_view(driver, field)
        Select(field).select_by_value(licence)
    save_editor(driver)
    assert heading(driver) == name
    return portfolio_id(driver)


def save_editor(driver):
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".form__actions button[name='save']"))


def make_unlisted(driver, base_url, portfolio):
    driver.get(f"{base_url}/portfolios/{portfolio}/edit")
    choose(driver, "visibility", "unlisted")
    save_editor(driver)
    assert portfolio_id(driver) == portfolio
    assert driver.find_element(By.CSS_SELECTOR, "[data-visibility-notice]").text.startswith(SHARING["noticeUnlisted"])


def link_items(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-share-list] [data-share-link]")


def make_link(driver, label, password):
    """Fills the links page's form and returns the new link's address."""
    type_into(driver, "field-label", label)
    type_into(driver, "field-password", password)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-share-create]"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-share-notice]").text == SHARING["created"]
    new = driver.find_element(By.CSS_SELECTOR, ".share-link--new")
    assert new.find_element(By.CSS_SELECTOR, ".share-link__label").text == label
    assert SHARING["withPassword"] in new.find_element(By.CSS_SELECTOR, ".share-link__facts").text
    return new.find_element(By.CSS_SELECTOR, "[data-share-address]").get_attribute("value")


def revoke_all(driver):
    while items := link_items(driver):
        click_and_wait_for_next_page(driver, items[0].find_element(By.CSS_SELECTOR, "[data-share-revoke]"))
        assert driver.find_element(By.CSS_SELECTOR, "[data-share-notice]").text == SHARING["revoked"]


# The guest's side --------------------------------------------------------------------------------

def unlock(driver, password):
    type_into(driver, "field-password", password)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-share-password] [type='submit']"))


def is_password_form(driver):
    return bool(driver.find_elements(By.CSS_SELECTOR, "form[data-share-password]"))


def is_not_found(driver):
    return (page_id(driver) == "error"
            and driver.find_element(By.CSS_SELECTOR, ".error-page__code").text.endswith("404"))


def profile_portfolios(driver, base_url, username):
    driver.get(f"{base_url}/u/{username}")
    return {int(m.group(1)) for a in driver.find_elements(By.CSS_SELECTOR, "main a[href*='/portfolios/']")
            if (m := re.fullmatch(r".*/portfolios/(\d+)", a.get_attribute("href")))}


def feed_cards(driver):
    return {int(card.get_attribute("id").removeprefix("portfolio-"))
            for card in driver.find_elements(By.CSS_SELECTOR, "[data-feed-cards] [data-feed-card]")}


def feed_settled(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-feed-results]").get_attribute("aria-busy") == "false"


# The whole path ------------------------------------------------------------------------------------

@pytest.mark.engines("chromium", "firefox")
def test_a_guest_opens_an_unlisted_portfolio_by_its_link_with_a_password_until_it_is_revoked(
        open_browser, base_url, sign_up, screenshots_dir, engine):
    found = []
    owner = open_browser(size=DESKTOP)
    account = sign_up(owner)
    # A tag of this test's own, so the feed holds only its two portfolios.
    tag = f"sdileni{uuid.uuid4().hex[:8]}"
    free = new_portfolio(owner, base_url, "Volné louky", tag, "landscape-misty-fields.jpg", licence="cc-by")
    assert owner.find_element(By.CSS_SELECTOR, "[data-licence] a[rel='license']").text == f"{CS['licence']['under']} CC BY 4.0"
    secret = new_portfolio(owner, base_url, "Zatím tajné", tag, "food-espresso-cup.jpg")
    reserved = CS["licence"]["rightsReservedBy"].replace("{author}", account.full_name)
    assert reserved in owner.find_element(By.CSS_SELECTOR, "[data-licence]").text

    # A guest's browser, never signed in: the feed's "free to reuse" narrows it in place.
    guest = open_browser(size=DESKTOP)
    guest.get(f"{base_url}/?tags={tag}")
    assert feed_cards(guest) == {free, secret}
    wait_until(lambda: guest.execute_script("return document.querySelector('[data-filter-submit]').hidden"), WAIT,
               "the feed's script did not run")
    guest.execute_script("window.samePage = true")
    reuse = guest.find_element(By.CSS_SELECTOR, "[data-filter-reuse]")
    click(guest, guest.find_element(By.XPATH, "//label[input[@data-filter-reuse]]"))
    assert reuse.is_selected()
    wait_until(lambda: "reuse=free" in guest.current_url, WAIT, "the filter did not go into the address")
    wait_until(lambda: feed_settled(guest) and feed_cards(guest) == {free}, WAIT,
               f"the feed did not narrow to the free portfolio: {feed_cards(guest)}")
    assert guest.execute_script("return window.samePage === true"), "the feed was loaded anew"
    click(guest, guest.find_element(By.XPATH, "//label[input[@data-filter-reuse]]"))
    wait_until(lambda: "reuse=free" not in guest.current_url and feed_settled(guest)
               and feed_cards(guest) == {free, secret}, WAIT, "unticked, the feed did not show both again")

    # Unlisted in the editor, then a link with a password (a short one is refused first).
    make_unlisted(owner, base_url, secret)
    click_and_wait_for_next_page(owner, owner.find_element(By.CSS_SELECTOR, "[data-visibility-notice] a"))
    assert path_of(owner) == f"/portfolios/{secret}/links"
    assert not link_items(owner)
    assert owner.find_element(By.CSS_SELECTOR, ".share-links__none").text == SHARING["none"]
    type_into(owner, "field-password", "abc")
    click_and_wait_for_next_page(owner, owner.find_element(By.CSS_SELECTOR, "[data-share-create]"))
    assert field_errors(owner) == {"field-password": SHARING["problems"]["tooShort"]}
    password = f"Louky-{uuid.uuid4().hex[:6]}"
    address = make_link(owner, "Pro redakci", password)
    assert re.fullmatch(re.escape(base_url) + r"/s/[A-Za-z0-9_-]{16,}", address), address
    copy = owner.find_element(By.CSS_SELECTOR, ".share-link--new [data-copy]")
    wait_until(lambda: copy.is_displayed(), WAIT, "with a script and a clipboard, the copy button stayed hidden")
    pictures(owner, screenshots_dir, "sharing-links", found)

    # The guest: the password form, a wrong password, then the portfolio.
    guest.get(address)
    assert is_password_form(guest)
    assert heading(guest) == SHARING["passwordTitle"]
    unlock(guest, "tohle-neni-ono")
    assert is_password_form(guest)
    assert field_errors(guest) == {"field-password": SHARING["wrongPassword"]}
    assert guest.find_element(By.ID, "field-password").get_attribute("value") == "", "a wrong password came back"
    pictures(guest, screenshots_dir, "sharing-password", found)
    unlock(guest, password)
    assert path_of(guest) == urlpath(address)
    assert heading(guest) == "Zatím tajné"
    assert reserved in guest.find_element(By.CSS_SELECTOR, "[data-licence]").text
    wait_until(lambda: guest.execute_script("return document.querySelector('.frames .photo__image').naturalWidth") > 0,
               WAIT, "the shared portfolio's photo did not load")
    pictures(guest, screenshots_dir, "sharing-portfolio", found)
    guest.refresh()
    assert heading(guest) == "Zatím tajné", "the password was asked for again"

    # Still on neither the profile nor the feed, for the guest as for everyone.
    assert profile_portfolios(guest, base_url, account.username) == {free}
    guest.get(f"{base_url}/?tags={tag}")
    assert feed_cards(guest) == {free}
    guest.get(f"{base_url}/portfolios/{secret}")
    assert is_not_found(guest), "the unlisted portfolio opened at its own address"

    # The owner sees the two views; revoked, the guest's reload is the 404 page.
    owner.refresh()
    [item] = link_items(owner)
    views = CS["sharing"]["views"][plural_form("cs", 2)].replace("{count}", "2")
    assert item.find_element(By.CSS_SELECTOR, "[data-share-views]").text == views
    guest.get(address)
    assert heading(guest) == "Zatím tajné"
    revoke_all(owner)
    assert owner.find_element(By.CSS_SELECTOR, ".share-links__none").text == SHARING["none"]
    guest.refresh()
    assert is_not_found(guest), "a revoked link still opened the portfolio"
    if engine_of(guest) == "chromium":
        assert http_status_of_page(guest) == 404
    assert not found, axe_report(found)


def urlpath(address):
    return "/" + address.split("/", 3)[3]


# Without scripts -----------------------------------------------------------------------------------

def test_without_javascript_the_password_form_opens_the_demo_unlisted_series(open_browser, base_url):
    owner = open_browser(size=DESKTOP)
    sign_in(owner, base_url, DEMO_OWNER)
    owner.get(f"{base_url}/u/{DEMO_OWNER}")
    [link] = [a for a in owner.find_elements(By.CSS_SELECTOR, "main a[href*='/portfolios/']")
              if DEMO_UNLISTED in a.get_attribute("textContent")][:1]
    owner.get(link.get_attribute("href"))
    portfolio = portfolio_id(owner)
    assert heading(owner) == DEMO_UNLISTED
    owner.get(f"{base_url}/portfolios/{portfolio}/links")
    before = len(link_items(owner))
    assert before >= 1, "the demo's link to the series is missing"
    password = f"Mosty-{uuid.uuid4().hex[:6]}"
    address = make_link(owner, "Bez skriptu", password)

    guest = open_browser(javascript=False)
    assert javascript_is_off(guest)
    guest.get(address)
    assert is_password_form(guest)
    unlock(guest, "spatne-heslo")
    assert http_status_of_page(guest) == 403
    assert field_errors(guest) == {"field-password": SHARING["wrongPassword"]}
    unlock(guest, password)
    assert (path_of(guest), heading(guest)) == (urlpath(address), DEMO_UNLISTED)
    assert len(guest.find_elements(By.CSS_SELECTOR, ".frames .frame")) == 2
    # The demo's photos are other people's, under their own licences, credited under each.
    assert len(guest.find_elements(By.CSS_SELECTOR, ".frame__credit a[rel='license']")) == 2
    assert guest.find_elements(By.CSS_SELECTOR, "[data-share-links]") == [], "a guest is offered the owner's links"

    # Only this test's link is revoked; the demo's own stays.
    new = owner.find_element(By.CSS_SELECTOR, ".share-link--new [data-share-revoke]")
    click_and_wait_for_next_page(owner, new)
    assert len(link_items(owner)) == before
    guest.refresh()
    assert is_not_found(guest)
    assert http_status_of_page(guest) == 404
