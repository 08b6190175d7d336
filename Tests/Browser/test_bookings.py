"""Booking a shoot, in browsers: a client asks a photographer for a shoot, the photographer
offers and offers again, the client accepts, and every step is a card in their conversation
that the other side's open page follows without a reload; both then find the booking on
/bookings. The booking as a calendar file and in the private calendar feed (parsed as
iCalendar: its times in UTC for the offered hour in Prague), cancelled there once the
booking is. The request form without scripts. A photographer's busy days: on the profile,
in the feed's "free on" filter, and refusing an offer for that day. The pages on a phone and
a desktop, light and dark, through axe."""

import re
import urllib.error
import urllib.request
import uuid
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar
from selenium.webdriver.common.by import By

from axe_check import Audit, set_media, set_viewport, settle
from browser_helpers import (DESKTOP, PHONE, STRINGS, WAIT, bring_into_view, click, click_and_wait_for_next_page,
                             field_errors, heading, http_status_of_page, javascript_is_off, path_of, sign_in, type_into,
                             wait_until)
from live_client import Person

PRAGUE = ZoneInfo("Europe/Prague")
PROBLEMS = STRINGS["cs"]["bookings"]["problems"]

# Each test books its own photographer on its own day: they share a server, and a booked day
# is a busy one.
FLOW = {"chromium": ("michal1", 45), "firefox": ("velvary.foto", 46)}
CALENDAR_PHOTOGRAPHER, CALENDAR_DAY = "ad.fotograf", 60
FORM_PHOTOGRAPHER, FORM_DAY = "lenka.svetlo", 50


def today():
    """The day it is in Prague, which is the site's calendar."""
    return datetime.now(PRAGUE).date()


def spaced(text):
    """The text with every kind of space (the thousands' narrow no-break space) a plain one."""
    return re.sub(r"\s+", " ", text)


# Filling the forms -------------------------------------------------------------------------------

def set_value(driver, field_id, value):
    """Puts `value` into a date, time or number field as its picker would leave it: the
    engines' date and time fields take typed digits in the order of their own locale."""
    field = driver.find_element(By.ID, field_id)
    bring_into_view(driver, field)
    driver.execute_script("""
        const [field, value] = arguments;
        field.value = value;
        field.dispatchEvent(new Event("input", { bubbles: true }));
        field.dispatchEvent(new Event("change", { bubbles: true }));""", field, value)
    assert field.get_attribute("value") == value, f"{field_id} took {field.get_attribute('value')!r}, not {value!r}"


def value_of(driver, field_id):
    return driver.find_element(By.ID, field_id).get_attribute("value")


def set_budget(driver, amount):
    """Moves the budget's live precise slider to `amount` as a drag would end (the typed field
    is the slider's value, not a box to type in, while scripts run); without scripts, types it."""
    if not driver.execute_script("""
            const slider = document.getElementById("budget").closest("[data-precise-slider]")?.preciseSlider;
            return slider ? slider.setValue(arguments[0]) : false""", amount):
        type_into(driver, "budget", str(amount))
    wait_until(lambda: "".join(c for c in value_of(driver, "budget") if c.isdigit()) == str(amount),
               message="the budget was not set")


def fill_request(driver, kind, first_day, hours, message, last_day=None, town=None, budget=None):
    type_into(driver, "field-kind", kind)
    set_value(driver, "field-firstDay", first_day.isoformat())
    if last_day:
        set_value(driver, "field-lastDay", last_day.isoformat())
    if town:
        type_into(driver, "field-town", town)
    type_into(driver, "field-hours", str(hours))
    if budget is not None:
        set_budget(driver, budget)
    type_into(driver, "field-message", message)


def fill_offer(driver, day=None, start=None, hours=None, place=None, price=None, included=None, valid_until=None):
    if day:
        set_value(driver, "field-day", day.isoformat())
    if start:
        set_value(driver, "field-start", start)
    if hours is not None:
        type_into(driver, "field-hours", str(hours))
    if place:
        type_into(driver, "field-place", place)
    if price is not None:
        type_into(driver, "field-price", str(price))
    if included:
        type_into(driver, "field-included", included)
    if valid_until:
        set_value(driver, "field-validUntil", valid_until.isoformat())


