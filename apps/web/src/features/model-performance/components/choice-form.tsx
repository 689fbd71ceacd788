import { useState, type FormEvent } from 'react';
import { groupingKeys, groupingLabels, type ModelPerformance } from '@esr/contracts/model-performance';
import { procedureCodes } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { DateInput, Select, type SelectOption } from '../../../components/form-fields';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { countText } from '../lib/figures-text';
import {
  draftOfView,
  viewFromDraft,
  writeMonitoringView,
  type MonitoringDraft,
  type MonitoringView,
  type PeriodErrors,
} from '../lib/view-params';

const groupingOptions = groupingKeys.map((key) => ({ value: key, label: groupingLabels[key] }));

/** The model versions to choose from: those that made judged predictions, the active model's first. */
export function versionOptions(
  versions: ModelPerformance['modelVersions'] | undefined,
  chosen: number | undefined,
): SelectOption[] {
  const options = (versions ?? []).map((version) => ({
    value: String(version.modelVersion),
    label: `Version ${version.modelVersion}${version.active ? ' (active)' : ''}, ${countText(version.n)} ${version.n === 1 ? 'outcome' : 'outcomes'}`,
  }));
  // A version from the address that the list does not (yet) hold stays chosen.
  if (chosen !== undefined && !options.some((option) => option.value === String(chosen)))
    options.push({ value: String(chosen), label: `Version ${chosen}` });
  return options;
}

/**
 * The choice as typed: it starts from the applied view, and follows it when the address changes
 * otherwise (Back), without the form being rebuilt.
 */
function useDraftOf(applied: MonitoringView) {
  const appliedKey = writeMonitoringView(applied).toString();
  const [draft, setDraft] = useState<MonitoringDraft>(() => draftOfView(applied));
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  if (syncedKey !== appliedKey) {
    setSyncedKey(appliedKey);
    setDraft(draftOfView(applied));
  }
  const set =
    <K extends keyof MonitoringDraft>(key: K) =>
    (value: MonitoringDraft[K]) =>
      setDraft({ ...draft, [key]: value });
  return { draft, setDraft, set };
}

/**
 * What the figures are of: the type of operation, the dates of operation and, for a trust, the
 * model version and the grouping of the fairness table. Update applies the choice to the address;
 * what is typed stays in the form until then, and the form follows the address when it changes
 * otherwise (Back), without being rebuilt, so that focus stays where the user left it.
 */
export function ChoiceForm({
  applied,
  versions,
  national,
  errors,
  onApply,
  onInvalid,
}: {
  applied: MonitoringView;
  /** The model versions of the figures answer; none for the national view. */
  versions?: ModelPerformance['modelVersions'] | undefined;
  /** The super admin's national view: the procedure and dates only. */
  national?: boolean;
  errors: PeriodErrors;
  onApply: (view: MonitoringView) => void;
  onInvalid: (errors: PeriodErrors) => void;
}) {
  const nameOf = useProcedureNameOf();
  const { draft, setDraft, set } = useDraftOf(applied);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = viewFromDraft(draft);
    if (result.ok) onApply(result.view);
    else onInvalid(result.errors);
  };
  const date = (key: 'from' | 'to', legend: string, hint: string) => (
    <DateInput
      id={key}
      legend={legend}
      legendClassName="nhsuk-fieldset__legend--s"
      hint={hint}
      error={errors[key]}
      value={draft[key]}
      onChange={set(key)}
    />
  );

  return (
    <form className="app-filter" aria-label="Choose the figures" noValidate onSubmit={submit}>
      <h2 className="nhsuk-heading-s">Choose the figures</h2>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">
          <Select
            id="procedure"
            label="Type of operation"
            options={procedureCodes.map((code) => ({ value: code, label: nameOf(code) }))}
            value={draft.procedure}
            // The versions are the shown procedure's: another procedure starts from all of its versions.
            onChange={(event) => setDraft({ ...draft, procedure: event.target.value, modelVersion: '' })}
          />
        </div>
        {!national && (
          <div className="nhsuk-grid-column-one-half">
            <Select
              id="modelVersion"
              label="Model version"
              placeholder="All versions"
              hint="The versions whose predictions were judged"
              options={
                draft.procedure === applied.procedure ? versionOptions(versions, applied.modelVersion) : []
              }
              value={draft.modelVersion}
              onChange={(event) => set('modelVersion')(event.target.value)}
            />
          </div>
        )}
      </div>
      {/* Halves: a date's Day, Month and Year, with an error beside them, need more than a third. */}
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-half">
          {date(
            'from',
            'Start date (optional)',
            'The first date of operation to include. For example, 1 4 2025',
          )}
        </div>
        <div className="nhsuk-grid-column-one-half">
          {date('to', 'End date (optional)', 'The last date of operation to include. For example, 31 3 2026')}
        </div>
      </div>
      {!national && (
        <Select
          id="by"
          label="Group the fairness table by"
          options={groupingOptions}
          value={draft.by}
          onChange={(event) => set('by')(event.target.value)}
        />
      )}
      <Button type="submit">Update</Button>
    </form>
  );
}
