/**
 * A recalibration map (decision 0046): a base model's probability p passed through
 * logit(p′) = a + b·logit(p), fitted on a trust's recorded outcomes
 * (apps/api/src/modules/models/recalibration/fit.ts). Only the probability changes: the base
 * model's raw output, and so the factors' contributions, stay on its log-odds scale.
 */
import { z } from 'zod';
import { mapProbability } from './recalibrated-model.js';

export interface RecalibrationMap {
  /** 'none': no update was needed (a = 0, b = 1); 'intercept': b = 1. */
  method: 'intercept' | 'logistic' | 'none';
  /** a */
  intercept: number;
  /** b */
  slope: number;
  /** The version of the model whose probabilities the map takes. */
  baseVersion: number;
  /** The outcomes it was fitted on: days of operation from and to (null: unbounded), how many, with how many complications. */
  fittedOn: { from: string | null; to: string | null; n: number; events: number };
}

/** p′ = 1/(1 + e^−η) with η = a + b·logit(p), p clamped to [1e-12, 1 − 1e-12]; p itself for 'none'. */
export function recalibrated(probability: number, map: RecalibrationMap): number {
  return map.method === 'none' ? probability : mapProbability(probability, map);
}

/** A day, or a moment with its offset: the fitting window's ends as the API records them. */
const windowEnd = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).nullable();
const count = z.number().int().min(0);

/**
 * A map read from JSON (zod 4's numbers are finite). Checked beyond the types: 'none' is a = 0 and
 * b = 1, 'intercept' is b = 1, the complications are at most the outcomes, and the window's ends
 * are in order; unknown keys are refused, so that a misspelt field is not silently ignored.
 */
export const recalibrationMapSchema = z
  .strictObject({
    method: z.enum(['intercept', 'logistic', 'none']),
    intercept: z.number(),
    slope: z.number(),
    baseVersion: z.number().int().min(1),
    fittedOn: z.strictObject({ from: windowEnd, to: windowEnd, n: count, events: count }),
  })
  .superRefine((map, context) => {
    if (map.method === 'none' && map.intercept !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['intercept'],
        message: "must be 0 when the method is 'none'",
      });
    }
    if (map.method !== 'logistic' && map.slope !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['slope'],
        message: `must be 1 when the method is '${map.method}'`,
      });
    }
    const { from, to, n, events } = map.fittedOn;
    if (events > n) {
      context.addIssue({ code: 'custom', path: ['fittedOn', 'events'], message: `is more than n (${n})` });
    }
    if (from !== null && to !== null && to < from) {
      context.addIssue({ code: 'custom', path: ['fittedOn', 'to'], message: `is before from (${from})` });
    }
  }) satisfies z.ZodType<RecalibrationMap>;
