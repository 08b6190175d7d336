"""axe-core's WCAG 2 A and AA rules on the pages that use the segmented control, the bottom sheets
and the content states, as the script leaves them (the sheet open, states shown), in light and
dark, on a phone and a wide screen."""

import json

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.support.wait import WebDriverWait

from browser_helpers import DESKTOP, PHONE, WAIT

# dlitem is off: axe-core 3.1 (what axe-selenium-python 2.1.6 bundles; 3.0.0 needs Python
# 3.12) predates HTML's <div> groups of <dt>/<dd> inside a <dl>, which profiles use.
RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}, "rules": {"dlitem": {"enabled": False}}}

PAGES = [
    ("/", "[data-bottom-sheet]"),
    ("/?tags=svatba,neexistuje", ".state"),
    ("/search?q=Brno&by=location", ".segmented--live"),
    ("/search?q=nikdo&by=name", ".state"),
    ("/register", ".segmented--live"),
    ("/u/ad.fotograf", ".segmented--live"),
    ("/portfolios/4", ".frames--sheet"),  # a portfolio whose photos carry camera details
]


def violations(driver):
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options=json.dumps(RULES))
    return results["violations"], axe.report(results["violations"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path, ready", PAGES, ids=[path for path, _ in PAGES])
def test_the_page_has_no_accessibility_violations(open_browser, base_url, path, ready, size, scheme):
    driver = open_browser(size=size, language="cs")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get(base_url + path)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return !!document.querySelector(arguments[0]) && !!document.querySelector('.segmented--live')", ready),
        "the page's scripts did not run")
    if path == "/" and size == PHONE:  # the filter sheet, open at half height over the cards
        driver.execute_script("""document.querySelector("[data-bottom-sheet]")
            .dispatchEvent(new CustomEvent("bottom-sheet:open", { detail: { detent: 1 } }))""")
        WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
            "return document.querySelector('[data-bottom-sheet]').dataset.sheetDetent === '1'"), "the sheet did not open")
    found, report = violations(driver)
    assert found == [], report
