/**
 * Texts quoted by the specification, kept once so that screens, server and tests agree (docs/architecture.md, Conventions).
 */
export const productName = 'Elective Surgical Risk';
export const demonstrationModelLabel = 'Demonstration model (synthetic data) — not for clinical use';

export const messages = {
  listLoadFailed: 'some error occurred! Click here to try again.',
  noRecords: 'No Records found.',
  loading: 'Loading data',
  notAvailable: 'N/A',
  noFileSelected: 'no file selected',
  submitting: 'Submitting...',
  trustExists: 'Trust already exists with the specified trust code',
  userExists: 'User already exists with the provided email address',
  internalServerError: 'Internal server error occurred',
  someError: 'Some error occurred',
  assigningRolesFailed: 'Some error occurred while assigning roles to user',
  noNewTrusts: 'No new trusts to add!',
  invalidEmailNotValid: 'The specified email is not valid',
  enterValidNhsEmail: 'Enter a valid NHS email address',
  firstAndLastNameBlank: 'First name and last name cannot be blank',
  firstNameBlank: 'First name cannot be blank',
  lastNameBlank: 'Last name cannot be blank',
  emailBlank: 'Email cannot be blank',
  serviceBusy: 'Uploading a patient list is not possible when the service is running',
  defaultValuesUsed:
    'Normalised values have been used where data is missing in this record. The model prediction will be affected. Review the patients records and remodel once the medical history has been verified.',
  anomalyBanner: 'This result is flagged as an anomaly',
  waitingListFieldsFailed: 'Error fetching waiting list fields',
  reportFailed: 'Error generating report',
  waitingListValidationFailed: 'Waiting list validation failed.',
  bloodTestValidationFailed: 'Blood test validation failed.',
  reUpload: 'Please re-upload the file.',
  importError: 'Import error',
} as const;

/** docs/requirements.md §5: the NHS e-mail rule's message, with example addresses. */
export function invalidNhsEmailMessage(exampleA = 'name@nhs.net', exampleB = 'name@trust.nhs.uk'): string {
  return `Enter a valid email like ${exampleA} or ${exampleB} (Email must include nhs.net or .NHS.UK)`;
}

/**
 * Our own wording where the specification names a rule but not its message
 * (docs/decisions/0012-admin-validation-messages.md). Kept here so that screens, server and tests agree.
 */
export const adminMessages = {
  firstNameTooLong: 'First name must be 50 characters or fewer',
  lastNameTooLong: 'Last name must be 50 characters or fewer',
  selectTrust: 'Select a trust',
  selectRole: 'Select at least one role',
  selectStatus: 'Select a status',
  trustNotFound: 'The trust does not exist',
  emailCannotChange: 'The email address cannot be changed',
  superAdminRoleRefused: 'Only a super admin can give or remove the Super Admin role',
  tenantIdInvalid: 'Enter the tenant ID as a GUID, like 3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  tenantIdTaken: 'Another trust already uses this tenant ID',
  telCodeInvalid: 'Enter the country code as + and 1 to 4 digits, like +44',
  telNumberInvalid: 'Enter the telephone number as 7 to 15 digits',
  telCodeMissing: 'Enter the country code of the telephone number',
  trustNotInDirectory: 'The trust code is not in the list of NHS trusts',
  trustCodeMismatch: 'The trust code in the body must match the trust code in the address',
  validationFailed: 'The request is not valid',
  dateInvalid: 'Enter a real date as YYYY-MM-DD',
  /** The change log's Day, Month and Year filter when they do not make a date. */
  filterDateInvalid: 'Date must be a real date, like 24 11 2026',
} as const;
