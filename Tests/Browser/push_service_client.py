"""The tests' push service (Tests/Push/push_service.py) as a Python object: `origin` for
--push-allow-endpoint, `subscribe(name)` a subscription as a browser would make it,
`received()` the pushes it decrypted and verified, `reply(name, status)` to answer otherwise."""

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from browser_helpers import wait_until

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVICE = REPO_ROOT / "Tests" / "Push" / "push_service.py"
# Not through a proxy from the environment: the service is on loopback.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class PushService:
    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.log = open(self.directory / "service.log", "a")
        # The virtual environment's Python, which has http_ece and py_vapid.
        self.process = subprocess.Popen([sys.executable, str(SERVICE), str(self.directory)], stdout=self.log, stderr=self.log)
        port_file = self.directory / "port"
        wait_until(lambda: port_file.exists() or self.process.poll() is not None, 60, "the push service did not start")
        assert port_file.exists(), f"the push service did not start: {(self.directory / 'service.log').read_text()[-2000:]}"
        self.port = int(port_file.read_text())
        self.origin = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()  # SIGTERM; nothing when it has already ended
        self.process.wait(timeout=30)
        self.log.close()

    def subscribe(self, name):
        """A new subscription: {endpoint, p256dh, auth}, as `PushSubscription.toJSON()` gives
        them (flattened); the service keeps its private key."""
        with _opener.open(f"{self.origin}/new-subscription/{name}", timeout=30) as response:
            return json.load(response)

    def reply(self, name, status=None, headers=()):
        """Answers pushes to `name` with `status` (and header lines); None goes back to 201."""
        path = self.directory / "reply" / name
        if status is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text("\n".join([str(status), *headers]))

    def _records(self, folder):
        return [json.loads(path.read_text()) for path in sorted((self.directory / folder).glob("*.json"))]

    def received(self, name=None):
        """Every push kept so far, oldest first: {headers: {ttl, urgency, topic}, payload, vapid}
        with `payload` the decrypted text; only those to `name` when given."""
        paths = sorted((self.directory / "received").glob(f"*-{name}.json" if name else "*.json"))
        return [json.loads(path.read_text()) for path in paths]

    def payloads(self, name=None):
        """The decrypted payloads, read as JSON."""
        return [json.loads(record["payload"]) for record in self.received(name)]

    def rejected(self):
        return self._records("rejected")

    def wait_for(self, name, count=1, timeout=30):
        wait_until(lambda: len(self.received(name)) >= count, timeout, f"{count} push(es) to {name} did not arrive")
        return self.received(name)
