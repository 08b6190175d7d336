"""Seek latency of the film player in headless Chromium: from the release of the precise
seek bar (a mouse drag on the ruler, pressed, moved and released through DevTools) to the
video element's `seeked` event, timed in the page with `performance.now()`.

Every drag lands somewhere else in the demo film (a seeded site's "Krajina" portfolio), so
no seek is served from the decoder's last frame. Keyframes are a second apart in the
rendition, so a seek decodes at most a second of frames. Prints p50, p95 and the spread.

Usage: bench/video.sh (starts a seeded server), or python bench/film-seeks.py BASE_URL [SEEKS].
"""

import random
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def browser(width=1280, height=800):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--mute-audio"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def mouse(driver, kind, x, y):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                           {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind != "mouseReleased" else 0,
                            "clickCount": 1})


def open_film(driver, base_url):
    driver.get(base_url + "/u/michal1")
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "a[href^='/portfolios/']") if "Krajina" in a.text)
    driver.get(link.get_attribute("href").split("#")[0])
    driver.execute_async_script("""
        const done = arguments[0];
        const video = document.querySelector("[data-film] video");
        const ready = () => video.readyState >= 2 && !document.querySelector("[data-film-controls]").hidden;
        const wait = () => ready() ? done() : setTimeout(wait, 20);
        wait();""")
    # Times of every release and every `seeked`, kept in the page.
    driver.execute_script("""
        const video = document.querySelector("[data-film] video");
        window.filmSeeks = { released: [], seeked: [] };
        document.querySelector("[data-film] [data-precise-slider]")
          .addEventListener("slider-change", () => window.filmSeeks.released.push(performance.now()));
        video.addEventListener("seeked", () => window.filmSeeks.seeked.push(performance.now()));""")
    return driver.execute_script("""
        const ruler = document.querySelector("[data-film] [data-slider-ruler]");
        ruler.scrollIntoView({ block: "center", behavior: "instant" });
        const r = ruler.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2, r.width];""")


def main():
    base_url = sys.argv[1]
    seeks = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    driver = browser()
    try:
        x, y, width = open_film(driver, base_url)
        latencies = []
        rng = random.Random(7)
        for _ in range(seeks):
            before = driver.execute_script("return window.filmSeeks.seeked.length")
            # Drag by up to a third of the ruler either way, resting before the release (no fling).
            dx = rng.choice((-1, 1)) * rng.uniform(30, width / 3)
            mouse(driver, "mousePressed", x, y)
            for step in range(1, 9):
                mouse(driver, "mouseMoved", x + dx * step / 8, y)
            driver.execute_async_script("setTimeout(arguments[0], 150)")
            mouse(driver, "mouseReleased", x + dx, y)
            # The last `seeked` after the release, once the film has stopped seeking for 100 ms:
            # a scrub's seek may still land after the release, before the exact one.
            latency = driver.execute_async_script("""
                const [before, done] = arguments;
                const video = document.querySelector("[data-film] video");
                const started = performance.now();
                let quietSince = null;
                const wait = () => {
                  const s = window.filmSeeks;
                  const released = s.released[s.released.length - 1];
                  const after = s.seeked.filter((t) => t >= released);
                  const now = performance.now();
                  if (after.length && s.seeked.length > before && !video.seeking) {
                    quietSince ??= now;
                    if (now - quietSince >= 100) return done(after[after.length - 1] - released);
                  } else {
                    quietSince = null;
                  }
                  if (now - started > 5000) return done(null);
                  setTimeout(wait, 5);
                };
                wait();""", before)
            if latency is not None:
                latencies.append(latency)
        latencies.sort()
        p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
        print(f"seeks: {len(latencies)} of {seeks} answered")
        print(f"release → seeked, ms: p50 {statistics.median(latencies):.1f}, p95 {p95:.1f}, "
              f"min {latencies[0]:.1f}, max {latencies[-1]:.1f}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
