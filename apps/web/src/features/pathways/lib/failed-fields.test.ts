import { describe, expect, it } from 'vitest';
import { failedFieldTags } from './failed-fields';

describe("failed field tags (docs/requirements.md §2, §9: 3, then '+N more')", () => {
  it('shows up to 3 labels and nothing more', () => {
    expect(failedFieldTags([])).toEqual({ first: [], rest: [], moreText: null });
    expect(failedFieldTags(['height', 'weight', 'crp'])).toEqual({
      first: ['Height (cm)', 'Weight (kg)', 'CRP'],
      rest: [],
      moreText: null,
    });
  });

  it("puts the rest behind '+N more'", () => {
    expect(failedFieldTags(['height', 'weight', 'crp', 'sodium', 'egfr'])).toEqual({
      first: ['Height (cm)', 'Weight (kg)', 'CRP'],
      rest: ['Sodium', 'eGFR'],
      moreText: '+2 more',
    });
    expect(failedFieldTags(['hypt', 'af', 'ihd', 'ang']).moreText).toBe('+1 more');
  });

  it('shows an unknown key as it is, and a repeated key once', () => {
    expect(failedFieldTags(['ward', 'height', 'height']).first).toEqual(['ward', 'Height (cm)']);
  });
});
