/**
 * One length limit per field (docs/requirements.md §5, §9; docs/decisions/0043-names-that-cannot-disguise-themselves.md):
 * the import, the API's schemas and use cases, and the screens' forms all read these, so a value
 * one of them accepts is never refused, or cut, by another. Lengths count UTF-16 code units, as
 * JavaScript's `length` and the HTML `maxlength` attribute do.
 */
export const fieldLimits = {
  /** docs/requirements.md §9: local identifier at most 30 characters. */
  localPatientIdentifier: 30,
  /** docs/requirements.md §5 edit details and §9: the consultant surgeon at most 30 characters. */
  surgeonName: 30,
  /** docs/requirements.md §5 report: the report's name at most 30 characters. */
  reportName: 30,
  /** docs/requirements.md §5: user first and last names, and trust contact names, at most 50. */
  personName: 50,
  /** Why a result was flagged as an anomaly: a short note, not a clinical record (decision 0039). */
  anomalyReason: 200,
} as const;

export type LimitedField = keyof typeof fieldLimits;
