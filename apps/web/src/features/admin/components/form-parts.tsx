import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { statusLabel } from '@esr/contracts/users';
import { Radios } from '../../../components/form-fields';

/** docs/requirements.md §9: status 1 Active, 0 Disabled; the list filters' choices and the edit forms' radios. */
export const statusOptions = [1, 0].map((status) => ({ value: String(status), label: statusLabel(status) }));

/** A field of an admin form that react-hook-form's `control` holds, and its error. */
export interface ControlledFieldProps<T extends FieldValues> {
  control: Control<T>;
  error: string | undefined;
}

/** Active (1) or Disabled (0) on the edit screens of trusts and users (docs/requirements.md §4, §9). */
export function StatusField<T extends FieldValues>({ control, error }: ControlledFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={'status' as Path<T>}
      render={({ field }) => (
        <Radios
          name="status"
          legend="Status"
          legendClassName="nhsuk-fieldset__legend--s"
          inline
          error={error}
          items={statusOptions}
          selected={[String(field.value)]}
          onChange={(value) => field.onChange(Number(value))}
        />
      )}
    />
  );
}
