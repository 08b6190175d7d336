"""Bookings and reports in the soak test: a client asks a photographer for a shoot, the
photographer offers (or now and then declines), the client accepts, and one of them cancels,
so busy days come free again; each step is a card in their conversation, which the ledger
expects on both people's streams. Clients report now and then what they see (a portfolio, a
photo, a message), and the operator `spravce` settles every open report from the moderation
desk, so the open list stays short."""
import datetime
import html
import random
import re

SHOOT_OFFER = re.compile(r'href="/shoots/(\d+)/offer"')
OFFER_ACCEPT = re.compile(r'href="/offers/(\d+)/accept"')
BOOKING_CANCEL = re.compile(r'href="/bookings/(\d+)/cancel"')
FORM_UUID = re.compile(r'name="uuid" value="([^"]+)"')
FORM_INPUT = re.compile(r'<input class="field__input" id="[^"]*" name="([^"]+)" type="[^"]*" value="([^"]*)"')
FORM_TEXTAREA = re.compile(r'<textarea class="field__input" id="[^"]*" name="([^"]+)"[^>]*>([^<]*)</textarea>')
REPORT_LINK = re.compile(r'href="/report\?subject=((?:portfolio|photo|profile):\d+)"')
MESSAGE_CHOICE = re.compile(r'name="subject" value="(message:\d+)"')
OPEN_CASE = re.compile(r'data-case="([a-z]+:\d+)"')
KINDS = ["Portrét", "Svatba", "Rodinné focení", "Produktové fotky", "Firemní akce"]
REASONS = ["spam", "harassment", "stolenWork", "inappropriate", "other"]


def newest(pattern, page):
    found = [int(n) for n in pattern.findall(page)]
    return max(found) if found else None


def form_values(page):
    """The values a form's fields were filled in with, as the browser would send them."""
    return {name: html.unescape(value) for name, value in FORM_INPUT.findall(page) + FORM_TEXTAREA.findall(page)}


def step(person, form_path, send_path, kind, fields, room, ledger, tally):
    """One step of a shoot as a browser takes it: its form (for the card's uuid), then the form
    sent; the card is expected on the streams of both people in the room."""
    with person.lock:
        status, _, page = person.visitor.get(form_path, f"{kind}-form")
    found = FORM_UUID.search(page or "")
    if status != 200 or not found:
        if status == 200:
            tally.error(f"{kind}-form", "GET", form_path, "no uuid in the form", "")
        return None, ""
    message_uuid = found.group(1)
    ledger.will_send(message_uuid, room, person.username)
    with person.lock:
        status, _, _ = person.visitor.post(send_path, kind, {"uuid": message_uuid, **fields(page)}, expect=(303,))
    ledger.answered(message_uuid, 201 if status == 303 else status)
    return status, page


def room_page(person, room):
    with person.lock:
        return person.visitor.get(f"/messages/{room}", "room")[2] or ""


