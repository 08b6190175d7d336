"""Plain-HTTP clients for the live tests: a signed-in person who posts messages, and an
event stream that reconnects the way a browser's EventSource does (after `retry`, with
`Last-Event-ID`), so fault tests can count what arrives."""

import http.client
import json
import re
import socket
import threading
import time
import urllib.parse
import uuid as uuids

from selenium.common.exceptions import TimeoutException

from browser_helpers import WAIT, wait_until


class Person:
    """Signs in through the login form and keeps the session cookie."""

    def __init__(self, base_url, username, password="heslovo"):
        self.base_url = base_url
        self.cookies = {}
        page = self.request("GET", "/login")
        token = re.search(r'name="_csrf" value="([^"]+)"', page[2]).group(1)
        status, _, _ = self.request("POST", "/login", {"_csrf": token, "identifier": username, "password": password})
        assert status == 303 and "session" in self.cookies, f"could not sign in as {username}"

    @classmethod
    def at(cls, base_url, cookies=None):
        """A browser talking to `base_url` with these cookies (a guest without any); the
        same dict, so a browser moved to another node of a site keeps one cookie jar."""
        browser = cls.__new__(cls)
        browser.base_url, browser.cookies = base_url, {} if cookies is None else cookies
        return browser

    @property
    def host_port(self):
        parts = urllib.parse.urlsplit(self.base_url)
        return parts.hostname, parts.port

    def request(self, method, path, form=None, headers=None):
        connection = http.client.HTTPConnection(*self.host_port, timeout=WAIT)
        try:
            all_headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
            body = None
            if form is not None:
                body = urllib.parse.urlencode(form)
                all_headers.update({"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"})
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
            return response.status, dict((k.lower(), v) for k, v in response.getheaders()), text
        finally:
            connection.close()

    def csrf(self):
        page = self.request("GET", "/messages")[2]
        return re.search(r'name="_csrf" value="([^"]+)"', page).group(1)

    def room_with(self, username):
        status, headers, _ = self.request("POST", "/messages/direct", {"_csrf": self.csrf(), "username": username})
        assert status == 303, status
        return int(headers["location"].rsplit("/", 1)[1])

    def group(self, name, usernames):
        form = {"_csrf": self.csrf(), "name": name, "members": ", ".join(usernames)}
        status, headers, _ = self.request("POST", "/messages/groups", form)
        assert status == 303, status
        return int(headers["location"].rsplit("/", 1)[1])

    def post(self, room, content, token=None, message_uuid=None):
        status, _, text = self.request(
            "POST", f"/messages/{room}",
            {"_csrf": token or self.csrf(), "uuid": message_uuid or str(uuids.uuid4()), "content": content},
            {"Accept": "application/json"})
        return status, json.loads(text) if text.startswith("{") else text


class EventStream:
    """Follows /live in a thread, reconnecting like EventSource; `events` holds what came."""

    def __init__(self, person, after=None):
        self.person = person
        self.events = []
        self.last_event_id = None
        self.after = after
        self.connections = 0
        self.lock = threading.RLock()
        self.stopped = False
        self.socket = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def contents(self, kind="message"):
        with self.lock:
            return [event["data"]["content"] for event in self.events if event["kind"] == kind]

    def wait_for(self, check, message, timeout=WAIT):
        def holds():
            with self.lock:
                return check(self)
        try:
            wait_until(holds, timeout, message, poll=0.02)
        except TimeoutException:
            raise AssertionError(f"{message}; got {self.contents()}") from None

    def close(self):
        """Stops following and hangs up at once, as a closed tab does (not at the next line)."""
        self.stopped = True
        with self.lock:
            held = self.socket
        if held is not None:
            try:
                held.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _run(self):
        retry = 0.5
        while not self.stopped:
            try:
                self._follow()
            except (OSError, http.client.HTTPException):
                pass
            # EventSource waits `retry` before it reconnects: this is the client's behaviour, not a wait.
            time.sleep(retry)

    def _follow(self):
        path = "/live" if self.after is None else f"/live?after={self.after}"
        headers = {"Cookie": f"session={self.person.cookies['session']}", "Accept": "text/event-stream"}
        if self.last_event_id:
            headers["Last-Event-ID"] = self.last_event_id
        connection = http.client.HTTPConnection(*self.person.host_port, timeout=60)
        connection.request("GET", path, headers=headers)
        # Kept for `close`: once the answer is read, http.client hands the socket to the response.
        with self.lock:
            self.socket = connection.sock
        response = connection.getresponse()
        if response.status != 200:
            connection.close()
            return
        self.connections += 1
        block = {}
        while not self.stopped:
            line = response.readline()
            if not line:
                break
            line = line.decode("utf-8").rstrip("\r\n")
            if line == "":
                if "data" in block:
                    with self.lock:
                        self.last_event_id = block.get("id", self.last_event_id)
                        self.events.append({"id": block.get("id"), "kind": block.get("event", "message"),
                                            "data": json.loads(block["data"])["data"]})
                block = {}
            elif not line.startswith(":"):
                field, _, value = line.partition(":")
                block[field] = value[1:] if value.startswith(" ") else value
        connection.close()


def converse(base_url, first, second, first_password="heslovo", second_password="heslovo"):
    """Both people write in their direct conversation: the contact that makes a rating verified."""
    one, other = Person(base_url, first, first_password), Person(base_url, second, second_password)
    room = one.room_with(second)
    assert one.post(room, "Dobrý den, líbí se mi vaše fotky.")[0] == 201
    assert other.post(room, "Děkuji, rád(a) pomohu.")[0] == 201
    return room
