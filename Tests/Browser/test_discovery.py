"""Finding a photographer, as the customers in the prototype's user tests did: a guest browses
the feed, filters it by two tags and sorts it by rating; a client shortlists portfolios (one
by double tap), narrows the shortlist, rates an author and searches people by town and by
name. The feed's filter also works with JavaScript off."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import (DESKTOP, PHONE, STRINGS, WAIT, announced, choose, click, click_and_wait_for_next_page, heading,
                             sheet_state, wait_to_rest_at,
                             javascript_is_off, path_of, png_size)
from engines import set_viewport
from live_client import converse


# The results are replaced in place while tests wait on them: each read is one script call,
# so it never holds an element that the next update removes.
def texts(driver, selector):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent.trim())", selector)


def card_names(driver):
    return texts(driver, "[data-feed-results] .feed-card__name")


def count_text(driver):
    return (texts(driver, "[data-feed-count]") or [""])[0]


def query_of(driver):
    return parse_qs(urlsplit(driver.current_url).query)


def plural(language, key, count):
    forms = STRINGS[language]
    for part in key.split("."):
        forms = forms[part]
    form = "one" if count == 1 else ("few" if language == "cs" and 2 <= count <= 4 else "many")
    return forms[form].replace("{count}", str(count))


def screenshot(driver, screenshots_dir, name, size):
    set_viewport(driver, *size)
    file = screenshots_dir / f"{name}.png"
    file.unlink(missing_ok=True)
    assert driver.save_screenshot(str(file))
    assert png_size(file) == size


@pytest.mark.engines
def test_a_guest_filters_the_feed_by_two_tags_and_sorts_it_by_rating(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/")
    everything = count_text(driver)
    assert len(card_names(driver)) >= 10

    toggle_filter_sheet(driver)  # on a phone the filter is a sheet, collapsed to its peek bar
    field = driver.find_element(By.ID, "filter-tags")
    field.send_keys("příroda ")
    WebDriverWait(driver, WAIT).until(lambda d: count_text(d) == plural("cs", "portfolioCount", 3),
                                      "the count did not follow the first tag")
    WebDriverWait(driver, WAIT).until(lambda d: announced(d) == plural("cs", "portfolioCount", 3),
                                      "the new count was not announced")
    field.send_keys("ptaci ")
    WebDriverWait(driver, WAIT).until(lambda d: card_names(d) == ["Ptáci"], "the second tag did not narrow the feed")
    assert count_text(driver) == plural("cs", "portfolioCount", 1)
    WebDriverWait(driver, WAIT).until(lambda d: announced(d) == plural("cs", "portfolioCount", 1),
                                      "the narrowed count was not announced")
    assert query_of(driver)["tags"] == ["příroda,ptaci"]
    assert texts(driver, ".filter-chip > span:first-child") == ["příroda", "ptaci"]
    screenshot(driver, screenshots_dir, "feed-filtered-phone", PHONE)

    toggle_filter_sheet(driver)
    click(driver, driver.find_element(By.CSS_SELECTOR, ".filter-chip"))
    WebDriverWait(driver, WAIT).until(lambda d: query_of(d).get("tags") == ["ptaci"], "removing a chip did not widen the filter")
    click(driver, driver.find_element(By.CSS_SELECTOR, ".filter-chips__clear"))
    WebDriverWait(driver, WAIT).until(lambda d: count_text(d) == everything, "clearing the filter did not bring all back")

    toggle_filter_sheet(driver)
    choose(driver, "sort", "rating")
    WebDriverWait(driver, WAIT).until(lambda d: query_of(d).get("sort") == ["rating"], "the sort did not reach the URL")
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "input[name='sort'][value='rating']").is_selected()
    screenshot(driver, screenshots_dir, "feed-desktop", DESKTOP)


def toggle_filter_sheet(driver):
    """Opens the filter sheet halfway by a tap on its peek bar or, when it is open, collapses it
    by tapping the handle until it does (a tap steps up to full height, the next collapses)."""
    handle = driver.find_element(By.CSS_SELECTOR, "[data-bottom-sheet] [data-sheet-handle]")
    detent, top = sheet_state(driver)["detent"], len(sheet_state(driver)["detents"]) - 1
    for step in ([1] if detent == 0 else [*range(detent + 1, top + 1), 0]):
        click(driver, handle)
        wait_to_rest_at(driver, step)


def test_a_tag_on_a_card_adds_it_to_the_filter(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="en")
    driver.get(base_url + "/")
    tag = driver.find_element(By.XPATH, "//a[contains(@class, 'tag--link') and normalize-space() = 'zoo']")
    click(driver, tag)
    WebDriverWait(driver, WAIT).until(lambda d: card_names(d) == ["Zvířata"], "the tag did not filter the feed")
    chips = driver.find_elements(By.CSS_SELECTOR, ".tag-input__text")
    assert [chip.text for chip in chips] == ["zoo"]


@pytest.mark.engines
def test_a_client_shortlists_rates_and_finds_people(open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    account = sign_up(driver, role="client")
    driver.get(base_url + "/")

    for name in ("Krajina", "Zvířata"):
        card = driver.find_element(By.XPATH, f"//li[@data-feed-card][.//h2[normalize-space() = '{name}']]")
        button = card.find_element(By.CSS_SELECTOR, "[data-bookmark-button]")
        click(driver, button)
        WebDriverWait(driver, WAIT).until(lambda d: button.get_attribute("aria-pressed") == "true", f"{name} was not saved")

    card = driver.find_element(By.XPATH, "//li[@data-feed-card][.//h2[normalize-space() = 'Portréty']]")
    photos = card.find_element(By.CSS_SELECTOR, "[data-carousel-track]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", photos)
    ActionChains(driver).double_click(photos).perform()
    toast = card.find_element(By.CSS_SELECTOR, "[data-bookmark-toast]")
    WebDriverWait(driver, WAIT).until(lambda d: toast.is_displayed(), "the double tap showed no confirmation")
    assert card.find_element(By.CSS_SELECTOR, "[data-bookmark-button]").get_attribute("aria-pressed") == "true"
    assert driver.execute_script("return String(window.getSelection())") == ""
    assert path_of(driver) == "/", "the double tap must not open anything"

    driver.get(base_url + "/selection")
    assert sorted(card_names_on_selection(driver)) == ["Krajina", "Portréty", "Zvířata"]
    remove_entry(driver, "Krajina")
    assert sorted(card_names_on_selection(driver)) == ["Portréty", "Zvířata"]
    assert "Adéla Dvořáková" in driver.find_element(By.TAG_NAME, "main").text
    screenshot(driver, screenshots_dir, "selection-phone", PHONE)
    screenshot(driver, screenshots_dir, "selection-desktop", DESKTOP)

    # One tap on a star rates; the two have written to each other, so the rating is verified.
    converse(base_url, account.username, "ad.fotograf", first_password=account.password)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "a.feed-card__author[href$='/u/ad.fotograf']"))
    summary = driver.find_element(By.CSS_SELECTOR, "#rating [data-rating-summary]")
    before = summary.text
    star = driver.find_element(By.CSS_SELECTOR, ".rating-stars button[name='stars'][value='4']")
    click(driver, star)
    WebDriverWait(driver, WAIT).until(lambda d: summary.text != before, "the rating did not update on the page")
    assert star.get_attribute("aria-pressed") == "true"
    verified = int(re.search(r"(\d+) ověřen", summary.text).group(1))
    assert verified == int(re.search(r"(\d+) ověřen", before).group(1)) + 1, summary.text
    assert path_of(driver) == "/u/ad.fotograf"
    summary_text = summary.text
    screenshot(driver, screenshots_dir, "profile-rating-phone", PHONE)
    screenshot(driver, screenshots_dir, "profile-rating-desktop", DESKTOP)
    screenshot(driver, screenshots_dir, "profile-rating-phone", PHONE)

    driver.get(base_url + "/selection")
    remove_entry(driver, "Zvířata")
    assert card_names_on_selection(driver) == ["Portréty"]
    assert summary_text in driver.find_element(By.TAG_NAME, "main").text

    driver.get(base_url + "/search")
    assert heading(driver) == STRINGS["cs"]["pages"]["search"]["title"]
    choose(driver, "by", "location")
    driver.find_element(By.ID, "q").send_keys("Praha")
    WebDriverWait(driver, WAIT).until(lambda d: "vojtafoti" in people_found(d), "searching by town found nobody")
    assert {"vojtafoti", "lenka.svetlo", "martin.b"} <= set(people_found(driver))
    count = driver.find_element(By.CSS_SELECTOR, "[data-search-count]").get_attribute("textContent").strip()
    WebDriverWait(driver, WAIT).until(lambda d: announced(d) == count, "the page's live region did not say the count")
    screenshot(driver, screenshots_dir, "search-phone", PHONE)
    screenshot(driver, screenshots_dir, "search-desktop", DESKTOP)
    screenshot(driver, screenshots_dir, "search-phone", PHONE)
    choose(driver, "by", "name")
    query = driver.find_element(By.ID, "q")
    query.send_keys(Keys.CONTROL, "a")
    query.send_keys("dvorakova")
    WebDriverWait(driver, WAIT).until(lambda d: people_found(d) == ["ad.fotograf"], "searching by name without accents failed")
    assert query_of(driver) == {"q": ["dvorakova"], "by": ["name"]}


def card_names_on_selection(driver):
    return texts(driver, ".feed-card__name")


def remove_entry(driver, name):
    card = driver.find_element(By.XPATH, f"//li[@data-feed-card][.//h2[normalize-space() = '{name}']]")
    click_and_wait_for_next_page(driver, card.find_element(By.CSS_SELECTOR, "form[action='/selection/remove'] button"))


def people_found(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.person-result')].map((a) => a.getAttribute('href').split('/').pop())")


def test_without_javascript_the_filter_is_a_form_and_bookmarks_wait_for_login(open_browser, base_url):
    driver = open_browser(size=PHONE, language="en", javascript=False)
    assert javascript_is_off(driver)
    driver.get(base_url + "/")
    driver.find_element(By.ID, "filter-tags").send_keys("krajina hory")
    choose(driver, "sort", "rating")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-filter-submit]"))
    assert card_names(driver) == ["Krajina"]
    assert query_of(driver)["sort"] == ["rating"]

    card = driver.find_element(By.CSS_SELECTOR, "li[data-feed-card]")
    click_and_wait_for_next_page(driver, card.find_element(By.CSS_SELECTOR, "[data-bookmark-button]"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-bookmark-button]").get_attribute("aria-pressed") == "true"
    driver.get(base_url + "/selection")
    assert path_of(driver) == "/login"
    driver.find_element(By.ID, "identifier").send_keys("eva.s")
    driver.find_element(By.ID, "password").send_keys("heslovo")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form.form button[type='submit']"))
    assert path_of(driver) == "/selection"
    assert card_names_on_selection(driver) == ["Krajina"]


def bookmark_state(driver):
    """aria-pressed and the label of the portfolio page's bookmark button."""
    return driver.execute_script("""
        const button = document.querySelector('.portfolio-page [data-bookmark-button]');
        return [button.getAttribute('aria-pressed'), button.querySelector('[data-bookmark-label]').textContent.trim()]""")


