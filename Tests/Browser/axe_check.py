"""axe-core 4 in Selenium: injects the axe.min.js that the axe-playwright-python wheel ships
(only the script; Playwright itself is neither installed nor used), runs the WCAG 2.0, 2.1
and 2.2 A and AA rules on the page as it is now, and writes what it finds as a report a
person can read.

    from axe_check import violations, report
    found = violations(driver)          # [] when the page passes
    assert not found, report(found)

`Audit` runs axe in several sizes and colour schemes of one page without reloading it
and gathers everything it finds, for one assertion at the end of a test."""

from importlib.resources import files

from browser_helpers import DESKTOP, PHONE, wait_until

AXE_SOURCE = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")

OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
    "resultTypes": ["violations"],
}

RUN = """
    const [options, done] = arguments;
    axe.run(document, options)
      .then((results) => done({ violations: results.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
      })) }))
      .catch((error) => done({ error: String(error && error.stack || error) }));"""

# Transitions and entry animations that run once: colours read in the middle of one are
# neither the old nor the new ones. Endless animations (a spinner) are not waited for. Polled
# from here rather than on animation frames, which a page without scripts does not run.
RUNNING = """
    return document.getAnimations().filter((a) => a.playState === "running"
      && a.effect && a.effect.getComputedTiming().endTime !== Infinity).length"""

# Another colour scheme changes colours and nothing else, so after the first scheme only the
# rules that read colours run again.
COLOUR_RULES = {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}, "resultTypes": ["violations"]}

SIZES = {"phone": PHONE, "desktop": DESKTOP}
SCHEMES = ("light", "dark")


def set_viewport(driver, size):
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 768})


def set_media(driver, scheme="light", **features):
    """Emulates the colour scheme and any other media features (forced_colors="active",
    prefers_reduced_motion="reduce"); every call replaces what the last one set."""
    features = {"prefers-color-scheme": scheme} | {name.replace("_", "-"): value for name, value in features.items()}
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": name, "value": value} for name, value in features.items()]})


def settle(driver):
    wait_until(lambda: driver.execute_script(RUNNING) == 0, message="the page's transitions did not end")


def violations(driver, options=OPTIONS):
    """axe's violations on the current page: [{id, impact, help, helpUrl, nodes: [{target, summary}]}]."""
    if not driver.execute_script("return !!window.axe"):  # once per document: the script is 570 kB
        driver.execute_script(AXE_SOURCE)
    driver.set_script_timeout(60)
    answer = driver.execute_async_script(RUN, options)
    assert "error" not in answer, f"axe did not run: {answer.get('error')}"
    return answer["violations"]


def report(found, where=""):
    """The violations as text: rule, impact and help, then every failing node's CSS path and
    what to fix there."""
    lines = []
    for violation in found:
        lines.append(f"{where}{violation['id']} ({violation['impact']}): {violation['help']} <{violation['helpUrl']}>")
        for node in violation["nodes"]:
            lines.append(f"    {node['target']}")
            for summary_line in (node["summary"] or "").splitlines():
                lines.append(f"        {summary_line}")
    return "\n".join(lines)


class Audit:
    """Everything axe found on one browser's way through the pages, state by state.

    The browser asks for reduced motion throughout: a change of colour scheme then recolours
    at once instead of through transitions to wait out, and sheets open without sliding; what
    axe reads at rest is the same."""

    def __init__(self, driver):
        self.driver, self.found, self.states = driver, [], []
        set_media(driver, prefers_reduced_motion="reduce")

    def check(self, label, sizes=("phone", "desktop"), schemes=SCHEMES, prepare=None):
        """Runs axe on the page as it is, in every size × scheme (no reload: the viewport and
        the colour scheme are emulated). `prepare(driver, size)` puts the page into the state to audit
        after each change of size, e.g. opens a sheet that only a phone has."""
        for size in sizes:
            set_viewport(self.driver, SIZES[size])
            if prepare:
                prepare(self.driver, size)
            for number, scheme in enumerate(schemes):
                set_media(self.driver, scheme, prefers_reduced_motion="reduce")
                settle(self.driver)
                state = f"{label} [{size}, {scheme}]"
                self.states.append(state)
                for violation in violations(self.driver, OPTIONS if number == 0 else COLOUR_RULES):
                    self.found.append((state, violation))
        set_viewport(self.driver, DESKTOP)
        set_media(self.driver, prefers_reduced_motion="reduce")

    def report(self):
        return f"{len(self.found)} violation(s) in {len(self.states)} states:\n" + "\n".join(
            report([violation], f"{state}: ") for state, violation in self.found)
