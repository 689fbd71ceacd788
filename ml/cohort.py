"""Seeded synthetic cohort of elective knee, hip and knee-hip replacement patients.

The demonstration models must be trained on something that looks like the NHS waiting-list
population without touching patient data. This module draws such a population and a 90-day
complication outcome whose log-odds follow published effect sizes (the studies are named in
ml/README.md, "The synthetic cohort"). Distributions, the outcome model and their sources are
documented in ml/README.md; keep the two in step.

Two views of each patient are returned:

* the **record** columns, exactly as the product holds them (docs/model-artifacts.md): strings,
  with an empty string for a missing value, so training goes through the same feature mapping
  as the server does;
* the **latent** columns (prefixed ``true_``), the complete values the outcome was drawn from,
  plus ``p_true`` (the generating model's probability) and ``outcome``.

Everything is drawn from ``numpy.random.default_rng(seed)``: the same seed gives the same cohort.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

import numpy as np
import pandas as pd
from scipy.special import expit

EVALUATION_DATE = date(2026, 1, 1)

COMORBIDITIES = [
    "hypt", "af", "ihd", "ang", "valv", "hfl", "pvd", "copd", "dem",
    "alz", "pa", "ps", "idd", "nidd", "hypo", "hype", "ra", "foa",
]
LABS = [
    "haemoglobin", "whiteBloodCount", "plateletCount", "urea", "creatinine",
    "egfr", "sodium", "albumin", "crp",
]
PROCEDURES = ["knee", "hip", "knee-hip"]
# Seeds of the cohorts the default models are trained and evaluated on (one per procedure).
SEEDS = {"knee": 2026_01, "hip": 2026_02, "knee-hip": 2026_03}

# NHS ethnic category (first character) and approximate shares among people aged 65+ in England
# (ONS Census 2021, ethnic group by age; rounded, "not stated"/"not known" added for recording
# gaps). White British dominates this age group far more than the whole population.
ETHNIC_SHARES = {
    "A": 0.838, "B": 0.015, "C": 0.030,                 # White
    "D": 0.003, "E": 0.001, "F": 0.002, "G": 0.002,     # Mixed
    "H": 0.020, "J": 0.010, "K": 0.003, "L": 0.007,     # Asian or Asian British
    "M": 0.012, "N": 0.006, "P": 0.002,                 # Black or Black British
    "R": 0.004, "S": 0.005,                             # Chinese, any other
    "Z": 0.030, "99": 0.010,                            # not stated, not known
}


def ethnic_group_of(code: str) -> str:
    """Broad group (white / mixed / asian / black / other / unknown) of an NHS ethnic code."""
    if code in ("A", "B", "C"):
        return "white"
    if code in ("D", "E", "F", "G"):
        return "mixed"
    if code in ("H", "J", "K", "L"):
        return "asian"
    if code in ("M", "N", "P"):
        return "black"
    if code in ("R", "S"):
        return "other"
    return "unknown"


@dataclass(frozen=True)
class Profile:
    """Demographic parameters of one procedure's patients (NJR annual reports, rounded)."""

    age_mean: float
    female_share: float
    bmi_mean: float


PROFILES = {
    "knee": Profile(age_mean=69.0, female_share=0.57, bmi_mean=30.0),
    "hip": Profile(age_mean=68.0, female_share=0.60, bmi_mean=28.5),
}

# Target 90-day any-complication rate per procedure (evidence: 4-8 %, hip ≈ knee).
BASE_RATES = {"knee": 0.055, "hip": 0.060, "knee-hip": 0.060}

# Standard deviation of an unobserved patient/surgical risk term added to the log-odds. Real
# outcomes depend on much that no record holds (frailty, surgeon, complexity); without it the
# synthetic signal is too easy (AUROC well above the published 0.65-0.75).
LATENT_SD = 0.85

# Gauss-Hermite nodes to integrate the latent term out of the generating model's probability.
_GH_X, _GH_W = np.polynomial.hermite_e.hermegauss(24)
_GH_W = _GH_W / _GH_W.sum()


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def _solve_intercept(log_odds: np.ndarray, target: float, latent_sd: float = 0.0) -> float:
    """Intercept b with mean(P(event | log_odds + b)) == target (bisection; monotone in b).

    Used so prevalences and base rates hit their targets whatever the other terms add up to.
    """
    lo, hi = -20.0, 20.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if _marginal_probability(log_odds + mid, latent_sd).mean() < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _marginal_probability(log_odds: np.ndarray, latent_sd: float) -> np.ndarray:
    """E_u[expit(log_odds + u)] for u ~ N(0, latent_sd²), by Gauss-Hermite quadrature."""
    if latent_sd == 0:
        return expit(log_odds)
    return expit(log_odds[:, None] + latent_sd * _GH_X[None, :]) @ _GH_W


