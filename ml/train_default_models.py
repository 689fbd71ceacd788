#!/usr/bin/python3
"""Train the shipped demonstration models, one per procedure, on the synthetic cohort.

For each of knee, hip and knee-hip this writes to models/default/<procedure>/:

* model.pkl    — XGBoost XGBClassifier (binary:logistic, gbtree) with monotonic constraints on
                 the clinically directional inputs, pickle protocol 4;
* wrapper.pkl  — the plain-dict wrapper of docs/model-artifacts.md (format 1);
* MODEL_CARD.md and metrics.json — held-out performance, calibration and subgroup tables;

and models/default/reference-records.json — synthetic records with the probabilities these
models give them, for the server's smoke test and the TypeScript tests.

Run from the repository root (about a minute on one core):

    /usr/bin/python3 ml/train_default_models.py

Seeded throughout: a second run gives identical metrics and JSON (pickled bytes may differ).
"""

from __future__ import annotations

import json
import pickle
import sys
from datetime import date
from pathlib import Path

import numpy as np
import pandas as pd
import sklearn
import xgboost
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, roc_auc_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

import cohort
import treeshap
from features import DEFAULT_DECIMALS, FEATURE_NAMES, FEATURES, apply_defaults, encode_records, wrapper_features

ROOT = Path(__file__).resolve().parent.parent
OUT_ROOT = ROOT / "models" / "default"

SEED = 2026
COHORT_SEEDS = cohort.SEEDS
N_TRAIN = 40_000
N_HELDOUT = 20_000
EVALUATION_DATE = cohort.EVALUATION_DATE
MODEL_VERSION = "1.0.0"
DEMONSTRATION_SENTENCE = "Demonstration model trained on synthetic data — not for clinical use"

# Modest on purpose: the TypeScript engine evaluates 100,000 rows per batch and explains each
# with TreeSHAP, whose cost grows with trees × leaves.
# colsample_bynode < 1 makes each split choose from a random fifth of the inputs, so weak and rare
# inputs (Parkinson's, hyperthyroidism, psoriasis, ethnic group) are split on too and every field
# a clinician can edit moves the prediction; training fails if any input is left unused.
# min_child_weight 0.5 is a hessian sum: about 10 patients at the base rate's p(1 - p) ≈ 0.05.
# tree_method "exact" and one thread keep the fit reproducible.
#
# Why XGBoost: the risk must never fall when a clinically directional input gets worse (a model
# that did would tell a clinician that a sicker patient is safer), so the model is fitted with
# monotonic constraints. scikit-learn 1.2's GradientBoostingClassifier has none;
# HistGradientBoostingClassifier has them but no per-split feature sampling before 1.4, and with
# the constraints it left a weak input (Alzheimer's, angina or psoriasis) unused in at least one
# of the three models at every setting tried. XGBoost has both, and packages/risk-engine evaluates
# XGBClassifier pickles from xgboost 1.6 on, in XGBoost's own float32 arithmetic.
XGB_PARAMS = dict(objective="binary:logistic", booster="gbtree", n_estimators=200, max_depth=3,
                  learning_rate=0.075, subsample=0.8, colsample_bynode=0.2, min_child_weight=0.5,
                  tree_method="exact", n_jobs=1, random_state=SEED)

# Direction of each input's effect that the model must respect: +1 risk never falls as the input
# rises, -1 risk never rises as it rises, 0 unconstrained. Constrained only where the cohort's
# generating model (ml/cohort.py, true_log_odds) is monotone in the input and the direction is
# established clinically: age, smoking, every comorbidity flag (all odds ratios above 1), urea,
# creatinine and CRP up; haemoglobin, eGFR and albumin down. Left free: BMI, white cell count,
# platelets and sodium (U-shaped in the cohort: both low and high values raise the risk), and sex
# and ethnic group (demographic, not risk factors a clinician acts on).
INCREASING = ["age", "current_smoker", "ex_smoker", *cohort.COMORBIDITIES, "urea", "creatinine",
              "crp"]
DECREASING = ["haemoglobin", "egfr", "albumin"]
MONOTONE = {name: 1 if name in INCREASING else -1 if name in DECREASING else 0
            for name in FEATURE_NAMES}
assert set(INCREASING) | set(DECREASING) <= set(FEATURE_NAMES)

# |contribution| in log-odds: 0.10 ≈ odds ratio 1.1 (what the evidence calls a weak factor),
# 0.25 ≈ odds ratio 1.3 (the size of smoking or non-insulin diabetes and above).
IMPORTANCE_BANDS = {"high": 0.25, "medium": 0.10}

PROCEDURE_TITLES = {
    "knee": "Knee replacement complication risk",
    "hip": "Hip replacement complication risk",
    "knee-hip": "Knee and hip replacement complication risk",
}
PROCEDURE_WORDS = {"knee": "knee replacement", "hip": "hip replacement",
                   "knee-hip": "knee or hip replacement"}

