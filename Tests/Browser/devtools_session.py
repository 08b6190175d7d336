"""A DevTools session of its own on a Chromium page, for what needs DevTools' events or other
targets, which Selenium's `execute_cdp_cmd` does not reach: the service worker's registration
id (`ServiceWorker.workerVersionUpdated`), needed to deliver a push message into it, and the
worker itself (`attach`), to watch what it does. chromedriver starts Chromium with a remote
debugging port and names it in the capabilities."""

import itertools
import json
import time
import urllib.request

import websocket  # websocket-client, which Selenium itself depends on

from browser_helpers import WAIT


class DevToolsSession:
    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        targets = json.load(urllib.request.urlopen(f"http://{address}/json/list", timeout=WAIT))
        page = next(t for t in targets if t["type"] == "page" and t["url"] == driver.current_url)
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=WAIT, suppress_origin=True)
        self.ids = itertools.count(1)
        self.events = []

    def send(self, method, params=None, session=None):
        """Sends a command (to the attached target `session`, else the page) and returns its
        result, keeping the events that came meanwhile."""
        number = next(self.ids)
        command = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            command["sessionId"] = session
        self.socket.send(json.dumps(command))
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)
        raise TimeoutError(f"{method} got no answer within {WAIT} s")

    def wait_for_event(self, method, matching=lambda params: True):
        """The first event `method` whose params satisfy `matching`, seen or still to come."""
        deadline = time.monotonic() + WAIT
        while True:
            for event in self.events:
                if event["method"] == method and matching(event["params"]):
                    return event["params"]
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {method} event within {WAIT} s")
            self.socket.settimeout(max(deadline - time.monotonic(), 0.01))
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if "method" in message:
                self.events.append(message)

    def attach(self, target_id):
        """Attaches to another target (a service worker, say) over this connection; pass the
        returned session to `send`."""
        return self.send("Target.attachToTarget", {"targetId": target_id, "flatten": True})["sessionId"]

    def evaluate(self, expression, session=None):
        """The value of a JavaScript expression (a promise is awaited) in the page or `session`."""
        answer = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"{expression}: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def close(self):
        self.socket.close()
