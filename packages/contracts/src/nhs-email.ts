/**
 * docs/requirements.md §5: an e-mail address must be a valid NHS address. Valid when it is a well-formed address
 * whose domain is nhs.net or ends with .nhs.uk, compared case-insensitively.
 */
export type EmailProblem = 'blank' | 'malformed' | 'not-nhs';

// RFC 5321 dot-atom local part and a dotted host name: what mail systems accept in practice.
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const hostLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function emailProblem(value: string): EmailProblem | null {
  const email = value.trim();
  if (email === '') return 'blank';
  if (email.length > 254) return 'malformed';
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return 'malformed';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (local.length > 64 || !localPart.test(local)) return 'malformed';
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => hostLabel.test(label))) return 'malformed';
  if (domain === 'nhs.net' || domain.endsWith('.nhs.uk')) return null;
  return 'not-nhs';
}

export const isNhsEmail = (value: string) => emailProblem(value) === null;
