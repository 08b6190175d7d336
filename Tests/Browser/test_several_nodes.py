"""Nodes of one site, real processes on loopback: one PostgreSQL database, one mosquitto,
one media folder, and haproxy from deploy/haproxy.cfg where a test needs it. A message posted
through one node reaches a stream (or a browser) on another once; a session, its forms and a
portfolio's changes are the same whichever node answers; the nodes ride out PostgreSQL and
the broker going away, a node killed under a stream, and a node stopped behind haproxy."""

import contextlib
import getpass
import html
import re
import secrets
import signal
import socket
import statistics
import subprocess
import time
import urllib.request
import uuid as uuids

import pytest

from browser_helpers import DESKTOP, PHONE, wait_until
from conftest import REPO_ROOT, launch_server
from live_client import EventStream, Person
from test_messages import ask_and_answer, live_streams, open_chat


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port):
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


class Broker:
    """One mosquitto for the nodes: a listener on loopback, one user with a password."""

    def __init__(self, folder):
        folder.mkdir()
        self.user, self.password, self.port = "fotofolio", secrets.token_urlsafe(18), free_port()
        passwords = folder / "passwords"
        subprocess.run(["mosquitto_passwd", "-b", "-c", str(passwords), self.user, self.password], check=True,
                       capture_output=True, timeout=30)
        passwords.chmod(0o600)
        configuration = folder / "mosquitto.conf"
        configuration.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {passwords}\n"
                                 f"persistence false\nlog_dest file {folder / 'mosquitto.log'}\nuser {getpass.getuser()}\n")
        self.process = subprocess.Popen(["mosquitto", "-c", str(configuration)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_until(lambda: listening(self.port), message="mosquitto did not start listening")

    @property
    def url(self):
        return f"mqtt://{self.user}:{self.password}@127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def start_nodes(started, names, postgres_site, broker, folder, live_poll, extra=()):
    """Starts nodes of one site on loopback (the nodes' database, this broker, the demo
    photos) into `started`, so the caller stops those that did start if one does not."""
    _, database_url, workspace = postgres_site
    for name in names:
        started.append(launch_server(folder / name, folder / f"{name}.log", extra=[
            "--database-url", database_url, "--mqtt-url", broker.url, "--media-dir", str(workspace / "data" / "media"),
            "--node-name", name, "--live-poll", str(live_poll), *extra]))
    return [server.url for server in started]


class Haproxy:
    """haproxy from deploy/haproxy.cfg in front of the nodes, on a free port of loopback."""

    def __init__(self, folder, node_urls):
        folder.mkdir()
        self.port, self.stats_port = free_port(), free_port()
        servers = "".join(f"    server {name} {url.split('//', 1)[1]}\n" for name, url in node_urls.items())
        template = (REPO_ROOT / "deploy" / "haproxy.cfg").read_text()
        configuration = folder / "haproxy.cfg"
        configuration.write_text(template.replace("@PORT@", str(self.port)).replace("@STATS_PORT@", str(self.stats_port))
                                 .replace("@MAXCONN@", "4096")
                                 .replace("    @NODES@\n", servers).replace("bind *:", "bind 127.0.0.1:"))
        with open(folder / "haproxy.log", "w") as log:
            self.process = subprocess.Popen(["haproxy", "-db", "-f", str(configuration)], stdout=log, stderr=log)
        try:
            wait_until(lambda: self.up() == set(node_urls), message="haproxy did not see every node up")
        except BaseException:
            self.stop()
            raise

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def up(self):
        """The nodes haproxy's health checks find up."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.stats_port}/;csv", timeout=5) as response:
                rows = response.read().decode().splitlines()
        except OSError:
            return set()
        servers = [row.split(",") for row in rows if row.startswith("nodes,") and not row.startswith("nodes,BACKEND,")]
        return {fields[1] for fields in servers if fields[17] == "UP"}

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def stop_node(server):
    """Stops a node that may be draining: a second SIGTERM, once the first has been taken
    (two sent at once arrive as one), ends a drain at once."""
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            server.process.send_signal(signal.SIGTERM)
    try:
        code = server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
        raise
    assert code in (0, -signal.SIGKILL)


def stop_site(started, broker, proxy=None):
    """Stops haproxy, the nodes and the broker; each step runs even when one before it
    fails, so no process outlives the test."""
    with contextlib.ExitStack() as cleanup:
        cleanup.callback(broker.stop)
        for server in started:
            cleanup.callback(stop_node, server)
        if proxy:
            cleanup.callback(proxy.stop)


@contextlib.contextmanager
def behind_haproxy(names, postgres_site, folder, extra=()):
    """Nodes of one site, their own broker and haproxy in front: yields (haproxy, the nodes)."""
    broker = Broker(folder / "broker")
    started, proxy = [], None
    try:
        urls = start_nodes(started, names, postgres_site, broker, folder, live_poll=0, extra=["--trust-proxy", *extra])
        proxy = Haproxy(folder / "haproxy", dict(zip(names, urls)))
        yield proxy, started
    finally:
        stop_site(started, broker, proxy)


@pytest.fixture(scope="module")
def nodes(postgres_site, tmp_path_factory):
    """Two nodes of one site: (url of node a, url of node b). The safety poll is off, so
    delivery across nodes depends on the shared broker."""
    folder = tmp_path_factory.mktemp("nodes")
    broker = Broker(folder / "broker")
    started = []
    try:
        yield tuple(start_nodes(started, ("a", "b"), postgres_site, broker, folder, live_poll=0))
    finally:
        stop_site(started, broker)


def on(person, base_url):
    """The same browser (its cookies) talking to another node."""
    return Person.at(base_url, person.cookies)


def test_a_message_posted_through_one_node_reaches_a_stream_on_the_other_once(nodes):
    a, b = nodes
    jana, vojta = Person(a, "jana.k"), Person(b, "vojtafoti")
    room = jana.room_with("vojtafoti")
    stream = EventStream(vojta)
    try:
        wait_until(lambda: stream.connections == 1, message="the stream on node b did not open")
        sent = [f"přes uzly {number}" for number in range(5)]
        for text in sent:
            status, _ = jana.post(room, text)
            assert status == 201
        stream.wait_for(lambda s: len(s.contents()) >= len(sent), "node b's stream did not get every message")
        # Anything twice would have come with the rest.
        assert stream.contents() == sent
    finally:
        stream.close()


def test_a_session_and_its_forms_work_whichever_node_answers(nodes):
    a, b = nodes
    jana = Person(a, "jana.k")
    room = jana.room_with("vojtafoti")
    for number in range(6):
        node = on(jana, (a, b)[number % 2])
        status, _, page = node.request("GET", "/messages")
        assert status == 200 and "jana.k" in page
        # A token read from one node's page is good on the other.
        token = on(jana, (b, a)[number % 2]).csrf()
        status, reply = node.post(room, f"střídavě {number}", token=token)
        assert status == 201, reply


def rename_newest_portfolio(writer, reader):
    """The reader node renders (and keeps) the feed's newest card, then its owner renames the
    portfolio through the writer node: returns the reader's feed page afterwards and the new name."""
    guest = Person.at(reader)
    feed = guest.request("GET", "/")[2]
    portfolio = re.search(r'<h2 class="feed-card__name"><a href="/portfolios/(\d+)">([^<]+)</a>', feed)
    number, old_name = portfolio.group(1), html.unescape(portfolio.group(2))
    owner = re.search(r'href="/u/([a-z0-9._]+)"', guest.request("GET", f"/portfolios/{number}")[2]).group(1)
    author = Person(writer, owner)
    form = author.request("GET", f"/portfolios/{number}/edit")[2]
    photos = re.findall(r'name="photo" value="(\d+)"', form)
    new_name = f"{old_name} – {uuids.uuid4().hex[:6]}"
    token = re.search(r'name="_csrf" value="([^"]+)"', form).group(1)
    fields = [("_csrf", token), ("name", new_name), ("save", "1")] + [("photo", photo) for photo in photos]
    status, _, _ = author.request("POST", f"/portfolios/{number}", fields)
    assert status == 303
    return guest.request("GET", "/")[2], new_name


def test_a_portfolio_renamed_on_one_node_shows_in_the_others_feed_at_once(nodes):
    a, b = nodes
    feed, new_name = rename_newest_portfolio(a, b)
    assert html.escape(new_name, quote=False) in feed


def test_while_the_database_is_away_pages_say_try_again_and_the_nodes_recover_on_their_own(nodes, postgres_site):
    a, b = nodes
    cluster = postgres_site[2] / "cluster"
    script = REPO_ROOT / "deploy" / "postgres.sh"
    jana = Person(a, "jana.k")
    room = jana.room_with("vojtafoti")
    assert jana.post(room, "před výpadkem")[0] == 201
    subprocess.run([str(script), "stop", str(cluster)], check=True, capture_output=True, timeout=60)
    try:
        for node in (a, b):
            status, headers, page = on(jana, node).request("GET", "/messages", headers={"Accept-Language": "en"})
            assert status == 503 and headers.get("retry-after") == "5", (status, headers)
            assert "Back in a moment" in page
            assert Person.at(node).request("GET", "/healthz")[0] == 503
    finally:
        subprocess.run([str(script), "start", str(cluster)], check=True, capture_output=True, timeout=120)
    # No restart: each node's pool connects afresh once it finds its old connections gone.
    for node in (a, b):
        wait_until(lambda: on(jana, node).request("GET", "/messages")[0] == 200, message=f"{node} did not recover")
    assert "před výpadkem" in on(jana, b).request("GET", f"/messages/{room}")[2]
    assert on(jana, b).post(room, "po výpadku")[0] == 201


def test_with_the_broker_gone_the_safety_poll_delivers_across_nodes_and_pages_are_current(postgres_site, tmp_path):
    broker = Broker(tmp_path / "broker")
    started = []
    try:
        c, d = start_nodes(started, ("c", "d"), postgres_site, broker, tmp_path, live_poll=1)
        jana, vojta = Person(c, "jana.k"), Person(d, "vojtafoti")
        room = jana.room_with("vojtafoti")
        stream = EventStream(vojta)
        try:
            wait_until(lambda: stream.connections == 1, message="the stream on node d did not open")
            assert jana.post(room, "s brokerem")[0] == 201
            stream.wait_for(lambda s: s.contents() == ["s brokerem"], "the first message did not arrive")
            broker.process.kill()
            broker.process.wait(timeout=30)
            sent = [f"bez brokera {number}" for number in range(3)]
            for text in sent:
                assert jana.post(room, text)[0] == 201
            stream.wait_for(lambda s: s.contents() == ["s brokerem", *sent], "the safety poll did not deliver")
            # A node's caches are keyed by what they show and need no word from the broker:
            # a change is on the other node's next page, broker or not.
            feed, new_name = rename_newest_portfolio(c, d)
            assert html.escape(new_name, quote=False) in feed
        finally:
            stream.close()
    finally:
        stop_site(started, broker)


@contextlib.contextmanager
def chat_through(proxy, started):
    """jana.k writes to vojtafoti through haproxy while his stream, also through haproxy, is
    open on one of the nodes: yields (jana, their room, his stream)."""
    jana, vojta = Person(proxy.url, "jana.k"), Person(proxy.url, "vojtafoti")
    room = jana.room_with("vojtafoti")
    stream = EventStream(vojta)
    try:
        wait_until(lambda: sum(live_streams(server.url) for server in started) == 1, message="the stream did not open")
        yield jana, room, stream
    finally:
        stream.close()


def test_through_haproxy_each_event_reaches_the_stream_at_once_not_with_the_next_one(postgres_site, tmp_path):
    """A stream's response never ends, so haproxy holds each event back for the rest of the
    response unless told otherwise (`option http-no-delay`): every message then came about
    200 ms late, the kernel's cork timer. Messages are posted one at a time here and each
    must arrive well before that; the bound is far above a delivery on this machine (a few ms)."""
    with behind_haproxy(("c", "d"), postgres_site, tmp_path) as (proxy, started):
        with chat_through(proxy, started) as (jana, room, stream):
            took = []
            for number in range(1, 8):
                start = time.monotonic()
                assert jana.post(room, f"hned {number}")[0] == 201
                stream.wait_for(lambda s: len(s.contents()) == number, f"message {number} did not arrive")
                took.append(time.monotonic() - start)
            assert statistics.median(took) < 0.1, f"post to receipt through haproxy, seconds: {took}"


def test_through_haproxy_a_stream_moves_to_another_node_when_its_node_dies_and_misses_nothing(postgres_site, tmp_path):
    with behind_haproxy(("e", "f"), postgres_site, tmp_path) as (proxy, started):
        with chat_through(proxy, started) as (jana, room, stream):
            holder = next(server for server in started if live_streams(server.url) == 1)
            before = ["před pádem 1", "před pádem 2"]
            for text in before:
                assert jana.post(room, text)[0] == 201
            stream.wait_for(lambda s: s.contents() == before, "the first messages did not arrive")
            holder.kill()
            after = ["po pádu 1", "po pádu 2", "po pádu 3"]
            for text in after:
                # haproxy sends a request that finds the dead node refused to the other one.
                assert jana.post(room, text)[0] == 201
            stream.wait_for(lambda s: s.contents() == before + after, "the moved stream missed messages")
            assert stream.connections == 2


def test_a_stopping_node_leaves_haproxy_before_it_closes(postgres_site, tmp_path):
    with behind_haproxy(("g", "h"), postgres_site, tmp_path, extra=["--drain-seconds", "30"]) as (proxy, started):
        stopping = started[1]
        stopping.process.send_signal(signal.SIGTERM)
        # Out of the rotation while it still answers: its connections close only afterwards.
        wait_until(lambda: proxy.up() == {"g"}, message="haproxy kept the draining node")
        assert stopping.process.poll() is None
        assert Person.at(stopping.url).request("GET", "/")[0] == 200
        assert {Person.at(proxy.url).request("GET", "/")[0] for _ in range(6)} == {200}
        stopping.process.send_signal(signal.SIGTERM)
        assert stopping.process.wait(timeout=30) == 0


def test_two_people_in_two_browsers_on_two_nodes_chat_live(nodes, open_browser):
    a, b = nodes
    room = Person(a, "martin.b").room_with("lenka.svetlo")
    martin, lenka = open_browser(size=PHONE), open_browser(size=DESKTOP, language="en")
    open_chat(martin, a, "martin.b", room)
    open_chat(lenka, b, "lenka.svetlo", room)
    ask_and_answer(martin, lenka, "Píšu přes uzel a", "And I answer through node b")