ADVICE = [
    ("current_smoker", "eq", 1, "Support to stop smoking",
     "Smoking raises the risk of wound, chest and heart problems after surgery. Offer referral "
     "to the local NHS Stop Smoking Service. Stopping at least 4 weeks before the operation gives "
     "the most benefit, but stopping at any time helps."),
    ("bmi", "gte", 35, "Support to lose weight",
     "A body mass index (BMI) of 35 or more is linked with more wound problems and other "
     "complications. Offer advice on healthy eating and activity, or referral to a local weight "
     "management service."),
    ("bmi", "gte", 40, "Consider a specialist weight management referral",
     "A BMI of 40 or more is linked with a steep rise in complications, including infection. "
     "Consider referral to a specialist weight management service and discuss the timing of "
     "surgery with the patient."),
    ("haemoglobin", "lt", 130, "Check for anaemia and treat it before surgery",
     "Haemoglobin below 130 g/L is linked with more complications and blood transfusion. Check "
     "iron stores (ferritin and transferrin saturation), vitamin B12 and folate, and treat the "
     "cause, often iron deficiency, before the operation."),
    ("albumin", "lt", 35, "Review nutrition",
     "Albumin below 35 g/L can be a sign of poor nutrition or ongoing inflammation, both linked "
     "with infection and slower recovery. Screen for malnutrition (for example with MUST) and "
     "consider referral to a dietitian."),
    ("idd", "eq", 1, "Review diabetes control",
     "Diabetes treated with insulin is linked with more complications. Check HbA1c and agree a "
     "plan for managing diabetes around surgery. National guidance (CPOC) advises an HbA1c below "
     "69 mmol/mol before planned surgery where possible."),
    ("nidd", "eq", 1, "Review diabetes control",
     "Diabetes is linked with more wound and infection problems. Check HbA1c and agree a plan "
     "for managing diabetes around surgery. National guidance (CPOC) advises an HbA1c below "
     "69 mmol/mol before planned surgery where possible."),
    ("egfr", "lt", 60, "Review kidney function and medicines",
     "An eGFR below 60 suggests chronic kidney disease (stage 3 or worse), which is linked with "
     "more complications. Review medicines that affect the kidneys, such as anti-inflammatory "
     "painkillers (NSAIDs), ACE inhibitors and diuretics, and plan fluids around surgery."),
    ("sodium", "lt", 135, "Find the cause of low sodium",
     "Sodium below 135 mmol/L is linked with more complications. Look for a cause, including "
     "medicines such as thiazide diuretics and some antidepressants, and correct it before "
     "surgery where possible."),
    ("hypt", "eq", 1, "Check blood pressure control",
     "Make sure blood pressure is measured and treated before surgery. National guidance "
     "(AAGBI and British Hypertension Society) expects readings below 160/100 mmHg in primary "
     "care before referral for planned surgery."),
    ("copd", "eq", 1, "Optimise chest health",
     "COPD is linked with chest infections and readmission after surgery. Review inhaler "
     "treatment and technique, and offer pulmonary rehabilitation where it is appropriate."),
]


# --------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return np.log(p / (1 - p))


def _fit_logistic(x: np.ndarray, y: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """Unpenalised logistic regression by Newton-Raphson (statsmodels is not installed)."""
    beta = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ beta + offset)))
        gradient = x.T @ (y - p)
        hessian = (x * (p * (1 - p))[:, None]).T @ x
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta


def calibration(y: np.ndarray, p: np.ndarray) -> tuple[float, float]:
    """Calibration slope (logit(y) ~ a + b·logit(p)) and calibration-in-the-large intercept
    (logit(y) ~ a + offset(logit(p))), as recommended by TRIPOD / Van Calster 2019."""
    lp = _logit(p)
    ones = np.ones_like(lp)
    slope = _fit_logistic(np.column_stack([ones, lp]), y, np.zeros_like(lp))[1]
    intercept = _fit_logistic(ones[:, None], y, lp)[0]
    return float(slope), float(intercept)


def summary_metrics(y: np.ndarray, p: np.ndarray, base_rate: float) -> dict:
    """AUROC, Brier (and the no-skill Brier of always predicting the training base rate),
    calibration slope and intercept, observed and mean predicted risk."""
    slope, intercept = calibration(y, p)
    return {
        "n": int(len(y)), "events": int(y.sum()),
        "auroc": float(roc_auc_score(y, p)),
        "brier": float(brier_score_loss(y, p)),
        "noSkillBrier": float(brier_score_loss(y, np.full(len(y), base_rate))),
        "calibrationSlope": slope, "calibrationIntercept": intercept,
        "observedRate": float(y.mean()), "meanPredicted": float(p.mean()),
    }


def decile_table(y: np.ndarray, p: np.ndarray) -> list[dict]:
    """Calibration by decile of predicted risk (equal-sized groups after sorting)."""
    order = np.argsort(p, kind="stable")
    rows = []
    for index, part in enumerate(np.array_split(order, 10), start=1):
        rows.append({"decile": index, "n": int(len(part)),
                     "minPredicted": float(p[part].min()), "maxPredicted": float(p[part].max()),
                     "meanPredicted": float(p[part].mean()), "observed": float(y[part].mean()),
                     "events": int(y[part].sum())})
    return rows


def subgroup_table(frame: pd.DataFrame, y: np.ndarray, p: np.ndarray) -> list[dict]:
    """AUROC and observed vs mean predicted risk by sex, ethnic group and age band."""
    age = frame["age_years"].to_numpy()
    groups = {
        "Sex": {"Female": frame["sex"].to_numpy() == "F", "Male": frame["sex"].to_numpy() == "M"},
        "Ethnic group (recorded)": {
            label: frame["ethnic_group"].to_numpy() == key
            for key, label in [("white", "White"), ("asian", "Asian or Asian British"),
                               ("black", "Black or Black British"),
                               ("mixed", "Mixed"), ("other", "Chinese or other"),
                               ("unknown", "Not stated or not known")]
        },
        "Age band": {"Under 60": age < 60, "60-69": (age >= 60) & (age < 70),
                     "70-79": (age >= 70) & (age < 80), "80 and over": age >= 80},
    }
    rows = []
    for dimension, members in groups.items():
        for label, mask in members.items():
            ys, ps = y[mask], p[mask]
            events = int(ys.sum())
            auroc = float(roc_auc_score(ys, ps)) if 0 < events < len(ys) else None
            rows.append({"dimension": dimension, "group": label, "n": int(mask.sum()),
                         "events": events, "auroc": auroc,
                         "observed": float(ys.mean()) if len(ys) else None,
                         "meanPredicted": float(ps.mean()) if len(ps) else None})
    return rows


