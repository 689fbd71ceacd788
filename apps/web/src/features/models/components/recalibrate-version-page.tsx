import { SummaryList } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { DateField, RadiosField } from '../../../components/form-state-fields';
import { paths } from '../../../config/paths';
import { useCheckedForm } from '../../../lib/checked-form';
import { useRecalibrateModelVersion } from '../api/models';
import {
  recalibrateDefaults,
  recalibrateFailureOf,
  recalibrateFieldIds,
  recalibrateFields,
  recalibrateFormSchema,
} from '../lib/recalibrate-form';
import { localPerformanceText, recalibrationMethodLabels, sourceText } from '../lib/version-text';
import { ActionAndCancel, useGoWithNotice, versionFormPage, type VersionFormProps } from './version-form';
import { useReturnToVersions, VersionHeading } from './version-screen';

const title = 'Recalibrate a model version';

/** What the new version's card says when the recalibration has made it (decision 0060). */
export const recalibratedNotice = (version: number) =>
  `Recalibrated version ${version} created. It is awaiting approval by a clinical safety officer.`;

const methodItems = (['auto', 'intercept', 'logistic'] as const).map((value) => ({
  value,
  label: `${recalibrationMethodLabels[value]}${value === 'auto' ? ' (recommended)' : ''}`,
}));

/**
 * Decision 0046 /upload-model/{type}/versions/{id}/recalibrate: what recalibration does, how to do
 * it and on which dates of operation; the new version waits for a clinical safety officer's
 * approval (decision 0060), and its card says so.
 */
export const RecalibrateModelVersionPage = versionFormPage(title, RecalibrateForm);

/** The recalibration form's state: its fields, their errors and the server's, and its submission. */
function useRecalibrateForm({ route, version }: Pick<VersionFormProps, 'route' | 'version'>) {
  const goWithNotice = useGoWithNotice();
  const recalibrate = useRecalibrateModelVersion(route.trust, route.type, version.id);
  const busy = recalibrate.isPending;
  const { summary, attempt, submit, ...fields } = useCheckedForm({
    fields: recalibrateFields,
    fieldIds: recalibrateFieldIds,
    schema: recalibrateFormSchema,
    defaultValues: recalibrateDefaults,
    busy,
    send: (body) => recalibrate.mutateAsync(body),
    onSent: (created) =>
      goWithNotice(paths.modelVersionCard(route.type, created.id), recalibratedNotice(created.version)),
    failureOf: recalibrateFailureOf,
    messagePlace: 'last',
  });
  return { fields, summary, attempt, submit, busy };
}

function RecalibrateForm({ route, version }: VersionFormProps) {
  const leave = useReturnToVersions(route.type);
  const { fields, summary, attempt, submit, busy } = useRecalibrateForm({ route, version });

  return (
    <>
      <ErrorSummary errors={summary} attempt={attempt} />
      <VersionHeading title={`Recalibrate version ${version.version}`} procedureName={route.procedureName} />
      <p>
        Your trust&apos;s outcomes show whether the model&apos;s risks are too high or too low for your
        patients. Recalibration adjusts them: the model&apos;s factors stay the same, its probabilities are
        shifted (intercept) or shifted and stretched (intercept and slope). The new version is not used until
        a clinical safety officer approves it.
      </p>
      <SummaryList
        rows={[
          { key: 'Source', value: sourceText(version) },
          { key: 'Local performance', value: localPerformanceText(version.localPerformance) },
        ]}
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <RadiosField
          state={fields}
          name="method"
          legend="How should the model be recalibrated?"
          legendClassName="nhsuk-fieldset__legend--m"
          hint="Letting the data choose makes the smallest change your outcomes support, which may be none."
          items={methodItems}
        />
        <h2 className="nhsuk-heading-m">Dates of operation (optional)</h2>
        <p>Leave the dates empty to use every outcome recorded for version {version.version}.</p>
        <DateField
          state={fields}
          name="from"
          legend="Start date"
          hint="The first date of operation to include. For example, 1 6 2025"
        />
        <DateField
          state={fields}
          name="to"
          legend="End date"
          hint="The last date of operation to include. For example, 31 5 2026"
        />
        <ActionAndCancel label="Fit recalibrated version" busy={busy} onCancel={leave} />
      </form>
    </>
  );
}
