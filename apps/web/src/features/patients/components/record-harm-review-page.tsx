import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import {
  harmActionLabels,
  harmActions,
  harmLevelLabels,
  harmLevels,
  type PathwayPrioritisation,
} from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Checkboxes, Radios } from '../../../components/form-fields';
import { formatDate } from '../../../lib/dates';
import { useRecordHarmReview } from '../api/record-harm-review';
import { harmReviewNotice, moveUpHint } from '../lib/prioritisation-display';
import { harmReviewFields, harmReviewFormSchema, type HarmReviewValues } from '../lib/prioritisation-forms';
import { PatientPage, type PatientRoute } from './patient-screen';
import { CountedTextarea } from './prioritisation-fields';
import {
  CancelButton,
  errorSummaryItems,
  PrioritisationHeader,
  PrioritisationScreen,
  usePrioritisationReturn,
  useServerFailure,
} from './prioritisation-screen';
import { CurrentPriority } from './prioritisation-values';

const title = 'Record harm review';

type Field = (typeof harmReviewFields)[number];
const fieldIds: Record<Field, string> = { level: 'level-1', actions: 'actions-1', note: 'note' };

/** What each level of harm asks of the clinician (decision 0044). */
const levelHints: Partial<Record<(typeof harmLevels)[number], string>> = {
  moderate: 'Move the pathway up one priority category, and tell the patient and their GP.',
  severe: 'Consider P1b, and review the patient at least weekly.',
};

/**
 * Decision 0044 /patient-lookup/{id}/record-harm-review (clinicians): the level of harm, what was
 * done (moving up one category moves the priority in the same step), and a note.
 */
export function RecordHarmReviewPage() {
  return <PatientPage title={title} screen={RecordHarmReviewScreen} />;
}

function RecordHarmReviewScreen(route: PatientRoute) {
  return (
    <PrioritisationScreen title={title} route={route}>
      {(pathway) => <HarmReviewForm pathway={pathway} route={route} />}
    </PrioritisationScreen>
  );
}

function HarmReviewForm({ pathway, route }: { pathway: PathwayPrioritisation; route: PatientRoute }) {
  const { trust, type, id } = route;
  const { leave } = usePrioritisationReturn(id, type);
  const record = useRecordHarmReview(trust, type, id);
  const server = useServerFailure(harmReviewFields);
  const schema = useMemo(() => harmReviewFormSchema(pathway.priority), [pathway.priority]);
  const form = useForm<HarmReviewValues, unknown, z.output<typeof schema>>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { level: '', actions: [], note: '' },
  });
  const errorOf = (field: Field) =>
    form.formState.errors[field]?.message ?? server.failure?.fieldErrors[field];
  const submit = form.handleSubmit(
    async (values) => {
      if (record.isPending) return;
      server.clear();
      try {
        const answer = await record.mutateAsync(values);
        leave(harmReviewNotice(values, pathway.priority, answer));
      } catch (error) {
        server.fail(error);
      }
    },
    () => server.clear(),
  );
  const items = errorSummaryItems(harmReviewFields, fieldIds, errorOf, server.failure?.message);
  const last = pathway.lastHarmReview;
  return (
    <>
      <ErrorSummary errors={items} attempt={form.formState.submitCount + server.failures} />
      <PrioritisationHeader
        title={title}
        pathway={pathway}
        rows={[
          { key: 'Current priority', value: <CurrentPriority pathway={pathway} /> },
          {
            key: 'Last harm review',
            value: last
              ? `${harmLevelLabels[last.level]}, reviewed on ${formatDate(last.reviewedOn)}`
              : 'No harm review recorded',
          },
        ]}
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="level"
          render={({ field }) => (
            <Radios
              name="level"
              legend="Level of harm"
              legendClassName="nhsuk-fieldset__legend--s"
              hint="The harm the wait has caused the patient, as you have assessed it."
              error={errorOf('level')}
              items={harmLevels.map((level) => ({
                value: level,
                label: harmLevelLabels[level],
                ...(levelHints[level] && { hint: levelHints[level] }),
              }))}
              selected={[field.value]}
              onChange={(value) => field.onChange(value)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="actions"
          render={({ field }) => (
            <Checkboxes
              name="actions"
              legend="What was done"
              legendClassName="nhsuk-fieldset__legend--s"
              hint="Select all that apply."
              error={errorOf('actions')}
              items={harmActions.map((action) => ({
                value: action,
                label: harmActionLabels[action],
                ...(action === 'moved_up_category' && { hint: moveUpHint(pathway.priority) }),
              }))}
              selected={field.value}
              onChange={(value, checked) =>
                field.onChange(
                  checked
                    ? [...field.value, value]
                    : field.value.filter((action: string) => action !== value),
                )
              }
            />
          )}
        />
        <Controller
          control={form.control}
          name="note"
          render={({ field }) => (
            <CountedTextarea
              id="note"
              label="Note (optional)"
              hint="What you found and what was agreed. It is kept in the pathway’s history, with your name."
              error={errorOf('note')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <div className="app-button-group">
          {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
          <Button type="submit" aria-disabled={record.isPending}>
            {record.isPending ? messages.submitting : 'Record harm review'}
          </Button>
          <CancelButton onCancel={() => leave()} />
        </div>
      </form>
    </>
  );
}
