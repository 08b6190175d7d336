"""Demands, in browsers: a new client posts what they need on a phone; a photographer whose
portfolios, town and free days match finds it among the feed's portfolios (without the
client's name), and another who takes demands from anywhere finds it too; both answer with
an offer, which opens each one's conversation with the demand's card and the offer's card;
the client compares the two side by side, sorts them, and books one, which books the demand
and tells the other photographer politely in their conversation. The demand's reference
photo is shown to the photographers it matches; the client's name is not, in the
conversation either, until she answers. The pages on a phone and a
desktop, light and dark, through axe."""

from datetime import timedelta

import pytest
from selenium.webdriver.common.by import By

from axe_check import Audit
from browser_helpers import (DESKTOP, PHONE, STRINGS, WAIT, bring_into_view, click_and_wait_for_next_page, path_of, sign_in,
                             type_into, wait_until)
from test_bookings import cards, fill_offer, room_of, send, set_budget, set_value, today
from test_payments import pictures
from test_portfolios import DEMO_PHOTOS

LANGUAGE = {"chromium": "cs", "firefox": "en"}
# Each engine's demand is for its own photographers: the one in the demand's town, and one
# elsewhere who takes demands from anywhere. Far ahead, where no other test books them.
PLAN = {
    "chromium": {"tags": "zvířata gastro", "town": "Olomouc", "local": "tomas.priroda", "anywhere": "lenka.svetlo", "ahead": 70},
    "firefox": {"tags": "architektura koncert", "town": "Plzeň", "local": "michal1", "anywhere": "velvary.foto", "ahead": 74},
}


def demand_id(driver):
    path = path_of(driver)
    assert path.startswith("/demands/"), f"not on a demand: {driver.current_url}"
    return int(path.rsplit("/", 1)[1])


def photos_shown(driver, demand, expected):
    """Waits until the demand's card shows the squares of its reference photos (loaded, as they
    are lazily, once the card is in view) at the `expected` addresses."""
    card = driver.find_element(By.CSS_SELECTOR, f"[data-demand-card='{demand}']")
    bring_into_view(driver, card)
    wait_until(lambda: driver.execute_script("""return [...arguments[0].querySelectorAll("img.demand-card__photo")]
        .filter((image) => image.complete && image.naturalWidth > 0).map((image) => new URL(image.src).pathname)""", card) == expected,
               WAIT, f"the demand's photos were not shown at {expected}")


def room_title(driver):
    return driver.find_element(By.CSS_SELECTOR, ".chat-room__title").get_attribute("textContent").strip()


def answer(driver, base_url, demand, price, words):
    """From the feed, the demand's "make an offer", and the offer sent: its conversation's id."""
    driver.get(base_url + "/")
    card = driver.find_element(By.ID, f"demand-{demand}")
    assert card.find_element(By.CSS_SELECTOR, ".demand-card__badge").text.strip().lower() == words["demands"]["card"].lower()
    click_and_wait_for_next_page(driver, card.find_element(By.CSS_SELECTOR, "[data-demand-action='answer']"))
    assert path_of(driver) == f"/demands/{demand}/offer"
    fill_offer(driver, start="10:00", price=price, included="Upravené fotografie do týdne.", valid_until=today() + timedelta(days=10))
    send(driver)
    room = room_of(driver)
    assert cards(driver) == [("demand", "offered"), ("offer", "open")]
    return room


