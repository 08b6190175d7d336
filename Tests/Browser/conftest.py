"""Fixtures for the browser tests: one Fotofolio server for the whole run (per worker), a
browser as a fresh one for every test that asks for one (Chromium's headless shell, the
whole browser for tests marked `whole_chromium`; tests marked
`engines` run once in each of Chromium, Firefox and WebKit; kept between tests and reset,
browser_pool.py), and fresh accounts to sign in with."""

import atexit
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import new_account, wait_until
from browser_pool import BrowserPool
from engines import ENGINES, missing
from http_sign_up import register_over_http

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
SCREENSHOTS = HERE / "screenshots"

STARTUP_DEADLINE = 30.0
SHUTDOWN_DEADLINE = 10.0
DEFAULT_SIZE = (1280, 800)


def tail(path, lines=30):
    """The end of a log file, for failure messages."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def pipe_lines(stream, into):
    """Moves a pipe's lines into a queue (None at the end) so the reader can wait with a
    deadline, and keeps draining it afterwards so the server never blocks on a full pipe."""
    for line in stream:
        into.put(line)
    into.put(None)


BINARY = Path(os.environ.get("FOTOFOLIO_BINARY", REPO_ROOT / ".build" / "debug" / "fotofolio"))


class RunningServer:
    """A `fotofolio serve` process: its address, data folder and log."""

    def __init__(self, process, url, data_dir, log_path, reader):
        self.process, self.url, self.data_dir, self.log_path, self.reader = process, url, data_dir, log_path, reader

    @property
    def port(self):
        return int(self.url.rsplit(":", 1)[1])

    def stop(self):
        stop(self.process, self.log_path)
        self.reader.join(timeout=SHUTDOWN_DEADLINE)

    def kill(self):
        self.process.kill()
        self.process.wait()
        self.reader.join(timeout=SHUTDOWN_DEADLINE)


SEEDED_VARIABLE = "FOTOFOLIO_TEST_SEEDED"


def seed_once(folder):
    """The demo world (people and portfolios from Demo/photos), as `make run` starts with,
    seeded into `folder`. Seeding resizes every demo photo (a minute of a core in a debug
    build), so the run does it once, before its workers start (pytest_sessionstart)."""
    subprocess.run([str(BINARY), "seed", "--data-dir", str(folder),
                    "--demo-photos-dir", str(REPO_ROOT / "Demo" / "photos")],
                   cwd=REPO_ROOT, check=True, capture_output=True, timeout=600)


def seed(data_dir):
    """A data folder with the demo world: a copy of the one the run seeded (the folder holds
    no absolute paths)."""
    if SEEDED_VARIABLE not in os.environ:
        os.environ[SEEDED_VARIABLE] = seeded_world()
    shutil.copytree(os.environ[SEEDED_VARIABLE], data_dir, symlinks=True)


def seeded_world():
    folder = Path(tempfile.mkdtemp(prefix="fotofolio-seeded-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    if not BINARY.is_file():
        pytest.exit(f"No Fotofolio binary at {BINARY}; build it or set FOTOFOLIO_BINARY.", returncode=1)
    seed_once(folder / "data")
    return str(folder / "data")


def pytest_sessionstart(session):
    """Seeds the demo world in the main process, which the workers (pytest-xdist) inherit
    through the environment: once per run, and outside any test's time limit."""
    worker = hasattr(session.config, "workerinput")
    if not worker and not session.config.option.collectonly and SEEDED_VARIABLE not in os.environ:
        session.config.get_terminal_writer().line("Seeding the demo world for the run (a minute or two)…")
        os.environ[SEEDED_VARIABLE] = seeded_world()


def launch_server(data_dir, log_path, port=0, extra=()):
    """Starts `fotofolio serve` on loopback and returns once /healthz answers."""
    if not BINARY.is_file():
        pytest.fail(f"No Fotofolio binary at {BINARY}; build it or set FOTOFOLIO_BINARY.")
    command = [
        str(BINARY), "serve",
        "--host", "127.0.0.1",
        # Port 0 lets the kernel pick a free port: no race with other processes for a
        # port chosen in advance. The banner tells which one it is.
        "--port", str(port),
        "--data-dir", str(data_dir),
        "--public-dir", str(REPO_ROOT / "Public"),
        "--templates-dir", str(REPO_ROOT / "Templates"),
        # Every test registers its own people, all from 127.0.0.1.
        "--registrations-per-hour", "100000",
        *extra,
    ]
    with open(log_path, "a") as log:
        process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    lines = queue.Queue()
    reader = threading.Thread(target=pipe_lines, args=(process.stdout, lines), daemon=True)
    reader.start()
    url = read_banner_url(lines, log_path)
    wait_until(lambda: healthy(url, process, log_path), STARTUP_DEADLINE, f"{url}/healthz did not answer ok in time")
    return RunningServer(process, url, data_dir, log_path, reader)


