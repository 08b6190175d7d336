"""What lists and live regions show instead of content, the same way on every page and in both
languages: an empty state with the next step, and an error state with a retry where a request
can fail."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import (DESKTOP, PHONE, STRINGS, WAIT, click, click_and_wait_for_next_page, javascript_is_off, path_of, sign_in,
                             wait_to_rest_at, wait_until)

LANGUAGES = pytest.mark.parametrize("language", ["cs", "en"])


def shown_state(driver, within="main"):
    """[kind, title, action label, action href] of the content state shown in `within`, or None."""
    return driver.execute_script("""
        const state = document.querySelector(arguments[0]).querySelector(".state");
        if (!state) return null;
        const action = state.querySelector(".state__action a");
        return [state.classList.contains("state--error") ? "error" : "empty",
                state.querySelector(".state__title").textContent.trim(),
                action?.textContent.trim() ?? null, action?.getAttribute("href") ?? null];""", within)


def strings(language, key):
    return STRINGS[language]["states"][key]


def block(driver, *patterns):
    """Makes requests to matching URLs fail, as a lost connection would."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": list(patterns)})


@LANGUAGES
def test_a_filter_that_matches_nothing_offers_to_clear_it(open_browser, base_url, language):
    driver = open_browser(size=DESKTOP, language=language)
    driver.get(base_url + "/?tags=svatba,neexistuje")
    texts = strings(language, "feedNoMatch")
    assert shown_state(driver) == ["empty", texts["title"], texts["action"], "/" if language == "cs" else "/en/"]
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tag-input__text"), "the scripts did not run")

    click(driver, driver.find_element(By.CSS_SELECTOR, ".state__action a"))
    WebDriverWait(driver, WAIT).until(lambda d: shown_state(d) is None, "clearing did not bring the cards back")
    assert path_of(driver) == "/" and "tags" not in driver.current_url
    assert driver.find_elements(By.CSS_SELECTOR, ".tag-input__text") == [], "the tag input was cleared too"


def test_results_that_fail_to_load_show_an_error_with_a_retry(open_browser, base_url, screenshots_dir):
    driver = open_browser(size=PHONE, language="cs")
    driver.get(base_url + "/")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.querySelector('[data-bottom-sheet]').dataset.sheetDetent === '0'"), "the page's scripts did not run")
    block(driver, "*tags=*")
    click(driver, driver.find_element(By.CSS_SELECTOR, "[data-sheet-handle]"))
    # A tap on the handle while the sheet still slides open would open it again, not close it.
    wait_to_rest_at(driver, 1)
    driver.find_element(By.ID, "filter-tags").send_keys("krajina ")
    texts = strings("cs", "feedFailed")
    WebDriverWait(driver, WAIT).until(lambda d: (shown_state(d, "[data-feed-results]") or [None])[0] == "error",
                                      "the failure was not shown")
    state = shown_state(driver, "[data-feed-results]")
    assert state[1:3] == [texts["title"], texts["action"]]
    assert state[3].startswith("/?tags=krajina"), "the retry asks for what failed"
    assert driver.find_element(By.CSS_SELECTOR, "[data-feed-results] .state").get_attribute("role") == "alert"
    assert path_of(driver) == "/", "the page stays where it was"
    driver.find_element(By.ID, "filter-tags").send_keys(Keys.ESCAPE)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.querySelector('[data-bottom-sheet]').dataset.sheetDetent === '0'"), "the sheet did not collapse")
    driver.save_screenshot(str(screenshots_dir / "state-feed-error-phone.png"))

    block(driver)
    click(driver, driver.find_element(By.CSS_SELECTOR, "[data-feed-results] .state__action a"))
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return [...document.querySelectorAll('[data-feed-results] .feed-card__name')]"
                                   ".map((e) => e.textContent.trim())") == ["Krajina"], "the retry did not load the results")


