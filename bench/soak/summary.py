"""The soak's summary: figures after the warm-up with least-squares slopes and their 95 %
intervals, the world's size, requests by kind, every error, and what the live streams saw."""
from sampler import percentile
from stats import fit

# (label, column, scale, decimals, fitted): the fitted ones are the figures that must stay flat.
FIGURES = [("server RSS MB", "rss_kb", 1 / 1024, 1, True), ("open descriptors", "fds", 1, 0, True),
           ("threads", "threads", 1, 0, True), ("WAL MB", "wal_bytes", 1 / 1048576, 2, True),
           ("broker RSS MB", "broker_rss_kb", 1 / 1024, 1, False), ("database+WAL MB", "db_bytes", 1 / 1048576, 1, False),
           ("media MB", "media_bytes", 1 / 1048576, 1, False), ("upload spool files", "spool_files", 1, 0, False),
           ("server live streams", "server_streams", 1, 0, False), ("server connections", "server_connections", 1, 0, False),
           ("outbox backlog", "outbox_backlog", 1, 0, False), ("open report cases", "open_cases", 1, 0, False)]


def fits_after(rows, warmup_s):
    """Column → fit of its values after the warm-up, for the fitted figures (in their units)."""
    after = [r for r in rows if r["elapsed_s"] >= warmup_s] or rows
    fits = {}
    for _, key, scale, _, fitted in FIGURES:
        if fitted:
            fits[key] = fit([(r["elapsed_s"], r[key] * scale) for r in after if r.get(key) is not None])
    return fits


def summarize(args, rows, tally, ledger, counts, streams, clock, warmup_s, lines):
    def say(text=""):
        lines.append(text)

    planned = clock.deadline - clock.started
    seconds = max(1.0, rows[-1]["elapsed_s"])  # less than planned when a signal ended it
    after = [r for r in rows if r["elapsed_s"] >= warmup_s] or rows
    say(f"Soak summary: {args.label}, {planned / 60:.1f} min of traffic planned, {seconds / 60:.1f} run, "
        f"{len(rows)} samples, warm-up the first {warmup_s:.0f} s ({len(after)} samples after it)")
    say()
    # The slope after the warm-up with its 95 % interval, and over the run's second half:
    # caches that fill and then stay full raise the first, a leak raises both.
    half = rows[-1]["elapsed_s"] / 2
    say(f"{'after warm-up':<20} {'first':>8} {'last':>8} {'min':>8} {'max':>8}   {'slope/hour [95 % interval]':<30} {'2nd half':>9}")
    for name, key, scale, decimals, fitted in FIGURES:
        values = [(r["elapsed_s"], r[key] * scale) for r in after if r.get(key) is not None]
        if not values:
            continue
        shown = late = ""
        if fitted:
            line = fit(values)
            second = fit([(t, v) for t, v in values if t >= half])
            shown = "–" if line is None else line.text(decimals + 1)
            late = "–" if second is None else f"{second.slope:+.{decimals + 1}f}"
        number = f"{{:8.{decimals}f}}"
        ys = [v for _, v in values]
        say(f"{name:<20} {number.format(ys[0])} {number.format(ys[-1])} {number.format(min(ys))} "
            f"{number.format(max(ys))}   {shown:<30} {late:>9}")
    cpu = [(r["elapsed_s"], r["cpu_s"]) for r in rows if r.get("cpu_s") is not None]
    if len(cpu) >= 2 and cpu[-1][0] > cpu[0][0]:
        say(f"{'server CPU':<20} {100 * (cpu[-1][1] - cpu[0][1]) / (cpu[-1][0] - cpu[0][0]):8.1f} % of one core on average")
    say()
    kept = counts["portfolios"] - counts["portfolios_deleted"]
    say(f"World: {counts['uploads']} photos uploaded into {counts['portfolios']} portfolios, {counts['portfolios_deleted']} "
        f"of them deleted again ({kept} of the soak's kept at the end); {counts['gallery_uploads']} gallery photos in "
        f"{counts['galleries']} galleries, all made at the start")
    say(f"Surfaces: {counts['share_links']} share links made, opened and revoked ({counts['share_wrong_passwords']} wrong "
        f"passwords); {counts['zip_downloads']} archives downloaded and checked ({counts['zip_bytes'] / 1048576:.1f} MB); "
        f"{counts['shoot_requests']} shoot requests, {counts['shoot_declines']} declined, {counts['bookings']} booked, "
        f"{counts['cancellations']} cancelled; {counts['reports']} reports, {counts['cases_settled']} cases settled, "
        f"at most {counts['open_cases_max']} open at a round of the desk, {counts['open_cases']} at the last")
    say()
    total = tally.total()
    say(f"Requests: {total:,} in {seconds:.0f} s ({total / seconds:.1f}/s); keep-alive connections found closed and "
        f"sent again: {tally.stale_retries}")
    with tally.lock:
        kinds = sorted(tally.requests.items(), key=lambda kv: -kv[1])
        for kind, count in kinds:
            durations = tally.durations[kind]
            statuses = ", ".join(f"{status}×{n}" for (k, status), n in sorted(tally.statuses.items()) if k == kind)
            timing = "" if kind == "live" else \
                f"p50 {1000 * percentile(durations, 0.5):7.1f} ms  p99 {1000 * percentile(durations, 0.99):7.1f} ms  "
            say(f"  {kind:<22} {count:6d}  {timing}[{statuses}]")
    say()
    say(f"HTTP errors (5xx, connection errors, unexpected 4xx, wrong answers): {tally.errors}")
    with tally.lock:
        for (kind, what), n in tally.error_kinds.most_common():
            say(f"  {n:5d}  {kind}: {what}")
        for example in tally.error_examples[:10]:
            say(f"    {example['at']} {example['request']} → {example['what']} {example['detail']}")
    say()
    confirmed, expected, seen, lost, duplicated, messages_lost, examples = ledger.count()
    say(f"Messages (cards of shoots included): {confirmed} sent and confirmed, {len(ledger.sent) - confirmed} not "
        f"confirmed; deliveries to {len(streams)} streams: {seen} / {expected} seen, {lost} lost ({messages_lost} messages), "
        f"{duplicated} duplicated, {ledger.misrouted} in the wrong room's stream, {ledger.unknown} unknown; "
        f"{ledger.card_updates} events of cards announced again as their shoot moved on")
    for example in examples:
        say(f"  lost: {example}")
    for example in ledger.duplicate_examples:
        say(f"  duplicated: {example}")
    g_expected, g_seen, g_lost, g_duplicated, g_extra = ledger.count_galleries()
    say(f"Gallery events (a pick, a selection saved or sent, a delivery): {len(ledger.gallery_changes)} changes; "
        f"{g_seen} / {g_expected} seen on the photographers' streams, {g_lost} lost, {g_duplicated} duplicated, "
        f"{g_extra} more than changes made; {ledger.resets} resets")
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
    if g_lost or g_duplicated or g_extra or ledger.resets:
        verdict.append(f"{g_lost} lost, {g_duplicated} duplicated, {g_extra} unexplained gallery events, {ledger.resets} resets")
    say()
    say("Result: " + ("clean — no HTTP errors, no live event lost or duplicated" if not verdict else "; ".join(verdict)))
    return not verdict