@pytest.fixture(scope="session")
def sqlite_server_url(tmp_path_factory):
    """The address of a Fotofolio server on a free loopback port, with the demo world in its
    SQLite database."""
    workspace = tmp_path_factory.mktemp("server")
    seed(workspace / "data")
    server = launch_server(workspace / "data", workspace / "server.log")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_site():
    """A private cluster of deploy/postgres.sh in a folder of this run, with the demo world
    the run seeded copied into it (`fotofolio copy-data`, as an installation moves to
    PostgreSQL; seeding PostgreSQL itself is DemoWorldTests' on both stores): the database's
    URL, the URL of a copy of it for servers run as nodes of one site (`nodes`), and the
    folder whose `data/media` holds the demo photos."""
    # The cluster's own user (postgres, when the tests run as root) must reach its folder.
    workspace = Path(tempfile.mkdtemp(prefix="fotofolio-postgres-server-"))
    workspace.chmod(0o755)
    cluster = workspace / "cluster"
    script = REPO_ROOT / "deploy" / "postgres.sh"
    try:
        url = subprocess.run([str(script), "start", str(cluster)], check=True, capture_output=True, text=True,
                             timeout=120).stdout.strip().splitlines()[-1]
        seed(workspace / "data")
        subprocess.run([str(BINARY), "copy-data", "--from", str(workspace / "data"), "--to", url],
                       cwd=REPO_ROOT, check=True, capture_output=True, timeout=120)
        for suffix in ("", "-wal", "-shm"):  # the servers use PostgreSQL alone
            (workspace / "data" / f"fotofolio.sqlite{suffix}").unlink(missing_ok=True)
        # The nodes get a database of their own, a copy made while nobody is connected to the first.
        nodes_url = url.rsplit("/", 1)[0] + "/fotofolio_nodes"
        subprocess.run(["psql", url, "-q", "-c", "CREATE DATABASE fotofolio_nodes TEMPLATE fotofolio"],
                       check=True, capture_output=True, timeout=60)
        yield url, nodes_url, workspace
    finally:
        subprocess.run([str(script), "stop", str(cluster)], capture_output=True, timeout=60)
        shutil.rmtree(workspace, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server_url(postgres_site):
    """The address of a Fotofolio server whose store is PostgreSQL, with the demo world."""
    url, _, workspace = postgres_site
    server = launch_server(workspace / "data", workspace / "server.log", extra=["--database-url", url])
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def store(request):
    """The store the test's server runs on: SQLite unless the test is marked `stores`."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def base_url(request, store):
    """The address of the shared server of the test's store (started on first use)."""
    return request.getfixturevalue(f"{store}_server_url")


def read_banner_url(lines, log_path):
    """Waits for the "Fotofolio is running:" banner and returns the address under it."""
    deadline = time.monotonic() + STARTUP_DEADLINE
    seen_banner = False
    while True:
        try:
            line = lines.get(timeout=max(deadline - time.monotonic(), 0))
        except queue.Empty:
            pytest.fail(f"The server printed no banner within {STARTUP_DEADLINE:.0f} s.\n{tail(log_path)}")
        if line is None:
            pytest.fail(f"The server exited before it was ready.\n{tail(log_path)}")
        if "Fotofolio is running:" in line:
            seen_banner = True
        elif seen_banner and (match := re.search(r"(http://127\.0\.0\.1:\d+)/?", line)):
            return match.group(1)


def healthy(url, process, log_path):
    if process.poll() is not None:
        pytest.fail(f"The server exited with code {process.returncode}.\n{tail(log_path)}")
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
            return response.status == 200 and json.load(response).get("status") == "ok"
    except (OSError, ValueError):
        return False


def stop(process, log_path):
    """Stops the server the way a service manager would, and insists it shuts down cleanly."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        code = process.wait(timeout=SHUTDOWN_DEADLINE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"The server did not stop within {SHUTDOWN_DEADLINE:.0f} s of SIGTERM.\n{tail(log_path)}")
    assert code == 0, f"The server exited with code {code} after SIGTERM.\n{tail(log_path)}"


@pytest.fixture
def screenshots_dir(engine):
    """Where a test saves its screenshots: Firefox's and WebKit's in a folder each, beside
    Chromium's, so that each engine's picture of a page can be looked at next to the others."""
    folder = SCREENSHOTS if engine == "chromium" else SCREENSHOTS / engine
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def own_server(tmp_path):
    """Starts servers of this test's own (demo world, safety poll off, so live delivery
    depends on MQTT): `server = own_server()`, `own_server(port=…)` for a restart."""
    seed(tmp_path / "data")
    servers = []

    def start(port=0):
        server = launch_server(tmp_path / "data", tmp_path / "server.log", port=port, extra=["--live-poll", "0"])
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.process.poll() is None:
            server.stop()


def pytest_configure(config):
    config.addinivalue_line("markers", "engines(*names): runs the test in Chromium, Firefox and WebKit (ids [chromium], "
                                       "[firefox], [webkit]), or in the engines named")
    config.addinivalue_line("markers", "stores: runs the test against a server on SQLite and one on PostgreSQL "
                                       "(ids [sqlite], [postgres])")
    config.addinivalue_line("markers", "whole_chromium: the test's Chromium is the whole browser, not its headless shell "
                                       "(for installing the app, notifications and push)")
    # Selenium's own WebKitGTK driver still passes its address the old way.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning")


def pytest_generate_tests(metafunc):
    engines = metafunc.definition.get_closest_marker("engines")
    engines = (engines.args or ENGINES) if engines else None
    stores = metafunc.definition.get_closest_marker("stores") is not None
    if engines and stores:
        # The store is the server's business: the other engines add nothing on PostgreSQL.
        combinations = [(engine, "sqlite") for engine in engines] + [("chromium", "postgres")]
        metafunc.parametrize(("engine", "store"), combinations, indirect=True, ids=[f"{e}-{s}" for e, s in combinations])
    elif engines:
        metafunc.parametrize("engine", engines, indirect=True)
    elif stores:
        metafunc.parametrize("store", ["sqlite", "postgres"], indirect=True)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """The tests on PostgreSQL share one cluster, filled once: they run
    on one worker (`--dist loadgroup`); every other test goes to whichever worker is free."""
    for item in items:
        if "postgres_site" in item.fixturenames or getattr(getattr(item, "callspec", None), "params", {}).get("store") == "postgres":
            item.add_marker(pytest.mark.xdist_group("postgres"))


@pytest.fixture
def engine(request):
    """The browser engine the test runs in: Chromium unless the test is marked `engines`."""
    return getattr(request, "param", "chromium")


@pytest.fixture(scope="session")
def browser_pool():
    """The browsers this worker keeps between tests (browser_pool.py)."""
    pool = BrowserPool()
    yield pool
    pool.close()


@pytest.fixture
def open_browser(request, screenshots_dir, engine, browser_pool):
    """Opens a browser of the test's engine: `open_browser(size=(w, h), language="en", javascript=False)`.

    `language` is what the browser asks for in Accept-Language. The browser is as a fresh one
    (browser_pool.py). If the test failed, each browser's screen is saved and the browser
    closed; after a test that passed, it is reset and kept for the next test."""
    if problem := missing(engine):
        pytest.fail(problem)
    drivers = []
    whole = request.node.get_closest_marker("whole_chromium") is not None

    def open_browser(size=DEFAULT_SIZE, language="cs", javascript=True):
        driver = browser_pool.take(engine, size, language, javascript, whole)
        drivers.append(driver)
        return driver

    yield open_browser

    report = getattr(request.node, "report_call", None)
    passed = report is not None and report.passed
    for number, driver in enumerate(drivers, start=1):
        try:
            if report is not None and report.failed:
                name = re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
                suffix = f"-{number}" if len(drivers) > 1 else ""
                driver.save_screenshot(str(screenshots_dir / f"FAILED-{name}{suffix}.png"))
        finally:
            browser_pool.give_back(driver, passed)


@pytest.fixture
def sign_up(base_url):
    """Registers a fresh account and leaves the browser signed in, on its profile:
    `account = sign_up(driver, role="client")`. Extra keyword arguments change the details.
    The account is made over HTTP (http_sign_up.py); the registration form has tests of its own."""
    def sign_up(driver, role="creator", **changes):
        return register_over_http(driver, base_url, new_account(role, **changes), driver.kind[1])

    return sign_up


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, so fixtures can tell whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


TIMELINE_VARIABLE = "FOTOFOLIO_TEST_TIMELINE"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With FOTOFOLIO_TEST_TIMELINE=FILE, each test's worker, start and end (setup and
    teardown included) as a JSON line in FILE: where a run's time goes, and how evenly the
    workers share it (`python3 Tests/Browser/timeline.py FILE`)."""
    path = os.environ.get(TIMELINE_VARIABLE)
    started = time.time()
    try:
        return (yield)
    finally:
        if path:
            line = json.dumps({"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "test": item.nodeid,
                               "start": round(started, 3), "end": round(time.time(), 3)})
            with open(path, "a") as timeline:
                timeline.write(line + "\n")
