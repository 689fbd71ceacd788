#!/usr/bin/python3
"""Golden figures for the two-sided, restarting risk-adjusted CUSUM, computed apart from the TypeScript.

Writes ml/golden/cusum.json, against which apps/api/src/modules/model-performance/figures/cusum.test.ts
checks apps/api/src/modules/model-performance/figures/cusum.ts:

- charts: seeded sets of judged outcomes over about 300 days and, for each, the two Bernoulli
  CUSUMs of Steiner, Cook, Farewell and Treasure (2000) written out here from their definition: the
  "worse" chart tests odds ratio 2, the "better" chart odds ratio 1/2; each adds the log-likelihood
  ratio of every operation in date and then `order` order, is held at 0 or above, and restarts at 0
  after the operation that takes it to the threshold. Every signal date and every date's value and
  peak are stored.
- averageRunLength: a seeded case mix (2,000 beta-distributed probabilities, mean about 0.05) and,
  for each chart, the in-control average run length (outcomes drawn from the probabilities
  themselves) by Monte Carlo simulation, with its standard error, on a grid of thresholds; and the
  threshold whose simulated run length first reaches 5,000, with the thresholds at which the run
  length's 95% interval first reaches it. The TypeScript computes the same by a Markov chain
  (Brook and Evans, 1972), so the two are independent methods.

The simulation draws each run's operations from the case mix with replacement. A run's CUSUM
without restarts is S_t = C_t - min(0, C_1, ..., C_t) for the running sum C of its weights, so a
block of steps is a cumulative sum and a running minimum (numpy, all runs at once), and the run
length at a threshold h is the number of steps before the running maximum of S first reaches h:
one set of runs gives the whole curve of run length against h (common random numbers), which is
non-decreasing in h run by run.

The JSON is laid out as Prettier would (monitoring_golden.layout). Run from the repository root
(about 30 s):

    /usr/bin/python3 ml/cusum_golden.py
"""

import datetime
import math
import pathlib
import time

import numpy as np

from monitoring_golden import layout, predicted_probabilities

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "ml/golden/cusum.json"

WORSE_ODDS_RATIO = 2.0
BETTER_ODDS_RATIO = 0.5
TARGET_RUN_LENGTH = 5000
# The run lengths quoted at fixed thresholds; the search grid runs between the first and last.
QUOTED_THRESHOLDS = (2.5, 3.5, 4.5)
GRID_STEP_HUNDREDTHS = 1
RUNS = 20000  # a relative standard error near 0.7% at every threshold
STEPS_PER_BLOCK = 2048
Z95 = 1.959963984540054


# ---------------------------------------------------------------------------------------------
# The charts, operation by operation


def llr_weight(probability, event, odds_ratio):
    """Steiner et al. (2000): log of the likelihood of the outcome under odds ratio R over that under 1."""
    denominator = 1.0 - probability + odds_ratio * probability
    return math.log(odds_ratio / denominator) if event else math.log(1.0 / denominator)


def restarting_chart(p, y, dates, orders, threshold, odds_ratio):
    sequence = sorted(range(len(p)), key=lambda i: (dates[i], orders[i], i))
    statistic = 0.0
    signals, points, crossings = [], [], {}
    position = 0
    for date in sorted(set(dates)):
        peak = 0.0
        while position < len(sequence) and dates[sequence[position]] == date:
            i = sequence[position]
            position += 1
            statistic = max(0.0, statistic + llr_weight(float(p[i]), bool(y[i]), odds_ratio))
            peak = max(peak, statistic)
            if statistic >= threshold:
                crossings[date] = crossings.get(date, 0) + 1
                statistic = 0.0
        if date in crossings:
            signals.append(date)
        points.append({"date": date, "value": statistic, "peak": peak})
    return {"oddsRatio": odds_ratio, "signals": signals, "points": points}, crossings


def never_restarting_signal_count(p, y, dates, orders, threshold, odds_ratio):
    """Dates on which a chart that is never reset is at or above the threshold: what restarting avoids."""
    sequence = sorted(range(len(p)), key=lambda i: (dates[i], orders[i], i))
    statistic, above = 0.0, set()
    for i in sequence:
        statistic = max(0.0, statistic + llr_weight(float(p[i]), bool(y[i]), odds_ratio))
        if statistic >= threshold:
            above.add(dates[i])
    return len(above)


def calendar_days(first_day, count):
    start = datetime.date.fromisoformat(first_day)
    return [(start + datetime.timedelta(days=d)).isoformat() for d in range(count)]


