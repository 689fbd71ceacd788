import { describe, expect, it } from 'vitest';
import { isFooterShown } from './footer';

describe('footer visibility (docs/requirements.md §2)', () => {
  it.each(['/', '/home', '/privacy', '/accessibility', '/privacy/'])('shows on %s', (path) =>
    expect(isFooterShown(path)).toBe(true),
  );
  it.each(['/dashboard', '/unauthorized', '/patient-lookup', '/homes'])('hides on %s', (path) =>
    expect(isFooterShown(path)).toBe(false),
  );
});