def input_effects(model, x: np.ndarray, features: list[dict]) -> list[dict]:
    """How far each input moves the risk on the held-out patients (partial dependence).

    Binary inputs: mean predicted risk with the input set to 0 and to 1 for everyone.
    Continuous inputs: the same at the input's 10th and 90th centiles.
    """
    rows = []
    for index, feature in enumerate(features):
        column = x[:, index]
        if set(np.unique(column)) <= {0.0, 1.0}:
            low, high, label = 0.0, 1.0, "0 → 1"
        else:
            decimals = DEFAULT_DECIMALS.get(feature["name"], 0)
            low, high = (round(float(v), decimals) for v in np.percentile(column, [10, 90]))
            label = f"{low:g} → {high:g}"
        probabilities = []
        for value in (low, high):
            changed = x.copy()
            changed[:, index] = value
            probabilities.append(float(_probability(model, changed).mean()))
        rows.append({"feature": feature["name"], "change": label,
                     "meanRiskLow": probabilities[0], "meanRiskHigh": probabilities[1]})
    return rows


def band_table(y: np.ndarray, p: np.ndarray, thresholds: dict) -> list[dict]:
    """Share of patients and observed rate in each risk band."""
    bands = [("High", p >= thresholds["high"]),
             ("Moderate", (p >= thresholds["moderate"]) & (p < thresholds["high"])),
             ("Low", p < thresholds["moderate"])]
    return [{"band": name, "n": int(mask.sum()), "share": float(mask.mean()),
             "observed": float(y[mask].mean()) if mask.any() else None,
             "meanPredicted": float(p[mask].mean()) if mask.any() else None}
            for name, mask in bands]


# --------------------------------------------------------------------------------------------
# Model, wrapper, card
# --------------------------------------------------------------------------------------------


def choose_thresholds(base_rate: float) -> dict:
    """Moderate from the base rate (rounded to 0.5 %), High at twice that.

    A patient at or above the average risk of their list is flagged Moderate; at twice the
    average (the size of the strongest single factors in the evidence, e.g. anaemia OR 2.1)
    High.
    """
    moderate = round(round(base_rate * 200) / 200, 3)
    return {"high": round(2 * moderate, 3), "moderate": moderate}


def risk_level(probability: float, thresholds: dict) -> str:
    if probability >= thresholds["high"]:
        return "High"
    if probability >= thresholds["moderate"]:
        return "Moderate"
    return "Low"


def advice_rules(features: list[dict]) -> list[dict]:
    """Wrapper advice list; every rule's feature must exist and be modifiable."""
    modifiable = {f["name"] for f in features if f["modifiable"]}
    rules = []
    for feature, op, value, title, description in ADVICE:
        assert feature in modifiable, feature
        rules.append({"feature": feature, "when": {"op": op, "value": value},
                      "title": title, "description": description})
    return rules


# OPCS-4.10 primary total replacements: the operations the synthetic cohort stands for (a revision,
# a conversion or a replacement of the head of femur after a fracture is another population).
PRIMARY_KNEE = ["W40.1", "W41.1", "W42.1", "O18.1"]
PRIMARY_HIP = ["W37.1", "W38.1", "W39.1", "W93.1", "W94.1", "W95.1"]
POPULATION_CODES = {"knee": PRIMARY_KNEE, "hip": PRIMARY_HIP, "knee-hip": PRIMARY_KNEE + PRIMARY_HIP}
POPULATION_WORDS = {
    "knee": "Adults having a primary total knee replacement",
    "hip": "Adults having a primary total hip replacement",
    "knee-hip": "Adults having a primary total knee or hip replacement",
}

# The record fields without which a prediction is not banded: the measured inputs among the ten
# that weigh most in every demonstration model's development data (age, body mass index,
# haemoglobin and eGFR: featureImportances in metrics.json), whose default (a typical patient's
# value) would hide the very thing that raises a patient's risk. A comorbidity left blank reads as
# "No" with a warning instead: a record lists the conditions a patient has.
REQUIRED_INPUTS = ["dateOfBirth", "height", "weight", "haemoglobin", "egfr"]

OUTCOME = {
    "definition": ("Any complication within 90 days of the operation. In the synthetic development "
                   "data this is one drawn event whose odds follow published effect sizes of any "
                   "complication after joint replacement (ml/cohort.py), not a recorded diagnosis."),
    "horizonDays": 90,
}


def development_ranges(x_raw: np.ndarray) -> dict:
    """The lowest and highest age and body mass index of the training data (whole numbers outward)."""
    ranges = {}
    for name in ("age", "bmi"):
        column = x_raw[:, FEATURE_NAMES.index(name)]
        column = column[~np.isnan(column)]
        ranges[name] = {"min": float(np.floor(column.min())), "max": float(np.ceil(column.max()))}
    return ranges