def chart_fixture(name, description, rng, p, true_odds_multiplier, day_count, first_day, threshold):
    n = len(p)
    odds = p / (1 - p) * true_odds_multiplier
    y = (rng.random(n) < odds / (1 + odds)).astype(np.int64)
    days = calendar_days(first_day, day_count)
    day_index = rng.integers(0, day_count, size=n)
    # Orders are strings: "10" sorts before "9", as the TypeScript compares them.
    order_numbers = rng.permutation(n) + 1
    orders = [str(o) for o in order_numbers]
    dates = [days[d] for d in day_index]
    worse, worse_crossings = restarting_chart(p, y, dates, orders, threshold, WORSE_ODDS_RATIO)
    better, better_crossings = restarting_chart(p, y, dates, orders, threshold, BETTER_ODDS_RATIO)
    entry = {
        "name": name,
        "description": description,
        "threshold": threshold,
        "input": {
            "days": days,
            "probability": [float(v) for v in p],
            "event": "".join(str(int(v)) for v in y),
            "day": [int(d) for d in day_index],
            "order": [int(o) for o in order_numbers],
        },
        "expected": {
            "worse": {"threshold": threshold, **worse},
            "better": {"threshold": threshold, **better},
        },
    }
    return entry, (worse_crossings, better_crossings), (p, y, dates, orders)


def build_chart_fixtures():
    def seeded(i):
        return np.random.default_rng([20260502, i])

    fixtures = []

    rng = seeded(1)
    p = predicted_probabilities(rng, 2000, mean_risk=0.05)
    entry, _, _ = chart_fixture(
        "calibrated",
        "2,000 operations over 300 days whose outcomes follow the predictions",
        rng,
        p,
        true_odds_multiplier=1.0,
        day_count=300,
        first_day="2025-01-06",
        threshold=4.5,
    )
    fixtures.append(entry)

    rng = seeded(2)
    p = predicted_probabilities(rng, 2000, mean_risk=0.05)
    entry, (worse_crossings, _), inputs = chart_fixture(
        "odds-doubled",
        "2,000 operations over 300 days whose true odds are twice the predicted odds",
        rng,
        p,
        true_odds_multiplier=2.0,
        day_count=300,
        first_day="2025-02-03",
        threshold=4.5,
    )
    signals = entry["expected"]["worse"]["signals"]
    # The worse chart signals again and again, and a chart never reset would flag more dates.
    assert len(signals) >= 3, signals
    assert never_restarting_signal_count(*inputs, 4.5, WORSE_ODDS_RATIO) > len(signals)
    fixtures.append(entry)

    rng = seeded(3)
    p = predicted_probabilities(rng, 2000, mean_risk=0.08)
    entry, _, _ = chart_fixture(
        "odds-halved",
        "2,000 operations over 300 days whose true odds are half the predicted odds",
        rng,
        p,
        true_odds_multiplier=0.5,
        day_count=300,
        first_day="2025-03-03",
        threshold=4.5,
    )
    assert len(entry["expected"]["better"]["signals"]) >= 2, entry["expected"]["better"]["signals"]
    fixtures.append(entry)

    rng = seeded(4)
    p = predicted_probabilities(rng, 480, mean_risk=0.25)
    entry, (worse_crossings, _), _ = chart_fixture(
        "busy-days",
        "480 high-risk operations over 12 days, true odds trebled, threshold 1.5: "
        "the worse chart crosses more than once on some days",
        rng,
        p,
        true_odds_multiplier=3.0,
        day_count=12,
        first_day="2025-04-07",
        threshold=1.5,
    )
    assert max(worse_crossings.values()) >= 2, worse_crossings
    fixtures.append(entry)

    return fixtures


# ---------------------------------------------------------------------------------------------
# In-control average run length by simulation


def case_mix():
    rng = np.random.default_rng([20260502, 100])
    # Beta(1.5, 28.5): mean 0.05, most patients at 1-10%, a tail to about 25%.
    return np.round(np.clip(rng.beta(1.5, 28.5, size=2000), 1e-4, 0.9999), 8)


