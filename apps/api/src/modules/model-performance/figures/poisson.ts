/**
 * The Poisson distribution's cumulative probabilities and quantiles, for the funnel plot's limits.
 * P(X ≤ k) for X ~ Poisson(μ) is the regularised upper incomplete gamma function Q(k + 1, μ), computed
 * by its series below a + 1 and by its continued fraction (modified Lentz) above, as in Press et al.,
 * Numerical Recipes, 3rd edition, §6.2; checked against scipy.stats.poisson in ml/monitoring_golden.py.
 */

const lanczos = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7), to about 15 significant digits. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = lanczos[0]!;
  for (let i = 1; i < lanczos.length; i++) sum += lanczos[i]! / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

const tiny = 1e-300;
const epsilon = 1e-15;
const maxSteps = 10_000;

/** P(a, x), the regularised lower incomplete gamma function, by its series (x < a + 1). */
function lowerGammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < maxSteps; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * epsilon) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x), the regularised upper incomplete gamma function, by its continued fraction (x ≥ a + 1). */
function upperGammaFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < maxSteps; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < epsilon) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** Q(a, x) for a > 0, x > 0: the series below x = a + 1, the continued fraction above (Numerical Recipes §6.2). */
export function regularizedUpperGamma(a: number, x: number): number {
  return x < a + 1 ? 1 - lowerGammaSeries(a, x) : upperGammaFraction(a, x);
}

/** P(X ≤ k) for X ~ Poisson(mean): 0 below 0, and Q(k + 1, mean) for whole k ≥ 0. */
export function poissonCdf(k: number, mean: number): number {
  if (k < 0) return 0;
  if (mean <= 0) return 1;
  return regularizedUpperGamma(Math.floor(k) + 1, mean);
}

/** The smallest whole count y with P(X ≤ y) ≥ probability, for X ~ Poisson(mean), 0 < probability < 1. */
export function poissonQuantile(probability: number, mean: number): number {
  // Start from the normal approximation, then step to the exact answer: a few steps at most.
  const z = Math.sqrt(2) * inverseErf(2 * probability - 1);
  let y = Math.max(0, Math.floor(mean + z * Math.sqrt(mean)));
  while (y > 0 && poissonCdf(y - 1, mean) >= probability) y--;
  while (poissonCdf(y, mean) < probability) y++;
  return y;
}

/** erf⁻¹ (Giles, 2012, single-precision polynomial): only a starting point for the exact search. */
function inverseErf(x: number): number {
  let w = -Math.log((1 - x) * (1 + x));
  if (w < 5) {
    w -= 2.5;
    let p = 2.81022636e-8;
    for (const c of [
      3.43273939e-7, -3.5233877e-6, -4.39150654e-6, 0.00021858087, -0.00125372503, -0.00417768164,
      0.246640727, 1.50140941,
    ])
      p = c + p * w;
    return p * x;
  }
  w = Math.sqrt(w) - 3;
  let p = -0.000200214257;
  for (const c of [
    0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047, 1.00167406,
    2.83297682,
  ])
    p = c + p * w;
  return p * x;
}