def build_wrapper(procedure: str, features: list[dict], thresholds: dict,
                  metrics: dict, ranges: dict) -> dict:
    """The wrapper dict, exactly the keys of docs/model-artifacts.md, plain Python types."""
    return {
        "formatVersion": 1,
        "procedure": procedure,
        "features": features,
        "thresholds": dict(thresholds),
        "importanceBands": dict(IMPORTANCE_BANDS),
        "advice": advice_rules(features),
        "modelCard": {
            "name": PROCEDURE_TITLES[procedure],
            "version": MODEL_VERSION,
            "demonstration": True,
            "intendedUse": (
                f"Demonstration of the risk summary for adults on an NHS elective "
                f"{PROCEDURE_WORDS[procedure]} waiting list: estimates the probability of any "
                f"complication within 90 days of surgery from demographics, comorbidities and "
                f"recent blood results. {DEMONSTRATION_SENTENCE}."
            ),
            "trainingData": (
                f"Synthetic cohort generated by ml/cohort.py (seed {COHORT_SEEDS[procedure]}): "
                f"{N_TRAIN} training patients, {N_HELDOUT} held out; outcome log-odds from "
                f"published effect sizes. No patient data."
            ),
            "trainingSize": N_TRAIN,
            "metrics": {
                "auroc": round(metrics["auroc"], 4),
                "brier": round(metrics["brier"], 4),
                "calibrationSlope": round(metrics["calibrationSlope"], 4),
                "calibrationIntercept": round(metrics["calibrationIntercept"], 4),
            },
        },
        "population": {
            "opcs4": list(POPULATION_CODES[procedure]),
            "ageYears": {"min": 18, "max": None},
            "description": POPULATION_WORDS[procedure],
        },
        "requiredInputs": list(REQUIRED_INPUTS),
        "developmentRanges": ranges,
        "outcome": dict(OUTCOME),
    }


class _NoGlobals(pickle.Unpickler):
    """Refuses every global: proves the wrapper pickle is plain data only."""

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"wrapper must not reference {module}.{name}")


def write_pickles(folder: Path, model, wrapper: dict) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "model.pkl", "wb") as fh:
        pickle.dump(model, fh, protocol=4)
    with open(folder / "wrapper.pkl", "wb") as fh:
        pickle.dump(wrapper, fh, protocol=4)
    with open(folder / "wrapper.pkl", "rb") as fh:
        assert _NoGlobals(fh).load() == wrapper


def check_every_input_is_used(model: xgboost.XGBClassifier) -> list[str]:
    """Names of inputs no tree splits on (an edited field would then not move the risk)."""
    used = set()
    for tree in treeshap.xgboost_trees(model):
        used.update(int(tree.feature[node]) for node in range(len(tree.left))
                    if tree.left[node] != -1)
    return [name for i, name in enumerate(FEATURE_NAMES) if i not in used]


def check_monotone(model: xgboost.XGBClassifier, x: np.ndarray) -> list[str]:
    """Constrained inputs along which the risk moves the wrong way for some patient.

    For 1,000 held-out patients, each constrained input is set to every value on a grid over its
    range (both flag values for binary inputs) and the raw output must never move against the
    constraint. XGBoost enforces the constraints per tree; this checks the fitted artefact.
    """
    rows = x[:1000]
    wrong = []
    for index, name in enumerate(FEATURE_NAMES):
        direction = MONOTONE[name]
        if direction == 0:
            continue
        column = x[:, index]
        grid = np.unique(np.concatenate([np.percentile(column, np.linspace(0, 100, 41)),
                                         [column.min() - 1, column.max() + 1]]))
        outputs = []
        for value in grid:
            changed = rows.copy()
            changed[:, index] = value
            outputs.append(model.predict(changed, output_margin=True).astype(np.float64))
        steps = np.diff(np.array(outputs), axis=0) * direction
        if (steps < 0).any():
            wrong.append(name)
    return wrong


