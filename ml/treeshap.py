"""Exact path-dependent TreeSHAP for scikit-learn trees, as a reference for the TypeScript engine.

The product explains a prediction with per-feature contributions in the model's raw space
(docs/model-artifacts.md, "Explanations"). The `shap` package is not available here, so this is
a direct transcription of Lundberg et al., "Consistent individualized feature attribution for
tree ensembles" (2018), Algorithm 2, with node cover = `tree_.weighted_n_node_samples` (what the
`shap` package uses for scikit-learn). `brute_force_shap` computes the same quantity from the
definition (Algorithm 1 over every subset) and is used to check it.

Like scikit-learn, inputs are cast to float32 before they are compared with the thresholds.
"""

from __future__ import annotations

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
    """
    name = type(model).__name__
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
