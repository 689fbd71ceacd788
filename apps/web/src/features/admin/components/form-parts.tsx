import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import { Radios } from '../../../components/form-fields';

/** Active (1) or Disabled (0) on the edit screens of trusts and users (spec §4, §9). */
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
          items={[
            { value: '1', label: 'Active' },
            { value: '0', label: 'Disabled' },
          ]}
          selected={[String(field.value)]}
          onChange={(value) => field.onChange(Number(value))}
        />
      )}
    />
  );
}

/** Cancel and Submit; Submit reads 'Submitting...' while busy and returns on failure (spec §4). */
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
