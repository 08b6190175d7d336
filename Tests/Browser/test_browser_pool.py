"""A browser kept between tests (browser_pool.py) comes to the next test as a fresh one."""

import pytest

from browser_helpers import PHONE
from engines import emulate_media

SEEN = """return {
  cookies: document.cookie, local: localStorage.length, session: sessionStorage.length,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
  size: [innerWidth, innerHeight],
}"""
FRESH = {"cookies": "", "local": 0, "session": 0, "dark": False, "reducedMotion": False, "size": list(PHONE)}


@pytest.mark.engines
def test_a_kept_browser_comes_back_with_nothing_of_the_test_before(browser_pool, base_url, engine):
    driver = browser_pool.take(engine, PHONE, "cs", True)
    driver.get(base_url + "/")
    driver.execute_script("document.cookie = 'left=behind; path=/'; localStorage.setItem('left', 'behind');"
                          "sessionStorage.setItem('left', 'behind');")
    driver.get(base_url + "/search")
    emulate_media(driver, "prefers-color-scheme", "dark")
    emulate_media(driver, "prefers-reduced-motion", "reduce")
    # No time at all for scripts: the reset's own scripts must not run under the test's timeout.
    driver.set_script_timeout(0)
    browser_pool.give_back(driver, test_passed=True)

    again = browser_pool.take(engine, PHONE, "cs", True)
    try:
        assert again is driver, "the browser was not kept"
        assert again.window_handles == [again.current_window_handle]
        assert again.current_url == "about:blank"
        again.get(base_url + "/")
        seen = again.execute_script(SEEN)
        # The page's own script sets the time zone's cookie; nothing else is there.
        seen["cookies"] = "; ".join(c for c in seen["cookies"].split("; ") if c and not c.startswith("tz="))
        assert seen == FRESH
        assert again.get_cookie("left") is None
        assert again.timeouts.script == 30, "the script timeout of the test before stayed"
    finally:
        browser_pool.give_back(again, test_passed=False)


def test_a_browser_whose_test_failed_is_not_kept(browser_pool, base_url):
    driver = browser_pool.take("chromium", PHONE, "cs", True)
    browser_pool.give_back(driver, test_passed=False)
    again = browser_pool.take("chromium", PHONE, "cs", True)
    try:
        assert again is not driver
    finally:
        browser_pool.give_back(again, test_passed=True)


def test_a_test_that_asks_for_the_whole_chromium_gets_it_and_others_get_the_shell(browser_pool):
    shell = browser_pool.take("chromium", PHONE, "cs", True)
    whole = browser_pool.take("chromium", PHONE, "cs", True, whole=True)
    try:
        assert shell.capabilities["browserName"] == "chrome-headless-shell"
        assert whole.capabilities["browserName"] == "chrome"
        # Only the whole browser can show notifications.
        assert whole.execute_script("return 'Notification' in window")
    finally:
        browser_pool.give_back(shell, test_passed=True)
        browser_pool.give_back(whole, test_passed=True)
    again = browser_pool.take("chromium", PHONE, "cs", True)
    try:
        assert again is shell, "a kept shell is handed out again, not the kept whole browser"
    finally:
        browser_pool.give_back(again, test_passed=True)
