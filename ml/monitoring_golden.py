#!/usr/bin/python3
"""Golden figures for model monitoring, computed independently of the TypeScript.

Writes ml/golden/monitoring-figures.json: fixed sets of judged outcomes
(seeded) and, for each, every figure apps/api/src/modules/model-performance/figures computes, worked out
here with numpy, scipy and scikit-learn so that the TypeScript is checked against a second,
separately written implementation:

- AUROC by sklearn.metrics.roc_auc_score; DeLong's interval from the O(m·n) definition of the
  structural components (the TypeScript uses the O(n log n) midrank form);
- the calibration intercept and slope by a vectorised Newton-Raphson with the same start, step
  halving and stopping rule, its maximum checked by the score being zero;
- Byar's and Wilson's intervals, Brier, bands, deciles and VLAD written out (the CUSUMs, two-sided
  and restarting, are ml/cusum_golden.py's).

The JSON is laid out as Prettier (the repository's .prettierrc.json) would lay it out, so the
file passes `prettier --check` as written. Run from the repository root:

    /usr/bin/python3 ml/monitoring_golden.py
"""

import datetime
import json
import math
import pathlib
import re

import numpy as np
from scipy.special import expit
from scipy.stats import poisson
from sklearn.metrics import roc_auc_score

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "ml/golden/monitoring-figures.json"

Z95 = 1.959963984540054
Z998 = 3.090232306167813
ENOUGH_EVENTS = 100  # enoughEventsThreshold in packages/contracts/src/model-performance.ts
PROBABILITY_FLOOR = 1e-12
MAX_ITERATIONS = 100
STEP_TOLERANCE = 1e-12
# A fall in the log-likelihood below this share of it is rounding in the sum, not a worse fit.
LOG_LIKELIHOOD_ROUNDING = 1e-9
BANDS = ("High", "Moderate", "Low")


# ---------------------------------------------------------------------------------------------
# Figures


def byar_lower_count(observed, z):
    if observed <= 0:
        return 0.0
    base = 1 - 1 / (9 * observed) - z / (3 * math.sqrt(observed))
    return 0.0 if base <= 0 else observed * base**3


def byar_upper_count(observed, z):
    following = observed + 1
    return following * (1 - 1 / (9 * following) + z / (3 * math.sqrt(following))) ** 3


def wilson(successes, trials, z):
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half_width = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half_width), min(1.0, centre + half_width)


def log_likelihood(x, y, a, b):
    eta = a + b * x
    return float(np.sum(y * eta - np.logaddexp(0.0, eta)))


def newton_recalibration(x, y, fit_slope):
    """ML fit of logit P(y) = a + b*x from (0, 1); b fixed at 1 unless fit_slope. None if it fails."""
    a, b = 0.0, 1.0
    current = log_likelihood(x, y, a, b)
    for _ in range(MAX_ITERATIONS):
        fitted = expit(a + b * x)
        residual = y - fitted
        weight = fitted * (1 - fitted)
        score = np.array([residual.sum(), (residual * x).sum()])
        information = np.array(
            [[weight.sum(), (weight * x).sum()], [(weight * x).sum(), (weight * x * x).sum()]]
        )
        if fit_slope:
            if not np.linalg.det(information) > 0:
                return None
            step = np.linalg.solve(information, score)
        else:
            if not information[0, 0] > 0:
                return None
            step = np.array([score[0] / information[0, 0], 0.0])
        if not np.all(np.isfinite(step)):
            return None
        size = float(np.max(np.abs(step)))
        if size < STEP_TOLERANCE:
            return a + step[0], b + step[1]
        scale = 1.0
        lowest = current - LOG_LIKELIHOOD_ROUNDING * abs(current)
        following = log_likelihood(x, y, a + step[0], b + step[1])
        while following < lowest and scale * size >= STEP_TOLERANCE:
            scale /= 2
            following = log_likelihood(x, y, a + scale * step[0], b + scale * step[1])
        a, b = a + scale * step[0], b + scale * step[1]
        current = following
        if scale * size < STEP_TOLERANCE:
            return a, b
    return None


