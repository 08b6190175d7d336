"""The messenger's pages: the conversation list with its live updates and filters, the
unread badge on every page, a conversation's days and scrolling, sending that survives a
failed request, notifications on a hidden tab, the reconnecting banner, and the thesis's
scenarios (vojtafoti answers a wedding question; a client writes from the selection)."""

import re

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_helpers import DESKTOP, PHONE, STRINGS, WAIT, announced, click, click_and_wait_for_next_page, sign_in
from live_client import Person
from messenger_helpers import dark, is_leader, unread_badge, wait, write


def conversations(driver):
    """(title, unread count) of each conversation in the list, top to bottom."""
    return [tuple(row) for row in driver.execute_script("""
        return [...document.querySelectorAll('.conversation')].map((row) => [
            row.querySelector('.conversation__title').textContent,
            Number(row.querySelector('[data-unread]')?.firstChild.textContent ?? 0)])""")]


def message_texts(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-chat-days] .chat-message__text')].map((e) => e.textContent)")


def day_headers(driver):
    return driver.execute_script("return [...document.querySelectorAll('.chat-day__header')].map((e) => e.textContent.trim())")


@pytest.mark.engines
def test_vojtafoti_answers_the_newly_booked_couple(open_browser, own_server, screenshots_dir):
    server = own_server()
    vojta = open_browser(size=PHONE)
    sign_in(vojta, server.url, "vojtafoti")
    # The demo world: Martin's thanks after booking, three messages in the wedding group, and
    # Jana's request for a portrait; his own answer to Eva's demand, two days ago, is read, and
    # she is the demand's client there until she writes.
    assert unread_badge(vojta) == 5
    vojta.get(server.url + "/messages")
    assert conversations(vojta) == [("Svatba Benešovi", 3), ("Martin Beneš", 1), ("Jana Králová", 1),
                                    (STRINGS["cs"]["messages"]["veiledClient"], 0)]
    assert vojta.find_element(By.CSS_SELECTOR, ".conversation [data-mention]").is_displayed()
    vojta.save_screenshot(str(screenshots_dir / "messages-list-phone.png"))
    theme = "-dark" if dark(vojta) else ""
    vojta.save_screenshot(str(screenshots_dir / f"messages-list-phone{theme}.png"))

    martin = open_browser(size=DESKTOP)
    sign_in(martin, server.url, "martin.b")
    click_and_wait_for_next_page(vojta, vojta.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Martin Beneš']]"))
    room = re.search(r"/messages/(\d+)", vojta.current_url).group(1)
    martin.get(f"{server.url}/messages/{room}")
    for driver in (vojta, martin):
        wait(driver, is_leader, "the page did not follow live events")
    divider = vojta.find_element(By.CSS_SELECTOR, "[data-unread-divider]")
    assert divider.text.lower() == "nové zprávy"
    # Opening the room read it: the group and Jana's request are left unread.
    assert unread_badge(vojta) == 4

    write(vojta, "Děkuji, těším se! Harmonogram mi pošlete do skupiny.")
    wait(martin, lambda d: "Děkuji, těším se! Harmonogram mi pošlete do skupiny." in message_texts(d),
         "Martin did not see the answer")
    wait(vojta, lambda d: d.find_elements(By.CSS_SELECTOR, ".chat-message--own[data-message]:not(.chat-message--card)"),
         "the answer was not stored")
    assert message_texts(vojta) == message_texts(martin)
    # Martin's question between the offers, his thanks, and the answer; the cards have no text.
    assert len(message_texts(vojta)) == 3
    # A message that arrives live joins the day the server drew: one header a day.
    for driver in (vojta, martin):
        assert len(day_headers(driver)) == len(set(day_headers(driver))), day_headers(driver)
    # A message that arrives while the room is on screen is read at once.
    write(martin, "Děkujeme, to zní skvěle!")
    wait(vojta, lambda d: "Děkujeme, to zní skvěle!" in message_texts(d), "Vojta did not see Martin's thanks")
    vojta_api = Person(server.url, "vojtafoti")
    wait(vojta, lambda d: 'data-room="' + room + '"' not in vojta_api.request("GET", "/messages?unread=1")[2],
         "the room was not marked read while on screen")
    assert unread_badge(vojta) == 4
    vojta.save_screenshot(str(screenshots_dir / f"messages-room-phone{theme}.png"))
    martin.save_screenshot(str(screenshots_dir / "messages-room-desktop.png"))
    if dark(martin):
        martin.save_screenshot(str(screenshots_dir / "messages-room-desktop-dark.png"))


def test_the_list_and_the_badge_follow_new_messages_and_the_filters_combine(open_browser, own_server, screenshots_dir):
    server = own_server()
    driver = open_browser(size=DESKTOP, language="en")
    sign_in(driver, server.url, "ad.fotograf")
    driver.get(server.url + "/messages")
    wait(driver, is_leader, "the list did not follow live events")
    assert unread_badge(driver) == 0
    assert conversations(driver) == [("Eva Svobodová", 0)]

    jana = Person(server.url, "jana.k")
    direct = jana.room_with("ad.fotograf")
    jana.post(direct, "Dobrý den, fotíte i produkty pro e-shop?")
    wait(driver, lambda d: conversations(d)[0] == ("Jana Králová", 1), "the new conversation did not come to the top")
    wait(driver, lambda d: unread_badge(d) == 1, "the badge did not count the message")
    group = jana.group("Produkty na jaro", ["ad.fotograf", "eva.s"])
    jana.post(group, "Kdo má čas ve čtvrtek?")
    wait(driver, lambda d: [title for title, _ in conversations(d)] == ["Produkty na jaro", "Jana Králová", "Eva Svobodová"],
         "the group did not come to the top")
    wait(driver, lambda d: unread_badge(d) == 2, "the badge did not count the group's message")

    driver.find_element(By.XPATH, "//label[contains(@class, 'toggle-chip')][.//span[text()='Unread']]").click()
    wait(driver, lambda d: [title for title, _ in conversations(d)] == ["Produkty na jaro", "Jana Králová"], "unread filter")
    assert "unread=1" in driver.current_url
    driver.find_element(By.XPATH, "//label[contains(@class, 'toggle-chip')][.//span[text()='For me']]").click()
    wait(driver, lambda d: [title for title, _ in conversations(d)] == ["Jana Králová"], "unread and for-me filters together")
    assert "unread=1" in driver.current_url and "relevant=1" in driver.current_url
    # A mention makes the group the reader's business: it joins the filtered list live.
    Person(server.url, "eva.s").post(group, "@ad.fotograf vy byste mohla?")
    wait(driver, lambda d: [title for title, _ in conversations(d)] == ["Produkty na jaro", "Jana Králová"],
         "the mention did not bring the group into the filtered list")
    driver.save_screenshot(str(screenshots_dir / "messages-list-filtered-desktop.png"))
    dark(driver)
    driver.save_screenshot(str(screenshots_dir / "messages-list-filtered-desktop-dark.png"))
    # The filters live in the address: a reload shows the same.
    driver.refresh()
    assert [title for title, _ in conversations(driver)] == ["Produkty na jaro", "Jana Králová"]
    assert driver.find_element(By.NAME, "unread").is_selected() and driver.find_element(By.NAME, "relevant").is_selected()


def test_without_javascript_the_filters_are_a_form(open_browser, base_url):
    jana = Person(base_url, "jana.k")
    jana.post(jana.room_with("michal1"), "Dobrý den, fotíte i hory?")
    jana.post(jana.group("Výlet do Tater", ["michal1", "tomas.priroda"]), "Kdo jede?")
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, base_url, "michal1")
    driver.get(base_url + "/messages")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".conversation__title")]
    assert "Výlet do Tater" in titles and "Jana Králová" in titles
    driver.find_element(By.XPATH, "//label[contains(@class, 'toggle-chip')][.//span[text()='Pro mě']]").click()
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-filters-submit]"))
    assert "relevant=1" in driver.current_url
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".conversation__title")]
    assert "Jana Králová" in titles and "Výlet do Tater" not in titles


