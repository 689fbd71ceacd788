#!/usr/bin/python3
"""Write the pickle fixtures that the TypeScript decoder and estimators are tested against.

The server never runs Python: `packages/risk-engine` decodes pickles itself and re-implements each
supported estimator (docs/model-artifacts.md). These fixtures pin that re-implementation to what
the real libraries do. For each small model we save the fitted estimator in several container
formats (plain pickle at protocols 2, 4 and 5; joblib raw, zlib and gzip) and a JSON file with the
inputs and the outputs the library itself produced for them.

Run from the repository root with Debian's Python (no network, no pip):

    /usr/bin/python3 ml/make_fixtures.py

Everything is seeded, so the JSON files are identical from run to run; pickled bytes may differ
(memo ids, library internals) but decode to the same models.
"""

from __future__ import annotations

import json
import math
import pickle
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import sklearn
import xgboost
from sklearn.ensemble import (
    GradientBoostingClassifier,
    HistGradientBoostingClassifier,
    RandomForestClassifier,
)
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import treeshap

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_ROOT = ROOT / "packages" / "risk-engine" / "test" / "fixtures"
OUT_DIR = FIXTURE_ROOT / f"sklearn-{sklearn.__version__}"

SEED = 20260101
N_TRAIN = 400

# Pickle protocol 4 is Python 3.8+'s default and what most trusts' files will use; written
# explicitly so a newer Python does not silently change the fixtures.
DEFAULT_PROTOCOL = 4


# --------------------------------------------------------------------------------------------
# Training data
# --------------------------------------------------------------------------------------------