def shoots(client, photographer, room, first_offset, ledger, tally, clock, rate, counts):
    """Request, offer, acceptance and cancellation, round after round, each on a day of its
    own (`first_offset` days ahead and on); one request in five is declined instead."""
    clock.pause(5, 30, rate)
    round_number = 0
    while clock.running():
        round_number += 1
        day = datetime.date.today() + datetime.timedelta(days=first_offset + 3 * (round_number % 200))
        request = {"kind": random.choice(KINDS), "firstDay": day.isoformat(), "lastDay": "", "town": "Praha",
                   "hours": str(random.choice([1, 2, 3])), "budget": str(random.choice([900, 1200, 1500])),
                   "message": f"Kolo {round_number}: hodilo by se vám to?"}
        path = f"/u/{photographer.username}/shoot"
        status, _ = step(client, path, path, "shoot-request", lambda _: request, room, ledger, tally)
        if status != 303:
            clock.pause(30, 60, rate)
            continue
        counts.add("shoot_requests")
        clock.pause(2, 6, rate)
        request_id = newest(SHOOT_OFFER, room_page(photographer, room))
        if request_id is None:
            tally.error("room", "GET", f"/messages/{room}", "no request card to answer", photographer.username)
            continue
        if random.random() < 0.2:
            step(photographer, f"/shoots/{request_id}/decline", f"/shoots/{request_id}/decline", "shoot-decline",
                 lambda _: {"reason": "Ten den už fotím jinde."}, room, ledger, tally)
            counts.add("shoot_declines")
            clock.pause(30, 60, rate)
            continue
        # The offer as its form fills it in from the request.
        status, _ = step(photographer, f"/shoots/{request_id}/offer", f"/shoots/{request_id}/offer", "shoot-offer",
                         lambda page: {**form_values(page), "included": "Výběr 30 upravených fotek."}, room, ledger, tally)
        if status != 303:
            continue
        clock.pause(2, 6, rate)
        offer_id = newest(OFFER_ACCEPT, room_page(client, room))
        if offer_id is None:
            tally.error("room", "GET", f"/messages/{room}", "no offer card to accept", client.username)
            continue
        status, _ = step(client, f"/offers/{offer_id}/accept", f"/offers/{offer_id}/accept", "shoot-accept",
                         lambda _: {}, room, ledger, tally)
        if status != 303:
            continue
        counts.add("bookings")
        clock.pause(5, 15, rate)
        canceller = random.choice([client, photographer])
        with canceller.lock:
            _, _, page = canceller.visitor.get("/bookings", "bookings")
        booking_id = newest(BOOKING_CANCEL, room_page(canceller, room)) or newest(BOOKING_CANCEL, page or "")
        if booking_id is None:
            tally.error("room", "GET", f"/messages/{room}", "no booking card to cancel", canceller.username)
            continue
        with canceller.lock:
            canceller.visitor.get(f"/bookings/{booking_id}/calendar.ics", "booking-ics")
        status, _ = step(canceller, f"/bookings/{booking_id}/cancel", f"/bookings/{booking_id}/cancel", "booking-cancel",
                         lambda _: {"reason": "Musíme to přesunout, ozvu se."}, room, ledger, tally)
        if status == 303:
            counts.add("cancellations")
        clock.pause(30, 60, rate)


def reporter(clients, demo_portfolios, tally, clock, rate, counts):
    """Every few minutes one of the clients reports something: a demo portfolio or one of its
    photos, from the portfolio's own report links, or someone's message in one of their rooms."""
    clock.pause(20, 60, rate)
    while clock.running():
        person = random.choice(clients)
        reason = random.choice(REASONS)
        details = "Tohle sem nepatří." if reason == "other" or random.random() < 0.5 else ""
        if random.random() < 0.5:
            room = random.choice(person.rooms)
            with person.lock:
                _, _, page = person.visitor.get(f"/messages/{room}/report", "report-message-form")
            choices = MESSAGE_CHOICE.findall(page or "")
            form = {"subject": random.choice(choices), "room": str(room)} if choices else None
        else:
            with person.lock:
                _, _, page = person.visitor.get(random.choice(demo_portfolios), "portfolio-signed-in")
            subjects = REPORT_LINK.findall(page or "")
            form = {"subject": random.choice(subjects)} if subjects else None
            if form:
                with person.lock:
                    person.visitor.get(f"/report?subject={form['subject']}", "report-form")
        if form:
            with person.lock:
                status, _, _ = person.visitor.post("/report", "report", {**form, "reason": reason, "details": details},
                                                   expect=(303,))
                if status == 303:
                    counts.add("reports")
                    person.visitor.get("/reports?sent=1", "reports")
        clock.pause(120, 300, rate)


def moderator(operator, tally, clock, rate, counts):
    """The operator's round every minute or two: every open case on the desk dismissed with a
    reason; now and then the audit log. Records how many cases were open at each round."""
    clock.pause(30, 60, rate)
    rounds = 0
    while clock.running():
        rounds += 1
        with operator.lock:
            _, _, page = operator.visitor.get("/moderation", "moderation")
        cases = list(dict.fromkeys(OPEN_CASE.findall(page or "")))
        counts.set("open_cases", len(cases))
        counts.set("open_cases_max", max(counts["open_cases_max"], len(cases)))
        for subject in cases:
            with operator.lock:
                status, _, _ = operator.visitor.post("/moderation/actions", "moderation-dismiss", {
                    "subject": subject, "action": "dismiss", "reason": "Bez porušení pravidel."}, expect=(303,))
            if status == 303:
                counts.add("cases_settled")
        if rounds % 5 == 0:
            with operator.lock:
                operator.visitor.get("/moderation/log", "moderation-log")
        clock.pause(60, 120, rate)
