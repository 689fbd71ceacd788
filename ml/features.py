"""The default models' inputs, and the record → feature mapping of docs/model-artifacts.md.

The server turns a patient record into model inputs using only the wrapper's feature list
(`source`, `encode`, `default`). Training must see inputs built the same way, or the shipped
model would be fed something it never learned from. So this module re-implements that mapping in
Python (`encode_records`), and both training and the reference records go through it.
"""

from __future__ import annotations

import math
from datetime import date

import numpy as np
import pandas as pd

from cohort import COMORBIDITIES, age_in_years

FLAG_MAP = {"1": 1, "0": 0}

# NHS ethnic category first characters (docs/model-artifacts.md). Z (not stated) and 99 (not
# known) are left out of the maps, so they are missing and take the default.
ETHNIC_CODES = ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N", "P", "R", "S"]


def _ethnic_map(members: str) -> dict[str, int]:
    return {code: int(code in members) for code in ETHNIC_CODES}


def _field(field: str) -> dict:
    return {"kind": "field", "field": field}


def _flag(field: str) -> dict:
    return {"kind": "field", "field": field, "encode": {"map": dict(FLAG_MAP)}}


# (name, displayName, unit, source, modifiable, kind) in model order. `kind` is "continuous" or
# "binary" and only decides how the default is chosen. `modifiable` marks what a clinician can
# act on before surgery (smoking, weight, blood results, conditions that can be optimised).
FEATURES: list[tuple[str, str, str, dict, bool, str]] = [
    ("age", "Age", "years", {"kind": "derived", "derivation": "ageYears"}, False, "continuous"),
    ("bmi", "Body mass index", "kg/m²", {"kind": "derived", "derivation": "bmi"}, True,
     "continuous"),
    ("male", "Sex (male)", "",
     {"kind": "field", "field": "sex", "encode": {"map": {"M": 1, "F": 0}}}, False, "binary"),
    ("ethnic_asian", "Ethnic group: Asian or Asian British", "",
     {"kind": "field", "field": "ethnicGroup", "encode": {"map": _ethnic_map("HJKL")}},
     False, "binary"),
    ("ethnic_black", "Ethnic group: Black or Black British", "",
     {"kind": "field", "field": "ethnicGroup", "encode": {"map": _ethnic_map("MNP")}},
     False, "binary"),
    ("ethnic_mixed_other", "Ethnic group: mixed or other", "",
     {"kind": "field", "field": "ethnicGroup", "encode": {"map": _ethnic_map("DEFGRS")}},
     False, "binary"),
    ("current_smoker", "Current smoker", "",
     {"kind": "field", "field": "smoking", "encode": {"map": {"1": 1, "2": 0, "3": 0, "4": 0}}},
     True, "binary"),
    ("ex_smoker", "Ex-smoker", "",
     {"kind": "field", "field": "smoking", "encode": {"map": {"1": 0, "2": 1, "3": 0, "4": 0}}},
     False, "binary"),
    ("hypt", "Hypertension", "", _flag("hypt"), True, "binary"),
    ("af", "Atrial fibrillation", "", _flag("af"), True, "binary"),
    ("ihd", "Ischaemic heart disease", "", _flag("ihd"), False, "binary"),
    ("ang", "Angina", "", _flag("ang"), True, "binary"),
    ("valv", "Heart valve disease", "", _flag("valv"), False, "binary"),
    ("hfl", "Heart failure", "", _flag("hfl"), True, "binary"),
    ("pvd", "Peripheral vascular disease", "", _flag("pvd"), False, "binary"),
    ("copd", "Chronic obstructive pulmonary disease (COPD)", "", _flag("copd"), True, "binary"),
    ("dem", "Dementia", "", _flag("dem"), False, "binary"),
    ("alz", "Alzheimer's disease", "", _flag("alz"), False, "binary"),
    ("pa", "Parkinson's disease", "", _flag("pa"), False, "binary"),
    ("ps", "Psoriasis", "", _flag("ps"), False, "binary"),
    ("idd", "Insulin-dependent diabetes", "", _flag("idd"), True, "binary"),
    ("nidd", "Non-insulin-dependent diabetes", "", _flag("nidd"), True, "binary"),
    ("hypo", "Hypothyroidism", "", _flag("hypo"), True, "binary"),
    ("hype", "Hyperthyroidism", "", _flag("hype"), True, "binary"),
    ("ra", "Rheumatoid arthritis", "", _flag("ra"), False, "binary"),
    ("foa", "Other osteoarthritis", "", _flag("foa"), False, "binary"),
    ("haemoglobin", "Haemoglobin", "g/L", _field("haemoglobin"), True, "continuous"),
    ("white_blood_count", "White blood cell count", "10⁹/L", _field("whiteBloodCount"), True,
     "continuous"),
    ("platelet_count", "Platelet count", "10⁹/L", _field("plateletCount"), True, "continuous"),
    ("urea", "Urea", "mmol/L", _field("urea"), True, "continuous"),
    ("creatinine", "Creatinine", "µmol/L", _field("creatinine"), True, "continuous"),
    ("egfr", "eGFR", "mL/min/1.73m²", _field("egfr"), True, "continuous"),
    ("sodium", "Sodium", "mmol/L", _field("sodium"), True, "continuous"),
    ("albumin", "Albumin", "g/L", _field("albumin"), True, "continuous"),
    ("crp", "C-reactive protein (CRP)", "mg/L", _field("crp"), True, "continuous"),
]
FEATURE_NAMES = [f[0] for f in FEATURES]
assert len(set(FEATURE_NAMES)) == len(FEATURE_NAMES)
assert all(f"{c}" in FEATURE_NAMES for c in COMORBIDITIES)

