"""The people of the soak test and what they do: guests browsing the feed and searching,
members chatting in direct conversations and a group while their live streams are open
(photographers' work is in work.py, bookings and reports in desk.py). Each actor is a thread
that stops at the deadline; the ledger matches every sent message, and every change of a
gallery's picks, to the streams that should see it."""
import collections
import html
import random
import re
import shutil
import subprocess
import threading
import time
import uuid as uuids

from client import EventStream, Visitor

LOAD_MORE = re.compile(r'href="([^"]+)" data-load-more')
TAG_LINK = re.compile(r'href="(/\?tags=[^"]+)"')
PORTFOLIO_LINK = re.compile(r'href="(/portfolios/\d+)"')
MEDIA_SOURCE = re.compile(r'src="(/media/[^"]+)"')
PROFILE_LINK = re.compile(r'href="(/u/[^"/?#]+)"')

FEED_ADDRESSES = ["/", "/", "/?sort=rating", "/?tags=svatba", "/?tags=svatba,praha", "/?tags=krajina&sort=rating",
                  "/?maxRate=1200", "/?tags=soak", "/?tags=soak,mesto&sort=rating"]
SEARCHES = [("plz", "location"), ("praha", "location"), ("brn", "location"), ("olo", "location"), ("vojta", "name"),
            ("nov", "name"), ("ad", "name"), ("soak", "name"), ("jana", "name"), ("zzz", "name")]
TAGS = ["soak", "krajina", "mesto", "portret", "svatba", "praha", "noc", "priroda", "jidlo"]
PHRASES = ["Dobrý den, máte volno v sobotu?", "Posílám podklady, ozvěte se prosím.", "Díky, fotky jsou nádherné!",
           "Kolik stojí hodina v ateliéru?", "Sraz v 10:00 u Karlova mostu.", "Ještě jednu otázku: světlo ráno, nebo večer?",
           "Odkaz na inspiraci: https://example.com/inspirace", "Platí to tak 👍", "Řeknu to i ostatním.\nA pošlu mapu."]


class Counts:
    """Counters several threads add to."""

    def __init__(self):
        self.lock = threading.Lock()
        self.values = collections.Counter()

    def add(self, name, amount=1):
        with self.lock:
            self.values[name] += amount

    def set(self, name, value):
        with self.lock:
            self.values[name] = value

    def __getitem__(self, name):
        with self.lock:
            return self.values[name]


class Shelf:
    """The soak's own portfolios as they come and go: a page of one deleted a moment ago may
    rightly answer 404 to a guest who found its link just before."""

    def __init__(self):
        self.lock = threading.Lock()
        self.deleted = set()

    def deleting(self, portfolio_id):
        with self.lock:
            self.deleted.add(portfolio_id)

    def is_deleted(self, path):
        found = re.fullmatch(r"/portfolios/(\d+)", path)
        with self.lock:
            return bool(found) and int(found.group(1)) in self.deleted


class Clock:
    """The run's deadline and the event that ends it early (a signal)."""

    def __init__(self, seconds):
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        self.stop = threading.Event()

    def running(self):
        return not self.stop.is_set() and time.monotonic() < self.deadline

    def pause(self, low, high, rate=1.0):
        """Thinks for a random time (shorter when the rate is higher), never past the deadline."""
        wanted = random.uniform(low, high) / max(rate, 0.01)
        self.stop.wait(max(0.0, min(wanted, self.deadline - time.monotonic())))

    def elapsed(self):
        return time.monotonic() - self.started


# Photos ------------------------------------------------------------------------------------------

class PhotoMaker:
    """Small JPEGs, each different, made by ImageMagick's convert."""

    def __init__(self, convert):
        self.convert = convert

    def make(self):
        width, height = random.choice([(960, 720), (800, 1000), (1200, 800), (1080, 1080)])
        colours = ["#%02x%02x%02x" % tuple(random.randrange(256) for _ in range(3)) for _ in range(4)]
        command = [self.convert, "-size", f"{width}x{height}", f"gradient:{colours[0]}-{colours[1]}"]
        for colour in colours[2:]:
            x, y, r = random.randrange(width), random.randrange(height), random.randrange(40, 260)
            command += ["-fill", colour, "-draw", f"circle {x},{y} {x + r},{y}"]
        command += ["-quality", "85", "jpg:-"]
        return subprocess.run(command, check=True, capture_output=True, timeout=30).stdout