def test_days_have_sticky_headers_saying_today_and_yesterday(open_browser, own_server, screenshots_dir):
    server = own_server()
    driver = open_browser(size=PHONE)
    # The demo's "yesterday" is Prague's (DemoConversations.When), and the page tells days in
    # the browser's zone: a browser on UTC between Prague's midnight and UTC's would call it today.
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Prague"})
    sign_in(driver, server.url, "eva.s")
    driver.get(server.url + "/messages")
    assert driver.find_element(By.CSS_SELECTOR, ".conversation__time").text == "Včera"

    adela = Person(server.url, "ad.fotograf")
    room = adela.room_with("eva.s")
    token = adela.csrf()
    for number in range(1, 31):
        adela.post(room, f"Dnešní zpráva {number}", token)
    driver.get(f"{server.url}/messages/{room}")
    headers = day_headers(driver)
    assert headers[1:] == ["Včera", "Dnes"] and headers[0] not in ("Včera", "Dnes", "")
    # Scrolled into the middle of today, today's header stays at the top of the history.
    stuck = driver.execute_script("""
        const scroller = document.querySelector('[data-chat-scroller]');
        const target = [...document.querySelectorAll('.chat-message__text')].find((e) => e.textContent === 'Dnešní zpráva 15');
        scroller.scrollBy(0, target.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 60);
        const today = document.querySelectorAll('.chat-day')[2];
        return [scroller.getBoundingClientRect().top, today.querySelector('.chat-day__header').getBoundingClientRect().top,
                today.getBoundingClientRect().top];""")
    scroller_top, header_top, day_top = stuck
    assert abs(header_top - scroller_top) < 1.5
    assert day_top < scroller_top - 200
    driver.save_screenshot(str(screenshots_dir / "messages-room-sticky-day-phone.png"))