def _flag(rng: np.random.Generator, log_odds: np.ndarray, prevalence: float) -> np.ndarray:
    """Binary comorbidity with the given overall prevalence and individual log-odds shifts."""
    b = _solve_intercept(log_odds, prevalence)
    return (rng.random(log_odds.shape[0]) < expit(log_odds + b)).astype(np.int64)


def ckd_epi_2021(creatinine_umol: np.ndarray, age: np.ndarray, female: np.ndarray) -> np.ndarray:
    """eGFR (mL/min/1.73 m²) by the race-free CKD-EPI 2021 creatinine equation (Inker, NEJM
    2021), as UK laboratories report it since NICE NG203 (2021)."""
    scr = creatinine_umol / 88.4
    kappa = np.where(female, 0.7, 0.9)
    alpha = np.where(female, -0.241, -0.302)
    ratio = scr / kappa
    egfr = 142.0 * np.minimum(ratio, 1.0) ** alpha * np.maximum(ratio, 1.0) ** -1.200
    egfr *= 0.9938 ** age
    return egfr * np.where(female, 1.012, 1.0)


def _lognormal(rng, mean: float, sd: float, size: int) -> np.ndarray:
    """Log-normal draws with the given arithmetic mean and standard deviation."""
    sigma2 = np.log1p((sd / mean) ** 2)
    return rng.lognormal(np.log(mean) - sigma2 / 2, np.sqrt(sigma2), size)


# Hard ranges of the remodel form (docs/requirements.md §5): generated records must be enterable in the product.
LAB_LIMITS = {
    "haemoglobin": (50, 200), "whiteBloodCount": (0.5, 30), "plateletCount": (50, 600),
    "urea": (1, 15), "creatinine": (10, 200), "egfr": (15, 150), "sodium": (100, 160),
    "albumin": (5, 100), "crp": (0.01, 100),
}


# --------------------------------------------------------------------------------------------
# The generating (true) outcome model
# --------------------------------------------------------------------------------------------

# Odds ratios of binary inputs (sources in ml/README.md; "composite" where the source reports only a
# specific complication and we blend towards 1).
FLAG_ODDS_RATIOS = {
    "hypt": 1.10,   # weak/unclear: OR 1.0-1.3
    "af": 1.76,     # Keller 2018
    "ihd": 1.40,    # death HR ~3 (Hunt); composite complications much lower
    "ang": 1.20,    # assumption (overlaps IHD)
    "valv": 1.30,   # weak/unclear (upper end)
    "hfl": 1.54,    # Curtis 2017
    "pvd": 1.88,    # Summers 2021
    "copd": 1.54,   # Shin 2022 (readmission)
    "dem": 2.04,    # pneumonia OR (delirium higher, not counted)
    "alz": 1.15,    # on top of dementia; assumption
    "pa": 1.80,     # Parkinson's disease: medical complications; assumption ("check")
    "ps": 1.40,     # psoriasis: infection (PJI); assumption ("check")
    "idd": 1.60,    # Lovecchio 2014
    "nidd": 1.20,   # Lovecchio 2014
    "hypo": 1.25,   # infection OR 1.69 blended towards 1
    "hype": 1.60,   # hyperthyroidism; assumption ("check")
    "ra": 1.60,     # knee infection 1.86, hip dislocation 2.16, blended
    "foa": 1.15,    # generalised OA; assumption
}
CURRENT_SMOKER_OR = 1.30   # any complication 1.18, wound 1.47 (Duchman 2015)
EX_SMOKER_OR = 1.20        # Duchman 2015
MALE_OR = 1.25             # 1.54 reported for bilateral knees; shrunk for unilateral
ETHNIC_OR = {"asian": 1.15, "black": 1.20, "mixed": 1.10, "other": 1.10}  # assumption, see README


