"""Frame cost of the precise sliders in headless Chromium.

Drives gestures on /sliders through Chrome DevTools at 60 input events a second for a few
seconds each and reads, per animation frame: the page's scripting time (DevTools
`Performance.getMetrics` ScriptDuration, all scripts), style and layout time, and the
widgets' own draw time (their `performance.measure` entries). The baseline is the same
mouse movement over the page's heading, where no widget listens.

Usage: bench/sliders.sh (starts a server), or python bench/slider-frames.py BASE_URL.
"""

import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

SECONDS = 3.0
RATE = 60  # input events per second
FINITE = "[data-precise-slider]:not(#dense)"
PHOTO = "[data-precise-plane]"


def browser(width=1280, height=800):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Performance.enable", {})
    return driver


def metrics(driver):
    return {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


def centre_of(driver, selector):
    return driver.execute_script("""
        const element = document.querySelector(arguments[0]);
        element.scrollIntoView({ block: "center", behavior: "instant" });
        const r = element.getBoundingClientRect();
        return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];""", selector)


def add_dense_slider(driver):
    """A copy of the 0–100 slider with 200 units: about 500 ticks on screen at scale 1."""
    driver.execute_async_script("""
        const done = arguments[0];
        const original = document.querySelector("[data-precise-slider]");
        const copy = original.cloneNode(true);
        const config = JSON.parse(original.dataset.preciseSlider);
        copy.dataset.preciseSlider = JSON.stringify({ ...config, units: 200 });
        copy.id = "dense";
        copy.classList.remove("precise-slider--live");
        document.querySelector(".slider-demo").prepend(copy);
        import(document.querySelector('script[src*="precise-slider."]').src).then((m) => { m.enhance(); done(); });""")


def run(driver, gesture, measure_name, widget=None):
    """Runs `gesture(t)` every 1/RATE s for SECONDS; returns per-frame figures."""
    driver.execute_script("""
        performance.clearMeasures();
        window.benchFrames = 0;
        window.benchCounting = true;
        (function count() { if (!window.benchCounting) return; window.benchFrames += 1; requestAnimationFrame(count); })();""")
    before = metrics(driver)
    start = time.monotonic()
    events = 0
    while (elapsed := time.monotonic() - start) < SECONDS:
        gesture(elapsed)
        events += 1
        time.sleep(max(0.0, events / RATE - (time.monotonic() - start)))
    gesture(None)
    after = metrics(driver)
    frames, draws = driver.execute_script("""
        window.benchCounting = false;
        return [window.benchFrames, performance.getEntriesByName(arguments[0], "measure").map((e) => e.duration)];""",
        measure_name)
    per_frame = lambda key: (after[key] - before[key]) * 1000 / max(frames, 1)
    draws = sorted(draws) or [0.0]
    return {
        "frames": frames, "events": events,
        "script": per_frame("ScriptDuration"),
        "style+layout": per_frame("RecalcStyleDuration") + per_frame("LayoutDuration"),
        "draw p50": statistics.median(draws), "draw p95": draws[int(0.95 * (len(draws) - 1))], "draw max": draws[-1],
        "ticks": driver.execute_script("""
            if (!arguments[0]) return 0;
            // Each tick is one "M…L…" segment of a ruler's paths.
            return [...document.querySelector(arguments[0]).querySelectorAll("[data-ruler-ticks] path")]
                .reduce((sum, path) => sum + (path.getAttribute("d") ?? "").split("M").length - 1, 0)""", widget),
    }


def mouse_drag(driver, x, y, reach=150, buttons=1):
    def gesture(t):
        if t is None:
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left"})
            return
        if t == 0 or not hasattr(gesture, "pressed"):
            gesture.pressed = True
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                "type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})
        # Back and forth, about one sweep a second.
        phase = (t % 1.0) * 2
        offset = reach * (phase if phase < 1 else 2 - phase) - reach / 2
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseMoved", "x": x + offset, "y": y, "button": "left", "buttons": buttons})
    return gesture


def touch_pinch(driver, x, y):
    def points(spread):
        return [{"x": x - spread / 2, "y": y, "id": 0}, {"x": x + spread / 2, "y": y, "id": 1}]

    def gesture(t):
        if t is None:
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        if not hasattr(gesture, "started"):
            gesture.started = True
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(60)})
        phase = (t % 1.0) * 2
        spread = 60 + 200 * (phase if phase < 1 else 2 - phase)
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(spread)})
    return gesture


def main(base_url):
    driver = browser()
    try:
        driver.get(base_url + "/sliders")
        add_dense_slider(driver)
        rows = []
        heading = centre_of(driver, "h1")
        rows.append(("baseline: the same moves over the heading", run(driver, mouse_drag(driver, *heading, buttons=0), "none")))
        finite = centre_of(driver, FINITE + " [data-slider-ruler]")
        rows.append(("1D drag, 0–100, 20 units", run(driver, mouse_drag(driver, *finite), "precise-slider-draw", FINITE)))
        dense = centre_of(driver, "#dense [data-slider-ruler]")
        rows.append(("1D drag, 200 units", run(driver, mouse_drag(driver, *dense), "precise-slider-draw", "#dense")))
        rows.append(("1D pinch zoom, 200 units", run(driver, touch_pinch(driver, *dense), "precise-slider-draw", "#dense")))
        plane = centre_of(driver, PHOTO + " [data-plane-view]")
        rows.append(("2D drag, photo", run(driver, mouse_drag(driver, *plane), "precise-plane-draw", PHOTO)))
        rows.append(("2D pinch zoom, photo", run(driver, touch_pinch(driver, *plane), "precise-plane-draw", PHOTO)))
    finally:
        driver.quit()
    print("| gesture | frames | ticks drawn | script ms/frame | style+layout ms/frame | draw p50 | draw p95 | draw max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, r in rows:
        print(f"| {name} | {r['frames']} | {r['ticks']} | {r['script']:.2f} | {r['style+layout']:.2f} "
              f"| {r['draw p50']:.2f} | {r['draw p95']:.2f} | {r['draw max']:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
