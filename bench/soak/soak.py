#!/usr/bin/env python3
"""Drives the soak test against a running Fotofolio server (bench/soak.sh starts it): signs
up photographers and clients, opens their live streams, runs mixed traffic until the time is
up, samples the server process every interval into a CSV, and ends with a summary and a PNG.

    bench/soak/soak.py --base-url http://127.0.0.1:P --pid PID --data-dir D --seconds 3600 \\
        --csv out.csv --png out.png
"""
import argparse
import csv
import datetime
import itertools
import os
import re
import signal
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from client import Tally, Visitor  # noqa: E402
from plot import draw_soak_chart  # noqa: E402
from traffic import (Clock, Counts, Ledger, PhotoMaker, chatter, direct_room, find_convert, group_room,  # noqa: E402
                     guest, log_in, open_streams, photographer, register)

COLUMNS = ["time_utc", "elapsed_s", "rss_kb", "fds", "threads", "cpu_s", "broker_rss_kb", "db_bytes", "wal_bytes",
           "media_bytes", "media_files", "spool_files", "requests", "http_errors", "uploads", "portfolios",
           "messages_sent", "deliveries_seen", "messages_lost", "messages_duplicated", "streams_open",
           "server_streams", "server_connections", "outbox_backlog", "delivery_p50_ms", "delivery_p99_ms"]
LOSS_GRACE = 15  # seconds a message may take before a stream missing it counts it lost (the safety poll is 5 s)


# The server process ------------------------------------------------------------------------------

def status_fields(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.split()
    return fields


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        after_name = stat.read().rsplit(")", 1)[1].split()
    return (int(after_name[11]) + int(after_name[12])) / os.sysconf("SC_CLK_TCK")


def children_named(pid, name):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        comm = text[text.index("(") + 1:text.rindex(")")]
        if comm == name and int(text.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry))
    return found


def tree_size(path):
    total = files = 0
    for root, _, names in os.walk(path):
        for name in names:
            try:
                total += os.stat(os.path.join(root, name)).st_size
                files += 1
            except OSError:
                pass
    return total, files