def age_term(age: np.ndarray) -> np.ndarray:
    """Log-odds by age: gentle to 65, steeper to 80, steep above 80 (CORR 2013: 4 % at 40-64
    rising to 17 % at 90+; NSQIP hip ≥ 80 OR 1.41)."""
    return (
        0.015 * (age - 70)
        + 0.020 * np.maximum(age - 65, 0)
        + 0.045 * np.maximum(age - 80, 0)
    )


def bmi_term(bmi: np.ndarray) -> np.ndarray:
    """U-shaped in BMI with its minimum near 27 (Hunt 2013: 25-30 protective), rising gently
    below 22 and above 35, and steeply from 40 (D'Apuzzo 2015)."""
    return (
        0.10 * np.maximum(22 - bmi, 0)
        + 0.004 * (bmi - 27) ** 2 * (bmi < 35)
        + (0.256 + 0.06 * np.maximum(bmi - 35, 0)) * (bmi >= 35)
        + 0.12 * np.maximum(bmi - 40, 0)
    )


def albumin_term(albumin: np.ndarray) -> np.ndarray:
    """Log-odds by albumin: flat above 40, rising below 38 and sharply below 35 (Bohl 2016)."""
    return 0.06 * np.maximum(38 - albumin, 0) + 0.14 * np.maximum(35 - albumin, 0)


def haemoglobin_term(hb: np.ndarray, female: np.ndarray) -> np.ndarray:
    """Anaemia (Hb < 130 men, < 120 women) OR ≈ 2.1: a step plus a slope with the deficit."""
    threshold = np.where(female, 120.0, 130.0)
    deficit = np.maximum(threshold - hb, 0)
    return 0.45 * (hb < threshold) + 0.03 * deficit + 0.004 * np.maximum(threshold + 10 - hb, 0)


def true_log_odds(latent: pd.DataFrame) -> np.ndarray:
    """Log-odds of a 90-day complication, without intercept and without the latent term."""
    female = latent["true_female"].to_numpy() == 1
    lo = age_term(latent["true_age"].to_numpy())
    lo += bmi_term(latent["true_bmi"].to_numpy())
    lo += np.log(MALE_OR) * (~female)
    lo += np.log(CURRENT_SMOKER_OR) * (latent["true_smoking"].to_numpy() == "1")
    lo += np.log(EX_SMOKER_OR) * (latent["true_smoking"].to_numpy() == "2")
    group = latent["true_ethnic_group"].to_numpy()
    for name, odds_ratio in ETHNIC_OR.items():
        lo += np.log(odds_ratio) * (group == name)
    for flag, odds_ratio in FLAG_ODDS_RATIOS.items():
        lo += np.log(odds_ratio) * latent[f"true_{flag}"].to_numpy()

    hb = latent["true_haemoglobin"].to_numpy()
    wcc = latent["true_whiteBloodCount"].to_numpy()
    plt = latent["true_plateletCount"].to_numpy()
    urea = latent["true_urea"].to_numpy()
    egfr = latent["true_egfr"].to_numpy()
    sodium = latent["true_sodium"].to_numpy()
    albumin = latent["true_albumin"].to_numpy()
    crp = latent["true_crp"].to_numpy()
    creatinine = latent["true_creatinine"].to_numpy()

    lo += haemoglobin_term(hb, female)
    lo += albumin_term(albumin)
    # CKD: stage 3 and worse (Warth 2015: stage 4-5 OR 2.13).
    lo += 0.015 * np.maximum(60 - egfr, 0) + 0.025 * np.maximum(30 - egfr, 0)
    # Hyponatraemia (Baker 2023) and, weakly, hypernatraemia.
    lo += 0.09 * np.maximum(135 - sodium, 0) + 0.05 * np.maximum(sodium - 146, 0)
    # Weak/unclear markers (OR 1.0-1.3): leucocytosis, platelets out of range, raised CRP,
    # raised urea (dehydration, renal), creatinine beyond what eGFR says (muscle mass/AKI).
    lo += 0.06 * np.maximum(wcc - 10, 0) + 0.05 * np.maximum(4 - wcc, 0)
    lo += 0.002 * np.maximum(150 - plt, 0) + 0.0015 * np.maximum(plt - 400, 0)
    lo += 0.25 * np.log1p(np.maximum(crp - 5, 0)) / np.log(20)
    lo += 0.05 * np.maximum(urea - 7.5, 0)
    lo += 0.002 * np.maximum(creatinine - 110, 0)
    return lo