def send(driver):
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-shoot-send]"))


# Reading the conversation ------------------------------------------------------------------------

def is_leader(driver):
    return driver.execute_script("return document.body.dataset.liveRole") == "leader"


def follow_live(driver):
    wait_until(lambda: is_leader(driver), WAIT, "the conversation did not follow live events")


def room_of(driver):
    match = re.fullmatch(r"/messages/(\d+)", path_of(driver))
    assert match, f"not in a conversation: {driver.current_url}"
    return int(match.group(1))


def cards(driver):
    """(kind, state) of every shoot card in the conversation, oldest first."""
    return [tuple(card) for card in driver.execute_script("""
        return [...document.querySelectorAll("[data-chat-days] [data-shoot-card]")]
            .map((card) => [card.dataset.shootCard, card.dataset.state])""")]


def wait_for_cards(driver, expected, message):
    wait_until(lambda: cards(driver) == expected, WAIT, f"{message}: the cards are {cards(driver)}, not {expected}")


def card(driver, kind, state):
    """The last card of that kind in that state."""
    return driver.find_elements(By.CSS_SELECTOR, f"[data-chat-days] [data-shoot-card='{kind}'][data-state='{state}']")[-1]


def actions(element):
    return [a.get_attribute("data-shoot-action") for a in element.find_elements(By.CSS_SELECTOR, "[data-shoot-action]")]


def press(driver, kind, state, action):
    """Follows a card's action link to its page."""
    link = card(driver, kind, state).find_element(By.CSS_SELECTOR, f"[data-shoot-action='{action}']")
    click_and_wait_for_next_page(driver, link)


def booking_id(element):
    href = element.find_element(By.CSS_SELECTOR, "[data-shoot-action='ics']").get_attribute("href")
    return int(re.search(r"/bookings/(\d+)/calendar\.ics$", href).group(1))


def mark_page(driver):
    driver.execute_script("window.samePage = true")


def still_the_same_page(driver):
    return driver.execute_script("return window.samePage === true")


def booked(driver, base_url):
    """The ids of the bookings on /bookings, by group."""
    driver.get(base_url + "/bookings")
    return {group.get_attribute("data-bookings-group"): [int(item.get_attribute("data-booking"))
                                                         for item in group.find_elements(By.CSS_SELECTOR, "[data-booking]")]
            for group in driver.find_elements(By.CSS_SELECTOR, "[data-bookings-group]")}


# The whole path ------------------------------------------------------------------------------------