def file_size(path):
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class Sampler:
    """One row of figures per interval, appended to the CSV as soon as it is taken."""

    def __init__(self, args, clock, tally, ledger, counts, streams, metrics_visitor):
        self.args, self.clock, self.tally, self.ledger, self.counts = args, clock, tally, ledger, counts
        self.streams, self.metrics = streams, metrics_visitor
        self.rows = []
        self.broker = None
        self.last_at = clock.started
        self.out = open(args.csv, "w", newline="")
        self.writer = csv.DictWriter(self.out, fieldnames=COLUMNS)
        self.writer.writeheader()
        self.out.flush()

    def server_figures(self):
        text = self.metrics.get("/metrics", "metrics")[2] or ""

        def gauge(name):
            found = re.search(rf"^{name}(?:{{[^}}]*}})? ([0-9.eE+-]+)$", text, re.M)
            return int(float(found.group(1))) if found else None

        return gauge("fotofolio_live_streams"), gauge("http_open_connections"), gauge("fotofolio_outbox_backlog")

    def take(self):
        now = time.monotonic()
        pid = self.args.pid
        row = {"time_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
               "elapsed_s": round(now - self.clock.started, 1)}
        try:
            fields = status_fields(pid)
            row["rss_kb"] = int(fields["VmRSS"][0])
            row["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
            row["threads"] = len(os.listdir(f"/proc/{pid}/task"))
            row["cpu_s"] = round(cpu_seconds(pid), 2)
        except (OSError, KeyError):
            print(f"soak: the server process {pid} is gone", file=sys.stderr)
            self.tally.error("server", "-", "-", "process gone", f"pid {pid}")
            self.clock.stop.set()
            return None
        if self.broker is None or not os.path.exists(f"/proc/{self.broker}"):
            brokers = children_named(pid, "mosquitto")
            self.broker = brokers[0] if brokers else None
        try:
            row["broker_rss_kb"] = int(status_fields(self.broker)["VmRSS"][0]) if self.broker else None
        except (OSError, KeyError):
            row["broker_rss_kb"] = None
        database = os.path.join(self.args.data_dir, "fotofolio.sqlite")
        row["wal_bytes"] = file_size(database + "-wal")
        row["db_bytes"] = file_size(database) + row["wal_bytes"]
        row["media_bytes"], row["media_files"] = tree_size(os.path.join(self.args.data_dir, "media"))
        row["spool_files"] = tree_size(os.path.join(self.args.data_dir, "tmp"))[1]
        confirmed, _, seen, lost, duplicated, _, _ = self.ledger.count(before=now - LOSS_GRACE)
        row.update(requests=self.tally.total(), http_errors=self.tally.errors, uploads=self.counts["uploads"],
                   portfolios=self.counts["portfolios"], messages_sent=self.ledger.count()[0], deliveries_seen=seen,
                   messages_lost=lost, messages_duplicated=duplicated,
                   streams_open=sum(1 for s in self.streams if s.is_open))
        row["server_streams"], row["server_connections"], row["outbox_backlog"] = self.server_figures()
        latencies = self.ledger.latencies_between(self.last_at, now)
        self.last_at = now
        row["delivery_p50_ms"] = round(percentile(latencies, 0.5) * 1000, 1) if latencies else None
        row["delivery_p99_ms"] = round(percentile(latencies, 0.99) * 1000, 1) if latencies else None
        self.rows.append(row)
        self.writer.writerow(row)
        self.out.flush()
        print(f"  {row['elapsed_s'] / 60:5.1f} min  RSS {row['rss_kb'] / 1024:6.1f} MB  fds {row['fds']:4d}  "
              f"threads {row['threads']:3d}  db {row['db_bytes'] / 1048576:6.2f} MB  requests {row['requests']:6d}  "
              f"errors {row['http_errors']}  sent {row['messages_sent']}  lost {lost}  dup {duplicated}  "
              f"streams {row['streams_open']}/{len(self.streams)}", flush=True)
        return row

    def run(self, interval):
        """Samples at the start, every interval and at the deadline."""
        next_at = self.clock.started
        while True:
            self.take()
            if not self.clock.running():
                break
            next_at += interval
            wait = min(next_at, self.clock.deadline) - time.monotonic()
            if self.clock.stop.wait(max(0, wait)):
                break
        self.out.close()


# Summary ---------------------------------------------------------------------------------------

def slope_per_hour(points):
    """Least-squares slope of (seconds, value) points, per hour; None with fewer than 3."""
    if len(points) < 3:
        return None
    xs, ys = [p[0] / 3600 for p in points], [p[1] for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread if spread else None


def summarize(args, rows, tally, ledger, counts, streams, clock, warmup_s, lines):
    def say(text=""):
        lines.append(text)

    planned = clock.deadline - clock.started
    seconds = max(1.0, rows[-1]["elapsed_s"])  # less than planned when a signal ended it
    after = [r for r in rows if r["elapsed_s"] >= warmup_s] or rows
    say(f"Soak summary: {args.label}, {planned / 60:.1f} min of traffic planned, {seconds / 60:.1f} run, "
        f"{len(rows)} samples, warm-up the first {warmup_s:.0f} s ({len(after)} samples after it)")
    say()
    # The slope after the warm-up, and over the run's second half: caches that fill and then
    # stay full raise the first, a leak raises both.
    half = rows[-1]["elapsed_s"] / 2
    say(f"{'after warm-up':<22} {'first':>10} {'last':>10} {'max':>10} {'slope/hour':>12} {'2nd half':>10}")
    metrics = [("server RSS MB", "rss_kb", 1 / 1024, True), ("open descriptors", "fds", 1, True),
               ("threads", "threads", 1, False), ("broker RSS MB", "broker_rss_kb", 1 / 1024, False),
               ("database+WAL MB", "db_bytes", 1 / 1048576, False), ("WAL MB", "wal_bytes", 1 / 1048576, False),
               ("media MB", "media_bytes", 1 / 1048576, False), ("upload spool files", "spool_files", 1, False),
               ("server live streams", "server_streams", 1, False), ("server connections", "server_connections", 1, False),
               ("outbox backlog", "outbox_backlog", 1, False)]
    slopes = {}
    for name, key, scale, with_slope in metrics:
        values = [(r["elapsed_s"], r[key] * scale) for r in after if r.get(key) is not None]
        if not values:
            continue
        slope = slope_per_hour(values)
        late = slope_per_hour([(t, v) for t, v in values if t >= half])
        slopes[key] = slope
        shown = "" if not with_slope else ("–" if slope is None else f"{slope:+.2f}")
        shown_late = "" if not with_slope else ("–" if late is None else f"{late:+.2f}")
        fmt = "{:10.1f}" if scale != 1 else "{:10.0f}"
        say(f"{name:<22} {fmt.format(values[0][1])} {fmt.format(values[-1][1])} "
            f"{fmt.format(max(v for _, v in values))} {shown:>12} {shown_late:>10}")
    cpu = [(r["elapsed_s"], r["cpu_s"]) for r in rows if r.get("cpu_s") is not None]
    if len(cpu) >= 2 and cpu[-1][0] > cpu[0][0]:
        say(f"{'server CPU':<22} {100 * (cpu[-1][1] - cpu[0][1]) / (cpu[-1][0] - cpu[0][0]):9.1f} % of one core on average")
    say()
    total = tally.total()
    say(f"Requests: {total:,} in {seconds:.0f} s ({total / seconds:.1f}/s); uploads {counts['uploads']}, "
        f"portfolios {counts['portfolios']}; keep-alive connections found closed and sent again: {tally.stale_retries}")
    with tally.lock:
        kinds = sorted(tally.requests.items(), key=lambda kv: -kv[1])
        for kind, count in kinds:
            durations = tally.durations[kind]
            statuses = ", ".join(f"{status}×{n}" for (k, status), n in sorted(tally.statuses.items()) if k == kind)
            timing = "" if kind == "live" else \
                f"p50 {1000 * percentile(durations, 0.5):7.1f} ms  p99 {1000 * percentile(durations, 0.99):7.1f} ms  "
            say(f"  {kind:<18} {count:6d}  {timing}[{statuses}]")
    say()
    say(f"HTTP errors (5xx, connection errors, unexpected 4xx): {tally.errors}")
    with tally.lock:
        for (kind, what), n in tally.error_kinds.most_common():
            say(f"  {n:5d}  {kind}: {what}")
        for example in tally.error_examples[:10]:
            say(f"    {example['at']} {example['request']} → {example['what']} {example['detail']}")
    say()
    confirmed, expected, seen, lost, duplicated, messages_lost, examples = ledger.count()
    say(f"Messages: {confirmed} sent and confirmed, {len(ledger.sent) - confirmed} not confirmed; deliveries to "
        f"{len(streams)} streams: {seen} / {expected} seen, {lost} lost ({messages_lost} messages), {duplicated} duplicated, "
        f"{ledger.misrouted} in the wrong room's stream, {ledger.unknown} unknown")
    for example in examples:
        say(f"  lost: {example}")
    latencies = [s for _, s in ledger.latencies]
    if latencies:
        late = sum(1 for s in latencies if s > 1)
        say(f"Delivery (send → stream): p50 {1000 * percentile(latencies, 0.5):.1f} ms, p99 "
            f"{1000 * percentile(latencies, 0.99):.1f} ms, max {1000 * max(latencies):.1f} ms; {late} later than 1 s")
    say("Streams: " + ", ".join(f"{s.label} {s.connections} conn/{s.drops} drops" for s in streams))
    verdict = []
    if tally.errors:
        verdict.append(f"{tally.errors} HTTP errors")
    if lost or duplicated or ledger.misrouted:
        verdict.append(f"{lost} lost, {duplicated} duplicated, {ledger.misrouted} misrouted deliveries")
    say()
    say("Result: " + ("clean — no HTTP errors, nothing lost or duplicated" if not verdict else "; ".join(verdict)))
    return slopes


# Main ------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server process")
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--seconds", type=float, required=True, help="how long the traffic runs")
    parser.add_argument("--csv", required=True)
    parser.add_argument("--png", required=True)
    parser.add_argument("--summary", help="also write the summary here")
    parser.add_argument("--sample-seconds", type=float, help="default: 60, or less for runs under 30 min (30 samples)")
    parser.add_argument("--rate", type=float, default=1.0, help="scales every actor's pace")
    parser.add_argument("--guests", type=int, default=4)
    parser.add_argument("--convert", help="ImageMagick's convert")
    parser.add_argument("--label", default="fotofolio")
    args = parser.parse_args()

    convert = find_convert(args.convert)
    if not convert:
        sys.exit("soak: ImageMagick's convert is needed for the photos (apt-get install imagemagick)")
    maker = PhotoMaker(convert)
    maker.make()  # fails early if convert does not work

    tally, ledger, counts = Tally(), Ledger(), Counts()

    # People and rooms, through the forms ------------------------------------------------------
    print(f"soak: signing up people at {args.base_url}", flush=True)
    creators = [register(args.base_url, tally, f"soak.foto{i}", "creator", town)
                for i, town in enumerate(["Praha", "Brno", "Plzeň"], 1)]
    # The server lets one address make 5 accounts an hour: the third client is a demo account.
    clients = [register(args.base_url, tally, f"soak.klient{i}", "client", town)
               for i, town in enumerate(["Olomouc", "Praha"], 1)]
    clients.append(log_in(args.base_url, tally, "jana.k", "heslovo"))
    people = creators + clients
    members_by_room = {}
    for a, b in [(clients[0], creators[0]), (clients[1], creators[1]), (clients[2], creators[2]), (clients[0], creators[1])]:
        room = direct_room(a, b)
        members_by_room[room] = {a.username, b.username}
        a.rooms.append(room)
        b.rooms.append(room)
    group = group_room(clients[0], "Soak skupina", [p for p in people if p is not clients[0]])
    members_by_room[group] = {p.username for p in people}
    for person in people:
        person.rooms.append(group)
    ledger.members = members_by_room
    print(f"soak: {len(people)} people, rooms {sorted(members_by_room)} (group {group})", flush=True)

    # A signal ends the traffic early; the summary still comes.
    clock = Clock(args.seconds)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: clock.stop.set())

    streams_by_user = open_streams(people, ledger, tally, clock, extra_tabs=2)
    streams = ledger.streams
    opened_by = time.monotonic() + 15
    while time.monotonic() < opened_by and not all(s.is_open for s in streams):
        time.sleep(0.1)
    print(f"soak: {sum(s.is_open for s in streams)}/{len(streams)} live streams open; traffic for "
          f"{args.seconds / 60:.1f} min", flush=True)

    # Traffic ------------------------------------------------------------------------------------
    clock.started = time.monotonic()
    clock.deadline = clock.started + args.seconds
    interval = args.sample_seconds or min(60.0, max(5.0, args.seconds / 30))
    sampler = Sampler(args, clock, tally, ledger, counts, streams, Visitor(args.base_url, tally, "sampler"))
    serial = itertools.count(1)
    actors = [threading.Thread(target=sampler.run, args=(interval,), name="sampler")]
    guest_visitors = []
    actors += [threading.Thread(target=guest, args=(args.base_url, tally, clock, args.rate, f"guest{i}", guest_visitors),
                                name=f"guest{i}") for i in range(args.guests)]
    actors += [threading.Thread(target=photographer, args=(p, tally, clock, args.rate, maker, counts), name=f"upload {p.username}")
               for p in creators]
    actors += [threading.Thread(target=chatter, args=(p, streams_by_user, ledger, tally, clock, args.rate, members_by_room, serial),
                                name=f"chat {p.username}") for p in people]
    for actor in actors:
        actor.daemon = True
        actor.start()
    for actor in actors:
        # A request in flight at the deadline may take its timeout (30 s) to end.
        actor.join(timeout=max(0, clock.deadline - time.monotonic()) + 45)
    stuck = [a.name for a in actors if a.is_alive()]
    if stuck:
        print(f"soak: still busy after the deadline: {', '.join(stuck)}", file=sys.stderr)

    # What was sent should still arrive: wait for the streams, at most 20 s.
    drain_until = time.monotonic() + 20
    while time.monotonic() < drain_until and not clock.stop.is_set():
        if ledger.count()[3] == 0:
            break
        time.sleep(0.5)
    for stream in streams:
        stream.stop()
    for visitor in [p.visitor for p in people] + guest_visitors + [sampler.metrics]:
        visitor.close()

    # Summary, CSV, plot -------------------------------------------------------------------------
    rows = sampler.rows
    if not rows:
        sys.exit("soak: no samples were taken")
    warmup_s = 0.1 * args.seconds
    lines = []
    summarize(args, rows, tally, ledger, counts, streams, clock, warmup_s, lines)
    title = f"FOTOFOLIO SOAK {rows[0]['time_utc'][:16].replace('T', ' ')} UTC, {args.seconds / 60:.0f} MIN, {args.label}"
    try:
        draw_soak_chart(args.png, rows, args.seconds, warmup_s, title)
        lines.append(f"Plot: {args.png}")
    except OSError as problem:
        lines.append(f"Plot not written: {problem}")
    lines.append(f"Samples: {args.csv}")
    print()
    print("\n".join(lines), flush=True)
    if args.summary:
        with open(args.summary, "w") as out:
            out.write("\n".join(lines) + "\n")
    return 1 if tally.errors or ledger.count()[3] or ledger.count()[4] else 0


if __name__ == "__main__":
    sys.exit(main())
