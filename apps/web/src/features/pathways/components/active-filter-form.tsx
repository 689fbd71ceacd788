import { useState, type ComponentProps, type FormEvent } from 'react';
import {
  missingInputsLabels,
  tciPassedLabels,
  readinessLabels,
  recordStatuses,
  riskLabels,
  socialLabels,
} from '@esr/contracts/open-pathways';
import { DateInput, Select, TextInput } from '../../../components/form-fields';
import { FilterButtons } from '../../../components/list-status';
import type { DateParts } from '../../../lib/calendar-date';
import {
  draftOf,
  emptyDraft,
  filtersFromDraft,
  type ActiveFilters,
  type FilterDraft,
  type FilterErrors,
} from '../lib/active-filters';
import { recordLabels as label, statusText } from '../lib/record-labels';

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, text]) => ({ value, label: text }));
// Every status, Incomplete and Not scored among them (decision 0057).
const statusOptions = recordStatuses.map((value) => ({ value, label: statusText(value) }));
const missingInputsOptions = optionsOf(missingInputsLabels);
const tciPassedOptions = optionsOf(tciPassedLabels);
const predictionOptions = optionsOf(riskLabels);
const socialOptions = optionsOf(socialLabels);
const surgeryOptions = optionsOf(readinessLabels);

/** The id a filter's error links to: a date's Day field, any other field itself. */
export const filterFieldId = (key: keyof FilterErrors) =>
  key === 'tciDate' || key === 'referralDate' ? `filter-${key}-day` : `filter-${key}`;

/** The filters' fields, each showing the draft and its error, and changing the draft. */
function filterFields(
  draft: FilterDraft,
  errors: FilterErrors,
  set: (key: keyof FilterDraft) => (value: string | DateParts) => void,
) {
  const text = (
    key: 'nhsNumber' | 'hospitalNumber' | 'surgeonName',
    extra: Pick<ComponentProps<typeof TextInput>, 'hint' | 'inputMode'> = {},
  ) => (
    <TextInput
      id={`filter-${key}`}
      label={label[key]}
      error={errors[key]}
      value={draft[key]}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => set(key)(event.target.value)}
      {...extra}
    />
  );
  const date = (key: 'tciDate' | 'referralDate') => (
    <DateInput
      id={`filter-${key}`}
      legend={label[key]}
      legendClassName="nhsuk-fieldset__legend--s"
      hint="For example, 24 11 2026"
      error={errors[key]}
      value={draft[key]}
      onChange={set(key)}
    />
  );
  const select = (
    key: 'status' | 'prediction' | 'social' | 'surgery' | 'missingInputs' | 'tciPassed',
    placeholder: string,
    options: { value: string; label: string }[],
    hint?: string,
  ) => (
    <Select
      id={`filter-${key}`}
      label={label[key]}
      hint={hint}
      placeholder={placeholder}
      options={options}
      value={draft[key]}
      onChange={(event) => set(key)(event.target.value)}
    />
  );

  return { text, date, select };
}

/**
 * docs/requirements.md §2 total records filters, with Search and Clear. What is typed stays in the form until
 * Search; the form follows the address when it changes otherwise (Back, a link), without being
 * rebuilt, so that focus stays where the user left it.
 */
export function ActiveFilterForm({
  applied,
  appliedKey,
  errors,
  onSearch,
  onInvalid,
  onClear,
}: {
  applied: ActiveFilters;
  /** The applied filters as their query string: a change means the address changed. */
  appliedKey: string;
  errors: FilterErrors;
  onSearch: (filters: ActiveFilters) => void;
  onInvalid: (errors: FilterErrors) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(applied));
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  if (syncedKey !== appliedKey) {
    setSyncedKey(appliedKey);
    setDraft(draftOf(applied));
  }
  const set = (key: keyof FilterDraft) => (value: string | DateParts) => setDraft({ ...draft, [key]: value });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const result = filtersFromDraft(draft);
    if (result.ok) onSearch(result.filters);
    else onInvalid(result.errors);
  };
  const clear = () => {
    setDraft(emptyDraft);
    onClear();
  };
  const { text, date, select } = filterFields(draft, errors, set);

  return (
    <form className="app-filter" role="search" aria-label="Filter the records" noValidate onSubmit={search}>
      <h2 className="nhsuk-heading-s">Filter the records</h2>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-third">
          {text('nhsNumber', { inputMode: 'numeric', hint: 'Up to 10 digits' })}
        </div>
        <div className="nhsuk-grid-column-one-third">{text('hospitalNumber')}</div>
        <div className="nhsuk-grid-column-one-third">{text('surgeonName')}</div>
      </div>
      {/* Halves: a date's Day, Month and Year, with an error beside them, need more than a third. */}
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">{date('tciDate')}</div>
        <div className="nhsuk-grid-column-one-half">{date('referralDate')}</div>
      </div>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">{select('status', 'Any status', statusOptions)}</div>
        <div className="nhsuk-grid-column-one-half">
          {select('prediction', 'Any prediction', predictionOptions)}
        </div>
      </div>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">{select('social', 'Any', socialOptions)}</div>
        <div className="nhsuk-grid-column-one-half">{select('surgery', 'Any', surgeryOptions)}</div>
      </div>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">
          {select(
            'missingInputs',
            'Any',
            missingInputsOptions,
            'Whether the model used a default value for an input the record does not have',
          )}
        </div>
        <div className="nhsuk-grid-column-one-half">
          {select(
            'tciPassed',
            'Any',
            tciPassedOptions,
            'Whether the date to come in for surgery is before today: cancelled, or done and not recorded',
          )}
        </div>
      </div>
      <FilterButtons onClear={clear} />
    </form>
  );
}
