import { describe, expect, it } from 'vitest';
import { emailProblem, isNhsEmail } from './nhs-email.js';

describe('NHS e-mail rule (docs/requirements.md §5)', () => {
  it.each([
    'jane.smith@nhs.net',
    'JANE.SMITH@NHS.NET',
    'jane@rnoh.nhs.uk',
    'jane@Trust.NHS.UK',
    'j.o-brien+admin@mft.nhs.uk',
    '  padded@nhs.net  ',
  ])('accepts %s', (email) => {
    expect(isNhsEmail(email)).toBe(true);
  });

  it.each([
    ['jane@gmail.com', 'not-nhs'],
    ['jane@nhs.net.evil.com', 'not-nhs'],
    ['jane@notnhs.net', 'not-nhs'],
    ['jane@nhs.uk.com', 'not-nhs'],
    ['jane@evilnhs.uk', 'not-nhs'],
    ['jane@nhs.uk', 'not-nhs'],
    ['', 'blank'],
    ['   ', 'blank'],
    ['jane', 'malformed'],
    ['@nhs.net', 'malformed'],
    ['jane@', 'malformed'],
    ['jane..smith@nhs.net', 'malformed'],
    ['jane smith@nhs.net', 'malformed'],
    ['jane@-trust.nhs.uk', 'malformed'],
    ['jane@trust..nhs.uk', 'malformed'],
    [`${'a'.repeat(65)}@nhs.net`, 'malformed'],
  ] as const)('refuses %j as %s', (email, problem) => {
    expect(emailProblem(email)).toBe(problem);
    expect(isNhsEmail(email)).toBe(false);
  });
});
