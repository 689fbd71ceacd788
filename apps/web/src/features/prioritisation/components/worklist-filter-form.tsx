import { useState, type FormEvent } from 'react';
import { flagLabels, riskBandLabels, waitBandLabels } from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { Select, TextInput } from '../../../components/form-fields';
import {
  draftOfFilters,
  emptyWorklistDraft,
  filtersFromDraft,
  priorityFilterLabels,
  worklistFilterLabels as label,
  type WorklistDraft,
  type WorklistFilterErrors,
  type WorklistFilterKey,
  type WorklistFilters,
} from '../lib/worklist-params';

const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, text]) => ({ value, label: text }));
const { suspended: suspendedLabel, ...bandLabels } = riskBandLabels;
const choices = {
  risk: optionsOf(bandLabels),
  wait: optionsOf(waitBandLabels),
  flag: optionsOf(flagLabels),
  priority: optionsOf(priorityFilterLabels),
};
/** The risks a worklist can be filtered by: no band's while suspended, no suspension's otherwise. */
const riskChoices = (suspended: boolean) =>
  suspended
    ? [
        { value: 'suspended', label: suspendedLabel },
        { value: 'excluded', label: riskBandLabels.excluded },
        { value: 'not_processed', label: riskBandLabels.not_processed },
      ]
    : choices.risk;
const anyOf = { risk: 'Any risk', wait: 'Any wait', flag: 'Any flag', priority: 'Any priority' };

/** The id a filter's field (and its error's link) has. */
export const worklistFilterFieldId = (key: WorklistFilterKey) => `filter-${key}`;

/**
 * The worklist's filters (decision 0044), with Apply and Clear. What is chosen stays in the form
 * until Apply; the form follows the address when it changes otherwise (Back, a matrix link),
 * without being rebuilt, so that focus stays where the user left it.
 */
export function WorklistFilterForm({
  applied,
  appliedKey,
  errors,
  onApply,
  onInvalid,
  onClear,
  suspended = false,
}: {
  applied: WorklistFilters;
  /** The applied filters as their query string: a change means the address changed. */
  appliedKey: string;
  errors: WorklistFilterErrors;
  onApply: (filters: WorklistFilters) => void;
  onInvalid: (errors: WorklistFilterErrors) => void;
  onClear: () => void;
  /** Decision 0063: while the predictions are suspended, the risk offered is theirs and no band's. */
  suspended?: boolean;
}) {
  const [draft, setDraft] = useState<WorklistDraft>(() => draftOfFilters(applied));
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  if (syncedKey !== appliedKey) {
    setSyncedKey(appliedKey);
    setDraft(draftOfFilters(applied));
  }
  const set = (key: WorklistFilterKey) => (value: string) => setDraft({ ...draft, [key]: value });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = filtersFromDraft(draft);
    if (result.ok) onApply(result.filters);
    else onInvalid(result.errors);
  };
  const clear = () => {
    setDraft(emptyWorklistDraft);
    onClear();
  };
  const select = (key: keyof typeof choices) => (
    <Select
      id={worklistFilterFieldId(key)}
      label={label[key]}
      placeholder={anyOf[key]}
      options={key === 'risk' ? riskChoices(suspended) : choices[key]}
      value={draft[key]}
      onChange={(event) => set(key)(event.target.value)}
    />
  );
  const text = (key: 'surgeonName' | 'nhsNumber', hint: string, inputMode?: 'numeric') => (
    <TextInput
      id={worklistFilterFieldId(key)}
      label={label[key]}
      hint={hint}
      error={errors[key]}
      value={draft[key]}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => set(key)(event.target.value)}
    />
  );

  return (
    <form className="app-filter" role="search" aria-label="Filter the worklist" noValidate onSubmit={apply}>
      <h3 className="nhsuk-heading-s">Filter the worklist</h3>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-third">{select('risk')}</div>
        <div className="nhsuk-grid-column-one-third">{select('wait')}</div>
        <div className="nhsuk-grid-column-one-third">{select('flag')}</div>
      </div>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-third">{select('priority')}</div>
        <div className="nhsuk-grid-column-one-third">{text('surgeonName', 'Any part of the name')}</div>
        <div className="nhsuk-grid-column-one-third">
          {text('nhsNumber', 'Up to 10 digits, from the start', 'numeric')}
        </div>
      </div>
      <div className="app-button-group">
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