# --------------------------------------------------------------------------------------------
# The cohort
# --------------------------------------------------------------------------------------------


def _demographics(rng, n: int, procedure: str) -> pd.DataFrame:
    """Age, sex, BMI, height, weight, ethnic group and smoking (latent, complete)."""
    if procedure == "knee-hip":
        # The knee-hip list mixes both patient profiles half and half.
        kinds = np.where(rng.random(n) < 0.5, "knee", "hip")
    else:
        kinds = np.full(n, procedure)
    age_mean = np.array([PROFILES[k].age_mean for k in kinds])
    female_share = np.array([PROFILES[k].female_share for k in kinds])
    bmi_mean = np.array([PROFILES[k].bmi_mean for k in kinds])

    age = np.clip(rng.normal(age_mean, 9.0), 40.0, 95.0)
    female = (rng.random(n) < female_share).astype(np.int64)

    # BMI: log-normal (sd ~5.5), a little lower in the very old.
    sigma2 = np.log1p((5.5 / bmi_mean) ** 2)
    bmi = rng.lognormal(np.log(bmi_mean) - sigma2 / 2, np.sqrt(sigma2))
    bmi = np.clip(bmi - 0.08 * np.maximum(age - 75, 0), 16.0, 60.0)

    # Height by sex (Health Survey for England, 65-74), a little shorter with age.
    height = np.where(female == 1, rng.normal(160.5, 6.5, n), rng.normal(173.5, 7.0, n))
    height = np.round(height - 0.1 * np.maximum(age - 65, 0))
    weight = np.round(bmi * (height / 100) ** 2, 1)
    bmi = weight / (height / 100) ** 2  # the BMI the record implies

    codes = list(ETHNIC_SHARES)
    shares = np.array(list(ETHNIC_SHARES.values()))
    ethnic = rng.choice(codes, size=n, p=shares / shares.sum())
    # People recorded as not stated/not known still have an ethnic group: mostly white.
    unknown = np.isin(ethnic, ("Z", "99"))
    latent_codes = ethnic.copy()
    known_codes = codes[:-2]
    known_shares = shares[:-2] / shares[:-2].sum()
    latent_codes[unknown] = rng.choice(known_codes, size=unknown.sum(), p=known_shares)

    # Smoking (HSE/ONS for 60-79 year-olds: ~9 % current, ~35 % ex); fewer current smokers >80.
    u = rng.random(n)
    current_share = np.where(age >= 80, 0.05, 0.095)
    true_smoking = np.where(u < current_share, "1",
                            np.where(u < current_share + 0.35, "2",
                                     np.where(u < current_share + 0.37, "3", "4")))
    recorded = true_smoking.copy()
    v = rng.random(n)
    recorded[v < 0.03] = "Z"
    recorded[(v >= 0.03) & (v < 0.05)] = "9"

    return pd.DataFrame({
        "procedure_profile": kinds,
        "true_age": age,
        "true_female": female,
        "true_height": height,
        "true_weight": weight,
        "true_bmi": bmi,
        "ethnic_recorded": ethnic,
        "true_ethnic_code": latent_codes,
        "true_ethnic_group": [ethnic_group_of(c) for c in latent_codes],
        "true_smoking": true_smoking,
        "smoking_recorded": recorded,
    })