@pytest.mark.engines("chromium", "firefox")
def test_a_client_books_a_shoot_and_both_open_conversations_follow_every_step(open_browser, base_url, sign_up, engine):
    photographer, ahead = FLOW[engine]
    day = today() + timedelta(days=ahead)
    client = open_browser(size=PHONE)
    account = sign_up(client, role="client")
    studio = open_browser(size=DESKTOP)
    sign_in(studio, base_url, photographer)

    # The client writes first from the profile, so both have the conversation open.
    client.get(f"{base_url}/u/{photographer}")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "form.profile__write [type='submit']"))
    room = room_of(client)
    studio.get(f"{base_url}/messages/{room}")
    follow_live(studio)
    mark_page(studio)

    # The request, from the profile's link.
    client.get(f"{base_url}/u/{photographer}")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-request-shoot]"))
    assert path_of(client) == f"/u/{photographer}/shoot"
    fill_request(client, "Rodinné focení", day, 3, "Dobrý den, rádi bychom fotky s dětmi venku.", town="Praha", budget=1200)
    send(client)
    assert room_of(client) == room, "the request opened another conversation"
    assert cards(client) == [("request", "open")]
    request = card(client, "request", "open")
    assert actions(request) == [], "the client is offered the photographer's actions"
    assert "Rodinné focení" in request.text and "1 200 Kč/h" in spaced(request.text)
    follow_live(client)
    mark_page(client)

    wait_for_cards(studio, [("request", "open")], "the request did not reach the photographer's open conversation")
    assert actions(card(studio, "request", "open")) == ["offer", "decline"]
    assert still_the_same_page(studio)

    # The first offer: the form starts from the request.
    press(studio, "request", "open", "offer")
    assert (value_of(studio, "field-day"), value_of(studio, "field-hours"), value_of(studio, "field-place")) == (
        day.isoformat(), "3", "Praha")
    fill_offer(studio, start="10:00", place="Stromovka, Praha", price=3600, included="60 upravených fotografií",
               valid_until=today() + timedelta(days=7))
    send(studio)
    assert room_of(studio) == room
    wait_for_cards(client, [("request", "offered"), ("offer", "open")], "the offer did not reach the client's open conversation")
    assert "3 600 Kč" in spaced(card(client, "offer", "open").text)
    assert actions(card(client, "offer", "open")) == ["accept"]

    # A second offer replaces the first, on the client's screen as it is sent.
    follow_live(studio)
    press(studio, "request", "offered", "offer")
    assert value_of(studio, "field-price") == "3600", "the new offer did not start from the previous one"
    fill_offer(studio, start="11:00", price=3300)
    send(studio)
    wait_for_cards(client, [("request", "offered"), ("offer", "replaced"), ("offer", "open")],
                   "the first offer was not shown as replaced")
    assert actions(card(client, "offer", "replaced")) == []
    assert "11:00–14:00" in card(client, "offer", "open").text
    assert still_the_same_page(client), "the client's conversation was loaded anew"

    # The client accepts; the photographer's open conversation shows the booking.
    follow_live(studio)
    mark_page(studio)
    press(client, "offer", "open", "accept")
    assert path_of(client).startswith("/offers/") and path_of(client).endswith("/accept")
    assert client.find_element(By.CSS_SELECTOR, "[data-shoot-card='offer']").text, "the accept page does not show the offer"
    send(client)
    final = [("request", "booked"), ("offer", "replaced"), ("offer", "accepted"), ("booking", "confirmed")]
    assert cards(client) == final
    wait_for_cards(studio, final, "the booking did not reach the photographer's open conversation")
    assert still_the_same_page(studio), "the photographer's conversation was loaded anew"
    for driver in (client, studio):
        booking = card(driver, "booking", "confirmed")
        assert actions(booking) == ["payment", "ics", "cancel"]
        assert "11:00–14:00" in booking.text and "3 300 Kč" in spaced(booking.text)
    number = booking_id(card(client, "booking", "confirmed"))
    assert booking_id(card(studio, "booking", "confirmed")) == number

    for driver in (client, studio):
        assert number in booked(driver, base_url).get("confirmed", []), "the booking is not among the coming ones"
        assert "Rodinné focení" in driver.find_element(By.CSS_SELECTOR, f"[data-booking='{number}']").text
    # The booked day shows on the photographer's profile.
    client.get(f"{base_url}/u/{photographer}")
    assert client.find_element(By.CSS_SELECTOR, f"[data-day='{day.isoformat()}']").get_attribute("data-state") == "booked"
    assert account.username in studio.find_element(By.CSS_SELECTOR, f"[data-booking='{number}']").get_attribute("innerHTML")


# The calendar -------------------------------------------------------------------------------------

def fetch(url, cookies=None):
    """(status, headers, body) of a GET; with no cookies unless given, as a calendar app asks."""
    request = urllib.request.Request(url)
    if cookies:
        request.add_header("Cookie", "; ".join(f"{name}={value}" for name, value in cookies.items()))
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def browser_cookies(driver):
    return {cookie["name"]: cookie["value"] for cookie in driver.get_cookies()}


def events(body):
    """The calendar's events by UID."""
    calendar = Calendar.from_ical(body)
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def feed_url(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-calendar-url]").get_attribute("value")


