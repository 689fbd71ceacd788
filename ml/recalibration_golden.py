#!/usr/bin/python3
"""Golden figures for local recalibration, computed independently of the TypeScript.

Writes ml/golden/recalibration.json: seeded sets of judged outcomes (a stored probability and
whether a complication followed) and, for each, what
apps/api/src/modules/models/recalibration/fit.ts computes for each request (intercept, logistic,
auto), worked out here with numpy and scipy:

- the maps' maximum-likelihood fits by the numpy Newton-Raphson of monitoring_golden.py (same
  start, step halving and stopping rule as the TypeScript), each checked against a separate
  solution: the intercept by scipy's brentq on its score equation, the logistic line by
  scikit-learn's unpenalised LogisticRegression;
- the likelihood-ratio statistics of the closed test and their p-values by scipy.stats.chi2.sf;
- the folds by the same seeded generator (mulberry32) and shuffle as
  apps/api/src/modules/models/recalibration/folds.ts, written into the JSON row by row;
- the calibration before and after recalibration, out of sample by cross-validation.

It also tabulates scipy's chi-square survival function and erfc, against which the TypeScript's
erfc is checked. The JSON is laid out as Prettier would (monitoring_golden.layout). Run from the
repository root:

    /usr/bin/python3 ml/recalibration_golden.py
"""

import math
import pathlib

import numpy as np
from scipy.optimize import brentq
from scipy.special import erfc, expit
from scipy.stats import chi2
from sklearn.linear_model import LogisticRegression
import statsmodels.api as sm

from monitoring_golden import PROBABILITY_FLOOR, layout, log_likelihood, newton_recalibration, predicted_probabilities

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "ml/golden/recalibration.json"

ALPHA = 0.05  # recalibrationAlpha in fit.ts
DEFAULT_FOLDS = 10
DEFAULT_SEED = 20260301  # defaultFoldSeed in folds.ts
UINT32 = 0xFFFFFFFF


# ---------------------------------------------------------------------------------------------
# Folds: mulberry32 and a Fisher-Yates shuffle, as folds.ts writes them


def imul(a, b):
    return (a * b) & UINT32


def mulberry32(seed):
    state = seed & UINT32
    while True:
        state = (state + 0x6D2B79F5) & UINT32
        t = state
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & UINT32
        yield ((t ^ (t >> 14)) & UINT32) / 4294967296


def assign_folds(n, folds, seed):
    order = list(range(n))
    random = mulberry32(seed)
    for i in range(n - 1, 0, -1):
        j = math.floor(next(random) * (i + 1))
        order[i], order[j] = order[j], order[i]
    fold = np.empty(n, dtype=np.int64)
    for position, row in enumerate(order):
        fold[row] = position % folds
    return fold


# ---------------------------------------------------------------------------------------------
# Fits


def logits_of(p):
    clamped = np.clip(p, PROBABILITY_FLOOR, 1 - PROBABILITY_FLOOR)
    return np.log(clamped / (1 - clamped))


def checked_line(x, y, fit_slope):
    """The Newton-Raphson fit, confirmed by a second method; None when it does not exist."""
    if y.sum() == 0 or y.sum() == len(y):
        return None
    fit = newton_recalibration(x, y, fit_slope)
    if fit is None:
        return None
    a, b = float(fit[0]), float(fit[1])
    residual = y - expit(a + b * x)
    assert abs(residual.sum()) < 1e-8 and (not fit_slope or abs((residual * x).sum()) < 1e-8)
    if fit_slope:
        sk = LogisticRegression(penalty=None, tol=1e-12, max_iter=10_000).fit(x.reshape(-1, 1), y)
        assert abs(sk.intercept_[0] - a) < 1e-4 and abs(sk.coef_[0, 0] - b) < 1e-4, (sk.intercept_, sk.coef_, a, b)
    else:
        root = brentq(lambda t: float(np.sum(y - expit(t + x))), -30, 30, xtol=1e-15, rtol=1e-15)
        assert abs(root - a) < 1e-9, (root, a)
    return a, b


def calibration(x, y, expected):
    intercept_line = checked_line(x, y, fit_slope=False)
    slope_line = checked_line(x, y, fit_slope=True)
    return {
        "intercept": None if intercept_line is None else intercept_line[0],
        "slope": None if slope_line is None else slope_line[1],
        "oe": float(y.sum()) / expected if expected > 0 else None,
    }