def simulated_run_lengths(p, odds_ratio, thresholds, runs, seed):
    """Each run's length at every threshold, shape (runs, len(thresholds)), thresholds ascending."""
    rng = np.random.default_rng(seed)
    event_weight = np.log(odds_ratio / (1 - p + odds_ratio * p))
    quiet_weight = -np.log(1 - p + odds_ratio * p)
    highest = thresholds[-1]
    # Rows are kept apart in one sorted array by adding row × ROW_OFFSET (all maxima are below it).
    row_offset = 4.0 * (highest + abs(math.log(odds_ratio)))
    lengths = np.zeros((runs, len(thresholds)))
    statistic = np.zeros(runs)
    running_max = np.zeros(runs)
    active = np.arange(runs)
    while active.size:
        n = active.size
        drawn = rng.integers(0, len(p), size=(n, STEPS_PER_BLOCK))
        events = rng.random((n, STEPS_PER_BLOCK)) < p[drawn]
        weights = np.where(events, event_weight[drawn], quiet_weight[drawn])
        cumulative = np.cumsum(weights, axis=1)
        # S_t = C_t - min(-S_0, C_1, ..., C_t) continues each run from where the last block left it.
        floor = np.minimum.accumulate(np.concatenate([-statistic[active, None], cumulative], axis=1), axis=1)
        block = cumulative - floor[:, 1:]
        # The running maximum before each step of the block: a run has lasted that step at h if it is below h.
        before = np.maximum.accumulate(np.concatenate([running_max[active, None], block], axis=1), axis=1)
        before = before[:, :-1]
        offsets = np.arange(n)[:, None] * row_offset
        positions = np.searchsorted((before + offsets).ravel(), (thresholds[None, :] + offsets).ravel())
        lengths[active] += positions.reshape(n, len(thresholds)) - np.arange(n)[:, None] * STEPS_PER_BLOCK
        statistic[active] = block[:, -1]
        running_max[active] = np.maximum(running_max[active], block.max(axis=1))
        active = active[running_max[active] < highest]
    return lengths


def run_length_figures(p, odds_ratio, seed):
    low, high = (round(h * 100) for h in (QUOTED_THRESHOLDS[0], QUOTED_THRESHOLDS[-1]))
    hundredths = np.arange(low, high + 1, GRID_STEP_HUNDREDTHS)
    thresholds = hundredths / 100
    lengths = simulated_run_lengths(p, odds_ratio, thresholds, RUNS, seed)
    means = lengths.mean(axis=0)
    errors = lengths.std(axis=0, ddof=1) / math.sqrt(RUNS)
    assert np.all(np.diff(means) >= 0), "common random numbers give a non-decreasing curve"
    assert np.all(errors / means <= 0.02), errors / means

    def entry(k):
        return {
            "threshold": float(hundredths[k] / 100),
            "averageRunLength": float(means[k]),
            "standardError": float(errors[k]),
        }

    def first_reaching(values):
        reached = np.nonzero(values >= TARGET_RUN_LENGTH)[0]
        assert reached.size and reached[0] > 0, "the grid brackets the target"
        return int(reached[0])

    found = first_reaching(means)
    lower = first_reaching(means + Z95 * errors)
    upper = first_reaching(means - Z95 * errors)
    # The curve around the threshold found, so a threshold a little either side can be looked up.
    window = range(max(0, lower - 10), min(len(hundredths), upper + 11))
    return {
        "oddsRatio": odds_ratio,
        "runs": RUNS,
        "runLengths": [entry(int(np.nonzero(hundredths == round(h * 100))[0][0])) for h in QUOTED_THRESHOLDS],
        "target": {
            "runLength": TARGET_RUN_LENGTH,
            "threshold": float(hundredths[found] / 100),
            "lower95": float(hundredths[lower] / 100),
            "upper95": float(hundredths[upper] / 100),
            "curve": [entry(k) for k in window],
        },
    }


def main():
    started = time.time()
    mix = case_mix()
    golden = {
        "about": "Written by ml/cusum_golden.py; see ml/README.md. Each fixture's input is by column: "
        "operatedOn = days[day[i]], event = event.charAt(i) === '1', order = String(order[i]). "
        "averageRunLength holds a case mix and, per odds ratio, its in-control average run length by "
        "simulation (runs runs; standardError is the mean's) and the threshold first reaching the target.",
        "charts": build_chart_fixtures(),
        "averageRunLength": {
            "caseMix": [float(v) for v in mix],
            "charts": [
                run_length_figures(mix, WORSE_ODDS_RATIO, [20260502, 200]),
                run_length_figures(mix, BETTER_ODDS_RATIO, [20260502, 300]),
            ],
        },
    }
    text = layout(golden, 0, 0, 0) + "\n"
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(text.encode()) / 1024:.0f} KiB in {time.time() - started:.0f} s")
    for entry in golden["charts"]:
        expected = entry["expected"]
        print(
            f"  {entry['name']:>13}: worse signals {len(expected['worse']['signals'])}, "
            f"better signals {len(expected['better']['signals'])}"
        )
    for chart in golden["averageRunLength"]["charts"]:
        quoted = ", ".join(
            f"h {r['threshold']}: {r['averageRunLength']:.0f} ± {r['standardError']:.0f}" for r in chart["runLengths"]
        )
        target = chart["target"]
        print(
            f"  odds ratio {chart['oddsRatio']}: {quoted}; h for {target['runLength']}: {target['threshold']} "
            f"({target['lower95']}–{target['upper95']})"
        )


if __name__ == "__main__":
    main()
