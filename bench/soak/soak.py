#!/usr/bin/env python3
"""Drives the soak test against a running Fotofolio server (bench/soak.sh starts it): signs
up photographers and clients, opens their live streams, runs mixed traffic on a world that
keeps its size until the time is up, samples the server process every interval into a CSV,
and ends with a summary (slopes with their 95 % intervals) and a PNG.

    bench/soak/soak.py --base-url http://127.0.0.1:P --pid PID --data-dir D --seconds 3600 \\
        --csv out.csv --png out.png
"""
import argparse
import itertools
import os
import signal
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from client import Tally, Visitor  # noqa: E402
from desk import moderator, reporter, shoots  # noqa: E402
from ledger import Ledger  # noqa: E402
from plot import draw_soak_chart  # noqa: E402
from sampler import Sampler  # noqa: E402
from summary import fits_after, summarize  # noqa: E402
from traffic import (PORTFOLIO_LINK, Clock, Counts, PhotoMaker, Shelf, chatter, direct_room, find_convert,  # noqa: E402
                     group_room, guest, log_in, open_streams, register)
from work import galleries, photographer  # noqa: E402


def actor(name, tally, target, *args):
    """A thread for one actor; should it fail, the failure counts as an error, with its trace."""
    def run():
        try:
            target(*args)
        except Exception as problem:  # noqa: BLE001 - whatever stopped an actor is a finding
            print(f"soak: {name} stopped: {problem!r}", file=sys.stderr)
            tally.error("actor", "-", name, "stopped", traceback.format_exc()[-300:])
    return threading.Thread(target=run, name=name, daemon=True)


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
    parser.add_argument("--kept-portfolios", type=int, default=4, help="each photographer's newest; older ones are deleted")
    parser.add_argument("--warmup-seconds", type=float, help="left out of the slopes; default: the first 10 %%")
    parser.add_argument("--label", default="fotofolio")
    args = parser.parse_args()

    convert = find_convert(args.convert)
    if not convert:
        sys.exit("soak: ImageMagick's convert is needed for the photos (apt-get install imagemagick)")
    maker = PhotoMaker(convert)
    maker.make()  # fails early if convert does not work

    tally, ledger, counts, shelf = Tally(), Ledger(), Counts(), Shelf()

    # People and rooms, through the forms ------------------------------------------------------
    print(f"soak: signing up people at {args.base_url}", flush=True)
    creators = [register(args.base_url, tally, f"soak.foto{i}", "creator", town)
                for i, town in enumerate(["Praha", "Brno", "Plzeň"], 1)]
    # The server lets one address make 5 accounts an hour: the third client is a demo account.
    clients = [register(args.base_url, tally, f"soak.klient{i}", "client", town)
               for i, town in enumerate(["Olomouc", "Praha"], 1)]
    clients.append(log_in(args.base_url, tally, "jana.k", "heslovo"))
    # The demo world's operator settles the reports; not in the conversations.
    operator = log_in(args.base_url, tally, "spravce", "heslovo")
    people = creators + clients
    members_by_room = {}
    pair_rooms = []  # client i and photographer i: their shoots and galleries
    for a, b in [(clients[0], creators[0]), (clients[1], creators[1]), (clients[2], creators[2]), (clients[0], creators[1])]:
        room = direct_room(a, b)
        members_by_room[room] = {a.username, b.username}
        a.rooms.append(room)
        b.rooms.append(room)
        pair_rooms.append(room)
    group = group_room(clients[0], "Soak skupina", [p for p in people if p is not clients[0]])
    members_by_room[group] = {p.username for p in people}
    for person in people:
        person.rooms.append(group)
    ledger.members = members_by_room
    print(f"soak: {len(people)} people, rooms {sorted(members_by_room)} (group {group})", flush=True)
    # What the clients report: the demo world's portfolios, which the run never deletes.
    front = Visitor(args.base_url, tally, "front page")
    demo_portfolios = list(dict.fromkeys(PORTFOLIO_LINK.findall(front.get("/", "feed")[2] + front.get("/?sort=rating", "feed")[2])))
    front.close()
    if not demo_portfolios:
        sys.exit("soak: the demo world's feed shows no portfolio")

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
    actors = [threading.Thread(target=sampler.run, args=(interval,), name="sampler", daemon=True)]
    guest_visitors = []
    actors += [actor(f"guest{i}", tally, guest, args.base_url, tally, clock, args.rate, f"guest{i}", guest_visitors, shelf)
               for i in range(args.guests)]
    actors += [actor(f"work {p.username}", tally, photographer, p, tally, clock, args.rate, maker, counts, shelf,
                     args.kept_portfolios)
               for p in creators]
    actors += [actor(f"chat {p.username}", tally, chatter, p, streams_by_user, ledger, tally, clock, args.rate,
                     members_by_room, serial) for p in people]
    actors += [actor(f"galleries {c.username}", tally, galleries, p, c, ledger, tally, clock, args.rate, maker, counts)
               for c, p in zip(clients, creators)]
    actors += [actor(f"shoots {c.username}", tally, shoots, c, p, room, 10 + i, ledger, tally, clock, args.rate, counts)
               for i, (c, p, room) in enumerate(zip(clients, creators, pair_rooms))]
    actors += [actor("reports", tally, reporter, clients, demo_portfolios, tally, clock, args.rate, counts),
               actor("moderation", tally, moderator, operator, tally, clock, args.rate, counts)]
    for thread in actors:
        thread.start()
    for thread in actors:
        # A request in flight at the deadline may take its timeout (30 s) to end.
        thread.join(timeout=max(0, clock.deadline - time.monotonic()) + 45)
    stuck = [a.name for a in actors if a.is_alive()]
    if stuck:
        print(f"soak: still busy after the deadline: {', '.join(stuck)}", file=sys.stderr)

    # What was sent should still arrive: wait for the streams, at most 20 s.
    drain_until = time.monotonic() + 20
    while time.monotonic() < drain_until and not clock.stop.is_set():
        if ledger.count()[3] == 0 and ledger.count_galleries()[2] == 0:
            break
        time.sleep(0.5)
    for stream in streams:
        stream.stop()
    for visitor in [p.visitor for p in people] + [operator.visitor] + guest_visitors + [sampler.metrics]:
        visitor.close()

    # Summary, CSV, plot -------------------------------------------------------------------------
    rows = sampler.rows
    if not rows:
        sys.exit("soak: no samples were taken")
    warmup_s = 0.1 * args.seconds if args.warmup_seconds is None else args.warmup_seconds
    lines = []
    clean = summarize(args, rows, tally, ledger, counts, streams, clock, warmup_s, lines)
    title = f"FOTOFOLIO SOAK {rows[0]['time_utc'][:16].replace('T', ' ')} UTC, {args.seconds / 60:.0f} MIN, {args.label}"
    try:
        draw_soak_chart(args.png, rows, args.seconds, warmup_s, title, fits_after(rows, warmup_s))
        lines.append(f"Plot: {args.png}")
    except OSError as problem:
        lines.append(f"Plot not written: {problem}")
    lines.append(f"Samples: {args.csv}")
    print()
    print("\n".join(lines), flush=True)
    if args.summary:
        with open(args.summary, "w") as out:
            out.write("\n".join(lines) + "\n")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