def test_new_messages_scroll_into_view_only_for_a_reader_at_the_bottom(open_browser, base_url):
    adela = Person(base_url, "ad.fotograf")
    room = adela.room_with("martin.b")
    token = adela.csrf()
    for number in range(1, 31):
        adela.post(room, f"Zpráva {number}", token)
    driver = open_browser(size=PHONE)
    sign_in(driver, base_url, "martin.b")
    driver.get(f"{base_url}/messages/{room}")
    wait(driver, is_leader, "the room did not follow live events")
    scroller = driver.find_element(By.CSS_SELECTOR, "[data-chat-scroller]")
    # Everything was unread: the room opens at the first unread message, not at the end.
    divider_offset = driver.execute_script(
        "return document.querySelector('[data-unread-divider]').getBoundingClientRect().top - arguments[0].getBoundingClientRect().top",
        scroller)
    assert 0 <= divider_offset < 80
    jump = driver.find_element(By.CSS_SELECTOR, "[data-chat-jump]")

    driver.execute_script("arguments[0].scrollTop = 0", scroller)
    adela.post(room, "Na konci", token)
    wait(driver, lambda d: "Na konci" in message_texts(d), "the message did not arrive")
    wait(driver, lambda d: d.execute_script("return arguments[0].scrollTop", scroller) > -5, "did not stay at the newest")
    assert not jump.is_displayed()

    driver.execute_script("arguments[0].scrollTop = -1500", scroller)
    adela.post(room, "Zatímco čtete výš", token)
    wait(driver, lambda d: jump.is_displayed(), "no button to the new message")
    assert driver.execute_script("return arguments[0].scrollTop", scroller) < -1000
    jump.click()
    wait(driver, lambda d: d.execute_script("return arguments[0].scrollTop", scroller) > -5, "the button did not scroll down")
    wait(driver, lambda d: not jump.is_displayed(), "the button stayed")


def test_a_message_shows_at_once_and_a_failed_one_is_kept_with_retry_and_sent_once(open_browser, base_url, screenshots_dir):
    petr = Person(base_url, "velvary.foto")
    room = petr.room_with("tomas.priroda")
    driver = open_browser(size=PHONE)
    sign_in(driver, base_url, "tomas.priroda")
    driver.get(f"{base_url}/messages/{room}")
    wait(driver, is_leader, "the room did not follow live events")
    driver.execute_script("""
        window.liveUUIDs = [];
        document.addEventListener('live:message', (event) => window.liveUUIDs.push(event.detail.uuid));
        // Every message that was on screen as "sending", in the order it appeared.
        window.sending = [];
        new MutationObserver((changes) => {
            for (const change of changes) for (const node of change.addedNodes) {
                if (node.classList?.contains('chat-message--sending')) window.sending.push(node.textContent);
            }
        }).observe(document.querySelector('[data-chat-days]'), { childList: true, subtree: true });""")
    driver.execute_cdp_cmd("Network.enable", {})

    # The message is on screen, marked as sending, before the server has answered.
    write(driver, "Hned na obrazovce")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".chat-message--own[data-message]"), "the message was not stored")
    assert any("Hned na obrazovce" in text for text in driver.execute_script("return window.sending"))

    # The request fails: the message stays, marked, with a way to send it again.
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": [f"*/messages/{room}"]})
    write(driver, "Tohle napoprvé neodešlo")
    failed = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".chat-message--failed"), "the failure was not shown")
    assert failed.find_element(By.CSS_SELECTOR, ".chat-message__text").text == "Tohle napoprvé neodešlo"
    assert driver.find_element(By.ID, "composer").get_attribute("value") == ""
    driver.save_screenshot(str(screenshots_dir / "messages-send-failed-phone.png"))
    uuid = failed.get_attribute("data-uuid")

    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    failed.find_element(By.CSS_SELECTOR, ".chat-message__retry").click()
    wait(driver, lambda d: uuid in d.execute_script("return window.liveUUIDs"), "the retried message did not come back live")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-uuid="{uuid}"][data-message]'), "the retry was not stored")
    assert message_texts(driver).count("Tohle napoprvé neodešlo") == 1
    assert not driver.find_elements(By.CSS_SELECTOR, ".chat-message--failed")
    page = petr.request("GET", f"/messages/{room}")[2]
    assert page.count(f'data-uuid="{uuid}"') == 1  # its text is also the list's snippet beside the room