@pytest.mark.engines("chromium", "firefox")
def test_a_client_posts_a_demand_two_photographers_offer_and_the_client_books_one(open_browser, base_url, sign_up, engine,
                                                                                 screenshots_dir):
    plan = PLAN[engine]
    language = LANGUAGE[engine]
    words = STRINGS[language]
    client = open_browser(size=PHONE, language=language)
    account = sign_up(client, role="client", full_name="Klára Tajná")
    audit = Audit(client) if engine == "chromium" else None

    # The photographer in the demand's town has the feed open while it is posted.
    local = open_browser(size=DESKTOP, language=language)
    sign_in(local, base_url, plan["local"])
    local.get(base_url + "/")
    wait_until(lambda: local.execute_script("return document.body.dataset.liveRole") == "leader", WAIT,
               "the feed did not follow live events")
    notice = local.find_element(By.CSS_SELECTOR, "[data-feed-new-demands]")
    assert not notice.is_displayed()

    # The client's demand, from the link on the feed.
    client.get(base_url + "/")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-feed-demand-new]"))
    assert path_of(client) == "/demands/new"
    first = today() + timedelta(days=plan["ahead"])
    type_into(client, "field-tags", plan["tags"])
    set_value(client, "field-firstDay", first.isoformat())
    set_value(client, "field-lastDay", (first + timedelta(days=2)).isoformat())
    type_into(client, "field-town", plan["town"])
    type_into(client, "field-hours", "3")
    set_budget(client, 1100)
    type_into(client, "field-description", "Focení pro náš nový web: lidé, místo i detaily.")
    set_value(client, "field-openUntil", (today() + timedelta(days=20)).isoformat())
    client.find_element(By.ID, "photos").send_keys(str(DEMO_PHOTOS / "food-citrus-slices.jpg"))
    pictures(client, audit, screenshots_dir, f"demands-new-{language}", "the demand's form")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-shoot-send]"))
    demand = demand_id(client)
    assert client.find_element(By.CSS_SELECTOR, f"[data-demand-card='{demand}']").get_attribute("data-state") == "open"
    assert client.find_elements(By.CSS_SELECTOR, "[data-demand-no-offers]")
    photos_shown(client, demand, [f"/demands/{demand}/photos/1/small"])

    # Without a reload the open feed says so; then the demand is among the portfolios, and
    # not who posted it.
    one = words["demands"]["live"]["one"].replace("{count}", "1")
    wait_until(lambda: notice.is_displayed() and notice.text.strip() == one, WAIT, f"the feed did not tell of the demand: {notice.text!r}")
    local.get(base_url + "/")
    assert local.find_elements(By.ID, f"demand-{demand}"), "the demand is not in the matching feed"
    assert "Klára Tajná" not in local.page_source and account.username not in local.page_source
    photos_shown(local, demand, [f"/demands/{demand}/photos/1/small"])
    local_room = answer(local, base_url, demand, 4800, words)
    # In the conversation the answer opened she is the demand's client until she writes.
    assert room_title(local) == words["messages"]["veiledClient"]
    assert "Klára Tajná" not in local.page_source and f"@{account.username}" not in local.page_source

    # Another, elsewhere, sees it once they take demands from anywhere.
    elsewhere = open_browser(size=DESKTOP, language=language)
    sign_in(elsewhere, base_url, plan["anywhere"])
    elsewhere.get(base_url + "/?show=demands")
    assert not elsewhere.find_elements(By.ID, f"demand-{demand}")
    elsewhere.get(base_url + "/demands")
    elsewhere.find_element(By.CSS_SELECTOR, "[data-demand-reach] input[value='anywhere']").find_element(By.XPATH, "..").click()
    click_and_wait_for_next_page(elsewhere, elsewhere.find_element(By.CSS_SELECTOR, "[data-demand-reach-save]"))
    elsewhere_room = answer(elsewhere, base_url, demand, 3900, words)
    assert elsewhere_room != local_room

    # The client compares the two, cheapest first, then by reply time (the first to answer first).
    client.get(f"{base_url}/demands/{demand}")
    offers = client.find_elements(By.CSS_SELECTOR, "[data-demand-offer]")
    assert len(offers) == 2
    assert "3" in offers[0].find_element(By.CSS_SELECTOR, ".offer-compare__price").text
    pictures(client, audit, screenshots_dir, f"demands-compare-{language}", "offers compared")
    sort = [link for link in client.find_elements(By.CSS_SELECTOR, "[data-demand-sort]") if "sort=reply" in link.get_attribute("href")]
    click_and_wait_for_next_page(client, sort[0])
    first_offer = client.find_elements(By.CSS_SELECTOR, "[data-demand-offer]")[0]
    assert "4" in first_offer.find_element(By.CSS_SELECTOR, ".offer-compare__price").text

    # Booking the first: the demand is booked, and the other photographer is told in their conversation.
    click_and_wait_for_next_page(client, first_offer.find_element(By.CSS_SELECTOR, "[data-demand-accept]"))
    send(client)
    assert room_of(client) == local_room
    client.get(f"{base_url}/demands/{demand}")
    assert client.find_element(By.CSS_SELECTOR, f"[data-demand-card='{demand}']").get_attribute("data-state") == "booked"
    assert not client.find_elements(By.CSS_SELECTOR, "[data-demand-accept]")
    # Her acceptance was her answer: the photographer she booked now knows her name.
    local.get(f"{base_url}/messages/{local_room}")
    assert room_title(local) == "Klára Tajná"
    elsewhere.get(f"{base_url}/messages/{elsewhere_room}")
    wait_until(lambda: cards(elsewhere) == [("demand", "withdrawn"), ("offer", "closed")], WAIT,
               f"the other answer was not withdrawn: {cards(elsewhere)}")
    assert words["demands"]["said"]["bookedAnother"] in elsewhere.page_source
    if audit:
        audit.check("demands")
