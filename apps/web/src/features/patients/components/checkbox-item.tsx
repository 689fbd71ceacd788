import type { ReactNode } from 'react';

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
    <div className="nhsuk-checkboxes__item">
      <input
        className="nhsuk-checkboxes__input"
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        aria-controls={conditional && checked ? conditional : undefined}
        aria-expanded={conditional ? checked : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
        {children}
      </label>
    </div>
  );
}
