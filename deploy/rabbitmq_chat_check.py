"""The chat check of deploy/rabbitmq.sh: jana.k posts through the first Fotofolio node while
vojtafoti's live stream is open on the second, and RabbitMQ nodes are killed under them.

1. Steady: messages go through while every RabbitMQ node runs.
2. The RabbitMQ node holding the reader's broker connection (found through haproxy's session
   table) gets SIGKILL; posting goes on through the outage. It is started again afterwards.
3. The same for the RabbitMQ node holding the writer's connection.
4. People's own MQTT accounts, kept through the management API: jana.k makes one on the first
   node's settings page; with it mosquitto_sub reads her conversation and mosquitto_pub posts
   the thesis's payload into it as her; the cluster refuses a wildcard subscription, another
   room, and a command under another account's name; leaving a group closes the client's
   connection; a user deleted behind the site's back comes back; and revoking the account on
   the second node shuts it out.
5. (MINORITY=1) More nodes are killed until fewer than a majority run: what becomes of new MQTT
   connections, of a second connection with a client id already in use, and of the chat.

Every message of steps 1 to 3 must reach the stream exactly once, in the order posted, and
sooner than PROMPT seconds after it was posted: the nodes run with a safety poll longer than
the check (LIVE_POLL), so only the broker (a wake-up, or the catch-up read a node makes when
its connection comes back) can deliver it that soon. Step 4 is reported, not judged: it shows
how RabbitMQ behaves, which its configuration decides. Step 4 must hold within ACCESS seconds
of each change. Prints PASS or FAIL; exits 0 on PASS.

deploy/rabbitmq.sh runs it with the nodes' addresses; it needs the browser tests' packages
(Tests/Browser/live_client.py)."""

import argparse
import base64
import os
import re
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "Browser"))
from live_client import EventStream, Person  # noqa: E402

PROMPT = 10.0  # seconds within which every message must arrive
ACCESS = 10.0  # seconds within which the cluster follows a change to a person's MQTT account
REAPPLY = 30.0  # seconds after which the nodes apply unchanged accounts again (BrokerAccess)
GAP = 0.25  # seconds between two posts
SIGN_IN_PASSWORD = "heslovo"  # the demo accounts' (fotofolio seed)


class Arrivals(list):
    """The stream's list of events, noting when each one came."""

    def __init__(self, *items):
        super().__init__(*items)
        self.times = [time.monotonic()] * len(self)

    def append(self, item):
        self.times.append(time.monotonic())
        super().append(item)


class TimedStream(EventStream):
    """EventStream whose events carry their arrival time (its constructor assigns `events`)."""

    @property
    def events(self):
        return self._events

    @events.setter
    def events(self, value):
        self._events = Arrivals(value)

    def arrivals(self, prefix):
        """(content, arrival time) of the messages whose content starts with `prefix`."""
        with self.lock:
            return [(event["data"]["content"], at) for event, at in zip(self._events, self._events.times)
                    if event["kind"] == "message" and event["data"]["content"].startswith(prefix)]


