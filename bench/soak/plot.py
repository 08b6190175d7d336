"""A small PNG line-chart writer for the soak test's samples: standard library only
(zlib for the compressed image data), a 5 × 7 pixel font drawn at twice its size. Run on its
own, it draws a run's CSV again (with another warm-up, say):

    python3 bench/soak/plot.py soak-<date>.csv soak-<date>.png --warmup-seconds 600
"""
import argparse
import csv
import math
import struct
import zlib

# 5 × 7 glyphs, one string per row, '#' is ink. Text is drawn in capitals.
GLYPHS = {
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "###.. #..#. #...# #...# #...# #..#. ###..",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    " ": "..... ..... ..... ..... ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    ",": "..... ..... ..... ..... .##.. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    ";": "..... .##.. .##.. ..... .##.. ..#.. .#...",
    "/": "....# ...#. ...#. ..#.. .#... .#... #....",
    "%": "##..# ##.#. ...#. ..#.. .#... .#.## #..##",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "=": "..... ..... ##### ..... ##### ..... .....",
    "_": "..... ..... ..... ..... ..... ..... #####",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "[": ".###. .#... .#... .#... .#... .#... .###.",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    "'": "..#.. ..#.. .#... ..... ..... ..... .....",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
}
GLYPH_ROWS = {ch: [row for row in rows.split()] for ch, rows in GLYPHS.items()}

WHITE = (255, 255, 255)
BLACK = (30, 30, 30)
GREY = (150, 150, 150)
LIGHT = (228, 228, 228)
WARMUP = (242, 238, 226)
BLUE = (31, 119, 180)
ORANGE = (230, 120, 20)
GREEN = (44, 160, 44)
RED = (214, 39, 40)
PURPLE = (148, 103, 189)


