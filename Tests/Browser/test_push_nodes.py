"""The notification ladder across processes: a server killed between its steps neither
repeats a step nor skips one, and on three nodes of one site a tab open on one node keeps
the others from pushing, while without it exactly one of the three senders pushes."""

import subprocess

from browser_helpers import wait_until
from conftest import launch_server, seed
from live_client import EventStream, Person
from mail_sink import Sink, text_of
from push_service_client import PushService
from test_push_ladder import FAST, TOMAS, gauges
from test_several_nodes import Broker, start_nodes

# The subject of a mail of unread messages, one ("Nepřečtená zpráva") or more ("… nepřečtené zprávy").
UNREAD = "epřečten"


def subscribe(person, service, name):
    """A device of the person's, made by the push service as a browser would."""
    device = service.subscribe(name)
    status, _, _ = person.request("POST", "/push/subscriptions", {"_csrf": person.csrf(), **device}, {"Accept": "application/json"})
    assert status == 201


def logged(server, text):
    return text in server.log_path.read_text(errors="replace")


def test_a_server_killed_between_the_steps_neither_repeats_nor_skips_one(tmp_path):
    service = PushService(tmp_path / "push")
    sink = Sink(tmp_path / "sink")
    seed(tmp_path / "data")
    extra = ["--smtp-url", sink.url, "--push-allow-endpoint", service.origin, *FAST]
    server = launch_server(tmp_path / "data", tmp_path / "server.log", extra=extra)
    try:
        martin, tomas = Person(server.url, "martin.b"), Person(server.url, "tomas.priroda")
        subscribe(tomas, service, "tomas")
        room = martin.room_with("tomas.priroda")
        before = len(sink.messages_to(TOMAS, UNREAD))

        # Killed while the push waits to be tried again (the push service is busy): after the
        # restart it goes, once.
        service.reply("tomas", 503)
        assert martin.post(room, "Máš čas v sobotu?", martin.csrf())[0] == 201
        wait_until(lambda: logged(server, "to be tried again"), message="the push was not tried")
        server.kill()
        service.reply("tomas", None)
        server = launch_server(tmp_path / "data", tmp_path / "server.log", port=server.port, extra=extra)
        [push] = service.wait_for("tomas", 1)
        assert "Máš čas v sobotu?" in push["payload"]
        wait_until(lambda: gauges(server)[0] == 0, message="the push was not marked sent")

        # Killed again after the push: it is not repeated, and the mail of the message left
        # unread comes once, whether it went before the kill or after the restart.
        server.kill()
        server = launch_server(tmp_path / "data", tmp_path / "server.log", port=server.port, extra=extra)
        mails = sink.wait_for(TOMAS, UNREAD, count=before + 1)
        assert "Máš čas v sobotu?" in text_of(mails[-1])
        wait_until(lambda: gauges(server) == (0, 0), timeout=15, message="pushes or mails still waited")
        assert len(sink.messages_to(TOMAS, UNREAD)) == before + 1
        assert len(service.received("tomas")) == 1
    finally:
        if server.process.poll() is None:
            server.stop()
        sink.stop()
        service.stop()


def sql(database_url, query, *arguments):
    """One value from the site's PostgreSQL database, read with psql."""
    command = ["psql", database_url, "-XAtq", "-c", query]
    for index, value in enumerate(arguments):
        command[-1] = command[-1].replace(f":{index}", "'" + str(value).replace("'", "''") + "'")
    return subprocess.run(command, check=True, capture_output=True, text=True, timeout=30).stdout.strip()


def present(database_url, username):
    return sql(database_url, "SELECT count(*) FROM live_presence p JOIN account a ON a.id = p.user_id "
                             "WHERE a.username = :0 AND p.seen_at > now() - interval '60 seconds'", username) != "0"


def waiting_pushes(database_url, username):
    return int(sql(database_url, "SELECT count(*) FROM push p JOIN account a ON a.id = p.recipient_id "
                                 "WHERE a.username = :0 AND p.state = 'pending'", username))


def test_on_three_nodes_a_tab_on_one_stops_every_push_and_without_it_one_node_pushes_once(postgres_site, tmp_path):
    _, database_url, _ = postgres_site
    service = PushService(tmp_path / "push")
    broker = Broker(tmp_path / "broker")
    started = []
    try:
        a, b, c = start_nodes(started, ("pa", "pb", "pc"), postgres_site, broker, tmp_path, live_poll=1,
                              extra=["--push-allow-endpoint", service.origin, "--push-poll", "0.2"])
        tomas, martin = Person(a, "tomas.priroda"), Person(c, "martin.b")
        subscribe(tomas, service, "tomas-nodes")
        room = martin.room_with("tomas.priroda")
        token = martin.csrf()

        # His tab is on node b; martin writes through node c; node a took his device.
        stream = EventStream(Person(b, "tomas.priroda"))
        wait_until(lambda: present(database_url, "tomas.priroda"), message="the tab on node b was not recorded")
        assert martin.post(room, "Vidíš to na uzlu b?", token)[0] == 201
        stream.wait_for(lambda heard: "Vidíš to na uzlu b?" in heard.contents(), "the tab did not hear the message")
        wait_until(lambda: waiting_pushes(database_url, "tomas.priroda") == 0, message="the push was not settled")
        assert service.received("tomas-nodes") == []

        # No tab anywhere: three senders, one push.
        stream.close()
        wait_until(lambda: not present(database_url, "tomas.priroda"), message="the closed tab stayed present")
        assert martin.post(room, "Teď nikde", token)[0] == 201
        [push] = service.wait_for("tomas-nodes", 1)
        assert "Teď nikde" in push["payload"]
        wait_until(lambda: waiting_pushes(database_url, "tomas.priroda") == 0, message="the push was not marked sent")
        assert len(service.received("tomas-nodes")) == 1
    finally:
        for server in started:
            server.stop()
        broker.stop()
        service.stop()