RECORD_NOTIFICATIONS = """
    window.shownNotifications = [];
    window.permissionRequests = 0;
    if ('Notification' in window) {
        const Real = window.Notification;
        window.Notification = class extends Real {
            constructor(title, options) {
                super(title, options);
                window.shownNotifications.push({ title, body: options?.body, tag: options?.tag });
            }
            static requestPermission() {
                window.permissionRequests += 1;
                return Real.requestPermission();
            }
        };
    }
"""


@pytest.mark.whole_chromium  # the headless shell has no notifications
def test_a_hidden_tab_notifies_of_a_new_message_once_the_person_allowed_it(open_browser, base_url):
    michal = Person(base_url, "michal1")
    room = michal.room_with("lenka.svetlo")
    driver = open_browser(size=DESKTOP)
    # Watches the page's notifications and permission requests; the real API still runs.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_NOTIFICATIONS})
    sign_in(driver, base_url, "lenka.svetlo")
    driver.get(base_url + "/messages")
    wait(driver, is_leader, "the list did not follow live events")
    offer = driver.find_element(By.CSS_SELECTOR, "[data-notifications-enable]")
    assert offer.is_displayed()
    assert driver.execute_script("return window.permissionRequests") == 0  # never asked unprompted

    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["notifications"]})
    offer.click()
    wait(driver, lambda d: not offer.is_displayed(), "the offer stayed after permission was given")
    assert driver.execute_script("return window.permissionRequests") == 1

    michal.post(room, "Jste tam?")
    wait(driver, lambda d: ("Michal Novotný", 1) in conversations(d), "the message did not arrive")
    assert driver.execute_script("return window.shownNotifications") == []  # the tab is on screen

    driver.minimize_window()
    wait(driver, lambda d: d.execute_script("return document.visibilityState") == "hidden", "the tab did not hide")
    michal.post(room, "Haló, jsou fotky hotové?")
    shown = wait(driver, lambda d: d.execute_script("return window.shownNotifications"), "no notification")
    assert [(n["title"], n["body"]) for n in shown] == [("Michal Novotný", "Haló, jsou fotky hotové?")]


def test_a_banner_shows_while_the_live_stream_reconnects(open_browser, own_server):
    server = own_server()
    driver = open_browser(size=PHONE)
    sign_in(driver, server.url, "eva.s")
    driver.get(server.url + "/selection")
    wait(driver, is_leader, "the page did not follow live events")
    banner = driver.find_element(By.CSS_SELECTOR, "[data-live-banner]")
    assert not banner.is_displayed()
    server.stop()
    wait(driver, lambda d: banner.is_displayed(), "no banner while the server was away")
    assert banner.text == "Spojení se obnovuje…"
    own_server(port=server.port)
    wait(driver, lambda d: not banner.is_displayed(), "the banner stayed after the server came back", timeout=3 * WAIT)


@pytest.mark.engines
def test_a_client_writes_to_the_author_of_a_shortlisted_portfolio(open_browser, base_url, sign_up):
    driver = open_browser(size=PHONE)
    # A client of its own: a demo person's selection is read by other tests on the same server.
    sign_up(driver, role="client")
    driver.get(base_url + "/")
    bookmark = driver.find_element(By.CSS_SELECTOR, "[data-bookmark-button][aria-pressed='false']")
    click(driver, bookmark)
    wait(driver, lambda d: bookmark.get_attribute("aria-pressed") == "true", "the portfolio was not shortlisted")
    driver.get(base_url + "/selection")
    author = driver.find_element(By.CSS_SELECTOR, ".feed-card__actions input[name=username]").get_attribute("value")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, ".feed-card__actions button"))
    assert re.search(r"/messages/\d+$", driver.current_url)
    assert author in driver.find_element(By.CSS_SELECTOR, ".chat-room__members").text
    wait(driver, is_leader, "the room did not follow live events")
    write(driver, "Dobrý den, vaše portfolio se mi moc líbí. Máte volno v květnu?")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".chat-message--own[data-message]"), "the message was not stored")
    assert message_texts(driver)[-1] == "Dobrý den, vaše portfolio se mi moc líbí. Máte volno v květnu?"


