"""The soak's samples: every interval one row of the server process's figures (memory,
descriptors, threads, CPU), its broker's memory, the database, WAL and media sizes, the
server's own gauges from /metrics, and what the traffic and the ledger counted so far."""
import csv
import datetime
import os
import re
import sys
import time

COLUMNS = ["time_utc", "elapsed_s", "rss_kb", "fds", "threads", "cpu_s", "broker_rss_kb", "db_bytes", "wal_bytes",
           "media_bytes", "media_files", "spool_files", "requests", "http_errors", "uploads", "portfolios",
           "portfolios_deleted", "share_links", "zip_downloads", "bookings", "reports", "open_cases",
           "messages_sent", "deliveries_seen", "messages_lost", "messages_duplicated", "gallery_events",
           "gallery_events_lost", "gallery_events_duplicated", "streams_open", "server_streams", "server_connections",
           "outbox_backlog", "delivery_p50_ms", "delivery_p99_ms"]
LOSS_GRACE = 15  # seconds a message may take before a stream missing it counts it lost (the safety poll is 5 s)

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
        _, gallery_seen, gallery_lost, gallery_duplicated, _ = self.ledger.count_galleries(before=now - LOSS_GRACE)
        row.update(requests=self.tally.total(), http_errors=self.tally.errors, messages_sent=self.ledger.count()[0],
                   deliveries_seen=seen, messages_lost=lost, messages_duplicated=duplicated, gallery_events=gallery_seen,
                   gallery_events_lost=gallery_lost, gallery_events_duplicated=gallery_duplicated,
                   streams_open=sum(1 for s in self.streams if s.is_open))
        for name in ["uploads", "portfolios", "portfolios_deleted", "share_links", "zip_downloads", "bookings", "reports",
                     "open_cases"]:
            row[name] = self.counts[name]
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
              f"errors {row['http_errors']}  sent {row['messages_sent']}  lost {lost + gallery_lost}  "
              f"dup {duplicated + gallery_duplicated}  "
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


