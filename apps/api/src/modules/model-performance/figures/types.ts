import type { z } from 'zod';
import type {
  bandFiguresSchema,
  decileSchema,
  funnelLimitsSchema,
  vladPointSchema,
} from '@esr/contracts/model-performance';

/** One operation's outcome, judged against the prediction stored before it. */
export interface JudgedOutcome {
  /** The stored predicted probability, 0 < p < 1 (clamped to [1e-12, 1 − 1e-12] before any logit). */
  probability: number;
  /** A complication within 90 days. */
  event: boolean;
  /** Day of operation, YYYY-MM-DD. */
  operatedOn: string;
  /** The stored band of the prediction. */
  band: Band;
  /** Breaks ties within a day for the sequential charts (sorted ascending as strings). */
  order: string;
}

export type BandFigures = z.infer<typeof bandFiguresSchema>;
export type Band = BandFigures['band'];
export type DecileFigures = z.infer<typeof decileSchema>;
export type VladPoint = z.infer<typeof vladPointSchema>;
export type FunnelLimits = z.infer<typeof funnelLimitsSchema>;
export type FunnelPoint = FunnelLimits & { expected: number };
