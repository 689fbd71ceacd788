import { adminMessages, invalidNhsEmailMessage, messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';

/** What a failed save shows: messages under fields, a message at the top, the field to scroll to. */
export interface SaveFailure {
  fieldErrors: Record<string, string>;
  message?: string;
  focusField?: string;
}

const first = (errors: Record<string, string[]> | undefined, key: string) => errors?.[key]?.[0];

/** docs/requirements.md §8 status mapping common to every admin save. */
function statusMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 500) return messages.internalServerError;
  return messages.someError;
}

/**
 * docs/requirements.md §8 "Add trust" / "Edit trust": 409 (add only) the conflict message; 400 with an e-mail
 * error the invalid e-mail message, scrolled to; 500 the internal error; anything else, or no
 * response at all, the generic message.
 */
export function mapTrustSaveError(error: unknown, mode: 'create' | 'update'): SaveFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: messages.someError };
  if (error.status === 409 && mode === 'create') return { fieldErrors: {}, message: messages.trustExists };
  if (error.status === 400 && error.body?.errors) {
    const fieldErrors: Record<string, string> = {};
    for (const [field, list] of Object.entries(error.body.errors)) if (list[0]) fieldErrors[field] = list[0];
    const email = first(error.body.errors, 'primaryContactEmail');
    if (email) {
      fieldErrors.primaryContactEmail = email === messages.emailBlank ? email : invalidNhsEmailMessage();
      return { fieldErrors, focusField: 'primaryContactEmail' };
    }
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors, focusField: Object.keys(fieldErrors)[0] };
  }
  return { fieldErrors: {}, message: statusMessage(error) };
}

/**
 * docs/requirements.md §5 "Server 400 mapping for users" and §8 "Add user" / "Edit user": e-mail error gives the
 * blank or the invalid e-mail message; a first-name error means a blank first name, a last-name
 * error a blank last name, both the combined message; a roles error the role-assignment message.
 */
export function mapUserSaveError(error: unknown, mode: 'create' | 'update'): SaveFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: messages.someError };
  if (error.status === 409 && mode === 'create') return { fieldErrors: {}, message: messages.userExists };
  if (error.status === 400 && error.body?.errors) {
    const errors = error.body.errors;
    const fieldErrors: Record<string, string> = {};
    const email = first(errors, 'email');
    if (email) {
      fieldErrors.email =
        email === messages.emailBlank || email === adminMessages.emailCannotChange
          ? email
          : invalidNhsEmailMessage();
    }
    const firstName = first(errors, 'firstName');
    const lastName = first(errors, 'lastName');
    const tooLong = new Set<string>([adminMessages.firstNameTooLong, adminMessages.lastNameTooLong]);
    if (firstName && lastName && !tooLong.has(firstName) && !tooLong.has(lastName)) {
      fieldErrors.firstName = messages.firstAndLastNameBlank;
      fieldErrors.lastName = messages.firstAndLastNameBlank;
    } else {
      if (firstName) fieldErrors.firstName = tooLong.has(firstName) ? firstName : messages.firstNameBlank;
      if (lastName) fieldErrors.lastName = tooLong.has(lastName) ? lastName : messages.lastNameBlank;
    }
    if (first(errors, 'roles')) fieldErrors.roles = messages.assigningRolesFailed;
    for (const key of ['trustCode', 'status']) {
      const message = first(errors, key);
      if (message) fieldErrors[key] = message;
    }
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors, focusField: Object.keys(fieldErrors)[0] };
  }
  return { fieldErrors: {}, message: statusMessage(error) };
}

/**
 * The error summary's short form of a field message: the long NHS e-mail guidance stays under the
 * field, the summary links to it as 'Enter a valid NHS email address' (docs/requirements.md §5).
 */
export function summaryText(message: string): string {
  return message === invalidNhsEmailMessage() ? messages.enterValidNhsEmail : message;
}