def broker_state(url):
    """What a node's /status says of its MQTT connection (connected, reconnecting…)."""
    request = urllib.request.Request(url + "/status", headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            text = response.read().decode()
    except OSError:
        return "unreachable"
    found = re.search(r'"broker"\s*:\s*"([a-z]+)"', text)
    return found.group(1) if found else "unknown"


class BrokerWatch(threading.Thread):
    """Reads every node's broker state each 50 ms and keeps the changes with their times."""

    def __init__(self, nodes):
        super().__init__(daemon=True)
        self.nodes = nodes
        self.changes = {name: [] for name in nodes}
        self.stopped = False
        self.start()

    def run(self):
        last = {}
        while not self.stopped:
            for name, url in self.nodes.items():
                state = broker_state(url)
                if state != last.get(name):
                    self.changes[name].append((time.monotonic(), state))
                    last[name] = state
            time.sleep(0.05)

    def stop(self):
        self.stopped = True
        self.join(timeout=5)

    def reconnected_after(self, name, since):
        """Seconds from `since` until the node's connection came back, None if it never went."""
        lost = False
        for at, state in self.changes[name]:
            if at < since:
                continue
            if state != "connected":
                lost = True
            elif lost:
                return at - since
        return None if not lost else float("inf")

    def losses(self, name, since):
        """How often the node's connection went down after `since`."""
        states = [state for at, state in self.changes[name] if at >= since]
        before = [state for at, state in self.changes[name] if at < since]
        previous = before[-1] if before else None
        count = 0
        for state in states:
            if previous == "connected" and state != "connected":
                count += 1
            previous = state
        return count

    def now_connected(self, name):
        return bool(self.changes[name]) and self.changes[name][-1][1] == "connected"


class Site:
    """The processes deploy/rabbitmq.sh started, as the check needs them."""

    def __init__(self, options):
        self.folder = Path(options.folder)
        self.script = options.script
        self.mqtt_port = options.mqtt_port
        self.nodes = dict(item.split("=", 1) for item in options.nodes)
        self.rabbits = list(options.rabbits)
        self.running = set(self.rabbits)
        connection = (self.folder / "rabbitmq" / "connection").read_text()
        self.password = re.search(r"^MQTT_PASSWORD=(.*)$", connection, re.M).group(1)

    def pid_of(self, rabbit):
        """The Erlang VM of a RabbitMQ node, if it still runs from this folder."""
        try:
            pid = int((self.folder / "rabbitmq" / rabbit / "rabbitmq-server.pid").read_text())
            environment = Path(f"/proc/{pid}/environ").read_bytes()
        except (OSError, ValueError):
            return None
        return pid if f"{self.folder}/".encode() in environment else None

    def node_pid(self, name):
        return int((self.folder / f"{name}.pid").read_text())

    def kill(self, rabbit):
        """SIGKILL: the node gets no chance to close its connections or tell the cluster."""
        pid = self.pid_of(rabbit)
        assert pid, f"{rabbit} does not run"
        os.kill(pid, signal.SIGKILL)
        self.running.discard(rabbit)
        deadline = time.monotonic() + 10
        while self.pid_of(rabbit) and time.monotonic() < deadline:
            time.sleep(0.02)

    def restart(self, rabbit):
        """Starts the node again and waits until the cluster and haproxy have it back."""
        subprocess.run([self.script, "restart-rabbit", str(self.folder), rabbit], check=True, timeout=120,
                       stdout=subprocess.DEVNULL)
        self.running.add(rabbit)

    def haproxy_sessions(self):
        """{client port: RabbitMQ node} for every connection haproxy passes to a node."""
        with socket.socket(socket.AF_UNIX) as stats:
            stats.settimeout(5)
            stats.connect(str(self.folder / "haproxy" / "stats.sock"))
            stats.sendall(b"show sess\n")
            text = b""
            while chunk := stats.recv(65536):
                text += chunk
        return {int(port): server for port, server in
                re.findall(r"src=[\d.]+:(\d+) fe=mqtt be=rabbitmq srv=(\S+)", text.decode())}

    def haproxy_up(self):
        with urllib.request.urlopen(self.stats_url(), timeout=5) as response:
            rows = [row.split(",") for row in response.read().decode().splitlines()]
        return {row[1] for row in rows if row[0] == "rabbitmq" and row[1].startswith("rabbit-") and row[17] == "UP"}

    def stats_url(self):
        state = (self.folder / "rabbitmq" / "state").read_text()
        return "http://127.0.0.1:%s/;csv" % re.search(r"^stats_port=(\d+)$", state, re.M).group(1)

    def broker_of(self, name):
        """The RabbitMQ node that carries a Fotofolio node's MQTT connection."""
        if len(self.rabbits) == 1:
            return self.rabbits[0]
        ports = mqtt_client_ports(self.node_pid(name), self.mqtt_port)
        sessions = self.haproxy_sessions()
        found = [sessions[port] for port in ports if port in sessions]
        return found[0] if found else None


def mqtt_client_ports(pid, port):
    """Local ports of a process's established TCP connections to 127.0.0.1:`port`."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = []
    with open(f"/proc/{pid}/net/tcp") as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            if inode in inodes and state == "01" and int(remote.split(":")[1], 16) == port:
                ports.append(int(local.split(":")[1], 16))
    return ports


def mqtt_packet(kind, body):
    """An MQTT control packet: its first byte, the remaining length, the body."""
    length, size = b"", len(body)
    while True:
        size, digit = divmod(size, 128)
        length += bytes([digit | (0x80 if size else 0)])
        if not size:
            return bytes([kind]) + length + body


def mqtt_text(value):
    data = value.encode()
    return struct.pack("!H", len(data)) + data


def mqtt_connect(port, user, password, client_id, timeout=5):
    """A bare MQTT 3.1.1 CONNECT: (socket or None, what happened)."""
    # Protocol level 4 (3.1.1); flags: user name, password, clean session; keep-alive 60 s.
    body = (mqtt_text("MQTT") + bytes([4, 0xC2]) + struct.pack("!H", 60) + mqtt_text(client_id)
            + mqtt_text(user) + mqtt_text(password))
    started = time.monotonic()
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    except OSError as error:
        return None, f"no connection ({error.__class__.__name__})"
    try:
        connection.sendall(mqtt_packet(0x10, body))
        answer = connection.recv(4)
    except OSError as error:
        connection.close()
        return None, f"no answer ({error.__class__.__name__})"
    if len(answer) < 4:
        connection.close()
        return None, "closed without an answer"
    if answer[0] != 0x20 or answer[3] != 0:
        connection.close()
        return None, f"refused (CONNACK code {answer[3]})"
    return connection, f"accepted in {time.monotonic() - started:.3f} s"


def closed_within(connection, seconds):
    """Seconds until the broker closed the connection, or None if it stayed open that long."""
    started = time.monotonic()
    connection.settimeout(seconds)
    try:
        data = connection.recv(16)
    except socket.timeout:
        return None
    except OSError:
        data = b""
    return time.monotonic() - started if not data else None


def exchange(port, user, password, packet, answer_size):
    """A new connection of the account's sends `packet`: (connection or None, the answer's
    bytes, b"" when the broker closed the connection, or what went wrong)."""
    connection, outcome = mqtt_connect(port, user, password, f"check-{uuid.uuid4().hex[:10]}")
    if not connection:
        return None, f"no connection: {outcome}"
    connection.sendall(packet)
    connection.settimeout(5)
    try:
        return connection, connection.recv(answer_size)
    except OSError:
        return connection, b""


def subscribe_packet(topic):
    return mqtt_packet(0x82, struct.pack("!H", 1) + mqtt_text(topic) + b"\x00")


def granted(answer):
    return len(answer) == 5 and answer[0] == 0x90 and answer[4] != 0x80


def subscribed(port, user, password, topic):
    """A connection subscribed to `topic`, or None if the broker refused."""
    connection, answer = exchange(port, user, password, subscribe_packet(topic), 5)
    if connection and granted(answer):
        return connection
    if connection:
        connection.close()
    return None


def refused_subscription(port, user, password, topic):
    """What the broker does with a SUBSCRIBE to `topic`: 'granted' or why not."""
    connection, answer = exchange(port, user, password, subscribe_packet(topic), 5)
    if connection:
        connection.close()
    if isinstance(answer, str):
        return answer
    if not answer:
        return "closed the connection"
    if granted(answer):
        return "granted"
    return "refused (SUBACK 0x80)" if answer[:1] == b"\x90" else f"answered {answer.hex()}"


def refused_publish(port, user, password, topic, payload):
    """What the broker does with a QoS 1 PUBLISH to `topic`: 'acknowledged' or why not."""
    packet = mqtt_packet(0x32, mqtt_text(topic) + struct.pack("!H", 1) + payload.encode())
    connection, answer = exchange(port, user, password, packet, 4)
    if connection:
        connection.close()
    if isinstance(answer, str):
        return answer
    if not answer:
        return "closed the connection"
    return "acknowledged" if answer[0] == 0x40 else f"answered {answer.hex()}"


def wait_until(condition, seconds):
    """Seconds until `condition()` held, or None if it did not within `seconds`."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if condition():
            return time.monotonic() - started
        time.sleep(0.1)
    return None