def recalibration(p, y):
    if y.sum() == 0 or y.sum() == len(y):
        return None, None
    clamped = np.clip(p, PROBABILITY_FLOOR, 1 - PROBABILITY_FLOOR)
    x = np.log(clamped / (1 - clamped))
    intercept_fit = newton_recalibration(x, y, fit_slope=False)
    slope_fit = newton_recalibration(x, y, fit_slope=True)
    for fit, columns in ((intercept_fit, 1), (slope_fit, 2)):
        if fit is not None:
            # A maximum: the score equations hold.
            residual = y - expit(fit[0] + fit[1] * x)
            assert abs(residual.sum()) < 1e-8 and (columns == 1 or abs((residual * x).sum()) < 1e-8)
    return (
        None if intercept_fit is None else float(intercept_fit[0]),
        None if slope_fit is None else float(slope_fit[1]),
    )


def delong(p, y):
    """AUROC (scikit-learn) and DeLong's 95% interval from the structural components' definition."""
    positives, negatives = p[y == 1], p[y == 0]
    if len(positives) < 2 or len(negatives) < 2:
        return None
    auc = float(roc_auc_score(y, p))
    kernel = (positives[:, None] > negatives[None, :]) + 0.5 * (positives[:, None] == negatives[None, :])
    v10 = kernel.mean(axis=1)
    v01 = kernel.mean(axis=0)
    se = math.sqrt(np.var(v10, ddof=1) / len(positives) + np.var(v01, ddof=1) / len(negatives))
    return {"value": auc, "lower": max(0.0, auc - Z95 * se), "upper": min(1.0, auc + Z95 * se)}


def performance(p, y):
    n = len(p)
    events = int(y.sum())
    expected = float(p.sum())
    intercept, slope = recalibration(p, y) if n else (None, None)
    oe = None
    if n and expected > 0:
        oe = {
            "ratio": events / expected,
            "lower": byar_lower_count(events, Z95) / expected,
            "upper": byar_upper_count(events, Z95) / expected,
        }
    return {
        "n": n,
        "events": events,
        "expected": expected,
        "observedRate": events / n if n else None,
        "meanPredicted": expected / n if n else None,
        "oe": oe,
        "calibrationIntercept": intercept,
        "calibrationSlope": slope,
        "auroc": delong(p, y) if n else None,
        "brier": float(np.mean((p - y) ** 2)) if n else None,
        "enoughEvents": events >= ENOUGH_EVENTS,
    }


def band_figures(p, y, bands):
    figures = []
    for band in BANDS:
        chosen = np.array([b == band for b in bands], dtype=bool)
        n = int(chosen.sum())
        figures.append(
            {
                "band": band,
                "n": n,
                "events": int(y[chosen].sum()),
                "observedRate": float(y[chosen].mean()) if n else None,
                "meanPredicted": float(p[chosen].mean()) if n else None,
            }
        )
    return figures