def test_a_search_that_fails_shows_an_error_and_retries(open_browser, base_url):
    driver = open_browser(size=DESKTOP, language="en")
    driver.get(base_url + "/search")
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".segmented--live"), "the scripts did not run")
    block(driver, "*q=dvorak*")
    driver.find_element(By.ID, "q").send_keys("dvorak")
    WebDriverWait(driver, WAIT).until(lambda d: (shown_state(d, "[data-search-results]") or [None])[0] == "error",
                                      "the failure was not shown")
    assert shown_state(driver, "[data-search-results]")[1] == strings("en", "searchFailed")["title"]
    block(driver)
    click(driver, driver.find_element(By.CSS_SELECTOR, "[data-search-results] .state__action a"))
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".person-result[href$='/u/ad.fotograf']"),
                                      "the retry found nobody")


@LANGUAGES
def test_nobody_found_suggests_searching_the_other_way(open_browser, base_url, language):
    driver = open_browser(size=PHONE, language=language, javascript=False)
    assert javascript_is_off(driver)
    driver.get(base_url + "/search?q=Plze%C5%88&by=name")
    texts = strings(language, "searchNobodyByName")
    assert shown_state(driver)[:3] == ["empty", texts["title"], texts["action"]]
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".state__action a"))
    assert driver.find_elements(By.CSS_SELECTOR, ".person-result[href$='/u/michal1']"), "the same words by place find Plzeň"
    assert driver.find_element(By.CSS_SELECTOR, "input[name='by'][value='location']").is_selected()


@LANGUAGES
def test_an_empty_selection_leads_to_the_feed(open_browser, base_url, sign_up, screenshots_dir, language):
    driver = open_browser(size=PHONE, language=language)
    sign_up(driver, role="client")
    driver.get(base_url + "/selection")
    texts = strings(language, "selectionEmpty")
    assert shown_state(driver) == ["empty", texts["title"], texts["action"], "/" if language == "cs" else "/en/"]
    driver.save_screenshot(str(screenshots_dir / f"state-selection-empty-{language}-phone.png"))


def test_a_photographer_without_portfolios_shows_an_empty_state(open_browser, base_url, sign_up, screenshots_dir):
    driver = open_browser(size=DESKTOP, language="cs")
    account = sign_up(driver, role="creator")
    assert shown_state(driver)[:2] == ["empty", strings("cs", "ownPortfoliosEmpty")["title"]]
    assert shown_state(driver)[2] is None, "the owner's way on is the New portfolio button above"
    driver.save_screenshot(str(screenshots_dir / "state-own-profile-empty-desktop.png"))
    guest = open_browser(size=PHONE, language="en")
    guest.get(base_url + f"/u/{account.username}")
    texts = strings("en", "portfoliosEmpty")
    assert shown_state(guest) == ["empty", texts["title"], texts["action"], "/en/"]


def test_a_conversation_says_it_is_offline_while_the_network_is_gone(open_browser, base_url, screenshots_dir):
    """The messenger's own state, declared by the page and shown from its <template>."""
    driver = open_browser(size=PHONE, language="cs")
    sign_in(driver, base_url, "martin.b")
    driver.get(base_url + "/messages")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "a.conversation__link"))
    offline = "[data-chat-states] .state--offline"
    assert not driver.find_elements(By.CSS_SELECTOR, offline), "online, the state is not there"
    driver.execute_cdp_cmd("Network.enable", {})
    network = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **network})
    state = wait_until(lambda: [e for e in driver.find_elements(By.CSS_SELECTOR, offline) if e.is_displayed()],
                       message="offline, the conversation did not say so")[0]
    assert state.find_element(By.CSS_SELECTOR, ".state__title").text == strings("cs", "messengerOffline")["title"]
    assert state.get_attribute("role") == "status"
    driver.save_screenshot(str(screenshots_dir / "state-messenger-offline-phone.png"))
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **network})
    wait_until(lambda: not state.is_displayed(), message="back online, the offline state stayed")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **network})
    wait_until(lambda: state.is_displayed(), message="offline again, the state did not come back")
    assert len(driver.find_elements(By.CSS_SELECTOR, offline)) == 1, "the state is made once and kept"
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **network})