def _pct(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{100 * value:.{digits}f} %"


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def write_model_card(folder: Path, procedure: str, wrapper: dict, report: dict) -> None:
    """MODEL_CARD.md: intended use, data, metrics, calibration, subgroups, baselines."""
    m = report["heldOut"]
    t = wrapper["thresholds"]
    lines = [
        f"# {PROCEDURE_TITLES[procedure]} — model card (version {MODEL_VERSION})",
        "",
        f"**{DEMONSTRATION_SENTENCE}.**",
        "",
        "## Intended use",
        "",
        wrapper["modelCard"]["intendedUse"],
        "",
        "It exists so the product can be demonstrated and tested end to end. A trust must upload "
        "its own validated model, trained and governed under its DCB0160 clinical safety case, "
        "before predictions are used for patients. The UI labels this model \"Demonstration "
        "model (synthetic data) — not for clinical use\" (`modelCard.demonstration` is true).",
        "",
        "## Population, required inputs and outcome",
        "",
        f"- Population: {wrapper['population']['description'].lower()}, OPCS-4 "
        f"{', '.join(wrapper['population']['opcs4'])}, aged {wrapper['population']['ageYears']['min']} "
        "and over. A revision (fourth character 3 or 4), a conversion (2), an unspecified "
        "replacement (8, 9) and a replacement of the head of femur (W46–W48, mostly after a "
        "fracture) are outside it: the product keeps such a patient on the list and does not score "
        "them.",
        "- Required inputs: " + ", ".join(f"`{field}`" for field in wrapper["requiredInputs"]) + ". "
        "These are the measured inputs among the ten that weigh most in every demonstration model "
        "(age, body mass index, haemoglobin and eGFR; `featureImportances` in metrics.json): "
        "filled with a typical patient's value, they would hide what raises this patient's risk, "
        "so a pathway missing one gets no risk band (\"Incomplete\"). Every other input is "
        "filled with the default listed under Features when blank, and the product names it.",
        "- Development ranges (outside them the risk summary says the patient is outside the data "
        "the model learnt from): " + "; ".join(
            f"{name} {r['min']:g}–{r['max']:g}" for name, r in wrapper["developmentRanges"].items()) + ".",
        f"- Outcome: {wrapper['outcome']['definition']} Horizon {wrapper['outcome']['horizonDays']} days.",
        "",
        "## Model",
        "",
        f"- `model.pkl`: xgboost {xgboost.__version__} `XGBClassifier` (`binary:logistic`, "
        f"gbtree, {XGB_PARAMS['n_estimators']} trees of depth {XGB_PARAMS['max_depth']}, "
        f"learning rate {XGB_PARAMS['learning_rate']}, subsample {XGB_PARAMS['subsample']}, "
        f"colsample_bynode {XGB_PARAMS['colsample_bynode']}, min_child_weight "
        f"{XGB_PARAMS['min_child_weight']}, tree_method `{XGB_PARAMS['tree_method']}`, "
        f"random_state {SEED}), "
        "written with `pickle.dump(..., protocol=4)`, fitted on a numpy array (no feature names). "
        "XGBoost computes in float32 (inputs, sums and the sigmoid); the product reproduces that.",
        "- Monotonic constraints: the predicted risk never falls when one of these inputs rises "
        f"(all else equal): {', '.join(f'`{n}`' for n in FEATURE_NAMES if MONOTONE[n] == 1)}; "
        "and never rises when one of these rises (lower values are worse): "
        f"{', '.join(f'`{n}`' for n in FEATURE_NAMES if MONOTONE[n] == -1)}. These are the inputs "
        "whose effect in the generating model is monotone and clinically established: a model "
        "that learned otherwise from noise would tell a clinician that a sicker patient is "
        "safer. Unconstrained: "
        f"{', '.join(f'`{n}`' for n in FEATURE_NAMES if MONOTONE[n] == 0)} (BMI, white cell "
        "count, platelets and sodium are U-shaped in the generating model; sex and ethnic group "
        "are demographic). Training checks the fitted model along every constrained input.",
        "- `wrapper.pkl`: format 1 of docs/model-artifacts.md. Missing inputs take the feature's "
        "`default`; the model was trained on inputs filled the same way, as the product fills "
        "them.",
        f"- Explanations: exact path-dependent TreeSHAP in log-odds; importance bands "
        f"high ≥ {IMPORTANCE_BANDS['high']} (odds ratio ≈ 1.3), medium ≥ "
        f"{IMPORTANCE_BANDS['medium']} (odds ratio ≈ 1.1).",
        "",
        "### Inputs (model order)",
        "",
        "| # | name | display name | unit | source | default | modifiable |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for i, f in enumerate(wrapper["features"]):
        source = f["source"]
        if source["kind"] == "derived":
            text = f"derived: {source['derivation']}"
        elif "encode" in source:
            ones = sorted(k for k, v in source["encode"]["map"].items() if v == 1)
            text = f"`{source['field']}` in {{{', '.join(ones)}}} → 1"
        else:
            text = f"`{source['field']}`"
        lines.append(f"| {i} | `{f['name']}` | {f['displayName']} | {f['unit']} | {text} | "
                     f"{f['default']:g} | {'yes' if f['modifiable'] else 'no'} |")
    lines += [
        "",
        "Binary inputs default to 0 (\"not recorded as present\"); continuous inputs to the "
        "training median. Ethnic group \"Z\"/\"99\" and smoking \"Z\"/\"9\" are missing and take "
        "the defaults (white; not a current or ex-smoker).",
        "",
        "## Training data",
        "",
        wrapper["modelCard"]["trainingData"],
        "",
        f"- Training size: {N_TRAIN} patients ({report['train']['events']} with a complication, "
        f"base rate {_pct(report['train']['observedRate'], 2)}).",
        f"- Held-out synthetic set: {m['n']} patients ({m['events']} with a complication, "
        f"{_pct(m['observedRate'], 2)}), drawn with the training set and never used for fitting "
        "or for choosing thresholds.",
        "- Distributions, the outcome model and their sources: `ml/README.md`.",
        "",
        "## Risk thresholds",
        "",
        f"- High: probability ≥ {t['high']:.3f}; Moderate: ≥ {t['moderate']:.3f}; otherwise Low.",
        f"- Moderate starts at the training base rate ({_pct(report['train']['observedRate'], 2)}"
        f", rounded to 0.5 %): at or above the average patient on the list. High starts at twice "
        "that, the size of the strongest single risk factors in the evidence (anaemia OR 2.1, "
        "CKD stage 4-5 OR 2.1).",
        "",
        "| band | held-out patients | share | observed rate | mean predicted |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in report["bands"]:
        lines.append(f"| {row['band']} | {row['n']} | {_pct(row['share'])} | "
                     f"{_pct(row['observed'])} | {_pct(row['meanPredicted'])} |")
    lines += [
        "",
        "## Performance on the held-out synthetic set",
        "",
        "| measure | value |",
        "| --- | --- |",
        f"| AUROC | {_num(m['auroc'])} |",
        f"| Calibration slope | {_num(m['calibrationSlope'])} |",
        f"| Calibration intercept (calibration-in-the-large) | {_num(m['calibrationIntercept'])} |",
        f"| Brier score | {_num(m['brier'], 4)} |",
        f"| No-skill Brier (always predict the training base rate) | "
        f"{_num(m['noSkillBrier'], 4)} |",
        f"| Observed rate / mean predicted | {_pct(m['observedRate'], 2)} / "
        f"{_pct(m['meanPredicted'], 2)} |",
        f"| Logistic regression baseline AUROC (same inputs, linear) | "
        f"{_num(report['baseline']['auroc'])} |",
        f"| Generating (true) model AUROC, for reference | {_num(report['trueModel']['auroc'])} |",
        "",
        "The generating model's AUROC is the ceiling: it uses the complete latent values "
        "(before any were hidden as missing) and the exact outcome formula, with only the "
        "unobserved patient/surgical term left out. Published models for complications after "
        "joint replacement reach 0.65-0.75.",
        "",
        "### Calibration by decile of predicted risk",
        "",
        "| decile | n | predicted range | mean predicted | observed | events |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for row in report["deciles"]:
        lines.append(f"| {row['decile']} | {row['n']} | {_pct(row['minPredicted'], 2)} – "
                     f"{_pct(row['maxPredicted'], 2)} | {_pct(row['meanPredicted'], 2)} | "
                     f"{_pct(row['observed'], 2)} | {row['events']} |")
    lines += [
        "",
        "### By sex, ethnic group and age band",
        "",
        "| | group | n | events | AUROC | observed | mean predicted |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in report["subgroups"]:
        lines.append(f"| {row['dimension']} | {row['group']} | {row['n']} | {row['events']} | "
                     f"{_num(row['auroc'])} | {_pct(row['observed'], 2)} | "
                     f"{_pct(row['meanPredicted'], 2)} |")
    lines += [
        "",
        "Subgroups with few events (ethnic minority groups here) have wide uncertainty; AUROC is "
        "shown only where the group has both outcomes. The synthetic outcome gives ethnic groups "
        f"small direct effects (odds ratios {min(cohort.ETHNIC_OR.values()):.2f}-"
        f"{max(cohort.ETHNIC_OR.values()):.2f} against white, an assumption standing in for "
        "published disparities), so this table exercises the fairness report rather than "
        "measuring fairness.",
        "",
        "### How far each input moves the risk",
        "",
        "Mean predicted risk over the held-out patients with the input set, for everyone, to "
        "each value shown (binary inputs 0 and 1; continuous inputs their 10th and 90th "
        "centiles). Non-linear effects (BMI ≥ 40, age ≥ 80, albumin < 35) sit mostly beyond "
        "these centiles.",
        "",
        "| input | change | mean risk before | mean risk after |",
        "| --- | --- | --- | --- |",
        *[f"| `{row['feature']}` | {row['change']} | {_pct(row['meanRiskLow'], 2)} | "
          f"{_pct(row['meanRiskHigh'], 2)} |" for row in report["inputEffects"]],
        "",
        "## Advice rules",
        "",
        "Fire on the patient's own value (never on a default), for modifiable inputs, in this "
        "order:",
        "",
        "| input | when | title |",
        "| --- | --- | --- |",
    ]
    for rule in wrapper["advice"]:
        lines.append(f"| `{rule['feature']}` | {rule['when']['op']} {rule['when']['value']} | "
                     f"{rule['title']} |")
    lines += [
        "",
        "## Limitations",
        "",
        "- Synthetic data: associations are those written into `ml/cohort.py`, not learned "
        "from patients. Performance figures describe the synthetic task only.",
        "- No external validation, no recalibration to any trust, no outcome definition beyond "
        "\"any complication within 90 days\".",
        "- Ethnic group is an input only so the product's ethnic-group field is exercised; a "
        "real model needs a fairness review before such an input is kept.",
        "",
        f"Generated by `/usr/bin/python3 ml/train_default_models.py` (xgboost "
        f"{xgboost.__version__}, scikit-learn {sklearn.__version__}, numpy {np.__version__}).",
        "",
    ]
    (folder / "MODEL_CARD.md").write_text("\n".join(lines), encoding="utf-8")


# --------------------------------------------------------------------------------------------
# Training
# --------------------------------------------------------------------------------------------


def held_out_frame(records: pd.DataFrame) -> pd.DataFrame:
    """Columns used for subgroup tables: recorded sex, recorded ethnic group, age in years."""
    return pd.DataFrame({
        "sex": records["sex"].to_numpy(),
        "ethnic_group": [cohort.ethnic_group_of(c) for c in records["ethnicGroup"]],
        "age_years": [cohort.age_in_years(d, EVALUATION_DATE) for d in records["dateOfBirth"]],
    })


def train_procedure(procedure: str) -> tuple[xgboost.XGBClassifier, dict, dict]:
    """Train, evaluate and write one procedure's artefacts; returns (model, wrapper, report)."""
    data = cohort.generate_cohort(procedure, N_TRAIN + N_HELDOUT, COHORT_SEEDS[procedure])
    train, held = data.iloc[:N_TRAIN], data.iloc[N_TRAIN:]
    y_train, y_held = train["outcome"].to_numpy(), held["outcome"].to_numpy()

    # Inputs exactly as the product builds them: wrapper sources, then wrapper defaults.
    sources_only = [{"source": f[3]} for f in FEATURES]
    x_train_raw = encode_records(train[cohort.RECORD_COLUMNS], sources_only, EVALUATION_DATE)
    features = wrapper_features(x_train_raw)
    x_train, _ = apply_defaults(x_train_raw, features)
    x_held_raw = encode_records(held[cohort.RECORD_COLUMNS], features, EVALUATION_DATE)
    x_held, _ = apply_defaults(x_held_raw, features)

    monotone = "(" + ",".join(str(MONOTONE[name]) for name in FEATURE_NAMES) + ")"
    model = xgboost.XGBClassifier(**XGB_PARAMS, monotone_constraints=monotone)
    model.fit(x_train, y_train)
    unused = check_every_input_is_used(model)
    if unused:
        # An input no tree uses would make its record field inert in the product.
        raise RuntimeError(f"{procedure} model never splits on {unused}: retune XGB_PARAMS")
    wrong = check_monotone(model, x_held)
    if wrong:
        raise RuntimeError(f"{procedure} model is not monotone in {wrong}")

    baseline = Pipeline([("scaler", StandardScaler()),
                         ("classifier", LogisticRegression(max_iter=5000))]).fit(x_train, y_train)

    base_rate = float(y_train.mean())
    thresholds = choose_thresholds(base_rate)
    p_held = _probability(model, x_held)
    report = {
        "procedure": procedure,
        "train": {"n": N_TRAIN, "events": int(y_train.sum()), "observedRate": base_rate},
        "heldOut": summary_metrics(y_held, p_held, base_rate),
        "baseline": summary_metrics(y_held, baseline.predict_proba(x_held)[:, 1], base_rate),
        "trueModel": summary_metrics(y_held, held["p_true"].to_numpy(), base_rate),
        "thresholds": thresholds,
        "bands": band_table(y_held, p_held, thresholds),
        "deciles": decile_table(y_held, p_held),
        "subgroups": subgroup_table(held_out_frame(held), y_held, p_held),
        "inputEffects": input_effects(model, x_held, features),
        "unusedInputs": unused,
        "featureImportances": {name: float(v) for name, v in
                               zip(FEATURE_NAMES, model.feature_importances_)},
    }
    wrapper = build_wrapper(procedure, features, thresholds, report["heldOut"],
                            development_ranges(x_train_raw))

    folder = OUT_ROOT / procedure
    write_pickles(folder, model, wrapper)
    write_model_card(folder, procedure, wrapper, report)
    (folder / "metrics.json").write_text(json.dumps(_rounded(report), indent=2) + "\n",
                                         encoding="utf-8")
    return model, wrapper, report


def _probability(model: xgboost.XGBClassifier, x: np.ndarray) -> np.ndarray:
    """predict_proba[:, 1] as float64 (XGBoost returns float32; the values are unchanged)."""
    return model.predict_proba(x)[:, 1].astype(np.float64)


def _rounded(value, digits: int = 6):
    """Floats rounded for stable, readable JSON."""
    if isinstance(value, float):
        return round(value, digits)
    if isinstance(value, dict):
        return {k: _rounded(v, digits) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v, digits) for v in value]
    return value


# --------------------------------------------------------------------------------------------
# Reference records
# --------------------------------------------------------------------------------------------


def _full(**overrides) -> dict:
    """A complete, unremarkable record (strings as the product stores them), then overrides.

    An override of None writes null; the key "_drop" lists fields to leave out entirely.
    """
    record = {
        "height": "165", "weight": "72.5", "sex": "F", "ethnicGroup": "A", "smoking": "4",
        "dateOfBirth": "1957-06-15",
        **{flag: "0" for flag in cohort.COMORBIDITIES},
        "haemoglobin": "134", "whiteBloodCount": "6.8", "plateletCount": "250", "urea": "5.6",
        "creatinine": "72", "egfr": "76", "sodium": "140", "albumin": "42", "crp": "3.1",
    }
    drop = overrides.pop("_drop", [])
    record.update(overrides)
    for key in drop:
        record.pop(key, None)
    return record


REFERENCE_RECORDS = [
    ("ref-01", "Typical 68-year-old woman, nothing of note", _full()),
    ("ref-02", "84-year-old man with AF, heart failure, CKD, anaemia and low albumin",
     _full(sex="M", dateOfBirth="1941-03-02", height="171", weight="70.2", smoking="2",
           hypt="1", af="1", hfl="1", ihd="1", haemoglobin="112", creatinine="150", egfr="38",
           urea="11.2", albumin="33", sodium="134", crp="8.4")),
    ("ref-03", "58-year-old woman, BMI 42, current smoker, type 2 diabetes",
     _full(dateOfBirth="1967-09-30", height="160", weight="107.5", smoking="1", nidd="1",
           hypt="1", crp="9.5", whiteBloodCount="9.1")),
    ("ref-04", "62-year-old man, BMI 51", _full(sex="M", dateOfBirth="1963-04-11", height="178",
                                                weight="161.6", hypt="1", idd="1")),
    ("ref-05", "79-year-old woman, BMI 18", _full(dateOfBirth="1946-11-20", height="158",
                                                  weight="45", albumin="36", haemoglobin="118")),
    ("ref-06", "All blood results missing (empty strings)",
     _full(**{lab: "" for lab in cohort.LABS})),
    ("ref-07", "Only date of birth and sex known; everything else absent",
     {"sex": "M", "dateOfBirth": "1950-07-04"}),
    ("ref-08", "Empty record: every input takes its default", {}),
    ("ref-09", "Missing values written as null, with smoking and ethnic group not stated",
     _full(smoking="Z", ethnicGroup="99", height=None, weight=None, albumin=None, hypt=None)),
    ("ref-10", "South Asian man with insulin-treated diabetes and CKD",
     _full(sex="M", ethnicGroup="H", dateOfBirth="1955-02-14", height="168", weight="80.1",
           idd="1", hypt="1", creatinine="128", egfr="52", urea="8.9", haemoglobin="128")),
    ("ref-11", "Black Caribbean woman with hypertension",
     _full(ethnicGroup="M", dateOfBirth="1960-12-01", height="163", weight="84", hypt="1",
           haemoglobin="121")),
    ("ref-12", "81st birthday on the evaluation date (age 81; risk differs from age 80 in "
     "every model)", _full(dateOfBirth="1945-01-01")),
    ("ref-13", "81st birthday the day after the evaluation date (still 80)",
     _full(dateOfBirth="1945-01-02")),
    ("ref-14", "Born on 29 February", _full(dateOfBirth="1944-02-29", sex="M", height="175",
                                            weight="88")),
    ("ref-15", "Low sodium, high CRP and white count",
     _full(sodium="128", crp="62", whiteBloodCount="13.4", plateletCount="455", albumin="34")),
    ("ref-16", "Values as JSON numbers instead of strings",
     {**_full(), "height": 172, "weight": 95.3, "haemoglobin": 141, "whiteBloodCount": 7.2,
      "plateletCount": 231, "urea": 6.1, "creatinine": 88, "egfr": 79, "sodium": 139,
      "albumin": 43, "crp": 2.4, "hypt": 1, "copd": 1, "sex": "M", "smoking": "2"}),
    ("ref-17", "Ex-smoker with COPD, RA, hypothyroidism, psoriasis and other osteoarthritis",
     _full(smoking="2", copd="1", ra="1", hypo="1", ps="1", foa="1", crp="14", albumin="38",
           haemoglobin="116")),
    ("ref-18", "Dementia (Alzheimer's) and Parkinson's disease, aged 88",
     _full(dateOfBirth="1937-05-05", dem="1", alz="1", pa="1", sex="M", height="170",
           weight="64", haemoglobin="124", albumin="36", egfr="55", creatinine="98")),
    ("ref-19", "Labs at the remodel form's limits (eGFR 15, creatinine 200, Hb 80)",
     _full(egfr="15", creatinine="200", urea="14.8", haemoglobin="80", sodium="126",
           albumin="25", dateOfBirth="1948-08-08", valv="1", pvd="1", ang="1", hype="1")),
    ("ref-20", "Fit 45-year-old man, mixed ethnic group, never smoked",
     _full(sex="M", ethnicGroup="D", dateOfBirth="1980-10-10", height="182", weight="84",
           haemoglobin="152", creatinine="90", egfr="92")),
]


def _advice_fired(wrapper: dict, raw_inputs: np.ndarray) -> list[str]:
    """Titles of advice rules that fire on the patient's own (non-default) values."""
    index = {f["name"]: i for i, f in enumerate(wrapper["features"])}
    modifiable = {f["name"] for f in wrapper["features"] if f["modifiable"]}
    compare = {"eq": np.equal, "gte": np.greater_equal, "lte": np.less_equal,
               "gt": np.greater, "lt": np.less}
    fired = []
    for rule in wrapper["advice"]:
        value = raw_inputs[index[rule["feature"]]]
        if rule["feature"] in modifiable and not np.isnan(value) and \
                compare[rule["when"]["op"]](value, rule["when"]["value"]):
            fired.append(rule["title"])
    return fired


def reference_records(models: dict) -> dict:
    """Records with, per procedure, the inputs, probability, band and explanation."""
    out = []
    for record_id, description, record in REFERENCE_RECORDS:
        expected = {}
        for procedure, (model, wrapper) in models.items():
            features = wrapper["features"]
            raw = encode_records([record], features, EVALUATION_DATE)
            filled, defaulted = apply_defaults(raw, features)
            probability = float(_probability(model, filled)[0])
            contributions, expected_value = treeshap.explain(model, filled)
            expected[procedure] = {
                "probability": probability,
                "rawOutput": float(model.predict(filled, output_margin=True)[0]),
                "riskLevel": risk_level(probability, wrapper["thresholds"]),
                "isDefaultValueUsed": bool(defaulted.any()),
                "defaultedFeatures": [FEATURE_NAMES[i] for i in np.flatnonzero(defaulted[0])],
                "inputs": [float(v) for v in filled[0]],
                "expectedValue": expected_value,
                "contributions": [float(v) for v in contributions[0]],
                "advice": _advice_fired(wrapper, raw[0]),
            }
        out.append({"id": record_id, "description": description, "record": record,
                    "expected": expected})
    return {
        "formatVersion": 1,
        "evaluationDate": EVALUATION_DATE.isoformat(),
        "generatedBy": "/usr/bin/python3 ml/train_default_models.py",
        "description": (
            "Synthetic patient records (record-field form of docs/model-artifacts.md) with what "
            "the default models give them. Age is derived at evaluationDate. For each procedure: "
            "inputs after the wrapper mapping and defaults (model order), probability = "
            "predict_proba[:, 1], rawOutput = predict(output_margin=True) (log-odds; both float32 "
            "as XGBoost computes them), riskLevel from the "
            "wrapper thresholds, exact path-dependent TreeSHAP contributions (log-odds, model "
            "order) with expectedValue, and the titles of advice rules that fire."
        ),
        "models": {p: {"model": f"{p}/model.pkl", "wrapper": f"{p}/wrapper.pkl",
                       "version": MODEL_VERSION} for p in models},
        "featureNames": FEATURE_NAMES,
        "records": out,
    }


def main() -> None:
    OUT_ROOT.mkdir(parents=True, exist_ok=True)
    models = {}
    for procedure in cohort.PROCEDURES:
        model, wrapper, report = train_procedure(procedure)
        models[procedure] = (model, wrapper)
        m = report["heldOut"]
        print(f"{procedure}: AUROC {m['auroc']:.3f} (baseline {report['baseline']['auroc']:.3f}, "
              f"true {report['trueModel']['auroc']:.3f}), slope {m['calibrationSlope']:.3f}, "
              f"intercept {m['calibrationIntercept']:.3f}, Brier {m['brier']:.4f} "
              f"(no skill {m['noSkillBrier']:.4f}), thresholds {report['thresholds']}",
              file=sys.stderr)
    references = reference_records(models)
    (OUT_ROOT / "reference-records.json").write_text(
        json.dumps(references, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