def decile_figures(p, y, orders):
    n = len(p)
    ranked = sorted(range(n), key=lambda i: (p[i], orders[i]))
    figures = []
    for decile in range(1, 11):
        members = ranked[(decile - 1) * n // 10 : decile * n // 10]
        if not members:
            continue
        events = int(y[members].sum())
        lower, upper = wilson(events, len(members), Z95)
        figures.append(
            {
                "decile": decile,
                "n": len(members),
                "events": events,
                "meanPredicted": float(p[members].mean()),
                "observedRate": events / len(members),
                "lower": lower,
                "upper": upper,
            }
        )
    return figures


def vlad_points(p, y, dates):
    points, cumulative_expected, cumulative_observed = [], 0.0, 0
    for date in sorted(set(dates)):
        chosen = np.array([d == date for d in dates], dtype=bool)
        cumulative_expected += float(p[chosen].sum())
        cumulative_observed += int(y[chosen].sum())
        points.append(
            {
                "date": date,
                "n": int(chosen.sum()),
                "cumulativeExpected": cumulative_expected,
                "cumulativeObserved": cumulative_observed,
                "value": cumulative_expected - cumulative_observed,
            }
        )
    return points


def funnel_limits(expected):
    """Spiegelhalter (2005), Statistics in Medicine 24:1185, appendix A.1.1: the range of an observed
    count O ~ Poisson(E) at the funnel's probabilities, by scipy's exact Poisson quantiles with the
    paper's interpolation between whole counts, divided by E to give limits of O/E around 1."""

    def limit(probability):
        quantile = poisson.ppf(probability, expected)
        at = poisson.cdf(quantile, expected)
        below = poisson.cdf(quantile - 1, expected)
        interpolation = (at - probability) / (at - below)
        return max(0.0, quantile - interpolation) / expected

    return {
        "expected": expected,
        "lower95": limit(0.025),
        "upper95": limit(0.975),
        "lower998": limit(0.001),
        "upper998": limit(0.999),
    }


# ---------------------------------------------------------------------------------------------
# Fixtures


def predicted_probabilities(rng, n, mean_risk=0.06, spread=0.8):
    logits = math.log(mean_risk / (1 - mean_risk)) + spread * rng.standard_normal(n)
    # Eight decimals keep the file small; the figures are of these rounded values.
    return np.round(np.clip(expit(logits), 1e-4, 0.9999), 8)


def stored_bands(rng, p):
    bands = np.where(p >= 0.12, "High", np.where(p >= 0.06, "Moderate", "Low"))
    # A few stored bands disagree with today's thresholds (an older model's), so bands are read, not derived.
    moved = rng.random(len(p)) < 0.03
    bands[moved] = rng.choice(BANDS, size=int(moved.sum()))
    return [str(b) for b in bands]


def operation_days(first_day, count, weekdays_only):
    days, day = [], datetime.date.fromisoformat(first_day)
    while len(days) < count:
        if not weekdays_only or day.weekday() < 5:
            days.append(day.isoformat())
        day += datetime.timedelta(days=1)
    return days


def fixture(name, description, rng, p, y, days, day_index, bands=None):
    n = len(p)
    # Orders are written without padding so that "10" sorts before "9": the order is a string.
    order_numbers = rng.permutation(n) + 1
    orders = [str(o) for o in order_numbers]
    bands = stored_bands(rng, p) if bands is None else bands
    dates = [days[d] for d in day_index]
    y = np.asarray(y, dtype=np.int64)
    return {
        "name": name,
        "description": description,
        "input": {
            "days": days,
            "probability": [float(v) for v in p],
            "event": [int(v) for v in y],
            "day": [int(d) for d in day_index],
            "band": "".join(b[0] for b in bands),
            "order": [int(o) for o in order_numbers],
        },
        "expected": {
            "performance": performance(p, y),
            "bands": band_figures(p, y, bands),
            "deciles": decile_figures(p, y, orders),
            "vlad": vlad_points(p, y, dates),
        },
    }


def random_days(rng, n, count):
    return rng.integers(0, count, size=n)


def build_fixtures():
    def seeded(i):
        return np.random.default_rng([20260301, i])

    fixtures = []

    rng = seeded(1)
    p = predicted_probabilities(rng, 2000)
    fixtures.append(
        fixture(
            "calibrated",
            "2,000 operations whose outcomes follow the predictions",
            rng,
            p,
            y=rng.random(2000) < p,
            days=operation_days("2025-03-03", 40, weekdays_only=True),
            day_index=random_days(rng, 2000, 40),
        )
    )

    rng = seeded(2)
    p = predicted_probabilities(rng, 1500)
    fixtures.append(
        fixture(
            "miscalibrated",
            "1,500 operations whose true risk is 1.6 times the prediction",
            rng,
            p,
            y=rng.random(1500) < np.minimum(1.0, 1.6 * p),
            days=operation_days("2025-05-01", 30, weekdays_only=True),
            day_index=random_days(rng, 1500, 30),
        )
    )

    rng = seeded(3)
    p = np.maximum(0.01, np.round(predicted_probabilities(rng, 800, mean_risk=0.1), 2))
    fixtures.append(
        fixture(
            "tied",
            "800 operations with probabilities to two decimals: ties within and across outcomes",
            rng,
            p,
            y=rng.random(800) < p,
            days=operation_days("2025-06-02", 20, weekdays_only=True),
            day_index=random_days(rng, 800, 20),
        )
    )

    rng = seeded(4)
    p = predicted_probabilities(rng, 12, mean_risk=0.2)
    ranks = np.argsort(np.argsort(p))
    fixtures.append(
        fixture(
            "tiny",
            "12 operations, 3 complications, over 4 days",
            rng,
            p,
            # Events at ranks 3, 8 and 11: a non-event outranks an event, so the slope's fit exists.
            y=np.isin(ranks, [3, 8, 11]),
            days=operation_days("2025-07-07", 4, weekdays_only=True),
            day_index=random_days(rng, 12, 4),
        )
    )

    rng = seeded(5)
    fixtures.append(
        fixture(
            "all-events",
            "25 operations, every one with a complication",
            rng,
            predicted_probabilities(rng, 25, mean_risk=0.3),
            y=np.ones(25),
            days=operation_days("2025-08-04", 5, weekdays_only=True),
            day_index=random_days(rng, 25, 5),
        )
    )

    rng = seeded(6)
    fixtures.append(
        fixture(
            "no-events",
            "30 Low-band operations, none with a complication",
            rng,
            np.minimum(0.05, predicted_probabilities(rng, 30, mean_risk=0.02, spread=0.3)),
            y=np.zeros(30),
            days=operation_days("2025-09-01", 5, weekdays_only=True),
            day_index=random_days(rng, 30, 5),
            bands=["Low"] * 30,
        )
    )

    rng = seeded(7)
    fixtures.append(
        fixture(
            "ten",
            "exactly 10 operations: one in each decile",
            rng,
            predicted_probabilities(rng, 10, mean_risk=0.25),
            y=np.isin(np.arange(10), [1, 4, 6, 9]),
            days=operation_days("2025-10-06", 3, weekdays_only=True),
            day_index=random_days(rng, 10, 3),
        )
    )

    rng = seeded(8)
    per_day, day_count = 10, 120
    n = per_day * day_count
    p = predicted_probabilities(rng, n, mean_risk=0.08)
    day_index = np.repeat(np.arange(day_count), per_day)
    # From day 60 the true odds of a complication are three times the predicted odds.
    odds = p / (1 - p) * np.where(day_index >= 60, 3.0, 1.0)
    y = rng.random(n) < odds / (1 + odds)
    shuffled = rng.permutation(n)
    days = operation_days("2025-01-01", day_count, weekdays_only=False)
    drift = fixture(
        "drift",
        "120 consecutive days, 10 operations a day; the true odds treble from day 60",
        rng,
        p[shuffled],
        y=y[shuffled],
        days=days,
        day_index=day_index[shuffled],
    )
    fixtures.append(drift)

    return fixtures


# ---------------------------------------------------------------------------------------------
# Prettier's JSON layout (printWidth 110): an object that does not open onto a new line stays on
# one line when it fits; an array of numbers fills its lines; other arrays keep one item a line.

WIDTH = 110


def number_text(value):
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("booleans are written as true/false, not numbers")
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    value = float(value)
    assert math.isfinite(value), value
    text = repr(value).lower()
    # Prettier drops "+" and leading zeros of exponents: 1e-05 → 1e-5.
    return re.sub(r"e(-?)\+?0*(\d)", r"e\1\2", text)


def is_number(value):
    numeric = isinstance(value, (int, float, np.integer, np.floating))
    return numeric and not isinstance(value, (bool, np.bool_))


def scalar_text(value):
    if value is None:
        return "null"
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return number_text(value)


def is_scalar(value):
    return not isinstance(value, (dict, list))


def layout(value, indent, column, tail):
    """`value` starting at `column`, followed by `tail` characters before the line may break."""
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(is_scalar(v) for v in value.values()):
            flat = "{ " + ", ".join(f"{json.dumps(k)}: {scalar_text(v)}" for k, v in value.items()) + " }"
            if column + len(flat) + tail <= WIDTH:
                return flat
        lines = []
        for position, (key, item) in enumerate(value.items()):
            last = position == len(value) - 1
            prefix = f"{inner}{json.dumps(key)}: "
            text = layout(item, indent + 2, len(prefix), 0 if last else 1)
            lines.append(prefix + text + ("" if last else ","))
        return "{\n" + "\n".join(lines) + "\n" + " " * indent + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(is_scalar(v) for v in value):
            flat = "[" + ", ".join(scalar_text(v) for v in value) + "]"
            if column + len(flat) + tail <= WIDTH:
                return flat
            if len(value) > 1 and all(is_number(v) for v in value):
                items = [number_text(v) + ("," if i < len(value) - 1 else "") for i, v in enumerate(value)]
                lines, line = [], inner + items[0]
                for item in items[1:]:
                    if len(line) + 1 + len(item) <= WIDTH:
                        line += " " + item
                    else:
                        lines.append(line)
                        line = inner + item
                lines.append(line)
                return "[\n" + "\n".join(lines) + "\n" + " " * indent + "]"
        lines = []
        for position, item in enumerate(value):
            last = position == len(value) - 1
            text = layout(item, indent + 2, len(inner), 0 if last else 1)
            lines.append(inner + text + ("" if last else ","))
        return "[\n" + "\n".join(lines) + "\n" + " " * indent + "]"
    return scalar_text(value)


def overdispersion(observed, expected):
    """Spiegelhalter (2005), section 5: each trust's z-score of its O/E against 1 under O ~ Poisson(E),
    z = (O/E - 1) * sqrt(E); the lowest and highest 10% (by count, rounded down) Winsorised to the
    nearest kept value; phi = the mean of the squared z. Returns phi and the z-scores."""
    observed = np.asarray(observed, dtype=float)
    expected = np.asarray(expected, dtype=float)
    z = (observed / expected - 1.0) * np.sqrt(expected)
    k = int(np.floor(0.1 * len(z)))
    ranked = np.sort(z)
    if k > 0:
        z = np.clip(z, ranked[k], ranked[len(z) - 1 - k])
    return float(np.mean(z**2)), [float(v) for v in z]


def overdispersion_fixtures():
    """Seeded sets of trusts: Poisson counts around the model (phi near 1), and counts whose true
    rates vary between trusts by a gamma mixture (phi well above 1)."""
    rng = np.random.default_rng([20261206, 9])
    fixtures = []
    for name, spread, count in (("poisson", 0.0, 20), ("overdispersed", 0.35, 25), ("few", 0.0, 4)):
        expected = rng.uniform(5, 120, size=count)
        rates = rng.gamma(1 / spread**2, spread**2, size=count) if spread > 0 else np.ones(count)
        observed = rng.poisson(expected * rates)
        phi, z = overdispersion(observed, expected)
        fixtures.append(
            {
                "name": name,
                "observed": [int(v) for v in observed],
                "expected": [float(v) for v in expected],
                "phi": phi,
                "z": z,
                # The inflated limits at an expected count of 10, when phi exceeds 1: each limit's
                # distance from 1 times sqrt(phi) (a multiplicative overdispersion, section 5), no
                # lower limit below 0.
                "inflatedAt10": {
                    key: max(0.0, 1 + (value - 1) * np.sqrt(max(phi, 1.0)))
                    for key, value in funnel_limits(10.0).items()
                    if key != "expected"
                },
            }
        )
    return fixtures


def main():
    golden = {
        "about": "Written by ml/monitoring_golden.py; see ml/README.md. Each fixture's input is by "
        "column: operatedOn = days[day[i]], event = event[i] === 1, band = the initial of band[i], "
        "order = String(order[i]).",
        "fixtures": build_fixtures(),
        "funnel": [funnel_limits(e) for e in (0.25, 0.5, 1.0, 2.0, 3.7, 10.0, 37.25, 100.0, 1000.0, 12345.6)],
        "overdispersion": overdispersion_fixtures(),
    }
    text = layout(golden, 0, 0, 0) + "\n"
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(text.encode()) / 1024:.0f} KiB")
    for entry in golden["fixtures"]:
        figures = entry["expected"]["performance"]
        print(
            f"  {entry['name']:>13}: n={figures['n']}, events={figures['events']}, "
            f"AUROC={figures['auroc'] and round(figures['auroc']['value'], 4)}, "
            f"slope={figures['calibrationSlope'] and round(figures['calibrationSlope'], 4)}"
        )


if __name__ == "__main__":
    main()