def test_the_bookmark_on_a_portfolio_page_toggles_in_place_and_posts_without_javascript(
        open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=PHONE)
    sign_up(driver, role="client")
    driver.get(base_url + "/?tags=krajina")
    link = driver.find_element(By.CSS_SELECTOR, "[data-feed-card] a[href*='/portfolios/']")
    portfolio = urlsplit(link.get_attribute("href")).path
    name = driver.find_element(By.CSS_SELECTOR, "[data-feed-card] .feed-card__name").text
    driver.get(base_url + portfolio)
    assert bookmark_state(driver) == ["false", STRINGS["cs"]["selection"]["add"]]
    driver.execute_script("window.samePage = true")

    click(driver, driver.find_element(By.CSS_SELECTOR, ".portfolio-page [data-bookmark-button]"))
    WebDriverWait(driver, WAIT).until(lambda d: bookmark_state(d)[0] == "true", "the bookmark did not turn on")
    assert bookmark_state(driver) == ["true", STRINGS["cs"]["selection"]["remove"]]
    assert driver.execute_script("return window.samePage") is True, "the page was loaded again"
    screenshot(driver, screenshots_dir, "portfolio-bookmarked-phone", PHONE)
    screenshot(driver, screenshots_dir, "portfolio-bookmarked-desktop", DESKTOP)
    driver.get(base_url + "/selection")
    assert card_names_on_selection(driver) == [name]

    guest = open_browser(size=PHONE, javascript=False)
    assert javascript_is_off(guest)
    guest.get(base_url + portfolio)
    click_and_wait_for_next_page(guest, guest.find_element(By.CSS_SELECTOR, ".portfolio-page [data-bookmark-button]"))
    assert path_of(guest) == portfolio
    assert bookmark_state(guest) == ["true", STRINGS["cs"]["selection"]["remove"]]
