#!/usr/bin/env python3
"""The SQLite store's matching statement (`SQLiteDemandStore.matchingSQL`, read from the
source) run as `DemandStore.matching` runs it for each named photographer: its query plan
(EXPLAIN QUERY PLAN), how many demands it selects, and its median time over a number of runs
in this process (SQLite's, without the server around it), in full and with `LIMIT 3` (the
feed page's three slots, without the total); the plan once if the limit leaves it alike.

    bench/demand-plan.py data/fotofolio.sqlite vojtafoti ad.fotograf
    bench/demand-plan.py --source Sources/FotofolioSQLite/SQLiteDemandStore+Steps.swift --runs 200 db.sqlite vojtafoti
"""
import argparse
import json
import re
import sqlite3
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path


def statement(source):
    match = re.search(r'static let matchingSQL = """\n(.*?)\n\s*"""', Path(source).read_text(), re.S)
    if not match:
        raise SystemExit(f"no matchingSQL in {source}")
    return match.group(1)


def fold(text):
    return text.strip().lower().translate(str.maketrans("áčďéěíňóřšťúůýž", "acdeeinorstuuyz"))


def arguments_for(db, username, now):
    """The statement's arguments as `SQLiteDemandStore.matching` reads them."""
    row = db.execute("SELECT id, location, EXISTS (SELECT 1 FROM demandReach WHERE userId = user.id) FROM user WHERE username = ?",
                     (username,)).fetchone()
    if not row:
        raise SystemExit(f"no user {username}")
    me, location, anywhere = row
    tags = [t for (t,) in db.execute(
        "SELECT DISTINCT folded FROM portfolioTag WHERE portfolioId IN (SELECT id FROM portfolio WHERE ownerId = ?)", (me,))]
    return {"today": now.date().isoformat(), "me": me, "anywhere": anywhere, "town": fold(location or ""),
            "tags": json.dumps(tags, ensure_ascii=False), "now": now.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]}, tags


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("usernames", nargs="+")
    parser.add_argument("--source", default=str(Path(__file__).resolve().parent.parent
                                                / "Sources/FotofolioSQLite/SQLiteDemandStore+Steps.swift"))
    parser.add_argument("--runs", type=int, default=100)
    options = parser.parse_args()
    sql = statement(options.source)
    db = sqlite3.connect(f"file:{options.database}?mode=ro", uri=True)
    now = datetime.now(timezone.utc)
    print(f"SQLite {sqlite3.sqlite_version}; open demands: "
          f"{db.execute('SELECT COUNT(*) FROM demand WHERE closedAt IS NULL AND bookingId IS NULL AND hiddenAt IS NULL').fetchone()[0]}")
    for username in options.usernames:
        arguments, tags = arguments_for(db, username, now)
        arguments["limit"] = -1  # all of them, as the "demands only" page counts them
        ids = db.execute(sql, arguments).fetchall()
        times = []
        for _ in range(options.runs):
            start = time.perf_counter()
            db.execute(sql, arguments).fetchall()
            times.append(time.perf_counter() - start)
        # The feed page shows the first Demands.feedSlots (3) and not the total: the statement stops there.
        limited = []
        for _ in range(options.runs):
            start = time.perf_counter()
            db.execute(sql, arguments | {"limit": 3}).fetchall()
            limited.append(time.perf_counter() - start)
        print(f"\n{username}: town {arguments['town']!r}, anywhere {bool(arguments['anywhere'])}, {len(tags)} tags; "
              f"{len(ids)} matching; statement median {1000 * statistics.median(times):.3f} ms, "
              f"with LIMIT 3 {1000 * statistics.median(limited):.3f} ms, over {options.runs} runs")
        full, feed = plan(db, sql, arguments), plan(db, sql, arguments | {"limit": 3})
        if full == feed:
            print("  plan, without a limit and with LIMIT 3 alike:")
            print("\n".join(full))
        else:
            print("  plan without a limit:")
            print("\n".join(full))
            print("  plan with LIMIT 3:")
            print("\n".join(feed))


def plan(db, sql, arguments):
    """EXPLAIN QUERY PLAN's lines, indented by depth."""
    depth, lines = {0: 0}, []
    for node, parent, _, detail in db.execute("EXPLAIN QUERY PLAN " + sql, arguments):
        depth[node] = depth.get(parent, 0) + 1
        lines.append("  " * (depth[node] + 1) + detail)
    return lines


if __name__ == "__main__":
    main()
