"""Nothing is lost when the broker or the server goes down: a stream of messages keeps
flowing while mosquitto is killed (and restarted by its supervisor), while the server is
restarted with SIGTERM, and after it is killed with SIGKILL. Each test runs its own server
with the safety poll off, so delivery depends on MQTT and on replay from Last-Event-ID."""

import os
import signal
import socket
import subprocess
import time

import pytest

from browser_helpers import wait_until
from conftest import BINARY, REPO_ROOT, seed
from live_client import EventStream, Person

MESSAGES = 30


def broker_pid(server):
    return int((server.data_dir / "mqtt" / "mosquitto.pid").read_text().strip())


def process_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def post_all(person, room, numbers):
    token = person.csrf()
    for number in numbers:
        status, _ = person.post(room, f"Zpráva {number}", token)
        assert status == 201


def arrived_once_in_order(stream, count):
    expected = [f"Zpráva {number}" for number in range(1, count + 1)]
    stream.wait_for(lambda s: len(s.contents()) >= count, f"not all {count} messages arrived", timeout=60)
    assert stream.contents() == expected


def test_killing_the_broker_loses_nothing(own_server):
    server = own_server()
    jana, vojta = Person(server.url, "jana.k"), Person(server.url, "vojtafoti")
    room = jana.room_with("vojtafoti")
    stream = EventStream(vojta)
    stream.wait_for(lambda s: s.connections == 1, "the stream did not open")
    first = broker_pid(server)
    post_all(jana, room, range(1, 11))
    os.kill(first, signal.SIGKILL)
    post_all(jana, room, range(11, MESSAGES + 1))
    arrived_once_in_order(stream, MESSAGES)
    assert broker_pid(server) != first
    stream.close()


@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL"])
def test_restarting_the_server_mid_stream_loses_nothing(own_server, how):
    server = own_server()
    jana, vojta = Person(server.url, "jana.k"), Person(server.url, "vojtafoti")
    room = jana.room_with("vojtafoti")
    stream = EventStream(vojta)
    stream.wait_for(lambda s: s.connections == 1, "the stream did not open")
    post_all(jana, room, range(1, 11))
    stream.wait_for(lambda s: len(s.contents()) == 10, "the first messages did not arrive")
    old_broker = broker_pid(server)
    if how == "SIGTERM":
        server.stop()
    else:
        server.kill()
    # Posted at once after the restart, mostly before the stream has reconnected: those
    # come by replay from Last-Event-ID, the rest live.
    restarted = own_server(port=server.port)
    post_all(Person(restarted.url, "jana.k"), room, range(11, MESSAGES + 1))
    arrived_once_in_order(stream, MESSAGES)
    assert stream.connections >= 2
    # A killed server's broker does not outlive the next start.
    wait_until(lambda: not process_alive(old_broker), message="the killed server's broker is still running")
    stream.close()


def brokers_of(server):
    """Every mosquitto running from this server's broker configuration."""
    configuration = str(server.data_dir / "mqtt" / "mosquitto.conf")
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            arguments = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
        except OSError:
            continue
        if arguments[0].endswith(b"mosquitto") and configuration.encode() in arguments:
            found.append(int(entry))
    return found


def test_a_killed_server_takes_its_broker_with_it_and_a_start_runs_one(own_server):
    server = own_server()
    assert brokers_of(server) == [broker_pid(server)]
    server.kill()
    wait_until(lambda: brokers_of(server) == [], message="the broker outlived its SIGKILLed server")
    restarted = own_server(port=server.port)
    assert brokers_of(restarted) == [broker_pid(restarted)]


def test_a_server_stopped_while_it_starts_still_stops_cleanly(tmp_path):
    """A service manager may stop the server at once: SIGTERM while the broker has started
    but the HTTP daemon has not must still end in a clean exit, not the signal's default."""
    seed(tmp_path / "data")
    command = [str(BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path / "data"),
               "--public-dir", str(REPO_ROOT / "Public"), "--templates-dir", str(REPO_ROOT / "Templates")]
    process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    for line in process.stderr:
        if "Started a private MQTT broker" in line:
            process.send_signal(signal.SIGTERM)
            break
        assert time.monotonic() < deadline, "the broker did not start"
    try:
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()


def test_the_data_folder_and_the_broker_files_are_private(own_server):
    server = own_server()
    mode = lambda path: oct(path.stat().st_mode & 0o777)
    data = server.data_dir
    assert mode(data) == "0o700"
    assert mode(data / "mqtt") == "0o700"
    assert mode(data / "mqtt" / "passwords") == "0o600"
    for name in ("fotofolio.sqlite", "fotofolio.sqlite-wal"):
        assert mode(data / name) == "0o600", name
    originals = next(data.rglob("originals"))
    assert mode(originals) == "0o700"
    assert {mode(path) for path in originals.iterdir()} == {"0o600"}


def test_a_stream_that_stops_reading_does_not_hold_up_others(own_server):
    server = own_server()
    jana, vojta = Person(server.url, "jana.k"), Person(server.url, "vojtafoti")
    room = jana.room_with("vojtafoti")
    reading = EventStream(vojta)
    reading.wait_for(lambda s: s.connections == 1, "the stream did not open")
    stuck = socket.create_connection(("127.0.0.1", server.port))
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.sendall(f"GET /live HTTP/1.1\r\nHost: x\r\nCookie: session={vojta.cookies['session']}\r\n\r\n".encode())
    token = jana.csrf()
    text = "x" * 4000
    for number in range(400):
        assert jana.post(room, text, token)[0] == 201
    reading.wait_for(lambda s: len(s.contents()) == 400, "the reading stream fell behind", timeout=60)
    stuck.close()
    reading.close()