# Precision the defaults are rounded to (how the value would be written in a record).
DEFAULT_DECIMALS = {"age": 0, "bmi": 1, "white_blood_count": 1, "urea": 1, "crp": 1}


def _is_missing(value) -> bool:
    """Empty string, None, NaN or absence are missing (docs/model-artifacts.md)."""
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and value.strip() == ""


def _as_text(value) -> str:
    """A record value as the trimmed string used for `encode.map` look-ups.

    Whole floats are written without ".0" so that 1.0 looks up "1", as in JavaScript.
    """
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _as_number(value) -> float:
    """A record value parsed as a number; unparsable text counts as missing (NaN)."""
    if _is_missing(value):
        return math.nan
    try:
        number = float(str(value).strip())
    except ValueError:
        return math.nan
    return number if math.isfinite(number) else math.nan


def feature_value(record: dict, source: dict, evaluation_date: date) -> float:
    """One input from one record, NaN when missing (before the default is applied)."""
    if source["kind"] == "derived":
        if source["derivation"] == "ageYears":
            dob = record.get("dateOfBirth")
            if _is_missing(dob):
                return math.nan
            try:
                return float(age_in_years(str(dob).strip(), evaluation_date))
            except ValueError:
                return math.nan
        if source["derivation"] == "bmi":
            height, weight = _as_number(record.get("height")), _as_number(record.get("weight"))
            if math.isnan(height) or math.isnan(weight) or height <= 0:
                return math.nan
            return weight / (height / 100.0) ** 2
        raise ValueError(f"unknown derivation {source['derivation']}")
    value = record.get(source["field"])
    encode = source.get("encode")
    if encode is None:
        return _as_number(value)
    if _is_missing(value):
        return math.nan
    mapped = encode["map"].get(_as_text(value))
    if mapped is None:
        mapped = encode.get("otherwise")
    return math.nan if mapped is None else float(mapped)


def encode_records(records: pd.DataFrame | list[dict], features: list[dict],
                   evaluation_date: date) -> np.ndarray:
    """Records → float64 matrix in model order, NaN where an input is missing."""
    rows = records.to_dict("records") if isinstance(records, pd.DataFrame) else records
    sources = [f["source"] for f in features]
    return np.array([[feature_value(r, s, evaluation_date) for s in sources] for r in rows],
                    dtype=np.float64).reshape(len(rows), len(sources))


def apply_defaults(x: np.ndarray, features: list[dict]) -> tuple[np.ndarray, np.ndarray]:
    """Fill missing inputs with each feature's `default`; also return which were filled."""
    defaults = np.array([f["default"] for f in features], dtype=np.float64)
    missing = np.isnan(x)
    return np.where(missing, defaults[None, :], x), missing


def wrapper_features(x_train: np.ndarray) -> list[dict]:
    """The wrapper's `features` list, with defaults from the training inputs.

    Continuous inputs default to the training median (rounded as a record would hold it);
    binary inputs default to 0, i.e. "not recorded as present" — the training median of every
    binary input except hypertension, whose prevalence is about one half.
    """
    features = []
    for index, (name, display, unit, source, modifiable, kind) in enumerate(FEATURES):
        if kind == "binary":
            default = 0.0
        else:
            default = round(float(np.nanmedian(x_train[:, index])), DEFAULT_DECIMALS.get(name, 0))
        features.append({
            "name": name, "displayName": display, "unit": unit, "source": source,
            "default": float(default), "modifiable": bool(modifiable),
        })
    return features