def offer_over_http(base_url, photographer, room, **fields):
    """The photographer's offer through the form, from a plain HTTP client."""
    person = Person(base_url, photographer)
    page = person.request("GET", f"/messages/{room}")[2]
    request_id = re.search(r'href="/shoots/(\d+)/offer"', page).group(1)
    status, headers, _ = person.request("POST", f"/shoots/{request_id}/offer",
                                        {"_csrf": person.csrf(), "uuid": str(uuid.uuid4()), **fields})
    assert (status, headers.get("location")) == (303, f"/messages/{room}"), f"the offer was refused ({status})"
    return person


def test_the_booking_is_a_calendar_event_in_utc_and_the_feed_cancels_it(open_browser, base_url, sign_up):
    day = today() + timedelta(days=CALENDAR_DAY)
    driver = open_browser(size=DESKTOP)
    account = sign_up(driver, role="client")
    driver.get(f"{base_url}/u/{CALENDAR_PHOTOGRAPHER}")
    name = driver.find_element(By.CSS_SELECTOR, "h1.profile__name").text
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-request-shoot]"))
    fill_request(driver, "Produktové fotky", day, 2, "Šperky na bílém pozadí.")
    send(driver)
    room = room_of(driver)
    photographer = offer_over_http(base_url, CALENDAR_PHOTOGRAPHER, room, day=day.isoformat(), start="09:30", hours="2",
                                   place="Ateliér Vinohrady, Praha 2", price="4500", included="20 fotografií; retuš",
                                   validUntil=(today() + timedelta(days=7)).isoformat())
    driver.refresh()
    press(driver, "offer", "open", "accept")
    send(driver)
    booking = card(driver, "booking", "confirmed")
    number = booking_id(booking)
    ics = booking.find_element(By.CSS_SELECTOR, "[data-shoot-action='ics']").get_attribute("href")
    uid = f"booking-{number}@fotofolio"
    starts = datetime.combine(day, time(9, 30), PRAGUE)

    def check_event(event, status, other):
        assert str(event["STATUS"]) == status
        for key, expected in (("DTSTART", starts), ("DTEND", starts + timedelta(hours=2))):
            value = event.decoded(key)
            assert value == expected, f"{key} is {value}, not {expected} in Prague"
            assert value.utcoffset() == timedelta(0), f"{key} is not in UTC: {event[key].to_ical()}"
            assert event[key].to_ical().decode() == expected.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        assert str(event["SUMMARY"]) == f"Produktové fotky – {other}"
        assert str(event["LOCATION"]) == "Ateliér Vinohrady, Praha 2"
        assert "20 fotografií; retuš" in str(event["DESCRIPTION"])
        assert str(event["URL"]).endswith(f"/messages/{room}")

    # The booking's own file, with the browser's session.
    status, headers, body = fetch(ics, browser_cookies(driver))
    assert status == 200 and headers["content-type"].startswith("text/calendar")
    assert "attachment" in headers.get("content-disposition", "")
    [(found, event)] = events(body).items()
    assert found == uid
    check_event(event, "CONFIRMED", name)
    # Nobody else's: a guest is sent to sign in, another person finds nothing.
    status, headers, _ = Person.at(base_url).request("GET", f"/bookings/{number}/calendar.ics")
    assert status in (302, 303) and "/login" in headers.get("location", ""), status
    assert Person(base_url, "eva.s").request("GET", f"/bookings/{number}/calendar.ics")[0] == 404

    # The private feed: made on /bookings, read without a session.
    driver.get(base_url + "/bookings")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-calendar-url]")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-calendar-make]"))
    url = feed_url(driver)
    assert re.fullmatch(re.escape(base_url) + r"/calendar/[0-9a-f]{48}/bookings\.ics", url), url
    status, headers, body = fetch(url)
    assert status == 200 and headers["content-type"].startswith("text/calendar")
    check_event(events(body)[uid], "CONFIRMED", name)

    # The photographer's own feed names the client.
    photographer.request("POST", "/bookings/calendar", {"_csrf": photographer.csrf()})
    studio_feed = re.search(r'value="([^"]+/bookings\.ics)"', photographer.request("GET", "/bookings")[2]).group(1)
    check_event(events(fetch(studio_feed)[2])[uid], "CONFIRMED", account.full_name)

    # Cancelled with a reason: the card says so, and the feed keeps the event as cancelled.
    driver.get(f"{base_url}/messages/{room}")
    press(driver, "booking", "confirmed", "cancel")
    send(driver)
    assert field_errors(driver).get("field-reason") == PROBLEMS["missing"], "a cancellation without a reason went through"
    type_into(driver, "field-reason", "Kolekce se odkládá na jaro.")
    send(driver)
    assert room_of(driver) == room
    cancelled = card(driver, "booking", "cancelled")
    assert "Kolekce se odkládá na jaro." in cancelled.find_element(By.CSS_SELECTOR, ".shoot-card__note").text
    assert actions(cancelled) == []
    event = events(fetch(url)[2])[uid]
    check_event(event, "CANCELLED", name)
    assert int(event["SEQUENCE"]) > 0, "a changed event keeps its sequence, so calendars keep the old one"
    assert "Kolekce se odkládá na jaro." in str(event["DESCRIPTION"])
    assert str(events(fetch(studio_feed)[2])[uid]["STATUS"]) == "CANCELLED"
    assert number in booked(driver, base_url).get("cancelled", [])

    # A new address retires the old one at once; turned off, neither answers.
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-calendar-renew]"))
    renewed = feed_url(driver)
    assert renewed != url
    assert fetch(url)[0] == 404
    assert fetch(renewed)[0] == 200
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-calendar-off]"))
    assert fetch(renewed)[0] == 404
    assert driver.find_element(By.CSS_SELECTOR, "[data-calendar-make]").is_displayed()


