"""Reads the file FOTOFOLIO_TEST_TIMELINE=FILE made during a browser test run and prints
where the time went: each worker's busy time and when it finished, the slowest tests, and
the time by module (summed over workers).

    FOTOFOLIO_TEST_TIMELINE=/tmp/timeline.jsonl .venv/bin/python -m pytest Tests/Browser
    python3 Tests/Browser/timeline.py /tmp/timeline.jsonl"""

import collections
import json
import sys


def main(path, slowest=25):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    if not rows:
        sys.exit(f"{path} holds no tests")
    begin = min(row["start"] for row in rows)
    end = max(row["end"] for row in rows)
    print(f"{len(rows)} tests, {end - begin:.0f} s from the first start to the last end")
    workers = collections.defaultdict(list)
    for row in rows:
        workers[row["worker"]].append(row)
    for worker, items in sorted(workers.items()):
        busy = sum(row["end"] - row["start"] for row in items)
        finished = max(row["end"] for row in items) - begin
        print(f"  {worker}: {len(items)} tests, busy {busy:.0f} s, done at {finished:.0f} s")
    print(f"\nslowest {slowest}:")
    for row in sorted(rows, key=lambda row: row["start"] - row["end"])[:slowest]:
        print(f"  {row['end'] - row['start']:6.1f} s  {row['worker']}  {row['test']}")
    modules = collections.Counter()
    for row in rows:
        modules[row["test"].split("::")[0]] += row["end"] - row["start"]
    print("\nby module:")
    for module, seconds in modules.most_common():
        print(f"  {seconds:7.1f} s  {module}")


if __name__ == "__main__":
    main(sys.argv[1])