def _comorbidities(rng, df: pd.DataFrame) -> None:
    """The 18 flags, with prevalence rising with age and the obvious links between them.

    Target prevalences are typical of UK hip/knee replacement patients (NJR/HES comorbidity
    reports, QOF registers for 65-79 year-olds); each flag's age gradient is an odds ratio per
    decade.
    """
    n = len(df)
    decades = (df["true_age"].to_numpy() - 69) / 10
    female = df["true_female"].to_numpy()
    bmi = df["true_bmi"].to_numpy()
    current = (df["true_smoking"].to_numpy() == "1").astype(float)
    ex = (df["true_smoking"].to_numpy() == "2").astype(float)
    group = df["true_ethnic_group"].to_numpy()
    south_asian = (group == "asian").astype(float)
    black = (group == "black").astype(float)

    def flag(name, prevalence, extra):
        df[f"true_{name}"] = _flag(rng, extra, prevalence)
        return df[f"true_{name}"].to_numpy()

    hypt = flag("hypt", 0.50, np.log(1.6) * decades + 0.06 * (bmi - 29) + np.log(1.5) * black)
    # Diabetes: one draw, then insulin use among diabetics (~20 %).
    diabetes = _flag(rng, np.log(1.3) * decades + 0.08 * (bmi - 29) + np.log(2.2) * south_asian
                     + np.log(1.5) * black, 0.15)
    insulin = rng.random(n) < 0.20
    df["true_idd"] = (diabetes & insulin).astype(np.int64)
    df["true_nidd"] = (diabetes & ~insulin).astype(np.int64)
    ihd = flag("ihd", 0.08, np.log(1.6) * decades + np.log(2.2) * (1 - female)
               + np.log(1.6) * current + np.log(1.3) * ex + np.log(1.5) * diabetes)
    flag("ang", 0.05, np.log(1.3) * decades + np.log(12) * ihd)
    af = flag("af", 0.08, np.log(2.0) * decades + np.log(1.4) * (1 - female) + np.log(1.3) * hypt)
    flag("valv", 0.03, np.log(1.9) * decades + np.log(1.5) * af)
    flag("hfl", 0.03, np.log(2.0) * decades + np.log(3) * ihd + np.log(3) * af)
    flag("pvd", 0.025, np.log(1.7) * decades + np.log(1.5) * (1 - female)
         + np.log(3) * current + np.log(1.7) * ex + np.log(2) * diabetes)
    flag("copd", 0.07, np.log(1.4) * decades + np.log(6) * current + np.log(3) * ex)
    dem = flag("dem", 0.015, np.log(2.8) * decades)
    df["true_alz"] = (dem & (rng.random(n) < 0.6)).astype(np.int64)
    flag("pa", 0.01, np.log(1.8) * decades + np.log(1.5) * (1 - female))
    flag("ps", 0.03, 0.03 * (bmi - 29) + np.log(1.3) * current)
    flag("hypo", 0.09, np.log(1.3) * decades + np.log(3.5) * female)
    flag("hype", 0.01, np.log(3) * female)
    flag("ra", 0.03, np.log(2.2) * female + np.log(1.4) * (current + ex))
    flag("foa", 0.20, np.log(1.3) * decades + np.log(1.4) * female + 0.02 * (bmi - 29))


def _labs(rng, df: pd.DataFrame) -> None:
    """The nine pre-operative blood results, by sex, with the links a clinician would expect."""
    n = len(df)
    age = df["true_age"].to_numpy()
    female = df["true_female"].to_numpy() == 1
    bmi = df["true_bmi"].to_numpy()
    current = df["true_smoking"].to_numpy() == "1"
    ra = df["true_ra"].to_numpy() == 1
    hfl = df["true_hfl"].to_numpy() == 1
    hypt = df["true_hypt"].to_numpy() == 1
    diabetes = (df["true_idd"].to_numpy() + df["true_nidd"].to_numpy()) > 0
    black = df["true_ethnic_group"].to_numpy() == "black"

    # Kidney first: creatinine (log-normal by sex, higher with age and with hypertension,
    # diabetes, heart failure), eGFR from it by CKD-EPI 2021.
    creat = np.where(female, _lognormal(rng, 68, 15, n), _lognormal(rng, 86, 18, n))
    creat *= 1 + 0.006 * np.maximum(age - 60, 0)
    creat *= np.exp(0.06 * hypt + 0.10 * diabetes + 0.15 * hfl)
    ckd_tail = rng.random(n) < 0.04 + 0.04 * diabetes
    creat *= np.where(ckd_tail, rng.uniform(1.3, 2.2, n), 1.0)
    creat = np.clip(np.round(creat), *LAB_LIMITS["creatinine"])
    egfr = np.clip(np.round(ckd_epi_2021(creat, age, female)), *LAB_LIMITS["egfr"])

    # Urea tracks creatinine (both renal), log-normal scatter.
    urea = 5.6 * (creat / np.where(female, 68, 86)) ** 0.9 * np.exp(rng.normal(0, 0.22, n))
    urea = np.clip(np.round(urea, 1), *LAB_LIMITS["urea"])

    # CRP: heavy right tail; higher with RA, smoking, obesity.
    crp = np.exp(rng.normal(np.log(2.5), 0.95, n))
    crp *= np.exp(0.9 * ra + 0.25 * current + 0.03 * (bmi - 29))
    crp = np.clip(np.round(crp, 1), 0.2, LAB_LIMITS["crp"][1])

    # Haemoglobin by sex (UK ranges), lower with age, CKD, RA and inflammation.
    hb = np.where(female, rng.normal(133, 11, n), rng.normal(145, 12.5, n))
    hb -= 0.25 * np.maximum(age - 65, 0)
    hb -= 0.25 * np.maximum(60 - egfr, 0)
    hb -= 5 * ra + 2.0 * np.log1p(crp) - 2.0 * np.log1p(2.5) + 4 * black
    hb = np.clip(np.round(hb), *LAB_LIMITS["haemoglobin"])

    wcc = _lognormal(rng, 6.9, 1.8, n) * np.exp(0.12 * current + 0.06 * ra) + 0.05 * np.log1p(crp)
    wcc = np.clip(np.round(wcc, 1), *LAB_LIMITS["whiteBloodCount"])

    plt = np.where(female, rng.normal(268, 62, n), rng.normal(238, 58, n))
    plt += 12 * np.log1p(crp) - 12 * np.log1p(2.5)
    plt = np.clip(np.round(plt), *LAB_LIMITS["plateletCount"])

    # Sodium: lower with age, heart failure, hypertension (thiazides) and low eGFR.
    sodium = rng.normal(139.8, 2.4, n) - 0.06 * np.maximum(age - 70, 0) - 1.8 * hfl - 0.6 * hypt
    sodium -= 0.03 * np.maximum(60 - egfr, 0)
    sodium = np.clip(np.round(sodium), *LAB_LIMITS["sodium"])

    # Albumin: lower with age and inflammation.
    albumin = rng.normal(41.5, 3.2, n) - 0.09 * np.maximum(age - 65, 0)
    albumin -= 1.6 * (np.log1p(crp) - np.log1p(2.5)) + 0.8 * ra
    albumin = np.clip(np.round(albumin), 20, 55)

    for name, values in [("haemoglobin", hb), ("whiteBloodCount", wcc), ("plateletCount", plt),
                         ("urea", urea), ("creatinine", creat), ("egfr", egfr),
                         ("sodium", sodium), ("albumin", albumin), ("crp", crp)]:
        df[f"true_{name}"] = values


