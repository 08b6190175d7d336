"""The notification ladder end to end, with a server that pushes to the tests' own push service
(which checks the VAPID token and decrypts every push with an independent implementation)
and mails to a sink: a person with a live tab gets no push; without one, exactly one push per
message, with the conversation's title, first line and address; still unread, one mail; and a
read on a device closes the notification with a push of its own and cancels the mail."""

import json
import sqlite3

from browser_helpers import wait_until
from conftest import launch_server, seed
from live_client import EventStream, Person
from mail_sink import Sink, text_of
from push_service_client import PushService

FAST = ["--mail-poll", "0.2", "--missed-message-delay", "4", "--mail-retry-seconds", "0.5", "--push-poll", "0.2"]
TOMAS = "tomas.priroda@demo.fotofolio.cz"


def present(data_dir, username):
    """Whether the database says a node holds a live stream of the person's (what the push
    sender asks before it pushes)."""
    with sqlite3.connect(f"file:{data_dir}/fotofolio.sqlite?mode=ro", uri=True) as db:
        return db.execute("SELECT COUNT(*) FROM livePresence JOIN user ON user.id = livePresence.userId WHERE user.username = ?",
                          (username,)).fetchone()[0] > 0


def mailed(sink, text):
    """The mails to tomas that quote `text`."""
    return [mail for mail in sink.messages_to(TOMAS) if text in text_of(mail)]


def gauges(server):
    """This process's push and mail backlog, read as the operator would (on the same machine)."""
    _, _, metrics = Person.at(server.url).request("GET", "/metrics")
    _, _, status = Person.at(server.url).request("GET", "/status", headers={"Accept": "application/json"})
    pushes = next(float(line.split()[-1]) for line in metrics.splitlines() if line.startswith("fotofolio_push_waiting_pushes "))
    return pushes, json.loads(status)["internals"]["mailWaiting"]


def test_an_open_tab_then_one_push_then_one_mail_and_a_read_closes_the_notification(tmp_path):
    service = PushService(tmp_path / "push")
    sink = Sink(tmp_path / "sink")
    seed(tmp_path / "data")
    server = launch_server(tmp_path / "data", tmp_path / "server.log",
                           extra=["--smtp-url", sink.url, "--push-allow-endpoint", service.origin, *FAST])
    try:
        martin, tomas = Person(server.url, "martin.b"), Person(server.url, "tomas.priroda")
        device = service.subscribe("tomas")
        status, _, _ = tomas.request("POST", "/push/subscriptions", {"_csrf": tomas.csrf(), **device}, {"Accept": "application/json"})
        assert status == 201
        room = martin.room_with("tomas.priroda")
        token = martin.csrf()

        # 1. A tab is open: it tells tomas itself, and nothing is pushed.
        stream = EventStream(tomas)
        wait_until(lambda: present(server.data_dir, "tomas.priroda"), message="the open tab was not recorded as present")
        assert martin.post(room, "Jsi tu?", token)[0] == 201
        stream.wait_for(lambda heard: "Jsi tu?" in heard.contents(), "the tab did not hear the message")
        wait_until(lambda: gauges(server)[0] == 0, message="the push of a message seen live was not settled")
        assert service.received("tomas") == []

        # 2. No tab: one push, decrypted by the service, saying who, what and where.
        stream.close()
        # The test's stream lets go of its socket at the next line the server writes, a
        # heartbeat at most 15 s away; the server then counts it out at once.
        wait_until(lambda: not present(server.data_dir, "tomas.priroda"), timeout=45, message="the closed tab stayed present")
        assert martin.post(room, "Máš čas v sobotu?\nDruhý řádek", token)[0] == 201
        [push] = service.wait_for("tomas", 1)
        payload = json.loads(push["payload"])
        assert payload["body"] == "Máš čas v sobotu?" and payload["url"] == f"/messages/{room}"
        assert payload["tag"] == f"room-{room}" and payload["close"] is False and "Martin" in payload["title"]
        assert push["headers"]["urgency"] == "high" and push["headers"]["topic"] and int(push["headers"]["ttl"]) > 0
        assert push["vapid"]["aud"] == service.origin and push["vapid"]["sub"].startswith("mailto:")

        # 3. Still unread after the delay: one mail says it.
        wait_until(lambda: mailed(sink, "Máš čas v sobotu?"), timeout=30, message="the unread message was not mailed")

        # 4. Read on a device: the notification is closed by a push, and the new message is not mailed.
        assert martin.post(room, "A v neděli?", token)[0] == 201
        service.wait_for("tomas", 2)
        # Opening the conversation on a device of his (his own navigation) reads it.
        assert tomas.request("GET", f"/messages/{room}", headers={"Sec-Fetch-Site": "none"})[0] == 200
        pushes = service.wait_for("tomas", 3)
        closing = json.loads(pushes[-1]["payload"])
        assert closing["close"] is True and closing["tag"] == f"room-{room}"
        assert pushes[-1]["headers"]["topic"] == pushes[0]["headers"]["topic"], "the close replaces the message at the service"
        wait_until(lambda: gauges(server) == (0, 0), timeout=15, message="pushes or mails still waited")
        assert len(mailed(sink, "Máš čas v sobotu?")) == 1
        assert mailed(sink, "A v neděli?") == [], "a message read before its delay is not mailed"
        assert len(service.received("tomas")) == 3
    finally:
        server.stop()
        sink.stop()
        service.stop()
