"""Exact path-dependent TreeSHAP for scikit-learn trees, as a reference for the TypeScript engine.

The product explains a prediction with per-feature contributions in the model's raw space
(docs/model-artifacts.md, "Explanations"). The `shap` package is not available here, so this is
a direct transcription of Lundberg et al., "Consistent individualized feature attribution for
tree ensembles" (2018), Algorithm 2, with node cover = `tree_.weighted_n_node_samples` (what the
`shap` package uses for scikit-learn) or, for XGBoost, the node's `sum_hessian` (what XGBoost's
own `pred_contribs` uses). `brute_force_shap` computes the same quantity from the definition
(Algorithm 1 over every subset) and is used to check it.

Like scikit-learn and XGBoost, inputs are cast to float32 before they are compared with the
thresholds. The arithmetic of the explanation itself is float64 (XGBoost's `pred_contribs` is
float32, so it agrees with this to about 1e-6 only).
"""

from __future__ import annotations

import json
from itertools import combinations
from math import factorial

import numpy as np


class _Tree:
    """The arrays of one fitted sklearn `Tree`, with a scalar output per node."""

    def __init__(self, tree, node_values: np.ndarray):
        self.left = tree.children_left
        self.right = tree.children_right
        self.feature = tree.feature
        self.threshold = tree.threshold
        self.cover = tree.weighted_n_node_samples
        self.value = node_values

    def goes_left(self, node: int, x32: np.ndarray) -> bool:
        return bool(x32[self.feature[node]] <= self.threshold[node])

    def expected_value(self, node: int = 0) -> float:
        """Cover-weighted mean of the leaf values below `node`."""
        if self.left[node] == -1:
            return float(self.value[node])
        left, right = self.left[node], self.right[node]
        return (self.cover[left] * self.expected_value(left)
                + self.cover[right] * self.expected_value(right)) / self.cover[node]


class _XGBoostTree(_Tree):
    """One tree of an XGBoost Booster (JSON model): `x < split_condition` goes left, a missing
    value follows `default_left`; leaf values are the leaves' `split_conditions` (float32)."""

    def __init__(self, tree: dict):
        self.left = np.array(tree["left_children"], dtype=np.int64)
        self.right = np.array(tree["right_children"], dtype=np.int64)
        self.feature = np.array(tree["split_indices"], dtype=np.int64)
        # JSON holds each float32 in its shortest round-trip form: float32 recovers it exactly.
        self.threshold = np.array(tree["split_conditions"], dtype=np.float32).astype(np.float64)
        self.default_left = np.array(tree["default_left"], dtype=bool)
        self.cover = np.array(tree["sum_hessian"], dtype=np.float32).astype(np.float64)
        self.value = self.threshold
        if any(kind != 0 for kind in tree.get("split_type", [])):
            raise TypeError("categorical XGBoost splits are not supported")

    def goes_left(self, node: int, x32: np.ndarray) -> bool:
        value = x32[self.feature[node]]
        if np.isnan(value):
            return bool(self.default_left[node])
        return bool(value < self.threshold[node])


def _booster_document(model) -> dict:
    return json.loads(model.get_booster().save_raw("json"))


def xgboost_trees(model) -> list[_XGBoostTree]:
    """The trees of a binary `XGBClassifier` (gbtree, one output), in boosting order."""
    booster = _booster_document(model)["learner"]["gradient_booster"]
    if booster["name"] != "gbtree":
        raise TypeError(f"TreeSHAP reference not implemented for booster {booster['name']}")
    return [_XGBoostTree(tree) for tree in booster["model"]["trees"]]


def xgboost_base_margin(model) -> float:
    """binary:logistic ProbToMargin of base_score in float32: -logf(1/base_score - 1)."""
    params = _booster_document(model)["learner"]["learner_model_param"]
    base = np.float32(float(params["base_score"].strip("[]")))
    return float(np.float32(-np.log(np.float32(np.float32(1) / base - np.float32(1)))))


def _extend(path: list[list[float]], zero: float, one: float, index: int) -> list[list[float]]:
    path = [p[:] for p in path]
    length = len(path)
    path.append([index, zero, one, 1.0 if length == 0 else 0.0])
    for i in range(length - 1, -1, -1):
        path[i + 1][3] += one * path[i][3] * (i + 1) / (length + 1)
        path[i][3] = zero * path[i][3] * (length - i) / (length + 1)
    return path


def _unwind(path: list[list[float]], i: int) -> list[list[float]]:
    path = [p[:] for p in path]
    last = len(path) - 1
    one, zero = path[i][2], path[i][1]
    n = path[last][3]
    for j in range(last - 1, -1, -1):
        if one != 0:
            t = path[j][3]
            path[j][3] = n * (last + 1) / ((j + 1) * one)
            n = t - path[j][3] * zero * (last - j) / (last + 1)
        else:
            path[j][3] = path[j][3] * (last + 1) / (zero * (last - j))
    for j in range(i, last):
        path[j][0], path[j][1], path[j][2] = path[j + 1][0], path[j + 1][1], path[j + 1][2]
    return path[:last]