# People ------------------------------------------------------------------------------------------

class Person:
    def __init__(self, visitor, username, role, password):
        self.visitor, self.username, self.role, self.password = visitor, username, role, password
        self.rooms = []
        self.lock = threading.Lock()  # one request at a time per browser


def register(base_url, tally, username, role, location):
    """Registers through the form, as a browser without JavaScript would, and comes back signed in."""
    visitor = Visitor(base_url, tally, username)
    password = f"Soak-{uuids.uuid4().hex[:12]}"
    visitor.get("/register", "register-form")
    form = {"role": role, "username": username, "fullName": f"Soak {username.split('.')[-1].title()}",
            "email": f"{username}@soak.invalid", "location": location, "password": password,
            "passwordConfirmation": password}
    if role == "creator":
        form.update(bio="Fotím město i krajinu.", yearsOfExperience="5", hourlyRate=str(random.choice([900, 1100, 1500])))
    status, headers, _ = visitor.post("/register", "register", form, expect=(303,))
    if status != 303 or "session" not in visitor.cookies:
        raise RuntimeError(f"could not register {username}: HTTP {status}")
    visitor.get("/messages", "messages-list")  # the session's CSRF token
    return Person(visitor, username, role, password)


def log_in(base_url, tally, username, password):
    """Signs in through the login form (a demo account)."""
    visitor = Visitor(base_url, tally, username)
    visitor.get("/login", "login-form")
    status, _, _ = visitor.post("/login", "login", {"identifier": username, "password": password}, expect=(303,))
    if status != 303 or "session" not in visitor.cookies:
        raise RuntimeError(f"could not sign in as {username}: HTTP {status}")
    visitor.get("/messages", "messages-list")  # the session's CSRF token
    return Person(visitor, username, "client", password)


def room_of(location):
    return int(location.rstrip("/").rsplit("/", 1)[1].split("#")[0].split("?")[0])


def direct_room(person, other):
    status, headers, _ = person.visitor.post("/messages/direct", "room-direct", {"username": other.username}, expect=(303,))
    if status != 303:
        raise RuntimeError(f"no conversation between {person.username} and {other.username}: HTTP {status}")
    return room_of(headers["location"])


def group_room(person, name, members):
    form = {"name": name, "members": ", ".join(m.username for m in members)}
    status, headers, _ = person.visitor.post("/messages/groups", "room-group", form, expect=(303,))
    if status != 303:
        raise RuntimeError(f"no group {name}: HTTP {status}")
    return room_of(headers["location"])


# Actors ------------------------------------------------------------------------------------------

def guest(base_url, tally, clock, rate, name, visitors, shelf):
    """Browses like a guest: a feed address, its tag links and "Load more", a portfolio and
    its photos, now and then a search; a new visitor (no cookies) every so often. The last
    visitor's connection stays open (in `visitors`) until the last sample has been taken."""
    visitor = Visitor(base_url, tally, name)
    visitors.append(visitor)
    visits = 0
    while clock.running():
        visits += 1
        if visits % 15 == 0:
            visitor.close()
            visitor = Visitor(base_url, tally, name)
            visitors.append(visitor)
        if random.random() < 0.25:
            query, mode = random.choice(SEARCHES)
            _, _, page = visitor.get(f"/search?q={query}&by={mode}", "search")
            profiles = PROFILE_LINK.findall(page)
            if profiles and random.random() < 0.5 and clock.running():
                clock.pause(0.3, 1.0, rate)
                visitor.get(random.choice(profiles), "profile")
            clock.pause(0.3, 1.2, rate)
            continue
        _, _, page = visitor.get(random.choice(FEED_ADDRESSES), "feed")
        for _ in range(random.choice([0, 0, 1, 2])):
            links = TAG_LINK.findall(page) if random.random() < 0.4 else LOAD_MORE.findall(page)
            if not links or not clock.running():
                break
            clock.pause(0.3, 1.2, rate)
            _, _, page = visitor.get(html.unescape(random.choice(links)), "feed-next")
        photos = MEDIA_SOURCE.findall(page)
        for source in random.sample(photos, min(2, len(photos))):
            if clock.running():
                visitor.get(source, "media")
        portfolios = PORTFOLIO_LINK.findall(page)
        if portfolios and random.random() < 0.5 and clock.running():
            clock.pause(0.3, 1.2, rate)
            address = random.choice(portfolios)
            status, _, _ = visitor.get(address, "portfolio", expect=(200, 404))
            if status == 404 and not shelf.is_deleted(address):
                tally.error("portfolio", "GET", address, "HTTP 404", "a portfolio nobody deleted")
        clock.pause(0.3, 1.2, rate)