def open_timeline(driver):
    timeline = driver.find_element(By.CSS_SELECTOR, ".chat-timeline")
    if timeline.get_attribute("open") is None:
        driver.find_element(By.CSS_SELECTOR, ".chat-timeline__summary").click()
    return timeline


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_timeline_jumps_to_the_start_of_a_long_conversation(open_browser, own_server, screenshots_dir, size):
    server = own_server()
    driver = open_browser(size=size)
    sign_in(driver, server.url, "jana.k")
    driver.get(server.url + "/messages")
    click_and_wait_for_next_page(driver, driver.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Lenka Horáková']]"))
    assert "Dobrý den, tento týden bude na menu dýňová polévka" not in message_texts(driver)  # the first week is a page back
    open_timeline(driver)
    ruler = driver.find_element(By.CSS_SELECTOR, ".chat-timeline [data-slider-ruler]")
    wait(driver, lambda d: ruler.get_attribute("aria-valuenow"), "the timeline did not come to life")
    driver.save_screenshot(str(screenshots_dir / f"messages-timeline-{'phone' if size == PHONE else 'desktop'}.png"))
    ruler.send_keys(Keys.HOME)
    # Letting go settles the value; the page then opens the messages of that moment.
    wait(driver, lambda d: "at=" in d.current_url, "the timeline did not jump")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-timeline-target]"), "no message marked")
    target = driver.find_element(By.CSS_SELECTOR, "[data-timeline-target] .chat-message__text")
    assert target.text == "Dobrý den, tento týden bude na menu dýňová polévka. Stihnete ve čtvrtek dopoledne?"
    assert target.is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, ".chat-room__window").is_displayed()
    assert "Hotovo, posílám náhledy: 12 fotek bramborák, vyberte prosím tři na web." not in message_texts(driver)


def test_without_javascript_the_timeline_is_a_date_field(open_browser, own_server):
    server = own_server()
    driver = open_browser(size=PHONE, javascript=False)
    sign_in(driver, server.url, "jana.k")
    driver.get(server.url + "/messages")
    click_and_wait_for_next_page(driver, driver.find_element(
        By.XPATH, "//a[@class='conversation__link'][.//span[@class='conversation__title' and text()='Lenka Horáková']]"))
    driver.find_element(By.CSS_SELECTOR, ".chat-timeline__summary").click()
    field = driver.find_element(By.ID, "timeline")
    # The first of the ten weeks was 72 days ago; typing a day long before it lands on it.
    field.send_keys("01012020" + Keys.TAB + "0000")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "[data-timeline-submit]"))
    assert "at=" in driver.current_url
    target = driver.find_element(By.CSS_SELECTOR, "[data-timeline-target] .chat-message__text")
    assert target.get_attribute("textContent") == "Dobrý den, tento týden bude na menu dýňová polévka. Stihnete ve čtvrtek dopoledne?"


def test_own_messages_stay_read_in_other_tabs_and_others_are_announced(open_browser, base_url, sign_up):
    driver = open_browser(size=DESKTOP)
    sign_up(driver, role="client")
    driver.get(base_url + "/messages")
    driver.find_element(By.ID, "start-username").send_keys("vojtafoti")
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/messages/direct'] [type='submit']"))
    room = int(driver.current_url.rsplit("/", 1)[1])
    room_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(base_url + "/messages")
    list_tab = driver.current_window_handle
    wait(driver, lambda d: d.execute_script("return document.body.dataset.liveRole"), "the list tab does not follow the stream")

    driver.switch_to.window(room_tab)
    write(driver, "Dobrý den, máte volno v červnu?")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-chat-days] .chat-message[data-message]"), "the message was not stored")
    driver.switch_to.window(list_tab)
    wait(driver, lambda d: "máte volno v červnu" in d.find_element(By.CSS_SELECTOR, "[data-conversations]").text,
         "the other tab did not hear of the message")
    # One's own message, written in another tab, is no unread news.
    assert unread_badge(driver) == 0
    assert not driver.title.startswith("(")
    assert announced(driver) == ""

    driver.switch_to.window(room_tab)
    assert announced(driver) == "", "one's own message was announced"
    Person(base_url, "vojtafoti").post(room, "Ano, 14. června mám volno.")
    wait(driver, lambda d: "14. června" in " ".join(message_texts(d)), "the answer did not arrive")
    author = driver.find_elements(By.CSS_SELECTOR, ".chat-message__author")[-1].text
    assert announced(driver) == f"Nová zpráva od {author}: Ano, 14. června mám volno."