def make_training_data(
    rng: np.random.Generator,
    n_features: int,
    *,
    scales: list[tuple[float, float]] | None = None,
    nan_rate: float = 0.0,
    nan_free_features: tuple[int, ...] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """Random rows with a learnable, partly non-linear signal.

    The signal mixes a linear term, a step and an interaction so that trees grow several levels
    deep and linear models get non-trivial coefficients. `scales` (mean, sd) per feature makes
    the columns look like clinical inputs (age ~70, Hb ~130 …) so a StandardScaler matters.
    NaNs are sprinkled after the outcome is drawn: missingness is then uninformative, but models
    that learn a missing-value direction (HGB, XGBoost) still have to choose one.
    """
    z = rng.normal(size=(N_TRAIN, n_features))
    weights = np.linspace(1.2, -0.6, n_features)
    logit = z @ weights + 0.9 * (z[:, 0] > 0.5) - 0.7 * z[:, 1] * (z[:, -1] > 0) - 0.3
    y = (rng.random(N_TRAIN) < 1.0 / (1.0 + np.exp(-logit))).astype(np.int64)
    if scales is not None:
        means = np.array([m for m, _ in scales])
        sds = np.array([s for _, s in scales])
        x = means + z * sds
    else:
        x = z
    if nan_rate > 0:
        mask = rng.random(x.shape) < nan_rate
        for f in nan_free_features:
            mask[:, f] = False
        x = np.where(mask, np.nan, x)
    return x, y


# --------------------------------------------------------------------------------------------
# Input rows for the fixtures
# --------------------------------------------------------------------------------------------


def f32_neighbours(t: float) -> list[float]:
    """The threshold itself and the float32 values either side of it.

    scikit-learn trees cast X to float32 before comparing with a float64 threshold, and XGBoost
    compares float32 values with float32 split conditions. Rows sitting exactly on a threshold and
    one float32 step either side catch any decoder that compares in float64 or uses < for <=.
    """
    t32 = np.float32(t)
    below = np.nextafter(t32, np.float32(-np.inf))
    above = np.nextafter(t32, np.float32(np.inf))
    values = [float(t), float(below), float(above)]
    if float(t32) != float(t):
        values.append(float(t32))
    return values


def tree_thresholds(trees: list) -> list[tuple[int, float]]:
    """(feature, threshold) pairs of the split nodes of sklearn `Tree` objects, in node order."""
    pairs: list[tuple[int, float]] = []
    for tree in trees:
        for feature, threshold, left in zip(tree.feature, tree.threshold, tree.children_left):
            if left != -1:
                pairs.append((int(feature), float(threshold)))
    return pairs


def pick_spread(pairs: list[tuple[int, float]], count: int) -> list[tuple[int, float]]:
    """Up to `count` distinct pairs, covering every feature first so each is exercised."""
    unique = list(dict.fromkeys(pairs))
    chosen: list[tuple[int, float]] = []
    seen_features: set[int] = set()
    for pair in unique:
        if pair[0] not in seen_features:
            chosen.append(pair)
            seen_features.add(pair[0])
    for pair in unique:
        if len(chosen) >= count:
            break
        if pair not in chosen:
            chosen.append(pair)
    return chosen[:count]


def build_inputs(
    rng: np.random.Generator,
    x_train: np.ndarray,
    *,
    thresholds: list[tuple[int, float]] = (),
    allow_nan: bool,
    n_random: int = 12,
    min_rows: int = 40,
) -> np.ndarray:
    """About 40 rows: typical, extreme, on-threshold and (when the model accepts it) missing.

    Random rows are drawn near the training distribution so that probabilities vary; the extreme
    rows push linear models into saturation (probability 0 or 1) and trees into their outermost
    leaves; threshold rows are built on the column medians with one feature set to a split value.
    """
    n_features = x_train.shape[1]
    centre = np.nanmedian(x_train, axis=0)
    spread = np.nanstd(x_train, axis=0)
    rows: list[np.ndarray] = []

    # Typical rows, rounded so they read well in the JSON.
    for _ in range(n_random):
        rows.append(np.round(centre + rng.normal(size=n_features) * spread, 3))

    # The centre, zeros, and extremes (±6 sd, then ±1e4 absolute for overflow handling).
    rows.append(centre.copy())
    rows.append(np.zeros(n_features))
    rows.append(centre + 6 * spread)
    rows.append(centre - 6 * spread)
    rows.append(np.full(n_features, 1e4))
    rows.append(np.full(n_features, -1e4))
    alternating = np.where(np.arange(n_features) % 2 == 0, 1.0, -1.0)
    rows.append(centre + 4 * spread * alternating)

    # Rows on split thresholds (tree models only).
    for feature, threshold in thresholds:
        for value in f32_neighbours(threshold):
            row = centre.copy()
            row[feature] = value
            rows.append(row)

    # Missing values: each feature alone, everything, and a few random patterns.
    if allow_nan:
        for f in range(n_features):
            row = np.round(centre + rng.normal(size=n_features) * spread, 3)
            row[f] = np.nan
            rows.append(row)
        rows.append(np.full(n_features, np.nan))
        for _ in range(2):
            row = np.round(centre + rng.normal(size=n_features) * spread, 3)
            row[rng.random(n_features) < 0.5] = np.nan
            rows.append(row)

    # Top up with typical rows so every fixture has about 40 cases.
    while len(rows) < min_rows:
        rows.append(np.round(centre + rng.normal(size=n_features) * spread, 3))

    return np.vstack(rows).astype(np.float64)


def to_json_rows(x: np.ndarray) -> list[list[float | None]]:
    """Rows as JSON lists, NaN written as null (the fixture's spelling of 'missing')."""
    return [[None if math.isnan(v) else float(v) for v in row] for row in x]


def to_floats(a: np.ndarray) -> list:
    """A numpy array as nested Python floats (json writes repr: shortest exact round-trip)."""
    return np.asarray(a, dtype=np.float64).tolist()


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def save_model(model, name: str, variants: tuple[str, ...] = ()) -> dict[str, str]:
    """Save `model` as <name>.pickle.pkl and <name>.joblib.pkl plus the requested variants.

    Variants: 'joblibZlib' (joblib compress=3, zlib), 'joblibGzip' (compress=('gzip', 3)),
    'pickleProtocol2', 'pickleProtocol5'. Returns the `files` map for the JSON.
    """
    files = {"pickle": f"{name}.pickle.pkl", "joblib": f"{name}.joblib.pkl"}
    with open(OUT_DIR / files["pickle"], "wb") as fh:
        pickle.dump(model, fh, protocol=DEFAULT_PROTOCOL)
    joblib.dump(model, OUT_DIR / files["joblib"])
    for variant in variants:
        if variant == "joblibZlib":
            files[variant] = f"{name}.joblib-zlib.pkl"
            joblib.dump(model, OUT_DIR / files[variant], compress=3)
        elif variant == "joblibGzip":
            files[variant] = f"{name}.joblib-gzip.pkl"
            joblib.dump(model, OUT_DIR / files[variant], compress=("gzip", 3))
        elif variant == "pickleProtocol2":
            files[variant] = f"{name}.pickle-protocol2.pkl"
            with open(OUT_DIR / files[variant], "wb") as fh:
                pickle.dump(model, fh, protocol=2)
        elif variant == "pickleProtocol5":
            files[variant] = f"{name}.pickle-protocol5.pkl"
            with open(OUT_DIR / files[variant], "wb") as fh:
                pickle.dump(model, fh, protocol=5)
        else:
            raise ValueError(f"unknown variant {variant}")
    return files


def tree_contributions(model, inputs: np.ndarray) -> dict:
    """`predContribs` (features then the expected value, like XGBoost's bias column) and
    `expectedValue` from the reference TreeSHAP in ml/treeshap.py (raw space of the model)."""
    contributions, expected = treeshap.explain(model, inputs)
    with_bias = np.column_stack([contributions, np.full(len(inputs), expected)])
    return {"expectedValue": expected, "predContribs": to_floats(with_bias)}


def write_fixture(name: str, record: dict) -> None:
    """Write <name>.json with a stable key order (the one documented in the README)."""
    ordered = {
        "estimator": record["estimator"],
        "sklearnVersion": sklearn.__version__,
        "xgboostVersion": record.get("xgboostVersion"),
        "numpyVersion": np.__version__,
        "files": record["files"],
        "featureCount": record["featureCount"],
        "inputs": record["inputs"],
        "predictProba": record["predictProba"],
        "rawOutput": record["rawOutput"],
        "expectedValue": record.get("expectedValue"),
        "predContribs": record.get("predContribs"),
    }
    for extra in ("steps", "featureNames", "categoricalFeatures", "notes"):
        if extra in record:
            ordered[extra] = record[extra]
    (OUT_DIR / f"{name}.json").write_text(dump_json(ordered), encoding="utf-8")


def dump_json(document: dict) -> str:
    """JSON with one top-level key per line and one input/output row per line (easy diffs).

    Floats go through json's repr, i.e. the shortest text that round-trips to the same double.
    """
    lines = []
    for key, value in document.items():
        if isinstance(value, list) and value and isinstance(value[0], list):
            rows = ",\n    ".join(json.dumps(row, allow_nan=False) for row in value)
            text = f"[\n    {rows}\n  ]"
        else:
            text = json.dumps(value, allow_nan=False, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --------------------------------------------------------------------------------------------
# One function per fixture
# --------------------------------------------------------------------------------------------


def fixture_lr(rng: np.random.Generator) -> None:
    """Plain LogisticRegression; also pickled at protocols 2 and 5 (BINPUT/LONG_BINPUT memo,
    old-style numpy reconstruct at protocol 2, in-band PickleBuffer arrays at protocol 5)."""
    x, y = make_training_data(rng, 5)
    model = LogisticRegression(C=1.0, max_iter=1000).fit(x, y)
    inputs = build_inputs(rng, x, allow_nan=False)
    files = save_model(model, "lr", ("pickleProtocol2", "pickleProtocol5"))
    write_fixture("lr", {
        "estimator": "LogisticRegression", "files": files, "featureCount": 5,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(model.decision_function(inputs)),
    })


def fixture_pipeline(rng: np.random.Generator) -> None:
    """SimpleImputer(mean) → StandardScaler → LogisticRegression on clinical-looking scales,
    trained with NaNs; null inputs are imputed with the training mean."""
    scales = [(69.0, 9.0), (29.5, 5.0), (132.0, 14.0), (40.0, 4.0), (7.0, 2.5), (0.0, 1.0)]
    x, y = make_training_data(rng, 6, scales=scales, nan_rate=0.08)
    model = Pipeline([
        ("imputer", SimpleImputer(strategy="mean")),
        ("scaler", StandardScaler()),
        ("classifier", LogisticRegression(max_iter=1000)),
    ]).fit(x, y)
    inputs = build_inputs(rng, x, allow_nan=True)
    files = save_model(model, "pipeline")
    write_fixture("pipeline", {
        "estimator": "Pipeline", "files": files, "featureCount": 6,
        "steps": ["SimpleImputer", "StandardScaler", "LogisticRegression"],
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(model.decision_function(inputs)),
        **linear_contributions(model, inputs),
    })


def linear_contributions(pipeline: Pipeline, inputs: np.ndarray) -> dict:
    """Pipeline explanation: coef × (x − mean) / scale on imputed inputs, with the scaler's mean
    as reference, so the expected value is the intercept (docs/model-artifacts.md)."""
    imputed = pipeline.named_steps["imputer"].transform(inputs)
    scaler = pipeline.named_steps["scaler"]
    classifier = pipeline.named_steps["classifier"]
    contributions = classifier.coef_[0] * (imputed - scaler.mean_) / scaler.scale_
    expected = float(classifier.intercept_[0])
    with_bias = np.column_stack([contributions, np.full(len(inputs), expected)])
    return {"expectedValue": expected, "predContribs": to_floats(with_bias)}


def fixture_tree(rng: np.random.Generator) -> None:
    """DecisionTreeClassifier(max_depth=4), fitted on a pandas DataFrame so the pickle carries
    `feature_names_in_` (a numpy object array of str): trusts' models usually look like this."""
    x, y = make_training_data(rng, 5)
    names = ["age", "bmi", "haemoglobin", "albumin", "egfr"]
    frame = pd.DataFrame(x, columns=names)
    model = DecisionTreeClassifier(max_depth=4, random_state=SEED).fit(frame, y)
    thresholds = pick_spread(tree_thresholds([model.tree_]), 7)
    inputs = build_inputs(rng, x, thresholds=thresholds, allow_nan=False)
    frame_in = pd.DataFrame(inputs, columns=names)
    files = save_model(model, "tree")
    proba = model.predict_proba(frame_in)
    write_fixture("tree", {
        "estimator": "DecisionTreeClassifier", "files": files, "featureCount": 5,
        "featureNames": names,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(proba),
        "rawOutput": to_floats(proba[:, 1]),
        **tree_contributions(model, inputs),
    })


def fixture_rf(rng: np.random.Generator) -> None:
    """RandomForestClassifier(10 trees, depth 4); also joblib with compress=3 (zlib)."""
    x, y = make_training_data(rng, 6)
    model = RandomForestClassifier(n_estimators=10, max_depth=4, random_state=SEED, n_jobs=1)
    model.fit(x, y)
    pairs = tree_thresholds([est.tree_ for est in model.estimators_])
    thresholds = pick_spread(pairs, 6)
    inputs = build_inputs(rng, x, thresholds=thresholds, allow_nan=False)
    files = save_model(model, "rf", ("joblibZlib",))
    proba = model.predict_proba(inputs)
    write_fixture("rf", {
        "estimator": "RandomForestClassifier", "files": files, "featureCount": 6,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(proba),
        "rawOutput": to_floats(proba[:, 1]),
        **tree_contributions(model, inputs),
    })


def fixture_gb(rng: np.random.Generator) -> None:
    """GradientBoostingClassifier(log_loss, 20 trees, depth 3, default prior init); also joblib
    with compress=('gzip', 3)."""
    x, y = make_training_data(rng, 5)
    model = GradientBoostingClassifier(
        loss="log_loss", n_estimators=20, max_depth=3, learning_rate=0.1, random_state=SEED
    ).fit(x, y)
    pairs = tree_thresholds([est.tree_ for est in model.estimators_[:, 0]])
    thresholds = pick_spread(pairs, 6)
    inputs = build_inputs(rng, x, thresholds=thresholds, allow_nan=False)
    files = save_model(model, "gb", ("joblibGzip",))
    write_fixture("gb", {
        "estimator": "GradientBoostingClassifier", "files": files, "featureCount": 5,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(model.decision_function(inputs)),
        **tree_contributions(model, inputs),
    })


def hgb_thresholds(model: HistGradientBoostingClassifier) -> list[tuple[int, float]]:
    """(feature, num_threshold) of numeric split nodes in the fitted HGB predictors."""
    pairs: list[tuple[int, float]] = []
    for predictors in model._predictors:
        for predictor in predictors:
            nodes = predictor.nodes
            for node in nodes:
                if not node["is_leaf"] and not node["is_categorical"]:
                    pairs.append((int(node["feature_idx"]), float(node["num_threshold"])))
    return pairs


def fixture_hgb(rng: np.random.Generator) -> None:
    """HistGradientBoostingClassifier(20 iterations) trained with NaNs in all features but the
    last, so learned missing directions and the 'no missing seen in training' rule both occur."""
    x, y = make_training_data(rng, 6, nan_rate=0.12, nan_free_features=(5,))
    model = HistGradientBoostingClassifier(
        max_iter=20, max_depth=3, learning_rate=0.1, early_stopping=False, random_state=SEED
    ).fit(x, y)
    thresholds = pick_spread(hgb_thresholds(model), 5)
    inputs = build_inputs(rng, x, thresholds=thresholds, allow_nan=True)
    files = save_model(model, "hgb")
    write_fixture("hgb", {
        "estimator": "HistGradientBoostingClassifier", "files": files, "featureCount": 6,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(model.decision_function(inputs)),
        "notes": "Feature 5 had no NaN in training; its missing values follow the child with "
                 "more training samples.",
    })


def fixture_hgb_categorical(rng: np.random.Generator) -> None:
    """Optional: HGB with one categorical feature (codes 0-5, some NaN), exercising the
    categorical bitsets. Unknown category 7 and negative codes appear in the inputs."""
    x, y = make_training_data(rng, 4, nan_rate=0.08)
    category = rng.integers(0, 6, size=N_TRAIN).astype(np.float64)
    # Make the category informative: categories 1 and 4 raise the risk.
    bump = np.isin(category, (1, 4))
    y = np.where(bump & (rng.random(N_TRAIN) < 0.4), 1, y)
    category[rng.random(N_TRAIN) < 0.08] = np.nan
    x = np.column_stack([x, category])
    mask = [False, False, False, False, True]
    model = HistGradientBoostingClassifier(
        max_iter=20, max_depth=3, categorical_features=mask, early_stopping=False,
        random_state=SEED,
    ).fit(x, y)
    inputs = build_inputs(rng, x[:, :4], allow_nan=True)
    codes = np.resize(np.array([0, 1, 2, 3, 4, 5, np.nan, 7, -1, 6, 2.5, 300]), inputs.shape[0])
    inputs = np.column_stack([inputs, codes])
    files = save_model(model, "hgb-cat")
    write_fixture("hgb-cat", {
        "estimator": "HistGradientBoostingClassifier", "files": files, "featureCount": 5,
        "categoricalFeatures": [4],
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(model.decision_function(inputs)),
        "notes": "Optional fixture. Feature 4 is categorical (codes 0-5 seen in training). "
                 "scikit-learn 1.2 sends unseen categories (6, 7, 300) and negative codes (-1) "
                 "the way of missing values; a fractional code (2.5) is truncated to 2.",
    })


def xgb_thresholds(booster: xgboost.Booster) -> list[tuple[int, float]]:
    """(feature, split condition as exact float32) for every split node of the booster."""
    model = json.loads(bytes(booster.save_raw(raw_format="json")))
    pairs: list[tuple[int, float]] = []
    for tree in model["learner"]["gradient_booster"]["model"]["trees"]:
        for left, feature, cond in zip(
            tree["left_children"], tree["split_indices"], tree["split_conditions"]
        ):
            if left != -1:
                pairs.append((int(feature), float(np.float32(cond))))
    return pairs


def fixture_xgb(rng: np.random.Generator) -> None:
    """XGBClassifier(binary:logistic, 20 trees, depth 3) trained with NaNs; margin and
    path-dependent TreeSHAP contributions from the booster itself."""
    x, y = make_training_data(rng, 6, nan_rate=0.1, nan_free_features=(5,))
    model = xgboost.XGBClassifier(
        objective="binary:logistic", n_estimators=20, max_depth=3, learning_rate=0.3,
        tree_method="exact", n_jobs=1, random_state=SEED,
    ).fit(x, y)
    booster = model.get_booster()
    thresholds = pick_spread(xgb_thresholds(booster), 6)
    inputs = build_inputs(rng, x, thresholds=thresholds, allow_nan=True)
    dmatrix = xgboost.DMatrix(inputs, missing=np.nan)
    margin = booster.predict(dmatrix, output_margin=True)
    contribs = booster.predict(dmatrix, pred_contribs=True)
    files = save_model(model, "xgb")
    files["boosterJson"] = "xgb.booster.json"
    booster.save_model(OUT_DIR / files["boosterJson"])
    write_fixture("xgb", {
        "estimator": "XGBClassifier", "xgboostVersion": xgboost.__version__,
        "files": files, "featureCount": 6,
        "inputs": to_json_rows(inputs),
        "predictProba": to_floats(model.predict_proba(inputs)),
        "rawOutput": to_floats(margin),
        "expectedValue": float(contribs[0, -1]),
        "predContribs": to_floats(contribs),
        "notes": "XGBoost computes in float32: predictProba, rawOutput and predContribs are "
                 "float32 values widened to float64. Compare with a tolerance (~1e-6).",
    })


def main() -> None:
    """Build every fixture from one seeded generator per fixture (order-independent)."""
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    ready = FIXTURE_ROOT / "READY"
    if ready.exists():
        ready.unlink()
    builders = [
        ("lr", fixture_lr),
        ("pipeline", fixture_pipeline),
        ("tree", fixture_tree),
        ("rf", fixture_rf),
        ("gb", fixture_gb),
        ("hgb", fixture_hgb),
        ("hgb-cat", fixture_hgb_categorical),
        ("xgb", fixture_xgb),
    ]
    for index, (name, build) in enumerate(builders):
        build(np.random.default_rng([SEED, index]))
        print(f"wrote {name}", file=sys.stderr)
    ready.write_text(
        "Fixtures complete: written by /usr/bin/python3 ml/make_fixtures.py "
        f"(scikit-learn {sklearn.__version__}, xgboost {xgboost.__version__}, "
        f"numpy {np.__version__}, joblib {joblib.__version__}).\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
