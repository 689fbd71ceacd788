import type { InputHTMLAttributes } from 'react';
import { TextInput } from '../../../components/form-fields';

export type TrustEditableField =
  | 'trustTenantId'
  | 'primaryContactFirstName'
  | 'primaryContactLastName'
  | 'primaryContactEmail'
  | 'primaryContactTelCode'
  | 'primaryContactTelNumber';

export type FieldBinding = (name: TrustEditableField) => {
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;
  error: string | undefined;
};

/** The editable part of the add and edit trust forms (docs/requirements.md §2): tenant id and primary contact. */
export function TrustEditableFields({ bind }: { bind: FieldBinding }) {
  const field = (
    name: TrustEditableField,
    label: string,
    extra: { hint?: string; width?: 2 | 3 | 4 | 5 | 10 | 20 | 30; type?: string; autoComplete?: string } = {},
  ) => {
    const { input, error } = bind(name);
    return (
      <TextInput
        id={name}
        label={label}
        error={error}
        {...(input as Omit<typeof input, 'width'>)}
        {...(extra.hint ? { hint: extra.hint } : {})}
        {...(extra.width ? { width: extra.width } : {})}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        spellCheck={false}
      />
    );
  };
  return (
    <>
      {field('trustTenantId', 'Trust tenant ID', {
        hint: 'The Microsoft Entra ID tenant of the trust, a GUID like 3f2504e0-4f89-41d3-9a0c-0305e82c3301. Leave blank if the trust does not sign in with Entra ID.',
        width: 30,
      })}
      <fieldset className="nhsuk-fieldset">
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">Primary contact</legend>
        {field('primaryContactFirstName', 'First name', { width: 20 })}
        {field('primaryContactLastName', 'Last name', { width: 20 })}
        {field('primaryContactEmail', 'Email address', { type: 'email', width: 30 })}
        <div className="app-phone">
          {field('primaryContactTelCode', 'Country code', {
            hint: 'For example, +44',
            width: 4,
            type: 'tel',
          })}
          {field('primaryContactTelNumber', 'Telephone number', {
            hint: 'For example, 2089543800',
            width: 10,
            type: 'tel',
          })}
        </div>
      </fieldset>
    </>
  );
}

/** The form's order of fields, for the error summary. */
export const trustFieldOrder = [
  'trustCode',
  'trustTenantId',
  'status',
  'primaryContactFirstName',
  'primaryContactLastName',
  'primaryContactEmail',
  'primaryContactTelCode',
  'primaryContactTelNumber',
] as const;
