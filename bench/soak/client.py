"""HTTP for the soak test, standard library only: a visitor with cookies and one keep-alive
connection (as a browser tab has), the tally of every answer, and an event stream that
follows `/live` and reconnects the way EventSource does (after `retry`, with
`Last-Event-ID`)."""
import collections
import http.client
import json
import re
import socket
import threading
import time
import urllib.parse
import uuid as uuids

TIMEOUT = 30  # seconds a request may take before it counts as failed
CSRF_FIELD = re.compile(r'name="_csrf" value="([^"]+)"')


class Tally:
    """Every request's kind, status and time; the unexpected ones kept as errors."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = collections.Counter()          # kind → count
        self.statuses = collections.Counter()          # (kind, status) → count
        self.durations = collections.defaultdict(list)  # kind → seconds
        self.errors = 0
        self.error_kinds = collections.Counter()       # (kind, what) → count
        self.error_examples = []                       # the first ones, in detail
        self.stale_retries = 0                         # keep-alive connections the server had closed

    def record(self, kind, status, seconds):
        with self.lock:
            self.requests[kind] += 1
            self.statuses[(kind, status)] += 1
            self.durations[kind].append(seconds)

    def error(self, kind, method, path, what, detail=""):
        with self.lock:
            self.errors += 1
            self.error_kinds[(kind, what)] += 1
            if len(self.error_examples) < 40:
                self.error_examples.append({"at": time.strftime("%H:%M:%S"), "kind": kind, "request": f"{method} {path}",
                                            "what": what, "detail": detail[:300]})

    def total(self):
        with self.lock:
            return sum(self.requests.values())


class Visitor:
    """One browser: cookies, a keep-alive connection, the CSRF token of the last form seen."""

    def __init__(self, base_url, tally, name):
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        self.origin = f"http://{self.host}:{self.port}"
        self.tally, self.name = tally, name
        self.cookies = {}
        self.connection = None
        self.used = False
        self.token = None

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _send(self, method, path, body, headers):
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
            self.used = False
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        self.used = True
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response, data

    def request(self, method, path, kind, expect=(200,), form=None, body=None, content_type=None, headers=None, raw=False):
        """Sends one request and returns (status, headers, text), or (None, {}, "") when it
        failed; with `raw`, the body's bytes instead of its text. Anything but the expected
        statuses counts as an error (any 5xx always)."""
        all_headers = {"Accept-Language": "cs", "User-Agent": "fotofolio-soak"}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form is not None:
            body = urllib.parse.urlencode(form, doseq=True)
            content_type = "application/x-www-form-urlencoded"
        if body is not None:
            all_headers["Content-Type"] = content_type
            all_headers["Origin"] = self.origin
            all_headers["Sec-Fetch-Site"] = "same-origin"
        all_headers.update(headers or {})
        started = time.monotonic()
        for attempt in (1, 2):
            reused = self.connection is not None and self.used
            try:
                response, data = self._send(method, path, body, all_headers)
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as problem:
                self.close()
                # A browser sends again when a kept-alive connection turns out closed before
                # any answer came: the server may close idle connections.
                if reused and attempt == 1:
                    with self.tally.lock:
                        self.tally.stale_retries += 1
                    continue
                self.tally.error(kind, method, path, "connection", f"{type(problem).__name__}: {problem}")
                return None, {}, ""
            except (OSError, http.client.HTTPException) as problem:
                self.close()
                what = "timeout" if isinstance(problem, (socket.timeout, TimeoutError)) else "connection"
                self.tally.error(kind, method, path, what, f"{type(problem).__name__}: {problem}")
                return None, {}, ""
        seconds = time.monotonic() - started
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                value = rest.split(";", 1)[0]
                if value == "" or "max-age=0" in rest.lower():
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = value
        text = data.decode("utf-8", "replace") if not raw or response.status not in expect else ""
        self.tally.record(kind, response.status, seconds)
        if response.status >= 500 or response.status not in expect:
            self.tally.error(kind, method, path, f"HTTP {response.status}", re.sub(r"\s+", " ", text)[:300])
        found = CSRF_FIELD.search(text) if "text/html" in (response.getheader("Content-Type") or "") else None
        if found:
            self.token = found.group(1)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data if raw else text

    def get(self, path, kind, expect=(200,), headers=None, raw=False):
        return self.request("GET", path, kind, expect=expect, headers=headers, raw=raw)

    def post(self, path, kind, form, expect=(200,), headers=None):
        return self.request("POST", path, kind, expect=expect, form={"_csrf": self.token or "", **form}, headers=headers)

    def upload(self, path, kind, filename, data, expect=(201,), fields=None, field="file"):
        boundary = "soak" + uuids.uuid4().hex
        parts = []
        for name, value in {"_csrf": self.token or "", **(fields or {})}.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                     f"Content-Type: image/jpeg\r\n\r\n".encode() + data + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", path, kind, expect=expect, body=b"".join(parts),
                            content_type=f"multipart/form-data; boundary={boundary}",
                            headers={"Accept": "application/json"})


class EventStream:
    """Follows /live in a thread of its own for one signed-in person, reconnecting like
    EventSource; hands every `message` event to `on_message(stream, data, received_at)` and
    every other one (a gallery's picks, a read, a reset) to `on_other(stream, kind, id, data)`."""

    def __init__(self, visitor, label, rooms, on_message, tally, deadline, on_other=None):
        self.host, self.port = visitor.host, visitor.port
        self.session = visitor.cookies["session"]
        self.label, self.rooms, self.on_message, self.tally = label, set(rooms), on_message, tally
        self.on_other = on_other
        self.deadline = deadline
        self.last_event_id = None
        self.retry = 2.0
        self.connections = 0
        self.drops = 0            # the stream ended while it should have been open
        self.is_open = False
        self.latest_in_room = {}  # room → the newest message id seen
        self.stopped = threading.Event()
        self.socket = None
        self.thread = threading.Thread(target=self._run, name=f"live {label}", daemon=True)

    def start(self):
        self.thread.start()

    def stop(self):
        self.stopped.set()
        sock = self.socket
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _run(self):
        while not self.stopped.is_set():
            try:
                self._follow()
            except (OSError, http.client.HTTPException, ValueError) as problem:
                if not self.stopped.is_set():
                    self.tally.error("live", "GET", "/live", "stream", f"{self.label}: {type(problem).__name__}: {problem}")
            finally:
                self.is_open = False
                self.socket = None
            if not self.stopped.is_set():
                self.drops += 1
                self.stopped.wait(self.retry)

    def _follow(self):
        headers = {"Cookie": f"session={self.session}", "Accept": "text/event-stream", "User-Agent": "fotofolio-soak"}
        if self.last_event_id:
            headers["Last-Event-ID"] = self.last_event_id
        # The server sends a keep-alive comment every 15 s: a minute of silence is a fault.
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request("GET", "/live", headers=headers)
            self.socket = connection.sock
            if self.stopped.is_set():
                return
            response = connection.getresponse()
            self.tally.record("live", response.status, 0)
            if response.status != 200:
                self.tally.error("live", "GET", "/live", f"HTTP {response.status}", self.label)
                return
            self.connections += 1
            self.is_open = True
            block = {}
            while not self.stopped.is_set():
                line = response.readline()
                if not line:
                    return
                line = line.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if "data" in block:
                        self._event(block)
                    elif "retry" in block and block["retry"].isdigit():
                        self.retry = int(block["retry"]) / 1000
                    block = {}
                elif not line.startswith(":"):
                    field, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    block[field] = block[field] + "\n" + value if field == "data" and "data" in block else value
        finally:
            connection.close()

    def _event(self, block):
        if "id" in block:
            self.last_event_id = block["id"]
        if block.get("event", "message") != "message":
            if self.on_other is not None:
                self.on_other(self, block.get("event"), block.get("id"), json.loads(block["data"]))
            return
        data = json.loads(block["data"])["data"]
        room = data.get("roomId")
        if room is not None and data.get("id") is not None:
            self.latest_in_room[room] = max(self.latest_in_room.get(room, 0), data["id"])
        self.on_message(self, data, time.monotonic())
