#!/usr/bin/python3
"""Golden comparisons of groups against the rest of the list, computed independently of the TypeScript.

Writes ml/golden/group-tests.json: seeded sets of judged outcomes split into groups and, for each
group against everyone else in its list, what
apps/api/src/modules/model-performance/figures/group-comparison.ts computes, worked out here with
statsmodels, scikit-learn and scipy:

- the O/E ratio (the group's O/E over the rest's) on the log scale with the delta-method standard
  error sqrt(1/O_group + 1/O_rest), 0.5 added to both counts when either is 0, p-values by
  scipy.stats.norm;
- the calibration-in-the-large difference d of logit P(y) = a + d*group + logit(p) by a statsmodels
  GLM (Binomial, logit(p) as offset) with its Wald interval and p-value, confirmed by the difference
  of the two sides' own calibration intercepts (monitoring_golden.newton_recalibration);
- the AUROC difference by sklearn.metrics.roc_auc_score on each side, with DeLong's variances from
  the O(m*n) definition of the structural components, summed for independent samples;
- Holm's adjustment by statsmodels.stats.multitest.multipletests(method="holm") within each family
  across the groups, and the flags by the material sizes below.

It also tabulates Holm's adjustment on worked examples and the two-sided normal tail. The JSON is laid
out as Prettier would (monitoring_golden.layout). Run from the repository root:

    /usr/bin/python3 ml/group_tests_golden.py
"""

import math
import pathlib

import numpy as np
import statsmodels.api as sm
from scipy.special import expit
from scipy.stats import norm
from sklearn.metrics import roc_auc_score
from statsmodels.stats.multitest import multipletests