def chatter(person, streams_by_user, ledger, tally, clock, rate, members_by_room, serial):
    """Writes in its rooms every few seconds, now and then sends a message again under the
    same uuid (the Retry button), opens a room and marks it read, looks at the list."""
    clock.pause(0, 5, rate)
    while clock.running():
        room = random.choice(person.rooms)
        others = [u for u in members_by_room[room] if u != person.username]
        text = f"{next(serial)} {random.choice(PHRASES)}"
        if others and random.random() < 0.2:
            text += f" @{random.choice(others)}"
        message_uuid = str(uuids.uuid4())
        ledger.will_send(message_uuid, room, person.username)
        form = {"uuid": message_uuid, "content": text}
        with person.lock:
            status, _, _ = person.visitor.post(f"/messages/{room}", "message", form, expect=(201,),
                                               headers={"Accept": "application/json"})
        ledger.answered(message_uuid, status)
        if status != 201 or random.random() < 0.05:
            # As the Retry button does: the same uuid, stored once.
            clock.pause(0.5, 1.5)
            with person.lock:
                again, _, _ = person.visitor.post(f"/messages/{room}", "message-again", form,
                                                  expect=(200, 201) if status != 201 else (200,),
                                                  headers={"Accept": "application/json"})
            ledger.answered(message_uuid, again)
        chance = random.random()
        if chance < 0.15:
            with person.lock:
                person.visitor.get(f"/messages/{room}", "room")
            streams = streams_by_user.get(person.username, [])
            latest = max((s.latest_in_room.get(room, 0) for s in streams), default=0)
            if latest:
                with person.lock:
                    person.visitor.post(f"/messages/{room}/read", "room-read", {"upTo": str(latest)},
                                        headers={"Accept": "application/json"})
        elif chance < 0.25:
            with person.lock:
                person.visitor.get(random.choice(["/messages", "/messages?unread=1", "/messages?unread=1&relevant=1"]),
                                   "messages-list")
        elif chance < 0.35:
            with person.lock:
                person.visitor.get(random.choice(FEED_ADDRESSES), "feed-signed-in")
        clock.pause(3, 8, rate)


def open_streams(people, ledger, tally, clock, extra_tabs):
    """One live stream per person, two for the first `extra_tabs` people (a second tab)."""
    streams_by_user = collections.defaultdict(list)
    for index, person in enumerate(people):
        for tab in range(2 if index < extra_tabs else 1):
            stream = EventStream(person.visitor, f"{person.username}#{tab + 1}", person.rooms, ledger.on_message, tally,
                                 clock.deadline, on_other=ledger.on_other)
            stream.username = person.username
            ledger.add_stream(stream)
            streams_by_user[person.username].append(stream)
            stream.start()
    return streams_by_user


def find_convert(explicit):
    """ImageMagick's convert: the one asked for, else Debian's, else whatever `convert` is."""
    for candidate in [explicit, "/usr/bin/convert", shutil.which("convert")]:
        if candidate and shutil.which(candidate):
            return candidate
    return None
