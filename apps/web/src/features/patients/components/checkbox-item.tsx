import type { ReactNode } from 'react';
import { ChoiceInput } from '../../../components/form-fields';

/**
 * One NHS.UK checkbox that answers a question of its own (its name is its id). With `conditional`,
 * it reveals the element of that id while it is ticked, and says so.
 */
export function CheckboxItem({
  id,
  checked,
  onChange,
  conditional,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  conditional?: string;
  children: ReactNode;
}) {
  return (
    <ChoiceInput
      kind="checkbox"
      id={id}
      label={children}
      name={id}
      checked={checked}
      aria-controls={conditional && checked ? conditional : undefined}
      aria-expanded={conditional ? checked : undefined}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
