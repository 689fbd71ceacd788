/**
 * The chi-square survival function for 1 and 2 degrees of freedom, for the likelihood-ratio tests
 * of recalibration (fit.ts). P(χ²₂ > x) = exp(−x/2) exactly; P(χ²₁ > x) = erfc(√(x/2)), with erfc to
 * full double precision: the p-values are checked against scipy.stats.chi2.sf to 1e-10 relative
 * (ml/recalibration_golden.py), far tighter than the usual 1e-7 approximations allow.
 */

// W. J. Cody, "Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969),
// as in his SPECFUN routine CALERF: three rational approximations, each with a maximal relative
// error near 1e-18, on |x| ≤ 0.46875, on 0.46875 < |x| ≤ 4 and beyond 4. Each of Cody's 18-digit
// coefficients is written as the shortest literal of the double nearest it (the same number).
const a = [
  3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694, 0.18577770618460315,
] as const;
const b = [23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171] as const;
const c = [
  0.5641884969886701, 8.883149794388377, 66.11919063714163, 298.6351381974001, 881.952221241769,
  1712.0476126340707, 2051.0783778260716, 1230.3393547979972, 2.1531153547440383e-8,
] as const;
const d = [
  15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903, 3290.7992357334597,
  4362.619090143247, 3439.3676741437216, 1230.3393548037495,
] as const;
const p = [
  0.30532663496123236, 0.36034489994980445, 0.12578172611122926, 0.016083785148742275,
  0.0006587491615298378, 0.016315387137302097,
] as const;
const q = [
  2.568520192289822, 1.8729528499234673, 0.5279051029514285, 0.06051834131244132,
  0.0023352049762686918,
] as const;
/** 1/√π. */
const reciprocalSqrtPi = 0.5641895835477563;

/** The complementary error function, erfc(x) = 1 − erf(x), to about 1e-15 relative error. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  if (y <= 0.46875) {
    // erf by a rational function of x², then 1 − erf: no cancellation, as erf(x) ≤ 0.49 here.
    const ySquared = y > 1.11e-16 ? x * x : 0;
    let numerator = a[4] * ySquared;
    let denominator = ySquared;
    for (let i = 0; i < 3; i++) {
      numerator = (numerator + a[i]!) * ySquared;
      denominator = (denominator + b[i]!) * ySquared;
    }
    return 1 - (x * (numerator + a[3])) / (denominator + b[3]);
  }
  let result: number;
  if (y <= 4) {
    let numerator = c[8] * y;
    let denominator = y;
    for (let i = 0; i < 7; i++) {
      numerator = (numerator + c[i]!) * y;
      denominator = (denominator + d[i]!) * y;
    }
    result = (numerator + c[7]) / (denominator + d[7]);
  } else {
    const reciprocalSquare = 1 / (y * y);
    let numerator = p[5] * reciprocalSquare;
    let denominator = reciprocalSquare;
    for (let i = 0; i < 4; i++) {
      numerator = (numerator + p[i]!) * reciprocalSquare;
      denominator = (denominator + q[i]!) * reciprocalSquare;
    }
    result = (reciprocalSquare * (numerator + p[4])) / (denominator + q[4]);
    result = (reciprocalSqrtPi - result) / y;
  }
  // exp(−y²) with y² split as s² + (y − s)(y + s), s = y to 1/16: s² is exact, so the large
  // exponent carries no rounding error (Cody's device). Past y ≈ 26.5 the result is subnormal, then 0.
  const s = Math.trunc(y * 16) / 16;
  const rest = (y - s) * (y + s);
  result = Math.exp(-s * s) * Math.exp(-rest) * result;
  return x < 0 ? 2 - result : result;
}

/** P(χ² > statistic) for 1 or 2 degrees of freedom; 1 for a statistic ≤ 0. */
export function chiSquareSurvival(statistic: number, degreesOfFreedom: 1 | 2): number {
  if (Number.isNaN(statistic)) return NaN;
  if (statistic <= 0) return 1;
  return degreesOfFreedom === 2 ? Math.exp(-statistic / 2) : erfc(Math.sqrt(statistic / 2));
}