from monitoring_golden import (
    PROBABILITY_FLOOR,
    byar_lower_count,
    byar_upper_count,
    layout,
    newton_recalibration,
    predicted_probabilities,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "ml/golden/group-tests.json"

Z95 = norm.ppf(0.975)
ALPHA = 0.05  # groupComparisonAlpha in group-comparison.ts
MATERIAL_OE_RATIO = 1.25  # materialOeRatio
MATERIAL_CITL_DIFFERENCE = 0.2  # materialCalibrationInTheLargeDifference
MATERIAL_AUROC_SHORTFALL = 0.05  # materialAurocShortfall
OLD_AUROC_DIFFERENCE = 0.05  # groupAurocDifference, the rule of thumb this replaces


# ---------------------------------------------------------------------------------------------
# Comparisons of a group with the rest


def two_sided_p(z):
    return float(2 * norm.sf(abs(z)))


def wald(value, standard_error):
    return {
        "value": float(value),
        "standardError": float(standard_error),
        "lower": float(value - Z95 * standard_error),
        "upper": float(value + Z95 * standard_error),
        "pValue": two_sided_p(value / standard_error),
    }


def oe_ratio(p, y, in_group):
    group_observed, rest_observed = int(y[in_group].sum()), int(y[~in_group].sum())
    group_expected, rest_expected = float(p[in_group].sum()), float(p[~in_group].sum())
    if group_expected <= 0 or rest_expected <= 0 or group_observed + rest_observed == 0:
        return None
    corrected = group_observed == 0 or rest_observed == 0
    group = group_observed + (0.5 if corrected else 0.0)
    rest = rest_observed + (0.5 if corrected else 0.0)
    log_ratio = math.log((group / group_expected) / (rest / rest_expected))
    standard_error = math.sqrt(1 / group + 1 / rest)
    return {
        "value": math.exp(log_ratio),
        "standardError": standard_error,
        "lower": math.exp(log_ratio - Z95 * standard_error),
        "upper": math.exp(log_ratio + Z95 * standard_error),
        "pValue": two_sided_p(log_ratio / standard_error),
        "groupObserved": group_observed,
        "groupExpected": group_expected,
        "restObserved": rest_observed,
        "restExpected": rest_expected,
        "continuityCorrected": corrected,
    }


def logits_of(p):
    clamped = np.clip(p, PROBABILITY_FLOOR, 1 - PROBABILITY_FLOOR)
    return np.log(clamped / (1 - clamped))


def has_both_outcomes(y):
    return 0 < y.sum() < len(y)


def calibration_in_the_large_difference(p, y, in_group):
    if not has_both_outcomes(y[in_group]) or not has_both_outcomes(y[~in_group]):
        return None
    design = np.column_stack([np.ones(len(p)), in_group.astype(float)])
    fit = sm.GLM(y, design, family=sm.families.Binomial(), offset=logits_of(p)).fit(tol=1e-14, maxiter=200)
    lower, upper = fit.conf_int(alpha=0.05)[1]
    result = {
        "value": float(fit.params[1]),
        "standardError": float(fit.bse[1]),
        "lower": float(lower),
        "upper": float(upper),
        "pValue": float(fit.pvalues[1]),
        "restIntercept": float(fit.params[0]),
    }
    # The indicator makes the model saturated in the group: a is the rest's own calibration intercept
    # and a + d the group's, each fitted alone by monitoring_golden's Newton-Raphson.
    group_intercept = newton_recalibration(logits_of(p[in_group]), y[in_group], fit_slope=False)[0]
    rest_intercept = newton_recalibration(logits_of(p[~in_group]), y[~in_group], fit_slope=False)[0]
    assert abs(result["restIntercept"] - rest_intercept) < 1e-9, (result, rest_intercept)
    assert abs(result["value"] - (group_intercept - rest_intercept)) < 1e-9, (result, group_intercept)
    # Its standard error is sqrt(1/I_group + 1/I_rest), the information at each side's maximum.
    # statsmodels takes it from the weights of IRLS's last iteration, a hair before the maximum: they
    # agree to about 1e-8 relative, which is why the TypeScript is held to 1e-6 for this comparison.
    information = [
        float(np.sum(fitted * (1 - fitted)))
        for fitted in (
            expit(group_intercept + logits_of(p[in_group])),
            expit(rest_intercept + logits_of(p[~in_group])),
        )
    ]
    at_maximum = math.sqrt(1 / information[0] + 1 / information[1])
    assert abs(result["standardError"] / at_maximum - 1) < 1e-7, (result, at_maximum)
    return result


def delong_variance(p, y):
    """AUROC by scikit-learn and DeLong's variance from the structural components' definition."""
    positives, negatives = p[y == 1], p[y == 0]
    if len(positives) < 2 or len(negatives) < 2:
        return None
    kernel = (positives[:, None] > negatives[None, :]) + 0.5 * (positives[:, None] == negatives[None, :])
    v10 = kernel.mean(axis=1)
    v01 = kernel.mean(axis=0)
    variance = np.var(v10, ddof=1) / len(positives) + np.var(v01, ddof=1) / len(negatives)
    return float(roc_auc_score(y, p)), float(variance)


def auroc_difference(p, y, in_group):
    group = delong_variance(p[in_group], y[in_group])
    rest = delong_variance(p[~in_group], y[~in_group])
    if group is None or rest is None or group[1] + rest[1] <= 0:
        return None
    return {
        **wald(group[0] - rest[0], math.sqrt(group[1] + rest[1])),
        "groupAuroc": group[0],
        "restAuroc": rest[0],
    }


def holm(p_values):
    present = [i for i, value in enumerate(p_values) if value is not None]
    adjusted = [None] * len(p_values)
    if present:
        corrected = multipletests([p_values[i] for i in present], method="holm")[1]
        for i, value in zip(present, corrected):
            adjusted[i] = float(value)
    return adjusted


FAMILIES = ("oeRatio", "calibrationInTheLargeDifference", "aurocDifference")


def flags_of(comparison, adjusted):
    def significant(family):
        return adjusted[family] is not None and adjusted[family] < ALPHA

    flags = []
    oe = comparison["oeRatio"]
    if oe and significant("oeRatio") and abs(math.log(oe["value"])) > math.log(MATERIAL_OE_RATIO):
        flags.append("oe")
    citl = comparison["calibrationInTheLargeDifference"]
    material = citl is not None and abs(citl["value"]) > MATERIAL_CITL_DIFFERENCE
    if material and significant("calibrationInTheLargeDifference"):
        flags.append("calibration")
    auroc = comparison["aurocDifference"]
    if auroc and significant("aurocDifference") and auroc["value"] < -MATERIAL_AUROC_SHORTFALL:
        flags.append("auroc")
    return flags


def judge_groups(p, y, group_index, group_names):
    comparisons = []
    for index in range(len(group_names)):
        in_group = group_index == index
        comparisons.append(
            {
                "oeRatio": oe_ratio(p, y, in_group),
                "calibrationInTheLargeDifference": calibration_in_the_large_difference(p, y, in_group),
                "aurocDifference": auroc_difference(p, y, in_group),
            }
        )
    adjusted = {
        family: holm([c[family]["pValue"] if c[family] else None for c in comparisons]) for family in FAMILIES
    }
    judgements = []
    for index, (key, comparison) in enumerate(zip(group_names, comparisons)):
        adjusted_p_values = {family: adjusted[family][index] for family in FAMILIES}
        judgements.append(
            {
                "key": key,
                "comparison": comparison,
                "adjustedPValues": adjusted_p_values,
                "flags": flags_of(comparison, adjusted_p_values),
            }
        )
    return judgements


def old_rule_flags(p, y, in_group):
    """groupFlags in performance.ts: O/E's Byar interval excludes 1, or |AUROC − the list's| > 0.05."""
    flags = []
    observed, expected = int(y[in_group].sum()), float(p[in_group].sum())
    if byar_upper_count(observed, Z95) / expected < 1 or byar_lower_count(observed, Z95) / expected > 1:
        flags.append("oe")
    group, whole = delong_variance(p[in_group], y[in_group]), delong_variance(p, y)
    if group and whole and abs(group[0] - whole[0]) > OLD_AUROC_DIFFERENCE:
        flags.append("auroc")
    return flags


# ---------------------------------------------------------------------------------------------
# Fixtures


def outcomes_at(rng, p, odds_ratio=1.0):
    odds = p / (1 - p) * odds_ratio
    return (rng.random(len(p)) < odds / (1 + odds)).astype(np.int64)


def ethnic_groups_fixture(rng):
    """A calibrated list with three groups set apart: Asian patients' true odds are twice the
    predicted, Black patients' outcomes do not follow their predictions at all, and 40 'Other'
    patients have 3 complications, all among their highest predictions."""
    parts = []

    def add(name, p, y):
        parts.append((name, p, np.asarray(y, dtype=np.int64)))

    p = predicted_probabilities(rng, 2535)
    add("White", p, outcomes_at(rng, p))
    p = predicted_probabilities(rng, 300)
    add("Mixed", p, outcomes_at(rng, p))
    p = predicted_probabilities(rng, 500)
    add("Asian", p, outcomes_at(rng, p, odds_ratio=2.0))
    p = predicted_probabilities(rng, 600)
    # Every patient's true risk is the group's mean prediction: calibrated in the large, no ranking.
    add("Black", p, rng.random(600) < p.mean())
    p = predicted_probabilities(rng, 40)
    ranks = np.argsort(np.argsort(p))
    add("Other", p, np.isin(ranks, [39, 37, 34]))
    p = predicted_probabilities(rng, 25, mean_risk=0.04)
    add("Not stated", p, np.zeros(25))
    return parts


def age_bands_fixture(rng):
    """A list whose true odds are 1.8 times the predicted for everyone: the model is off for the
    whole list alike, and risk rises with age band."""
    sizes_and_risks = [
        ("Under 50", 250, 0.035),
        ("50 to 59", 450, 0.045),
        ("60 to 69", 900, 0.055),
        ("70 to 79", 950, 0.07),
        ("80 and over", 450, 0.1),
    ]
    parts = []
    for name, size, risk in sizes_and_risks:
        p = predicted_probabilities(rng, size, mean_risk=risk)
        parts.append((name, p, outcomes_at(rng, p, odds_ratio=1.8)))
    return parts


def fixture(name, description, rng, parts):
    group_names = [part[0] for part in parts]
    p = np.concatenate([part[1] for part in parts])
    y = np.concatenate([part[2] for part in parts]).astype(np.int64)
    group_index = np.concatenate([np.full(len(part[1]), i) for i, part in enumerate(parts)])
    # Shuffled, so that nothing depends on the groups arriving in blocks.
    order = rng.permutation(len(p))
    p, y, group_index = p[order], y[order], group_index[order]
    judgements = judge_groups(p, y, group_index, group_names)
    return {
        "name": name,
        "description": description,
        "groups": group_names,
        "input": {
            "probability": [float(v) for v in p],
            "event": "".join(str(int(v)) for v in y),
            "group": "".join(str(int(g)) for g in group_index),
        },
        "expected": judgements,
        "oldRuleFlags": {key: old_rule_flags(p, y, group_index == i) for i, key in enumerate(group_names)},
    }


def build_fixtures():
    def seeded(i):
        return np.random.default_rng([20260501, i])

    rng = seeded(1)
    parts = ethnic_groups_fixture(rng)
    ethnic = fixture(
        "ethnic-groups",
        "4,000 operations, calibrated but for Asian (true odds × 2) and Black (no discrimination); "
        "Other is 40 operations with 3 complications ranked near the top; Not stated has none",
        rng,
        parts,
    )
    flags = {judgement["key"]: judgement["flags"] for judgement in ethnic["expected"]}
    # White is flagged too, in the opposite direction: with Asian patients a third of White's rest, the
    # rest's O/E is about 1.34 and White's ratio to it about 0.75. That is what comparing a majority
    # with the rest of the list does (ml/README.md); the fixture keeps it so that the tests show it.
    assert flags == {
        "White": ["oe", "calibration"],
        "Mixed": [],
        "Asian": ["oe", "calibration"],
        "Black": ["auroc"],
        "Other": [],
        "Not stated": [],
    }, flags
    other = next(j for j in ethnic["expected"] if j["key"] == "Other")
    assert other["comparison"]["aurocDifference"]["value"] > MATERIAL_AUROC_SHORTFALL, other
    assert "auroc" in ethnic["oldRuleFlags"]["Other"], ethnic["oldRuleFlags"]

    rng = seeded(2)
    parts = age_bands_fixture(rng)
    whole_list = fixture(
        "age-bands-whole-list-miscalibrated",
        "3,000 operations whose true odds are 1.8 times the predicted in every age band",
        rng,
        parts,
    )
    assert all(judgement["flags"] == [] for judgement in whole_list["expected"]), whole_list["expected"]
    old_oe = [key for key, flags in whole_list["oldRuleFlags"].items() if "oe" in flags]
    assert len(old_oe) >= 3, whole_list["oldRuleFlags"]
    return [ethnic, whole_list]


HOLM_EXAMPLES = [
    [0.01, 0.04, 0.03, 0.005],
    [0.01, None, 0.02, None, 0.5],
    [0.02, 0.02, 0.02],
    [0.3, 0.6, 0.9, 0.0],
    [0.04],
    [None, None],
    [],
]

NORMAL_TAIL_Z = [0.0, 1e-9, 0.1, 0.5, 1.0, 1.7, 1.7320508, 1.7320509, 1.959963984540054, 2.5, 3.0, 5.0, 8.0]
NORMAL_TAIL_Z += [12.0, 20.0, 30.0, -0.7, -4.2]


def main():
    golden = {
        "about": "Written by ml/group_tests_golden.py; see ml/README.md. Each fixture's input is by "
        "column: probability[i], event = event[i] === '1', group = groups[Number(group[i])].",
        "materialSizes": {
            "oeRatio": MATERIAL_OE_RATIO,
            "calibrationInTheLargeDifference": MATERIAL_CITL_DIFFERENCE,
            "aurocShortfall": MATERIAL_AUROC_SHORTFALL,
        },
        "fixtures": build_fixtures(),
        "holm": [{"pValues": example, "adjusted": holm(example)} for example in HOLM_EXAMPLES],
        "normalTail": [{"z": z, "pValue": two_sided_p(z)} for z in NORMAL_TAIL_Z],
    }
    text = layout(golden, 0, 0, 0) + "\n"
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)}: {len(text.encode()) / 1024:.0f} KiB")
    for entry in golden["fixtures"]:
        print(entry["name"])
        for judgement in entry["expected"]:
            comparison = judgement["comparison"]
            parts = []
            for family, label in zip(FAMILIES, ("O/E ratio", "CITL diff", "AUROC diff")):
                found, adjusted = comparison[family], judgement["adjustedPValues"][family]
                if found is None:
                    parts.append(f"{label} —")
                else:
                    value, p_value = found["value"], found["pValue"]
                    parts.append(f"{label} {value:.3f} (p {p_value:.2g}, Holm {adjusted:.2g})")
            print(
                f"  {judgement['key']:<12} {', '.join(parts)}; flags {judgement['flags']}, "
                f"old rule {entry['oldRuleFlags'][judgement['key']]}"
            )


if __name__ == "__main__":
    main()