# Without scripts -----------------------------------------------------------------------------------

def test_without_javascript_the_request_form_works_and_keeps_what_was_typed(open_browser, base_url, sign_up):
    first_day = today() + timedelta(days=FORM_DAY)
    driver = open_browser(size=PHONE, javascript=False)
    sign_up(driver, role="client")
    assert javascript_is_off(driver)
    driver.get(f"{base_url}/u/{FORM_PHOTOGRAPHER}")
    portfolio = driver.find_element(By.CSS_SELECTOR, ".profile__portfolios a[href*='/portfolios/']").get_attribute("href")
    driver.get(portfolio)
    tags = [tag.text for tag in driver.find_elements(By.CSS_SELECTOR, ".portfolio-page .tag")]
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".portfolio-page__actions [data-request-shoot]"))
    assert path_of(driver) == f"/u/{FORM_PHOTOGRAPHER}/shoot"
    kind = value_of(driver, "field-kind")
    assert kind and kind in tags + [heading(driver)], f"the kind {kind!r} is not the portfolio's"

    # A range that ends before it starts comes back with the field marked and nothing lost.
    set_value(driver, "field-firstDay", first_day.isoformat())
    set_value(driver, "field-lastDay", (first_day - timedelta(days=2)).isoformat())
    type_into(driver, "field-hours", "4")
    type_into(driver, "budget", "1500")
    type_into(driver, "field-message", "Svatba v malém kruhu, jen obřad a portréty.")
    send(driver)
    assert http_status_of_page(driver) == 422
    assert field_errors(driver) == {"field-lastDay": PROBLEMS["endBeforeStart"]}
    assert (value_of(driver, "field-kind"), value_of(driver, "field-firstDay"), value_of(driver, "field-hours"),
            value_of(driver, "budget"), value_of(driver, "field-message")) == (
        kind, first_day.isoformat(), "4", "1500", "Svatba v malém kruhu, jen obřad a portréty.")

    set_value(driver, "field-lastDay", (first_day + timedelta(days=3)).isoformat())
    send(driver)
    room_of(driver)
    assert cards(driver) == [("request", "open")]
    request = card(driver, "request", "open")
    assert kind in request.text and "1 500 Kč/h" in spaced(request.text)
    assert "Svatba v malém kruhu, jen obřad a portréty." in request.text


# Busy days ----------------------------------------------------------------------------------------

