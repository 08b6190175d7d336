"""What a server needs to be one node of several: a node name only with a shared database
and broker, the photos' files in a folder of their own choosing, and a drain before it
stops, during which its health check sends a load balancer's new visitors elsewhere."""

import re
import shutil
import signal
import subprocess
import urllib.error
import urllib.request

from browser_helpers import wait_until
from conftest import BINARY, REPO_ROOT, launch_server, seed


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_a_node_name_without_a_shared_database_and_broker_is_refused(tmp_path):
    command = [str(BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path / "data"),
               "--node-name", "a"]
    result = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "--database-url" in result.stderr and "--mqtt-url" in result.stderr, result.stderr
    assert not (tmp_path / "data").exists(), "a refused node must not have made a database"


def test_photos_are_served_from_the_media_folder_named(tmp_path):
    seed(tmp_path / "data")
    shared = tmp_path / "shared-media"
    shutil.move(tmp_path / "data" / "media", shared)
    server = launch_server(tmp_path / "data", tmp_path / "server.log", extra=["--media-dir", str(shared)])
    try:
        status, feed = status_of(server.url + "/")
        assert status == 200
        photo = re.search(r'src="(/media/[^"]+)"', feed).group(1)
        assert status_of(server.url + photo)[0] == 200
    finally:
        server.stop()
    assert not (tmp_path / "data" / "media").exists()


def test_a_draining_server_fails_its_health_check_and_serves_pages_until_it_stops(tmp_path):
    seed(tmp_path / "data")
    server = launch_server(tmp_path / "data", tmp_path / "server.log", extra=["--drain-seconds", "60"])
    try:
        server.process.send_signal(signal.SIGTERM)
        wait_until(lambda: status_of(server.url + "/healthz")[0] == 503, message="/healthz never answered 503")
        assert '"status":"draining"' in status_of(server.url + "/healthz")[1]
        assert status_of(server.url + "/")[0] == 200
        assert server.process.poll() is None
        # A second signal ends the drain at once, and the server stops cleanly.
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=30) == 0
    finally:
        if server.process.poll() is None:
            server.process.kill()