def _recurse(tree: _Tree, node: int, path, zero: float, one: float, index: int,
             x32: np.ndarray, phi: np.ndarray) -> None:
    path = _extend(path, zero, one, index)
    if tree.left[node] == -1:
        for i in range(1, len(path)):
            weight = sum(p[3] for p in _unwind(path, i))
            phi[int(path[i][0])] += weight * (path[i][2] - path[i][1]) * tree.value[node]
        return
    feature = int(tree.feature[node])
    if tree.goes_left(node, x32):
        hot, cold = tree.left[node], tree.right[node]
    else:
        hot, cold = tree.right[node], tree.left[node]
    incoming_zero, incoming_one = 1.0, 1.0
    for k in range(1, len(path)):
        if int(path[k][0]) == feature:
            incoming_zero, incoming_one = path[k][1], path[k][2]
            path = _unwind(path, k)
            break
    cover = tree.cover[node]
    _recurse(tree, hot, path, incoming_zero * tree.cover[hot] / cover, incoming_one, feature,
             x32, phi)
    _recurse(tree, cold, path, incoming_zero * tree.cover[cold] / cover, 0.0, feature,
             x32, phi)


def tree_shap(tree: _Tree, x: np.ndarray) -> np.ndarray:
    """Contributions of each feature to `tree`'s output at `x` (sum = output − expected)."""
    phi = np.zeros(x.shape[0])
    _recurse(tree, 0, [], 1.0, 1.0, -1, x.astype(np.float32), phi)
    return phi


def _conditional_expectation(tree: _Tree, node: int, x32: np.ndarray, subset: set[int]) -> float:
    """E[f(x) | x_S] under the path-dependent (cover-weighted) approximation (Algorithm 1)."""
    if tree.left[node] == -1:
        return float(tree.value[node])
    if int(tree.feature[node]) in subset:
        child = tree.left[node] if tree.goes_left(node, x32) else tree.right[node]
        return _conditional_expectation(tree, child, x32, subset)
    left, right = tree.left[node], tree.right[node]
    return (tree.cover[left] * _conditional_expectation(tree, left, x32, subset)
            + tree.cover[right] * _conditional_expectation(tree, right, x32, subset)
            ) / tree.cover[node]


def brute_force_shap(tree: _Tree, x: np.ndarray) -> np.ndarray:
    """Shapley values from their definition (exponential in features: tests only)."""
    m = x.shape[0]
    x32 = x.astype(np.float32)
    phi = np.zeros(m)
    for i in range(m):
        others = [j for j in range(m) if j != i]
        for size in range(m):
            weight = factorial(size) * factorial(m - size - 1) / factorial(m)
            for subset in combinations(others, size):
                s = set(subset)
                phi[i] += weight * (_conditional_expectation(tree, 0, x32, s | {i})
                                    - _conditional_expectation(tree, 0, x32, s))
    return phi


# --------------------------------------------------------------------------------------------
# Estimators
# --------------------------------------------------------------------------------------------


def trees_of(model) -> tuple[list[_Tree], float, float]:
    """(trees, scale, offset) so that raw output = offset + scale × Σ tree outputs.

    GradientBoostingClassifier: raw = decision_function (log-odds); each regression tree's
    value scaled by the learning rate, offset = the init estimator's log-odds.
    RandomForestClassifier / DecisionTreeClassifier: raw = P(class 1); each tree's leaf class
    counts normalised to a probability, averaged over the trees.
    XGBClassifier: raw = the margin (log-odds); leaf values as stored, offset = the base margin
    from base_score (the margin itself XGBoost sums in float32).
    """
    name = type(model).__name__
    if name == "XGBClassifier":
        if getattr(model, "best_iteration", None) is not None and \
                model.best_iteration + 1 < model.get_booster().num_boosted_rounds():
            raise TypeError("TreeSHAP reference: XGBoost early stopping is not supported")
        return xgboost_trees(model), 1.0, xgboost_base_margin(model)
    if name == "GradientBoostingClassifier":
        trees = [_Tree(est.tree_, est.tree_.value[:, 0, 0]) for est in model.estimators_[:, 0]]
        prior = model.init_.class_prior_[1]
        return trees, float(model.learning_rate), float(np.log(prior / (1 - prior)))
    if name == "RandomForestClassifier":
        estimators = model.estimators_
    elif name == "DecisionTreeClassifier":
        estimators = [model]
    else:
        raise TypeError(f"TreeSHAP reference not implemented for {name}")
    trees = []
    for est in estimators:
        counts = est.tree_.value[:, 0, :]
        trees.append(_Tree(est.tree_, counts[:, 1] / counts.sum(axis=1)))
    return trees, 1.0 / len(trees), 0.0


def explain(model, x: np.ndarray) -> tuple[np.ndarray, float]:
    """(contributions [rows × features], expected value) in the model's raw space."""
    trees, scale, offset = trees_of(model)
    expected = offset + scale * sum(t.expected_value() for t in trees)
    contributions = np.array([scale * sum(tree_shap(t, row) for t in trees) for row in x])
    return contributions, float(expected)
