import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { messages } from '@esr/contracts/messages';
import { statusLabel } from '@esr/contracts/users';
import { Button } from '../../../components/button';
import { Radios } from '../../../components/form-fields';

/** docs/requirements.md §9: status 1 Active, 0 Disabled; the list filters' choices and the edit forms' radios. */
export const statusOptions = [1, 0].map((status) => ({ value: String(status), label: statusLabel(status) }));

/** Active (1) or Disabled (0) on the edit screens of trusts and users (docs/requirements.md §4, §9). */
export function StatusField<T extends FieldValues>({
  control,
  error,
}: {
  control: Control<T>;
  error: string | undefined;
}) {
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

/** Cancel and Submit; Submit reads 'Submitting...' while busy and returns on failure (docs/requirements.md §4). */
export function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="app-button-group">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? messages.submitting : 'Submit'}
      </Button>
    </div>
  );
}
