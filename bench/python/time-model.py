"""Times a pickled model on a feature matrix written by bench/risk-engine.bench.ts.

Usage: time-model.py MODEL.pkl MATRIX.f64 ROWS COLS [NODE_PROBABILITIES.f64]

The matrix is row-major little-endian float64 (NaN = missing). Prints one JSON object: the rows/s
of predict_proba (best of 3), of pred_contribs when the model is an XGBClassifier, and, when the
Node probabilities are given, the largest absolute and relative differences from predict_proba.
"""
import json
import pickle
import sys
import time

import numpy as np


def best_of(n, fn):
    best = float("inf")
    out = None
    for _ in range(n):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def main():
    model_path, matrix_path, rows, cols = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(model_path, "rb") as f:
        model = pickle.load(f)
    X = np.fromfile(matrix_path, dtype="<f8").reshape(rows, cols)
    model.predict_proba(X[:1000])  # warm-up
    seconds, proba = best_of(3, lambda: model.predict_proba(X))
    result = {
        "python": sys.version.split()[0],
        "estimator": type(model).__name__,
        "rows": rows,
        "predictRowsPerSec": rows / seconds,
        "contribsRowsPerSec": None,
    }
    if type(model).__name__ == "XGBClassifier":
        import xgboost

        dm = xgboost.DMatrix(X, missing=np.nan)
        booster = model.get_booster()
        c_seconds, _ = best_of(3, lambda: booster.predict(dm, pred_contribs=True))
        result["contribsRowsPerSec"] = rows / c_seconds
    if len(sys.argv) > 5:
        node = np.fromfile(sys.argv[5], dtype="<f8")
        diff = np.abs(node - proba[:, 1])
        result["maxAbsDiff"] = float(diff.max())
        result["maxRelDiff"] = float((diff / np.abs(proba[:, 1])).max())
    print(json.dumps(result))


if __name__ == "__main__":
    main()
