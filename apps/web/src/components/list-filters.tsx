import type { ReactNode } from 'react';
import { Select, TextInput, type SelectOption } from './form-fields';
import { FilterButtons } from './list-status';

/**
 * A list's filter form (docs/requirements.md §2 admin lists): a search landmark named by its
 * heading, the fields in rows of three, then Search and Clear.
 */
export function FilterForm({
  title,
  onSearch,
  onClear,
  children,
}: {
  title: string;
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="app-filter"
      role="search"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <h2 className="nhsuk-heading-s">{title}</h2>
      {children}
      <FilterButtons onClear={onClear} />
    </form>
  );
}

interface FilterProps {
  /** The field's id is `filter-{name}`. */
  name: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

/** A text filter, a third of its row wide. */
export function TextFilter({ name, label, value, onChange }: FilterProps) {
  return (
    <div className="nhsuk-grid-column-one-third">
      <TextInput
        id={`filter-${name}`}
        label={label}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A filter of fixed choices, a third of its row wide; `placeholder` is the choice of any. */
export function SelectFilter({
  name,
  label,
  placeholder,
  options,
  value,
  onChange,
}: FilterProps & { placeholder: string; options: SelectOption[] }) {
  return (
    <div className="nhsuk-grid-column-one-third">
      <Select
        id={`filter-${name}`}
        label={label}
        placeholder={placeholder}
        options={options}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