def likelihood_ratio(larger, smaller, df):
    statistic = max(0.0, 2 * (larger - smaller))
    return {"statistic": statistic, "pValue": float(chi2.sf(statistic, df))}


def cross_validated(x, y, folds, fit_slope):
    """Each fold mapped by the line fitted on the others; the calibration of them all together."""
    empty = {"intercept": None, "slope": None, "oe": None}
    mapped = np.empty(len(x))
    for fold in range(int(folds.max()) + 1):
        held = folds == fold
        if not held.any():
            continue
        line = checked_line(x[~held], y[~held], fit_slope)
        if line is None:
            return empty
        mapped[held] = line[0] + line[1] * x[held]
    return calibration(mapped, y, float(expit(mapped).sum()))


def recalibration(p, y, requested, folds):
    x = logits_of(p)
    intercept_line = checked_line(x, y, fit_slope=False)
    logistic_line = checked_line(x, y, fit_slope=True)
    before = calibration(x, y, float(p.sum()))
    tests = {"interceptVsNone": None, "slopeVsIntercept": None, "logisticVsNone": None}
    if requested == "auto":
        none = log_likelihood(x, y, 0.0, 1.0)
        with_intercept = log_likelihood(x, y, intercept_line[0], 1.0)
        with_slope = log_likelihood(x, y, *logistic_line)
        tests["logisticVsNone"] = likelihood_ratio(with_slope, none, 2)
        if tests["logisticVsNone"]["pValue"] >= ALPHA:
            method = "none"
        else:
            # Vergouwe et al. (2017): after the first step rejects the model, intercept unless the slope adds.
            tests["slopeVsIntercept"] = likelihood_ratio(with_slope, with_intercept, 1)
            method = "logistic" if tests["slopeVsIntercept"]["pValue"] < ALPHA else "intercept"
    else:
        method = requested
    line = {"none": (0.0, 1.0), "intercept": (intercept_line[0], 1.0), "logistic": logistic_line}[method]
    after = dict(before) if method == "none" else cross_validated(x, y, folds, method == "logistic")
    wald = wald_intervals(x, y, method)
    return {
        "method": method,
        "requested": requested,
        "intercept": line[0],
        "slope": line[1],
        "n": len(p),
        "events": int(y.sum()),
        "tests": tests,
        "before": before,
        "after": after,
        **wald,
    }


def wald_intervals(x, y, method):
    """The 95% Wald intervals of a and b and their covariance, by statsmodels' GLM (a binomial
    family, logit link; logit p as an offset for the intercept update), written separately from the
    TypeScript's information matrix."""
    if method == "none":
        return {"intervals": None, "covariance": None}
    if method == "intercept":
        model = sm.GLM(y, np.ones((len(x), 1)), family=sm.families.Binomial(), offset=x).fit(tol=1e-14)
        low, high = model.conf_int(0.05)[0]
        variance = float(model.cov_params()[0, 0])
        return {
            "intervals": {"intercept": {"lower": float(low), "upper": float(high)}, "slope": None},
            "covariance": {"interceptIntercept": variance, "interceptSlope": 0.0, "slopeSlope": 0.0},
        }
    model = sm.GLM(y, sm.add_constant(x), family=sm.families.Binomial()).fit(tol=1e-14)
    bounds = model.conf_int(0.05)
    cov = model.cov_params()
    return {
        "intervals": {
            "intercept": {"lower": float(bounds[0, 0]), "upper": float(bounds[0, 1])},
            "slope": {"lower": float(bounds[1, 0]), "upper": float(bounds[1, 1])},
        },
        "covariance": {
            "interceptIntercept": float(cov[0, 0]),
            "interceptSlope": float(cov[0, 1]),
            "slopeSlope": float(cov[1, 1]),
        },
    }


# ---------------------------------------------------------------------------------------------
# Fixtures


def fixture(name, description, p, true_logit, rng, fold_count=DEFAULT_FOLDS, seed=DEFAULT_SEED, chooses=None):
    y = (rng.random(len(p)) < expit(true_logit)).astype(np.int64)
    folds = assign_folds(len(p), fold_count, seed)
    expected = {requested: recalibration(p, y, requested, folds) for requested in ("intercept", "logistic", "auto")}
    if chooses is not None:
        assert expected["auto"]["method"] == chooses, (name, expected["auto"])
    return {
        "name": name,
        "description": description,
        "folds": fold_count,
        "seed": seed,
        "input": {
            "probability": [float(v) for v in p],
            "event": "".join(str(int(v)) for v in y),
            "fold": "".join(str(int(f)) for f in folds),
        },
        "expected": expected,
    }


