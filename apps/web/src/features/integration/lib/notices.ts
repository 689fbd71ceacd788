import type { Status } from '@esr/contracts/users';

/** What the list says once a client is registered (set by the form, shown once on the list). */
export const registeredNotice = (name: string) => `${name} registered`;

/** What the list says once a client is disabled or enabled. */
export function statusNotice(name: string, status: Status): { heading: string; text: string } {
  return status === 1
    ? { heading: `${name} enabled`, text: 'Its tokens are taken again from now on.' }
    : {
        heading: `${name} disabled`,
        text: 'Its tokens are refused from now on: it cannot send results or read risk assessments until it is enabled again.',
      };
}