def management(site, method, path):
    """A request to the management API as the nodes' accounts user; its HTTP status."""
    connection = (site.folder / "rabbitmq" / "connection").read_text()
    user = re.search(r"^ACCOUNTS_USER=(.*)$", connection, re.M).group(1)
    password = re.search(r"^ACCOUNTS_PASSWORD=(.*)$", connection, re.M).group(1)
    port = re.search(r"^MANAGEMENT_PORT=(\d+)$", connection, re.M).group(1)
    request = urllib.request.Request(f"http://127.0.0.1:{port}{urllib.parse.quote(path)}", method=method)
    request.add_header("Authorization", "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def thesis_payload(message_uuid, content):
    """The MQTT messenger thesis's own new-message command."""
    return ('{"type":"new-message","data":{"@type":{"swift":"B2aDicoMessengerMessageCreate"},'
            f'"uuid":"{message_uuid}","content":"{content}","timestamp":{int(time.time())}}}}}')


def same_client_id(site, wait):
    """Two connections with one client id: MQTT wants the broker to close the first."""
    client_id = f"check-{uuid.uuid4().hex[:10]}"
    first, outcome = mqtt_connect(site.mqtt_port, "fotofolio", site.password, client_id)
    if not first:
        return f"no first connection: {outcome}"
    try:
        second, outcome = mqtt_connect(site.mqtt_port, "fotofolio", site.password, client_id)
        if not second:
            return f"second connection {outcome}"
        try:
            after = closed_within(first, wait)
        finally:
            second.close()
    finally:
        first.close()
    if after is None:
        return f"both stayed open for {wait:.0f} s: the client id is not enforced"
    return f"the broker closed the first after {after:.2f} s"


class Chat:
    """jana.k writes through one node, vojtafoti reads on another."""

    def __init__(self, writer_url, reader_url, tag):
        self.tag = tag
        self.writer = Person(writer_url, "jana.k", SIGN_IN_PASSWORD)
        self.room = self.writer.room_with("vojtafoti")
        self.token = self.writer.csrf()
        self.stream = TimedStream(Person(reader_url, "vojtafoti", SIGN_IN_PASSWORD))
        deadline = time.monotonic() + 10
        while self.stream.connections < 1:
            assert time.monotonic() < deadline, "the reader's live stream did not open"
            time.sleep(0.02)
        self.sent = {}  # content -> time its POST began

    def post(self, content):
        started = time.monotonic()
        status, reply = self.writer.post(self.room, content, token=self.token)
        assert status == 201, f"posting {content!r} answered {status}: {reply}"
        self.sent[content] = started

    def wait_for(self, contents, seconds):
        """Waits until every one of these arrived; returns whether they did."""
        deadline = time.monotonic() + seconds
        wanted = set(contents)
        while time.monotonic() < deadline:
            if wanted <= {content for content, _ in self.stream.arrivals(self.tag)}:
                return True
            time.sleep(0.02)
        return False

    def latencies(self, contents):
        """Seconds from each message's POST to its first arrival (missing ones left out)."""
        first = {}
        for content, at in self.stream.arrivals(self.tag):
            first.setdefault(content, at)
        return [first[content] - self.sent[content] for content in contents if content in first]


def describe(values):
    if not values:
        return "none"
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s"


class Check:
    def __init__(self, options):
        self.options = options
        self.site = Site(options)
        self.names = list(self.site.nodes)
        self.writer, self.reader = self.names[0], self.names[1]
        self.run_tag = uuid.uuid4().hex[:6]
        self.chat = Chat(self.site.nodes[self.writer], self.site.nodes[self.reader], f"[{self.run_tag}]")
        self.judged = []  # contents whose exactly-once, in-order arrival decides PASS
        self.failures = []
        self.lines = []

    def say(self, line):
        print(line, flush=True)
        self.lines.append(line)

    def expect(self, condition, failure):
        if not condition:
            self.failures.append(failure)
            self.say(f"    FAIL: {failure}")

    def contents(self, stage, count):
        return [f"{self.chat.tag} {stage} {number}" for number in range(1, count + 1)]

    def steady(self):
        messages = self.contents("steady", 5)
        for content in messages:
            self.chat.post(content)
            time.sleep(GAP)
        self.judged += messages
        arrived = self.chat.wait_for(messages, PROMPT)
        latencies = self.chat.latencies(messages)
        self.say(f"  steady, {len(self.site.running)} RabbitMQ node(s): {len(latencies)}/{len(messages)} messages, "
                 f"latency {describe(latencies)}")
        self.expect(arrived and max(latencies) < PROMPT, "messages did not arrive promptly with every broker node up")

    def brokers(self):
        return {name: self.site.broker_of(name) for name in self.names}

    def kill_round(self, role):
        """Kills the RabbitMQ node carrying the reader's or the writer's connection."""
        target = self.reader if role == "reader" else self.writer
        before = self.brokers()
        victim = before[target]
        assert victim, f"haproxy shows no MQTT connection of {target}"
        hit = sorted(name for name, rabbit in before.items() if rabbit == victim)
        self.say(f"  kill -9 {victim} (the {role} {target}'s broker node; connections: "
                 + ", ".join(f"{name} on {before[name]}" for name in self.names) + ")")
        stage = f"after-{victim}-{role}"
        during, after = self.contents(stage + "-outage", 12), self.contents(stage + "-back", 4)
        watch = BrokerWatch(self.site.nodes)
        try:
            killed_at = time.monotonic()
            self.site.kill(victim)
            for content in during:
                self.chat.post(content)
                time.sleep(GAP)
            deadline = time.monotonic() + 30
            while not all(watch.now_connected(name) and watch.reconnected_after(name, killed_at) != float("inf")
                          for name in hit) and time.monotonic() < deadline:
                time.sleep(0.05)
            for content in after:
                self.chat.post(content)
                time.sleep(GAP)
            arrived = self.chat.wait_for(during + after, PROMPT)
        finally:
            watch.stop()
        for name in self.names:
            seconds = watch.reconnected_after(name, killed_at)
            if seconds is None:
                self.say(f"    {name}: kept its connection (on {before[name]})")
            elif seconds == float("inf"):
                self.say(f"    {name}: lost its connection and did not get it back")
            else:
                losses = watch.losses(name, killed_at)
                self.say(f"    {name}: connected again {seconds:.2f} s after the kill"
                         + (f" (lost its connection {losses} times in all)" if losses > 1 else "")
                         + f", now on {self.site.broker_of(name) or 'no node (not connected)'}")
            self.expect(seconds != float("inf"), f"{name} did not reconnect after {victim} was killed")
            self.expect(watch.losses(name, killed_at) <= 1, f"{name}'s broker connection kept dropping")
        outage, back = self.chat.latencies(during), self.chat.latencies(after)
        self.say(f"    {len(outage)}/{len(during)} messages posted in the {len(during) * GAP:.0f} s after the kill: "
                 f"latency {describe(outage)}")
        self.say(f"    {len(back)}/{len(after)} messages posted once the connections were back: latency {describe(back)}")
        self.judged += during + after
        self.expect(arrived, f"messages posted after killing {victim} did not all arrive within {PROMPT:.0f} s")
        self.expect(all(value < PROMPT for value in outage + back),
                    f"a message took {PROMPT:.0f} s or more after killing {victim}")
        return victim

    def restart(self, rabbit):
        started = time.monotonic()
        self.site.restart(rabbit)
        self.say(f"  {rabbit} started again: back in the cluster and in haproxy's rotation after "
                 f"{time.monotonic() - started:.1f} s")

    def minority(self):
        """Kills nodes until fewer than a majority run; reports what RabbitMQ then does."""
        majority = len(self.site.rabbits) // 2 + 1
        killed = []
        while len(self.site.running) >= majority:
            carriers = {rabbit for rabbit in self.brokers().values() if rabbit in self.site.running}
            victim = sorted(carriers or self.site.running)[0]
            self.site.kill(victim)
            killed.append(victim)
        left = sorted(self.site.running)
        self.say(f"  kill -9 {', '.join(killed)}: {len(left)} of {len(self.site.rabbits)} RabbitMQ nodes run "
                 f"({', '.join(left)}), fewer than a majority; cluster_partition_handling = "
                 f"{self.options.partition_handling}")
        # haproxy takes a dead node out after two failed checks a second apart, and a node that
        # pauses itself in the minority (pause_minority) closes its listener.
        expected = set() if self.options.partition_handling == "pause_minority" else set(left)
        deadline = time.monotonic() + 10
        while self.site.haproxy_up() != expected and time.monotonic() < deadline:
            time.sleep(0.1)
        connection, outcome = mqtt_connect(self.site.mqtt_port, "fotofolio", self.site.password,
                                           f"check-{uuid.uuid4().hex[:10]}")
        if connection:
            connection.close()
        self.say(f"    haproxy has {sorted(self.site.haproxy_up()) or 'no node'} up; a new MQTT connection: {outcome}")
        if connection:
            self.say(f"    a second connection with a client id in use: {same_client_id(self.site, 7)}")
        messages = self.contents("minority", 3)
        for content in messages:
            self.chat.post(content)
            time.sleep(GAP)
        self.chat.wait_for(messages, PROMPT)
        latencies = self.chat.latencies(messages)
        states = {name: broker_state(url) for name, url in self.site.nodes.items()}
        self.say(f"    nodes' brokers: {', '.join(f'{name} {state}' for name, state in states.items())}; "
                 f"{len(latencies)}/{len(messages)} messages within {PROMPT:.0f} s, latency {describe(latencies)}"
                 + ("" if len(latencies) == len(messages) else
                    f" (the rest wait for a wake-up or the safety poll, every {self.options.live_poll} s)"))

    def accounts(self):
        """jana.k's own MQTT client on the cluster, through haproxy like the nodes' connections."""
        port, writer, room = self.site.mqtt_port, self.chat.writer, self.chat.room
        page = writer.request("GET", "/profile/mqtt")[2]
        token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        # The database outlives a check (FOLDER/postgres): accounts an earlier one left go first.
        for action in re.findall(r'action="(/profile/mqtt/\d+/revoke)"', page):
            writer.request("POST", action, {"_csrf": token})
        status, headers, page = writer.request("POST", "/profile/mqtt", {"_csrf": token, "label": "Check"})
        assert status == 200, f"making an MQTT account answered {status}"
        name = re.search(r"data-mqtt-username>([a-z0-9._-]+)<", page).group(1)
        password = re.search(r"data-mqtt-password>([A-Za-z0-9]{32})<", page).group(1)
        self.say(f"  people's MQTT accounts: jana.k made {name} on {self.writer} "
                 f"(the answer: Cache-Control {headers.get('cache-control')})")
        self.expect(headers.get("cache-control") == "no-store", "the answer with the password may be kept")
        self.expect(f"-t &#39;fotofolio/chat-room/{room}/message&#39;" in page and "chat-room/+/message" not in page,
                    "the page's mosquitto_sub command does not subscribe room by room")

        def connects():
            connection, _ = mqtt_connect(port, name, password, f"check-{uuid.uuid4().hex[:10]}")
            if connection:
                connection.close()
            return connection is not None
        seconds = wait_until(connects, ACCESS)
        self.say(f"    the cluster took the account after {seconds:.2f} s" if seconds is not None
                 else f"    the cluster did not take the account within {ACCESS:.0f} s")
        self.expect(seconds is not None, "the cluster did not take the new account")
        if seconds is None:
            return

        # mosquitto_sub reads the conversation: the message is posted again until it comes.
        topic = f"fotofolio/chat-room/{room}/message"
        login = ["-h", "127.0.0.1", "-p", str(port), "-u", name, "-P", password]
        reader = subprocess.Popen(["mosquitto_sub"] + login + ["-t", topic, "-C", "1", "-W", str(int(PROMPT))],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            deadline = time.monotonic() + PROMPT
            while reader.poll() is None and time.monotonic() < deadline:
                self.chat.post(f"for {name}")
                time.sleep(0.5)
            output, _ = reader.communicate(timeout=PROMPT)
        finally:
            if reader.poll() is None:
                reader.kill()
        self.say(f"    mosquitto_sub as {name}: " + ("read its conversation" if f"for {name}" in output else f"read nothing ({output.strip()[:120]})"))
        self.expect(f"for {name}" in output, "the account's mosquitto_sub did not read its conversation")

        # mosquitto_pub posts the thesis's payload as jana.k; the reader's stream on the other node shows it.
        message_uuid = uuid.uuid4().hex + uuid.uuid4().hex
        content = f"from {name} over MQTT"
        published = subprocess.run(["mosquitto_pub"] + login + ["-q", "1", "-t",
                                   f"fotofolio/people/{name}/chat-room/{room}/new-message", "-m", thesis_payload(message_uuid, content)],
                                   capture_output=True, text=True, timeout=30)
        arrived = wait_until(lambda: any(event["kind"] == "message" and event["data"].get("content") == content
                                         for event in list(self.chat.stream.events)), PROMPT)
        self.say(f"    mosquitto_pub of the thesis's payload (exit {published.returncode}): "
                 + (f"in vojtafoti's stream on {self.reader} after {arrived:.2f} s" if arrived is not None else "never arrived"))
        self.expect(published.returncode == 0 and arrived is not None, "the thesis's payload posted as the account did not arrive")

        # What the cluster refuses.
        other = self.site_room_without_jana()
        refusals = {
            "a wildcard subscription": refused_subscription(port, name, password, "fotofolio/chat-room/+/message"),
            "another conversation's messages": refused_subscription(port, name, password, f"fotofolio/chat-room/{other}/message"),
            "a command under another account's name": refused_publish(
                port, name, password, f"fotofolio/people/vojtafoti-abcdef/chat-room/{room}/new-message",
                thesis_payload(uuid.uuid4().hex * 2, "posing")),
            "a command into another conversation": refused_publish(
                port, name, password, f"fotofolio/people/{name}/chat-room/{other}/new-message",
                thesis_payload(uuid.uuid4().hex * 2, "elsewhere")),
        }
        for what, outcome in refusals.items():
            self.say(f"    {what}: {outcome}")
            self.expect(outcome in ("closed the connection", "refused (SUBACK 0x80)"), f"the cluster let the account have {what}")

        # Leaving a group: the connection of a client subscribed to it is closed.
        group = writer.group(f"Check {self.run_tag}", ["vojtafoti"])
        topic = f"fotofolio/chat-room/{group}/message"
        joined = wait_until(lambda: refused_subscription(port, name, password, topic) == "granted", ACCESS)
        self.expect(joined is not None, "the account could not subscribe to a group it joined")
        connection = subscribed(port, name, password, topic)
        self.expect(connection is not None, "the account's subscription to its group was refused")
        # Joining another group only adds to what the account may do: the connection stays.
        second = writer.group(f"Check {self.run_tag} 2", ["vojtafoti"])
        grown = wait_until(lambda: refused_subscription(port, name, password, f"fotofolio/chat-room/{second}/message") == "granted",
                           ACCESS)
        kept = connection is not None and closed_within(connection, 1) is None
        self.say("    jana.k joined another group: subscribing to it granted after "
                 + (f"{grown:.2f} s" if grown is not None else "never")
                 + ("; the open connection stayed" if kept else "; the open connection was closed"))
        self.expect(grown is not None and kept, "joining a group did not add it to the account, or cut the client off")
        status, _, _ = writer.request("POST", f"/messages/{group}/members/remove", {"_csrf": writer.csrf(), "username": "jana.k"})
        closed = closed_within(connection, ACCESS) if connection else None
        refused = wait_until(lambda: refused_subscription(port, name, password, topic) != "granted", ACCESS)
        self.say(f"    jana.k left a group (HTTP {status}): the connection subscribed to it "
                 + (f"closed after {closed:.2f} s" if closed is not None else "stayed open")
                 + (f", a new subscription refused after {refused:.2f} s" if refused is not None else ", new subscriptions still granted"))
        self.expect(closed is not None and refused is not None, "leaving a group did not take it from the account")

        # A user deleted behind the site's back (a cluster rebuilt, an operator's slip) comes back.
        deleted = management(self.site, "DELETE", f"/api/users/{name}")
        gone = wait_until(lambda: not connects(), ACCESS)
        back = wait_until(connects, REAPPLY + ACCESS) if gone is not None else None
        self.say(f"    its RabbitMQ user deleted by hand (HTTP {deleted}): "
                 + (f"the nodes made it again after {back:.1f} s" if back is not None else "it did not come back"))
        self.expect(back is not None, "a user deleted by hand did not come back")

        # Revoking on the other node: the connection goes and the account is refused.
        other_node = Person(self.site.nodes[self.reader], "jana.k", SIGN_IN_PASSWORD)
        page = other_node.request("GET", "/profile/mqtt")[2]
        action = re.search(r'action="(/profile/mqtt/\d+/revoke)"', page).group(1)
        connection, _ = mqtt_connect(port, name, password, f"check-{uuid.uuid4().hex[:10]}")
        status, _, _ = other_node.request("POST", action, {"_csrf": other_node.csrf()})
        closed = closed_within(connection, ACCESS) if connection else None
        refused = wait_until(lambda: not connects(), ACCESS)
        self.say(f"    revoked on {self.reader} (HTTP {status}): the open connection "
                 + (f"closed after {closed:.2f} s" if closed is not None else "stayed open")
                 + (f", new ones refused after {refused:.2f} s" if refused is not None else ", new ones still taken"))
        self.expect(closed is not None and refused is not None, "revoking did not shut the account out")

    def site_room_without_jana(self):
        """A conversation jana.k is not in: vojtafoti's with ad.fotograf."""
        return Person(self.site.nodes[self.reader], "vojtafoti", SIGN_IN_PASSWORD).room_with("ad.fotograf")

    def order(self):
        """Every judged message exactly once, in the order posted."""
        judged = set(self.judged)
        got = [content for content, _ in self.chat.stream.arrivals(self.chat.tag) if content in judged]
        twice = len(got) - len(set(got))
        in_order = got == self.judged
        self.say(f"  all {len(self.judged)} judged messages: {len(set(got))} arrived, {twice} more than once, "
                 f"{'in the order posted' if in_order else 'NOT in the order posted'}; the reader's stream "
                 f"opened {self.chat.stream.connections} time(s)")
        self.expect(in_order and twice == 0, "messages were lost, repeated or out of order")

    def run(self):
        rabbits = len(self.site.rabbits)
        self.say(f"Chat check {self.run_tag}: {rabbits} RabbitMQ node(s), {len(self.names)} Fotofolio nodes "
                 f"(jana.k writes on {self.writer}, vojtafoti reads on {self.reader}), safety poll every "
                 f"{self.options.live_poll} s, everything started in {self.options.started_in} s")
        if rabbits > 1:
            self.say(f"  client id tracking with every node up: {same_client_id(self.site, 7)}")
        self.steady()
        if rabbits >= 3:
            first = self.kill_round("reader")
            self.restart(first)
            self.kill_round("writer")
        self.order()
        self.accounts()
        if rabbits >= 3 and self.options.minority == "1":
            self.minority()
        self.chat.stream.close()
        if self.failures:
            self.say("FAIL: " + "; ".join(self.failures))
            return 1
        self.say("PASS")
        return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", required=True)
    parser.add_argument("--script", required=True)
    parser.add_argument("--mqtt-port", type=int, required=True)
    parser.add_argument("--live-poll", required=True)
    parser.add_argument("--minority", default="1")
    parser.add_argument("--partition-handling", default="pause_minority")
    parser.add_argument("--started-in", default="?")
    parser.add_argument("--nodes", nargs="+", required=True, help="name=url, the writer first, the reader second")
    parser.add_argument("--rabbits", nargs="+", required=True)
    options = parser.parse_args()
    try:
        sys.exit(Check(options).run())
    except (AssertionError, OSError, subprocess.SubprocessError) as error:
        print(f"FAIL: {error}", flush=True)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
