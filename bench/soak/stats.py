"""A least-squares line through the soak's samples, with the 95 % confidence interval of its
slope (Student's t, from a small table: the standard library has no t distribution).

Samples a minute apart are not independent (a cache that fills over ten minutes moves many of
them together), so the interval is narrower than the truth; a slope whose interval holds zero
or only a small growth is flat for the run, not a proof for the week."""
import math

# Two-sided 95 %: t(0.975, df).
T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
         11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086,
         21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042,
         40: 2.021, 50: 2.009, 60: 2.000, 80: 1.990, 100: 1.984, 120: 1.980, 1000: 1.962}


def t_quantile(df):
    """t(0.975, df); between the table's rows, linear in 1/df (as the tables advise)."""
    if df in T_975:
        return T_975[df]
    if df > 1000:
        return 1.960
    rows = sorted(T_975)
    upper = next(r for r in rows if r > df)
    lower = rows[rows.index(upper) - 1]
    weight = (1 / lower - 1 / df) / (1 / lower - 1 / upper)
    return T_975[lower] + weight * (T_975[upper] - T_975[lower])


class Fit:
    """y = intercept + slope · hours, from (seconds, value) points."""

    def __init__(self, points):
        self.n = len(points)
        xs, ys = [p[0] / 3600 for p in points], [p[1] for p in points]
        mx, my = sum(xs) / self.n, sum(ys) / self.n
        spread = sum((x - mx) ** 2 for x in xs)
        self.slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread
        self.intercept = my - self.slope * mx
        residuals = sum((y - self.intercept - self.slope * x) ** 2 for x, y in zip(xs, ys))
        self.standard_error = math.sqrt(residuals / (self.n - 2) / spread) if self.n > 2 else math.inf
        self.half_width = t_quantile(self.n - 2) * self.standard_error if self.n > 2 else math.inf
        self.first_s, self.last_s = points[0][0], points[-1][0]

    @property
    def low(self):
        return self.slope - self.half_width

    @property
    def high(self):
        return self.slope + self.half_width

    def at(self, seconds):
        return self.intercept + self.slope * seconds / 3600

    def text(self, decimals=2):
        return f"{self.slope:+.{decimals}f} [{self.low:+.{decimals}f}, {self.high:+.{decimals}f}]"


def fit(points):
    """The fit, or None with fewer than 3 points or all at one time."""
    if len(points) < 3 or points[-1][0] == points[0][0]:
        return None
    return Fit(points)
