import { useState } from 'react';
import { Button } from './button';
import { Select } from './form-fields';

/**
 * A list's order as a choice, applied with its button rather than on change (NHS.UK select
 * guidance). `value` is the order shown; a new one from outside (back, a header's sort button)
 * replaces what was chosen but not applied. `onSort` gets the chosen option's value.
 */
export function SortChoice({
  id,
  value,
  options,
  onSort,
  narrowOnly = false,
}: {
  id: string;
  value: string;
  options: { value: string; label: string }[];
  onSort: (value: string) => void;
  /** Shown on narrow screens only, where the table's sortable header row is not shown. */
  narrowOnly?: boolean;
}) {
  const [chosen, setChosen] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setChosen(value);
  }
  return (
    <form
      className={`app-sort-choice${narrowOnly ? ' app-sort-choice--narrow' : ''}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSort(chosen);
      }}
    >
      <Select
        id={id}
        label="Sort by"
        options={options}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Sort
      </Button>
    </form>
  );
}