def build_fixtures():
    def seeded(i):
        return np.random.default_rng([20260415, i])

    fixtures = []

    rng = seeded(1)
    p = predicted_probabilities(rng, 4000, mean_risk=0.08, spread=1.0)
    fixtures.append(
        fixture(
            "calibrated",
            "4,000 operations whose outcomes follow the predictions: auto keeps the model",
            p,
            logits_of(p),
            rng,
            chooses="none",
        )
    )

    rng = seeded(2)
    p = predicted_probabilities(rng, 4000, mean_risk=0.08, spread=1.0)
    fixtures.append(
        fixture(
            "intercept",
            "4,000 operations whose true log-odds are logit(p) + 0.6: auto updates the intercept",
            p,
            logits_of(p) + 0.6,
            rng,
            chooses="intercept",
        )
    )

    rng = seeded(3)
    p = predicted_probabilities(rng, 4000, mean_risk=0.08, spread=1.0)
    fixtures.append(
        fixture(
            "slope",
            "4,000 operations whose true log-odds are 0.3 + 0.6 logit(p): auto updates intercept and slope",
            p,
            0.3 + 0.6 * logits_of(p),
            rng,
            chooses="logistic",
        )
    )

    rng = seeded(4)
    p = predicted_probabilities(rng, 300, mean_risk=0.1, spread=1.0)
    fixtures.append(
        fixture(
            "small",
            "300 operations, true log-odds 0.2 + 0.9 logit(p), 5 folds from seed 7",
            p,
            0.2 + 0.9 * logits_of(p),
            rng,
            fold_count=5,
            seed=7,
        )
    )
    # Seed 100 was searched for: the first step rejects the model (p 0.040), the slope adds nothing
    # (p 0.098), and the intercept alone against none would not be significant (p 0.055). Vergouwe et
    # al. (2017) answer the intercept update; a third test would have answered "none".
    rng = seeded(100)
    p = predicted_probabilities(rng, 400, mean_risk=0.1, spread=1.0)
    fixtures.append(
        fixture(
            "closed",
            "400 operations, true log-odds -0.25 + 0.8 logit(p): the closed test's first step rejects the model, "
            "its second keeps the intercept update",
            p,
            -0.25 + 0.8 * logits_of(p),
            rng,
            chooses="intercept",
        )
    )
    return fixtures


def main():
    statistics = [0.0, 1e-12, 1e-6, 0.01, 0.1, 0.5, 1.0, 2.0, 3.841458820694124, 5.991464547107979, 10.0, 20.0]
    statistics += [37.5, 50.0, 100.0, 200.0, 500.0, 1000.0, 1400.0]
    erfc_at = [-3.0, -0.5, -1e-3, 0.0, 1e-9, 0.1, 0.46875, 0.5, 1.0, 2.5, 3.999, 4.0, 4.001, 6.0, 10.0, 20.0, 26.0]
    golden = {
        "about": "Written by ml/recalibration_golden.py; see ml/README.md. Each fixture's input is by column: "
        "event = event.charAt(i) === '1', fold = Number(fold.charAt(i)), the folds drawn by folds.ts "
        "with the fixture's folds and seed.",
        "chiSquare": [
            {"statistic": s, "df1": float(chi2.sf(s, 1)), "df2": float(chi2.sf(s, 2))} for s in statistics
        ],
        "erfc": [{"x": x, "value": float(erfc(x))} for x in erfc_at],
        "fixtures": build_fixtures(),
    }
    text = layout(golden, 0, 0, 0) + "\n"
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(text.encode()) / 1024:.0f} KiB")
    for entry in golden["fixtures"]:
        auto = entry["expected"]["auto"]
        tests = ", ".join(
            f"{name} {test['statistic']:.3f} (p {test['pValue']:.3g})" for name, test in auto["tests"].items() if test
        )
        print(
            f"  {entry['name']:>10}: n={auto['n']}, events={auto['events']}, auto -> {auto['method']} "
            f"(a={auto['intercept']:.4f}, b={auto['slope']:.4f}); {tests}"
        )


if __name__ == "__main__":
    main()
