import { importFieldLabels } from '@esr/contracts/waiting-list';

/** docs/requirements.md §2, §9: a failed record shows its first 3 failed fields as tags, then '+N more'. */
export const failedFieldsShown = 3;

export interface FailedFieldTags {
  /** The labels always shown. */
  first: string[];
  /** The labels behind '+N more'. */
  rest: string[];
  /** '+N more', or null when every label is shown. */
  moreText: string | null;
}

/** The labels of a record's failed fields (importFieldLabels; an unknown key as the API sent it). */
export function failedFieldTags(keys: readonly string[], shown = failedFieldsShown): FailedFieldTags {
  const labels = [...new Set(keys)].map((key) => importFieldLabels[key] ?? key);
  const first = labels.slice(0, shown);
  const rest = labels.slice(shown);
  return { first, rest, moreText: rest.length > 0 ? `+${rest.length} more` : null };
}