class Canvas:
    def __init__(self, width, height, background=WHITE):
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(background) * (width * height))

    def dot(self, x, y, colour):
        if 0 <= x < self.width and 0 <= y < self.height:
            at = (y * self.width + x) * 3
            self.pixels[at:at + 3] = bytes(colour)

    def rect(self, x0, y0, x1, y1, colour):
        """Fills x0 ≤ x < x1, y0 ≤ y < y1."""
        x0, x1 = max(0, int(x0)), min(self.width, int(x1))
        row = bytes(colour) * max(0, x1 - x0)
        for y in range(max(0, int(y0)), min(self.height, int(y1))):
            at = (y * self.width + x0) * 3
            self.pixels[at:at + len(row)] = row

    def line(self, x0, y0, x1, y1, colour, width=1):
        """Bresenham, with a square brush `width` pixels wide."""
        x0, y0, x1, y1 = int(round(x0)), int(round(y0)), int(round(x1)), int(round(y1))
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        error = dx + dy
        half = width // 2
        while True:
            if width == 1:
                self.dot(x0, y0, colour)
            else:
                self.rect(x0 - half, y0 - half, x0 - half + width, y0 - half + width, colour)
            if x0 == x1 and y0 == y1:
                return
            twice = 2 * error
            if twice >= dy:
                error += dy
                x0 += sx
            if twice <= dx:
                error += dx
                y0 += sy

    def dashed_hline(self, x0, x1, y, colour, dash=4):
        for x in range(int(x0), int(x1)):
            if (x // dash) % 2 == 0:
                self.dot(x, int(y), colour)

    def text(self, x, y, words, colour=BLACK, scale=2):
        """Draws `words` with its top left corner at (x, y); returns the width drawn."""
        cursor = x
        for ch in str(words).upper():
            rows = GLYPH_ROWS.get(ch, GLYPH_ROWS["?"])
            for r, row in enumerate(rows):
                for c, ink in enumerate(row):
                    if ink == "#":
                        self.rect(cursor + c * scale, y + r * scale, cursor + (c + 1) * scale, y + (r + 1) * scale, colour)
            cursor += 6 * scale
        return cursor - x

    @staticmethod
    def text_width(words, scale=2):
        return len(str(words)) * 6 * scale

    def png(self):
        raw = b"".join(b"\x00" + bytes(self.pixels[y * self.width * 3:(y + 1) * self.width * 3]) for y in range(self.height))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def nice_ticks(low, high, count=5, whole=False):
    """Round tick values covering [low, high]: steps of 1, 2 or 5 × 10^k (at least 1 if `whole`)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    if whole:
        raw = max(raw, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in ((1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(value)
        value += step
    if ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def label(value):
    if value == 0:
        return "0"
    if abs(value) >= 10000:
        return f"{value / 1000:.0f}K"
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:.0f}"
    return f"{value:.2f}".rstrip("0").rstrip(".") if abs(value) < 1 else f"{value:.1f}"


def panel(canvas, box, title, xs, series, x_max, warmup_end, from_zero=False, whole=False, line=None):
    """One chart in `box` (x0, y0, x1, y1): `series` is [(legend, colour, ys)], None values skipped;
    `whole`: the values are counts, so ticks are whole numbers; `line`: a fit (stats.Fit) of the
    last series after the warm-up, drawn over it, its slope and interval per hour in the title."""
    x0, y0, x1, y1 = box
    canvas.text(x0 + 4, y0 + 2, title, BLACK)
    if line is not None:
        # On the title's line when it fits there, else on the legend's.
        slope = f"SLOPE {line.text(1 if whole else 2)} /H"
        row = y0 + 2 if canvas.text_width(title) + canvas.text_width(slope) + 24 < x1 - x0 else y0 + 24
        canvas.text(x1 - 4 - canvas.text_width(slope), row, slope, RED)
    # Legend under the title.
    lx = x0 + 4
    for legend, colour, _ in series:
        canvas.rect(lx, y0 + 26, lx + 14, y0 + 36, colour)
        lx += 20 + canvas.text(lx + 20, y0 + 24, legend, GREY) + 18
    left, right, top, bottom = x0 + 70, x1 - 12, y0 + 48, y1 - 34
    values = [v for _, _, ys in series for v in ys if v is not None]
    if line is not None:
        values += [line.at(line.first_s), line.at(line.last_s)]
    low, high = (min(values), max(values)) if values else (0, 1)
    if from_zero or low >= 0 and (high - low) > 0.5 * high:
        low = 0 if low >= 0 else low
    if high - low < 1e-9:
        low, high = (low - 1, high + 1) if low != 0 else (0, 1)
    pad = (high - low) * 0.05
    ticks = nice_ticks(low - (pad if low != 0 else 0), high + pad, whole=whole)
    ylow, yhigh = ticks[0], ticks[-1]

    def px(x):
        return left + (right - left) * (x / x_max if x_max else 0)

    def py(y):
        return bottom - (bottom - top) * ((y - ylow) / (yhigh - ylow))

    if warmup_end > 0:
        canvas.rect(px(0), top, px(min(warmup_end, x_max)), bottom + 1, WARMUP)
    for tick in ticks:
        y = py(tick)
        canvas.dashed_hline(left, right, y, LIGHT)
        text = label(tick)
        canvas.text(left - 8 - canvas.text_width(text), int(y) - 7, text, GREY)
    for tick in nice_ticks(0, x_max / 60 if x_max else 1, 6):
        if tick * 60 > x_max + 1e-6:
            continue
        x = px(tick * 60)
        canvas.line(x, bottom, x, bottom + 5, GREY)
        text = label(tick)
        canvas.text(int(x) - canvas.text_width(text) // 2, bottom + 9, text, GREY)
    canvas.line(left, top, left, bottom, GREY)
    canvas.line(left, bottom, right, bottom, GREY)
    for _, colour, ys in series:
        points = [(px(x), py(y)) for x, y in zip(xs, ys) if y is not None]
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            canvas.line(ax, ay, bx, by, colour, width=2)
        for x, y in points:
            canvas.rect(x - 2, y - 2, x + 3, y + 3, colour)
    if line is not None:
        canvas.line(px(line.first_s), py(line.at(line.first_s)), px(line.last_s), py(line.at(line.last_s)), RED, width=2)


def draw_soak_chart(path, rows, duration_s, warmup_s, title, fits=None):
    """Six panels from the sample rows (dicts of the CSV's columns, numbers parsed); `fits`:
    column → stats.Fit after the warm-up, drawn in red on the panel of that column."""
    fits = fits or {}
    width, height = 1200, 900
    canvas = Canvas(width, height)
    canvas.text(16, 12, title, BLACK)
    canvas.text(16, 36, "MINUTES ON THE X AXIS; SHADED: WARM-UP; RED: LEAST-SQUARES LINE AFTER IT, SLOPE [95% INTERVAL]", GREY)
    xs = [r["elapsed_s"] for r in rows]

    def column(name, scale=1.0):
        return [None if r.get(name) is None else r[name] * scale for r in rows]

    mb = 1 / 1024
    def both(a, b):
        return [None if x is None or y is None else x + y for x, y in zip(column(a), column(b))]

    # (title, series, from zero, whole numbers, fitted column); the last series of a panel is
    # drawn on top, and the fit is of it.
    panels = [
        ("SERVER RSS, MB", [("SERVER", BLUE, column("rss_kb", mb))], False, False, "rss_kb"),
        ("OPEN DESCRIPTORS", [("SERVER", BLUE, column("fds"))], False, True, "fds"),
        ("THREADS", [("SERVER", BLUE, column("threads"))], False, True, "threads"),
        ("WAL, DATABASE, MB", [("DB+WAL", GREY, column("db_bytes", 1 / 1048576)),
                                  ("WAL", ORANGE, column("wal_bytes", 1 / 1048576))], True, False, "wal_bytes"),
        ("PROBLEMS SO FAR", [("DUPLICATED", PURPLE, both("messages_duplicated", "gallery_events_duplicated")),
                             ("LOST EVENTS", ORANGE, both("messages_lost", "gallery_events_lost")),
                             ("HTTP ERRORS", RED, column("http_errors"))], True, True, None),
        ("DELIVERY IN THE INTERVAL, MS", [("P50", BLUE, column("delivery_p50_ms")), ("P99", ORANGE, column("delivery_p99_ms"))], True, False, None),
    ]
    columns, top = 2, 64
    cell_w, cell_h = width // columns, (height - top) // 3
    for i, (name, series, from_zero, whole, fitted) in enumerate(panels):
        cx, cy = (i % columns) * cell_w, top + (i // columns) * cell_h
        panel(canvas, (cx + 8, cy + 4, cx + cell_w - 8, cy + cell_h - 6), name, xs, series, duration_s, warmup_s,
              from_zero, whole, fits.get(fitted))
    with open(path, "wb") as out:
        out.write(canvas.png())


def main():
    from summary import fits_after  # the summary's fits, so the plot and the text agree

    parser = argparse.ArgumentParser(description="Draws a soak run's CSV as its PNG.")
    parser.add_argument("csv")
    parser.add_argument("png")
    parser.add_argument("--warmup-seconds", type=float, help="default: the first 10 %% of the run")
    parser.add_argument("--minutes", type=float, help="the run's planned length; default: the last sample's")
    parser.add_argument("--label", default="release")
    args = parser.parse_args()
    with open(args.csv, newline="") as samples:
        rows = [{k: (float(v) if k != "time_utc" and v not in ("", None) else (None if v == "" else v)) for k, v in row.items()}
                for row in csv.DictReader(samples)]
    duration = args.minutes * 60 if args.minutes else rows[-1]["elapsed_s"]
    warmup = 0.1 * duration if args.warmup_seconds is None else args.warmup_seconds
    title = f"FOTOFOLIO SOAK {rows[0]['time_utc'][:16].replace('T', ' ')} UTC, {duration / 60:.0f} MIN, {args.label}"
    draw_soak_chart(args.png, rows, duration, warmup, title, fits_after(rows, warmup))


if __name__ == "__main__":
    main()