def _missingness(rng, n: int) -> dict[str, np.ndarray]:
    """Which record values are missing (True), by laboratory panel as in real requests.

    FBC (Hb, WCC, platelets) ~6 %, U&E (urea, creatinine, eGFR, sodium) ~8-10 %, albumin
    (LFT/bone) ~12 %, CRP ~15 %; eGFR is also sometimes absent alone (not reported).
    """
    fbc = rng.random(n) < 0.05
    ue = rng.random(n) < 0.08
    missing = {
        "haemoglobin": fbc | (rng.random(n) < 0.01),
        "whiteBloodCount": fbc | (rng.random(n) < 0.01),
        "plateletCount": fbc | (rng.random(n) < 0.01),
        "urea": ue | (rng.random(n) < 0.01),
        "creatinine": ue | (rng.random(n) < 0.01),
        "egfr": ue | (rng.random(n) < 0.03),
        "sodium": ue | (rng.random(n) < 0.01),
        "albumin": rng.random(n) < 0.12,
        "crp": rng.random(n) < 0.15,
        "height": rng.random(n) < 0.02,
        "weight": rng.random(n) < 0.03,
    }
    for flag in COMORBIDITIES:
        missing[flag] = rng.random(n) < 0.01
    return missing


def _format_number(values: np.ndarray, decimals: int) -> list[str]:
    """Numbers as the record strings the product stores ("131", "7.4")."""
    if decimals == 0:
        return [str(int(v)) for v in values]
    return [f"{v:.{decimals}f}".rstrip("0").rstrip(".") for v in values]


def _date_of_birth(rng, age: np.ndarray) -> list[str]:
    """A date of birth giving `age` years (fractional) at the evaluation date."""
    days = np.floor(age * 365.2425).astype(int)
    return [(EVALUATION_DATE - timedelta(days=int(d))).isoformat() for d in days]


def age_in_years(date_of_birth: str, at: date = EVALUATION_DATE) -> int:
    """Whole years from date of birth to `at` (docs/model-artifacts.md, derivation ageYears)."""
    born = date.fromisoformat(date_of_birth)
    years = at.year - born.year
    if (at.month, at.day) < (born.month, born.day):
        years -= 1
    return years


