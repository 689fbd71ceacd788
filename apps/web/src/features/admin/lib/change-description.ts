import { roleCodeSchema, roleNames } from '@esr/contracts/roles';
import { statusLabel } from '@esr/contracts/users';

/**
 * The change log stores the fields as the API names them, so the record stays exact; people read
 * them here in the words the forms use (docs/requirements.md §2 labels) with codes turned into their names.
 * Listed in the forms' order: the database keeps a JSON object's keys in an order of its own.
 */
const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  trustCode: 'Trust code',
  trustName: 'Trust name',
  roles: 'Assigned roles',
  status: 'Status',
  trustTenantId: 'Trust tenant id',
  primaryContactFirstName: 'Primary contact first name',
  primaryContactLastName: 'Primary contact last name',
  primaryContactEmail: 'Primary contact email address',
  primaryContactTelCode: 'Primary contact phone code',
  primaryContactTelNumber: 'Primary contact phone number',
  activeVersion: 'Active model version',
  modelType: 'Model type',
  modelFileName: 'Model file',
  modelSha256: 'Model file SHA-256',
  wrapperFileName: 'Wrapper file',
  wrapperSha256: 'Wrapper file SHA-256',
  procedureCode: 'Type of operation',
  uploadStatus: 'Upload status',
  waitingListFileName: 'Waiting list file',
  waitingListBytes: 'Waiting list file size (bytes)',
  bloodTestFileName: 'Blood test file',
  bloodTestBytes: 'Blood test file size (bytes)',
  pathwaysAdded: 'Pathways added',
  pathwaysUpdated: 'Pathways updated',
  pathwaysArchived: 'Pathways archived',
  archiveAcknowledged: 'Archive acknowledged by typing the number',
};

/** "someNewField" → "Some new field", for fields that later capabilities add before they get a label. */
function sentenceCase(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(field: string): string {
  return fieldLabels[field] ?? sentenceCase(field);
}

const roleName = (code: unknown) => {
  const parsed = roleCodeSchema.safeParse(code);
  return parsed.success ? roleNames[parsed.data] : String(code);
};

/** A stored value as a person reads it; empty values read "(none)". */
export function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    // Role names in alphabetical order, so a before and an after compare at a glance.
    return (field === 'roles' ? value.map(roleName).sort() : value.map(String)).join(', ');
  }
  if (field === 'status') return statusLabel(Number(value));
  return String(value);
}

const formOrder = Object.keys(fieldLabels);

/** The changed fields in the forms' order; fields without a label follow, alphabetically. */
export function inFormOrder<T>(fields: [string, T][]): [string, T][] {
  const rank = (field: string) => {
    const index = formOrder.indexOf(field);
    return index === -1 ? formOrder.length : index;
  };
  return [...fields].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
