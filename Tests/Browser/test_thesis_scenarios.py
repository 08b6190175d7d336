"""The five tasks of the Fotofolio user test (S1–S5), step by step as the testers were given
them: photographers build and tend a portfolio and watch the competition, customers
shortlist, enquire and reply. Each runs in Czech on a phone and in English on a desktop.
The tester finds everything by what the screen calls it (scenario_tester.py).

S1, S3 and S4 use fresh accounts on one demo server of this module; S2 and S5 are done as
the demo's `vojtafoti` (they delete his portfolios, rate, and read his unread message), so
each of their runs gets a demo server of its own."""

import pytest

from browser_helpers import DESKTOP, PHONE, click_and_wait_for_next_page, new_account, path_of
from conftest import launch_server, seed
from http_sign_up import register_over_http
from scenario_tester import (UPLOAD_WAIT, Participant, Publisher, a_day_ahead, close_filter, filter_feed_by, photo_path,
                             register_and_log_in, send_message, sort_feed_by_rating)

WAYS = {"cs-phone": ("cs", PHONE), "en-desktop": ("en", DESKTOP)}

# The demo's photographers as their profiles introduce them (DemoWorld).
PHOTOGRAPHERS = {"vojtafoti": ("Vojta Votruba", "Praha"), "ad.fotograf": ("Adéla Dvořáková", "Brno"),
                 "michal1": ("Michal Novotný", "Plzeň"), "velvary.foto": ("Petr Kučera", "Velvary"),
                 "lenka.svetlo": ("Lenka Horáková", "Praha"), "tomas.priroda": ("Tomáš Marek", "Olomouc")}


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One demo server for the scenarios that work with fresh accounts."""
    folder = tmp_path_factory.mktemp("scenarios")
    seed(folder / "data")
    server = launch_server(folder / "data", folder / "server.log")
    yield server.url
    server.stop()


@pytest.fixture
def vojtas_server(tmp_path):
    """A demo server of this run alone: the scenario changes what `vojtafoti` has."""
    seed(tmp_path / "data")
    server = launch_server(tmp_path / "data", tmp_path / "server.log")
    yield server.url
    server.stop()


@pytest.fixture(params=list(WAYS), ids=list(WAYS))
def way(request):
    return WAYS[request.param]


def participant_at(open_browser, base_url, way):
    language, size = way
    return Participant(open_browser(size=size, language=language), base_url, language)


def back_to_messages(me):
    """To the conversation list: a phone shows the conversation alone, without the tabs, and
    leads back with its arrow; a wide screen has the list beside it and the Messages tab."""
    arrow = me.driver.find_elements("css selector", "a.chat-room__back")
    if arrow and arrow[0].is_displayed():
        me.go(me.t("messages.back"), "a.chat-room__back")
    else:
        me.tab("messages")


def card_authors(me):
    return [a.text.removeprefix("@") for a in me.driver.find_elements("css selector", "[data-feed-cards] .feed-card__author")]


def card_names(me):
    return [a.text for a in me.driver.find_elements("css selector", "[data-feed-cards] .feed-card__name")]


def profile_portfolios(me):
    return [a.text for a in me.driver.find_elements("css selector", ".profile__portfolios .portfolio-row__name a")]


def test_s1_a_photographer_registers_builds_a_portfolio_checks_it_edits_it_and_logs_out(open_browser, module_server, way):
    me = participant_at(open_browser, module_server, way)
    # 1. Register in creator mode.  2. Log in to your account.
    register_and_log_in(me, "creator")

    # 3. Create your first portfolio with at least three photos.
    me.tab("profile")
    me.go(me.t("profile.newPortfolio"), "main a")
    me.type(me.t("portfolio.name"), "Mlhavá rána")
    me.type(me.t("portfolio.description"), "Krajina za svítání.")
    me.type(me.t("portfolio.tags"), "krajina ráno ")
    files = me.field(me.t("portfolio.addPhotos"))
    files.send_keys("\n".join(photo_path(name) for name in
                              ("landscape-misty-fields.jpg", "landscape-forest-stream.jpg", "landscape-rolling-hills.jpg")))
    me.wait_for(lambda: len(photos_in_editor(me)) == 3, "the three photos did not upload", UPLOAD_WAIT)
    describe(me, ["Pole v mlze", "Potok v lese", "Zvlněné kopce"])
    me.go(me.t("portfolio.save"), ".form__actions button")
    assert me.text("h1") == "Mlhavá rána"

    # 4. Look at your profile and check that the portfolio information is correct.
    me.tab("profile")
    row = me.driver.find_element("css selector", ".portfolio-row")
    assert row.find_element("css selector", ".portfolio-row__name").text == "Mlhavá rána"
    assert row.find_element("css selector", ".portfolio-row__count").text == me.t("portfolio.photoCount", 3)
    assert row.find_element("css selector", ".portfolio-row__description").text == "Krajina za svítání."

    # 5. Change the portfolio caption, remove the first photo and add a new one.
    me.go("Mlhavá rána", ".portfolio-row__name a")
    me.go(me.t("portfolio.edit"), "main a")
    me.type(me.t("portfolio.description"), "Krajina za svítání, nově i s horami.")
    first = photos_in_editor(me)[0]
    me.press(me.t("portfolio.remove"), "button", scope=first)
    me.wait_for(lambda: len(photos_in_editor(me)) == 2, "the first photo was not removed")
    me.field(me.t("portfolio.addPhotos")).send_keys(photo_path("landscape-mountain-sunset.jpg"))
    me.wait_for(lambda: len(photos_in_editor(me)) == 3, "the new photo did not upload", UPLOAD_WAIT)
    describe(me, ["Potok v lese", "Zvlněné kopce", "Západ slunce v horách"])
    me.go(me.t("portfolio.save"), ".form__actions button")
    assert [image.get_attribute("alt") for image in me.driver.find_elements("css selector", ".frames .photo__image")] == \
        ["Potok v lese", "Zvlněné kopce", "Západ slunce v horách"]
    me.tab("profile")
    row = me.driver.find_element("css selector", ".portfolio-row")
    assert row.find_element("css selector", ".portfolio-row__count").text == me.t("portfolio.photoCount", 3)
    assert row.find_element("css selector", ".portfolio-row__description").text == "Krajina za svítání, nově i s horami."

    # 6. Log out.
    me.log_out()
    assert path_of(me.driver) == "/"


def photos_in_editor(me):
    return me.driver.find_elements("css selector", "[data-photo-list] > [data-photo-item]")


def describe(me, texts):
    for item, text in zip(photos_in_editor(me), texts):
        me.type(me.t("portfolio.altText"), text, scope=item)


def test_s2_a_photographer_watches_the_competition_rates_the_best_and_tidies_his_portfolios(
        open_browser, vojtas_server, way):
    me = participant_at(open_browser, vojtas_server, way)

    # 1. Log in as "vojtafoti", password "heslovo".
    me.driver.get(vojtas_server + "/")
    me.log_in("vojtafoti", "heslovo")

    # 2. Look at a competing portrait portfolio.
    me.tab("feed")
    filter_feed_by(me, "portrét")
    close_filter(me)
    assert set(card_authors(me)) - {"vojtafoti"}, "no one else's portrait portfolio in the feed"
    me.go(card_names(me)[0], ".feed-card__name a")
    assert "portrét" in [tag.text for tag in me.driver.find_elements("css selector", ".tags .tag")]
    assert "@vojtafoti" not in me.text(".page-header__lead")

    # 3. Find out the name and location of the best-rated photographer.
    me.tab("feed")
    if me.named(me.t("feed.clear")):
        me.press(me.t("feed.clear"))
        me.wait_for(lambda: "tags=" not in me.driver.current_url, "the filter was not cleared")
    sort_feed_by_rating(me)
    best = card_authors(me)[0]
    assert best == "ad.fotograf"
    me.go("@" + best, ".feed-card__author")
    assert me.text(".profile__name") == "Adéla Dvořáková"
    assert "@ad.fotograf · Brno" in me.text(".profile__identity")

    # 4. Rate the profile of the best photographer (he gave her 4 stars before).
    me.rate(5)

    # 5. Add new tags to your portfolio named "Svatby".
    me.tab("profile")
    me.go("Svatby", ".portfolio-row__name a")
    me.go(me.t("portfolio.edit"), "main a")
    me.type(me.t("portfolio.tags"), "obřad tanec ", clear=False)
    me.go(me.t("portfolio.save"), ".form__actions button")
    assert [tag.text for tag in me.driver.find_elements("css selector", ".tags .tag")] == \
        ["svatba", "hudba", "oslava", "obřad", "tanec"]

    # 6. Delete all portfolios except the first.
    me.tab("profile")
    first, *others = profile_portfolios(me)
    assert others, "there is only one portfolio to begin with"
    for name in others:
        me.go(name, ".portfolio-row__name a")
        me.go(me.t("portfolio.delete"), "main a")
        me.go(me.t("pages.portfolioDelete.confirm"), "main button")
        me.tab("profile")
    assert profile_portfolios(me) == [first]

    # 7. Display the profile of the photographer who works in the town of Velvary.
    me.tab("search")
    me.choose(me.t("search.byLocation"))
    me.type(me.t("search.field"), "Velvary")
    result = me.wait_for(lambda: me.named("Petr Kučera", ".person-result", part=True), "Velvary found nobody")[0]
    click_and_wait_for_next_page(me.driver, result)
    assert me.text(".profile__name") == "Petr Kučera"
    assert "Velvary" in me.text(".profile__identity")


def bookmark(me, card):
    button = f"#{card.get_attribute('id')} [data-bookmark-button]"
    me.press(me.t("selection.add"), "[data-bookmark-button]", scope=card)
    me.wait_for(lambda: me.driver.find_element("css selector", button).get_attribute("aria-pressed") == "true",
                "the portfolio was not saved to the selection")


def selection_cards(me):
    return me.driver.find_elements("css selector", ".feed-cards--selection [data-feed-card]")


def author_of(card):
    return card.find_element("css selector", ".feed-card__author").text.removeprefix("@")


def test_s3_a_customer_shortlists_three_narrows_to_two_drops_an_author_and_writes_to_the_other(
        open_browser, module_server, way):
    me = participant_at(open_browser, module_server, way)
    # 1. Register as a regular user.  2. Log in.
    register_and_log_in(me, "client")

    # 3. Look at a wedding portfolio.
    me.tab("feed")
    filter_feed_by(me, "svatba")
    close_filter(me)
    me.go("Svatby", ".feed-card__name a")
    assert "svatba" in [tag.text for tag in me.driver.find_elements("css selector", ".tags .tag")]

    # 4. Add the three portfolios you like most to the shortlist: three by three photographers.
    me.tab("feed")
    if me.named(me.t("feed.clear")):
        me.press(me.t("feed.clear"))
        me.wait_for(lambda: "tags=" not in me.driver.current_url, "the filter was not cleared")
    liked, authors = [], set()
    for card in me.driver.find_elements("css selector", "[data-feed-cards] [data-feed-card]"):
        if author_of(card) in PHOTOGRAPHERS and author_of(card) not in authors and len(liked) < 3:
            bookmark(me, card)
            liked.append(card.find_element("css selector", ".feed-card__name").text)
            authors.add(author_of(card))
    assert len(liked) == 3

    # 5. Narrow the selection to two portfolios.
    me.tab("selection")
    assert sorted(card.find_element("css selector", ".feed-card__name").text for card in selection_cards(me)) == sorted(liked)
    me.go(me.t("selection.removeEntry"), "button")  # the first card's
    assert len(selection_cards(me)) == 2

    # 6. Look at the profile of one of the portfolio authors.
    shown = author_of(selection_cards(me)[0])
    me.go("@" + shown, ".feed-card__author")
    assert me.text(".profile__name") == PHOTOGRAPHERS[shown][0]

    # 7. The displayed user doesn't suit you; remove them from the portfolio selection.
    me.tab("selection")
    theirs = next(card for card in selection_cards(me) if author_of(card) == shown)
    click_and_wait_for_next_page(me.driver, me.the(me.t("selection.removeEntry"), "button", scope=theirs))
    remaining = selection_cards(me)
    assert len(remaining) == 1 and author_of(remaining[0]) != shown
    other = author_of(remaining[0])

    # 8. Contact the author of the portfolio that remains in your selection.
    me.go(me.t("profile.writeMessage"), ".feed-cards--selection button")
    assert path_of(me.driver).startswith("/messages/")
    assert PHOTOGRAPHERS[other][0] in me.text("h1")
    send_message(me, "Dobrý den, líbí se mi vaše portfolio. Máte volno v červnu?")


def test_s4_a_customer_finds_photographers_in_praha_and_enquires_with_the_first(open_browser, module_server, way):
    me = participant_at(open_browser, module_server, way)
    # The account of the previous scenario: a customer who has registered before.
    account = new_account("client")
    register_over_http(me.driver, module_server, account, me.language)
    me.driver.delete_all_cookies()
    language, _ = way

    # 1. Log in to your profile from the previous scenario.
    me.driver.get(module_server + "/")
    me.log_in(account.username, account.password)

    # 2. Search for photographers in the city of Praha.
    me.tab("search")
    me.choose(me.t("search.byLocation"))
    me.type(me.t("search.field"), "Praha")
    me.wait_for(lambda: me.driver.find_elements("css selector", ".people__row [data-request-shoot]"),
                "the search found no photographer in Praha")

    # 3. Send an enquiry to the first photographer the search finds.
    first = next(row for row in me.driver.find_elements("css selector", ".people__row")
                 if row.find_elements("css selector", "[data-request-shoot]"))
    photographer = first.find_element("css selector", ".person-result").get_attribute("href").rsplit("/", 1)[1]
    assert PHOTOGRAPHERS[photographer][1] == "Praha"
    click_and_wait_for_next_page(me.driver, me.the(me.t("bookings.actions.request"), "a", part=True, scope=first))
    assert path_of(me.driver) == f"/u/{photographer}/shoot"
    me.type(me.t("bookings.fields.kind"), "Rodinné focení")
    me.set_date(me.t("bookings.fields.firstDay"), a_day_ahead(120 if language == "cs" else 121))
    me.type(me.t("bookings.fields.hours"), "2")
    me.type(me.t("bookings.fields.message"), "Dobrý den, rádi bychom fotky s dětmi na Petříně.")
    me.go(me.t("bookings.request.send"), "[data-shoot-send]")
    assert path_of(me.driver).startswith("/messages/"), "the enquiry did not end in the conversation"
    request = me.wait_for(lambda: me.driver.find_elements("css selector", "[data-shoot-card='request']"),
                          "the conversation does not show the enquiry")[-1]
    assert "Rodinné focení" in request.text
    assert PHOTOGRAPHERS[photographer][0] in me.text("h1")

    # 4. Log out (a phone shows the conversation alone, without the tabs: back first).
    back_to_messages(me)
    me.log_out()
    assert path_of(me.driver) == "/"


def test_s5_vojtafoti_replies_loads_new_portfolios_filters_sorts_and_rates(open_browser, vojtas_server, way):
    me = participant_at(open_browser, vojtas_server, way)

    # 1. Log in as "vojtafoti", password "heslovo".
    me.driver.get(vojtas_server + "/")
    me.log_in("vojtafoti", "heslovo")

    # 2. Reply to the newly arrived message: the newest conversation, marked unread.
    me.tab("messages")
    newest = me.driver.find_elements("css selector", "[data-conversation-list] .conversation")[0]
    assert "conversation--unread" in newest.get_attribute("class"), "the newest message is not marked unread"
    title = newest.find_element("css selector", ".conversation__title").text
    me.go(title, ".conversation__link", part=True)
    send_message(me, "Dobrý den, v 10 tam budu.")
    back_to_messages(me)
    me.wait_for(lambda: "conversation--unread" not in me.driver.find_elements(
        "css selector", "[data-conversation-list] .conversation")[0].get_attribute("class"), "the answered conversation stayed unread")

    # 3. Load new portfolios: someone publishes one while the feed is open.
    me.tab("feed")
    before = card_names(me)
    name = "Nové mosty " + me.language
    Publisher(vojtas_server, "velvary.foto").publish(name, "architektura most", ["architecture-pont-du-gard-aqueduct.jpg"],
                                                     "Akvadukt Pont du Gard za ranního světla.")
    assert card_names(me) == before, "the feed changed before it was refreshed"
    me.press(me.t("feed.refresh"), "[data-feed-refresh]")
    me.wait_for(lambda: card_names(me)[:1] == [name], "refreshing did not bring the new portfolio")

    # 4. Show only portfolios with an architecture theme.
    filter_feed_by(me, "architektura")
    me.wait_for(lambda: card_names(me) and all(portfolio_has_tag(card, "architektura") for card in feed_cards(me)),
                "the feed still shows portfolios without the architecture tag")
    assert name in card_names(me) and "Architektura" in card_names(me)
    assert card_authors(me)[0] == "velvary.foto"  # the newest first

    # 5. Sort portfolios by the authors' rating: michal1 (4.0) before velvary.foto (3.3).
    sort_feed_by_rating(me)
    assert "tags=architektura" in me.driver.current_url
    me.wait_for(lambda: card_authors(me)[0] == "michal1", "sorting by rating did not put the better-rated author first")

    # 6. Go to the profile of the author of the portfolio you like most.
    favourite = card_authors(me)[0]
    me.go("@" + favourite, ".feed-card__author")
    assert me.text(".profile__name") == PHOTOGRAPHERS[favourite][0]

    # 7. Rate their profile (the demo's vojtafoti gave michal1 4 stars before).
    me.rate(5)


def feed_cards(me):
    return me.driver.find_elements("css selector", "[data-feed-cards] [data-feed-card]")


def portfolio_has_tag(card, tag):
    return tag in [t.text for t in card.find_elements("css selector", ".tags .tag")]