def authors_in_feed(driver):
    return {e.text for e in driver.find_elements(By.CSS_SELECTOR, ".feed-card a[href*='/u/']")}


def day_state(driver, day):
    return driver.find_element(By.CSS_SELECTOR, f"[data-day='{day.isoformat()}']").get_attribute("data-state")


def toggle_day(driver, day):
    click(driver, driver.find_element(By.XPATH, f"//label[input[@name='busy' and @value='{day.isoformat()}']]"))


def pictures(driver, audit, screenshots_dir, name, label, focus=None):
    """The page on a phone and a desktop, light and dark, saved and checked by axe."""
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        set_viewport(driver, size)
        if focus:
            bring_into_view(driver, driver.find_element(By.CSS_SELECTOR, focus))
        for scheme in ("light", "dark"):
            set_media(driver, scheme, prefers_reduced_motion="reduce")
            settle(driver)
            driver.save_screenshot(str(screenshots_dir / f"{name}-{size_name}-{scheme}.png"))
    audit.check(label)


def test_busy_days_show_on_the_profile_leave_the_free_filter_and_refuse_offers(open_browser, base_url, screenshots_dir):
    busy = [today() + timedelta(days=days) for days in (10, 11, 17)]
    free = today() + timedelta(days=12)
    driver = open_browser(size=DESKTOP)
    sign_in(driver, base_url, "vojtafoti")
    driver.get(base_url + "/profile/availability")
    for day in busy:
        toggle_day(driver, day)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-availability-save]"))
    assert driver.find_element(By.CSS_SELECTOR, "[data-availability-saved]").is_displayed()
    checked = {box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, "input[name='busy']:checked")}
    assert checked == {day.isoformat() for day in busy}

    driver.get(base_url + "/u/vojtafoti")
    assert [day_state(driver, day) for day in busy + [free]] == ["busy", "busy", "busy", "free"]
    if today().day > 1:
        assert day_state(driver, today() - timedelta(days=1)) == "past"

    # The feed's "free on" filter leaves him out on a busy day only. His portfolio's own tags
    # keep it on the first page, however many portfolios other tests have added.
    driver.get(base_url + "/?tags=hudba,oslava")
    assert "@vojtafoti" in authors_in_feed(driver)
    wait_until(lambda: driver.execute_script("return document.querySelector('[data-filter-submit]').hidden"), WAIT,
               "the feed's script did not run")
    set_value(driver, "filter-free", busy[0].isoformat())
    wait_until(lambda: f"free={busy[0].isoformat()}" in driver.current_url, WAIT, "the filter did not take the day")
    wait_until(lambda: driver.find_element(By.CSS_SELECTOR, "[data-feed-results]").get_attribute("aria-busy") == "false"
               and "@vojtafoti" not in authors_in_feed(driver), WAIT, "a photographer busy that day stayed in the feed")
    driver.get(f"{base_url}/?tags=hudba,oslava&free={free.isoformat()}")
    assert "@vojtafoti" in authors_in_feed(driver)
    assert driver.find_element(By.CSS_SELECTOR, "[data-filter-free]").get_attribute("value") == free.isoformat()

    # An offer for a busy day is refused, its field marked (Jana's open portrait request).
    driver.get(base_url + "/messages")
    click_and_wait_for_next_page(driver, driver.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Jana Králová']]"))
    before = cards(driver)
    press(driver, "request", "open", "offer")
    fill_offer(driver, day=busy[0], valid_until=today() + timedelta(days=7))
    send(driver)
    assert http_status_of_page(driver) == 409
    assert field_errors(driver) == {"field-day": PROBLEMS["busyDay"]}
    assert driver.find_element(By.CSS_SELECTOR, "[data-shoot-problem]").is_displayed()
    bring_into_view(driver, driver.find_element(By.ID, "field-day"))
    driver.save_screenshot(str(screenshots_dir / "bookings-offer-form-busy-desktop.png"))
    driver.get(base_url + "/messages")
    click_and_wait_for_next_page(driver, driver.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Jana Králová']]"))
    assert cards(driver) == before

    # A day unmarked is free again.
    driver.get(base_url + "/profile/availability")
    toggle_day(driver, busy[-1])
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-availability-save]"))
    driver.get(base_url + "/u/vojtafoti")
    assert [day_state(driver, day) for day in busy] == ["busy", "busy", "free"]


# The pages ------------------------------------------------------------------------------------------

def test_the_booking_pages_on_a_phone_and_a_desktop_light_and_dark_pass_axe(open_browser, base_url, screenshots_dir):
    """The demo's wedding (martin.b and vojtafoti): the conversation with its cards, /bookings,
    the request form, the photographer's busy-day form and his profile's availability."""
    client = open_browser(size=DESKTOP)
    audit = Audit(client)
    sign_in(client, base_url, "martin.b")
    client.get(base_url + "/bookings")
    wedding = client.find_element(By.CSS_SELECTOR, "[data-bookings-group='confirmed'] [data-booking]")
    assert "Svatba" in wedding.text and "Zámek Průhonice" in wedding.text
    pictures(client, audit, screenshots_dir, "bookings-list", "bookings")

    click_and_wait_for_next_page(client, wedding.find_element(By.CSS_SELECTOR, "a[href^='/messages/']"))
    assert cards(client) == [("request", "booked"), ("offer", "replaced"), ("offer", "accepted"), ("booking", "confirmed")]
    pictures(client, audit, screenshots_dir, "bookings-conversation", "conversation with shoot cards",
             focus="[data-shoot-card='booking']")

    client.get(base_url + "/u/vojtafoti")
    assert client.find_elements(By.CSS_SELECTOR, "[data-availability] [data-day]")
    pictures(client, audit, screenshots_dir, "bookings-profile-availability", "profile with availability",
             focus="[data-availability]")
    click_and_wait_for_next_page(client, client.find_element(By.CSS_SELECTOR, "[data-request-shoot]"))
    type_into(client, "field-kind", "Výročí svatby")
    set_value(client, "field-firstDay", (today() + timedelta(days=30)).isoformat())
    pictures(client, audit, screenshots_dir, "bookings-request-form", "request form")

    photographer = open_browser(size=DESKTOP)
    studio_audit = Audit(photographer)
    sign_in(photographer, base_url, "vojtafoti")
    photographer.get(base_url + "/profile/availability")
    assert photographer.find_elements(By.CSS_SELECTOR, "input[name='busy']")
    pictures(photographer, studio_audit, screenshots_dir, "bookings-availability", "busy-day form")
    found = audit.found + studio_audit.found
    assert not found, "\n\n".join(report for a in (audit, studio_audit) if a.found for report in [a.report()])


def test_on_a_phone_the_calendar_buttons_stand_apart_and_a_booking_card_says_when_in_two_lines(open_browser, base_url):
    client = open_browser(size=PHONE, language="cs")
    sign_in(client, base_url, "martin.b")
    client.get(base_url + "/bookings")
    make = client.find_elements(By.CSS_SELECTOR, "[data-calendar-make]")
    if make:
        click_and_wait_for_next_page(client, make[0])
    subscribe, renew = client.execute_script("""const calendar = document.getElementById("calendar");
        return [calendar.querySelector(".calendar-feed .button").getBoundingClientRect().bottom,
                calendar.querySelector("[data-calendar-renew]").getBoundingClientRect().top]""")
    assert renew - subscribe >= 8, "the calendar's buttons touch"

    wedding = client.find_element(By.CSS_SELECTOR, "[data-bookings-group='confirmed'] [data-booking]")
    click_and_wait_for_next_page(client, wedding.find_element(By.CSS_SELECTOR, "a[href^='/messages/']"))
    lines = client.execute_script("""
        return [...document.querySelectorAll("[data-shoot-card] .shoot-card__row dd")].map((value) =>
          Math.round(value.getBoundingClientRect().height / parseFloat(getComputedStyle(value).lineHeight)))""")
    assert lines and max(lines) <= 2, f"a card's values wrap onto {max(lines)} lines at 375 px"
    assert client.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