LAB_DECIMALS = {"haemoglobin": 0, "whiteBloodCount": 1, "plateletCount": 0, "urea": 1,
                "creatinine": 0, "egfr": 0, "sodium": 0, "albumin": 0, "crp": 1}


def generate_cohort(procedure: str, n: int, seed: int) -> pd.DataFrame:
    """Draw `n` patients on the `procedure` list.

    Returns one row per patient with the record columns (strings, "" for missing: height,
    weight, sex, ethnicGroup, smoking, dateOfBirth, 18 flags, 9 labs), the latent `true_*`
    columns, `p_true` (the generating model's probability given the complete latent values,
    the unobserved term integrated out) and the drawn `outcome` (0/1).
    """
    if procedure not in PROCEDURES:
        raise ValueError(f"unknown procedure {procedure}")
    rng = np.random.default_rng(seed)
    df = _demographics(rng, n, procedure)
    _comorbidities(rng, df)
    _labs(rng, df)

    # Outcome: log-odds from the evidence, an intercept for the target base rate, and an
    # unobserved term u ~ N(0, LATENT_SD²).
    lo = true_log_odds(df)
    intercept = _solve_intercept(lo, BASE_RATES[procedure], LATENT_SD)
    df["true_log_odds"] = lo + intercept
    df["p_true"] = _marginal_probability(lo + intercept, LATENT_SD)
    u = rng.normal(0.0, LATENT_SD, n)
    df["outcome"] = (rng.random(n) < expit(lo + intercept + u)).astype(np.int64)

    # The record as the product holds it.
    missing = _missingness(rng, n)
    record = pd.DataFrame(index=df.index)
    record["height"] = _format_number(df["true_height"].to_numpy(), 0)
    record["weight"] = _format_number(df["true_weight"].to_numpy(), 1)
    record["sex"] = np.where(df["true_female"] == 1, "F", "M")
    record["ethnicGroup"] = df["ethnic_recorded"]
    record["smoking"] = df["smoking_recorded"]
    record["dateOfBirth"] = _date_of_birth(rng, df["true_age"].to_numpy())
    for flag in COMORBIDITIES:
        record[flag] = df[f"true_{flag}"].astype(str)
    for lab in LABS:
        record[lab] = _format_number(df[f"true_{lab}"].to_numpy(), LAB_DECIMALS[lab])
    for column, mask in missing.items():
        record.loc[mask, column] = ""

    latent = df.drop(columns=["ethnic_recorded", "smoking_recorded"])
    return pd.concat([record, latent], axis=1)


RECORD_COLUMNS = ["height", "weight", "sex", "ethnicGroup", "smoking", "dateOfBirth",
                  *COMORBIDITIES, *LABS]


def describe(cohort: pd.DataFrame) -> pd.DataFrame:
    """Summary used for the README tables: prevalences, means and missing shares."""
    rows = []
    rows.append(("age (years)", cohort["true_age"].mean(), cohort["true_age"].std(), 0.0))
    rows.append(("female", cohort["true_female"].mean(), np.nan, 0.0))
    rows.append(("BMI", cohort["true_bmi"].mean(), cohort["true_bmi"].std(),
                 ((cohort["height"] == "") | (cohort["weight"] == "")).mean()))
    for code, label in [("1", "current smoker"), ("2", "ex-smoker")]:
        rows.append((label, (cohort["true_smoking"] == code).mean(), np.nan,
                     cohort["smoking"].isin(["Z", "9"]).mean()))
    for flag in COMORBIDITIES:
        rows.append((flag, cohort[f"true_{flag}"].mean(), np.nan, (cohort[flag] == "").mean()))
    for lab in LABS:
        rows.append((lab, cohort[f"true_{lab}"].mean(), cohort[f"true_{lab}"].std(),
                     (cohort[lab] == "").mean()))
    rows.append(("outcome", cohort["outcome"].mean(), np.nan, 0.0))
    return pd.DataFrame(rows, columns=["variable", "mean", "sd", "missing"])


if __name__ == "__main__":
    # Print the summary tables quoted in ml/README.md (the default models' 60,000-row cohorts).
    pd.set_option("display.width", 160)
    summaries = {proc: describe(generate_cohort(proc, 60_000, SEEDS[proc])).set_index("variable")
                 for proc in PROCEDURES}
    table = pd.concat({proc: s[["mean", "sd", "missing"]] for proc, s in summaries.items()},
                      axis=1)
    print(table.round(3).to_string())
